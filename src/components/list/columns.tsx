import type { ReactNode } from 'react';
import { FieldValue } from '../form/FieldValue.tsx';
import type { FieldSpecs, Widget } from '../form/field-spec.ts';
import type { ListSpec } from './list-state.ts';

export interface ListColumn<R> {
  id: string;
  labelId: string;
  sortable: boolean;
  /** The column that names a record: never hidden, the title of its card. */
  primary: boolean;
  cell: (row: R) => ReactNode;
}

export type ColumnDecl<R> = string | { name: string; widget?: Widget; cell?: (row: R) => ReactNode };

/**
 * A list's columns from the resource's field specification: label `<resource>.field.<name>`, sortable
 * when the list operation sorts by it, the value shown as its type says. The first column is primary.
 */
export function fieldColumns<R extends object>(resource: string, specs: FieldSpecs, list: ListSpec, decls: ColumnDecl<R>[]): ListColumn<R>[] {
  return decls.map((decl, index) => {
    const { name, widget, cell } = typeof decl === 'string' ? { name: decl, widget: undefined, cell: undefined } : decl;
    return {
      id: name,
      labelId: `${resource}.field.${name}`,
      sortable: list.sortable.includes(name),
      primary: index === 0,
      cell: cell ?? ((row: R) => <FieldValue resource={resource} name={name} spec={specs[name]} widget={widget} value={(row as Record<string, unknown>)[name]} />),
    };
  });
}
