/**
 * A resource's fields as the contract declares them (generated into openapi/field-specs.ts), and what
 * forms, form↔API mappers and list columns derive from them, so a resource's field list is written once.
 */
export interface FieldSpec {
  readonly type?: string;
  readonly nullable: boolean;
  readonly required: boolean;
  /** Part of the body the client writes (not id, version or timestamps). */
  readonly writable: boolean;
  readonly format?: string;
  readonly enum?: readonly (string | number)[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly default?: unknown;
}
export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export type Widget = 'text' | 'multiline' | 'email' | 'url' | 'tel' | 'integer' | 'decimal' | 'checkbox' | 'select' | 'country' | 'currency' | 'date' | 'datetime';

/** One row of a list of records inside a form (an agreement, say): each of its fields as text. */
export type FormRow = Record<string, string>;

/** What a form keeps: the text the user typed, a checkbox's state, the values picked from a list, or rows. */
export type FormValues = Record<string, string | boolean | string[] | FormRow[]>;

// Texts this long get a multi-line box.
const MULTILINE_FROM = 500;

const capitalsOnly = (spec: FieldSpec) => Boolean(spec.pattern && /A-Z/.test(spec.pattern) && !/a-z/.test(spec.pattern));
const decimalText = (spec: FieldSpec) => spec.type === 'string' && Boolean(spec.pattern?.startsWith('^[0-9]') && spec.pattern.includes('\\.'));

/** The input a field gets, unless the area asks for another (a picker, a phone). */
export function widgetOf(spec: FieldSpec, override?: Widget): Widget {
  if (override) return override;
  if (spec.type === 'boolean') return 'checkbox';
  if (spec.enum) return 'select';
  if (spec.type === 'integer') return 'integer';
  if (spec.type === 'number' || decimalText(spec)) return 'decimal';
  if (spec.format === 'email') return 'email';
  if (spec.format === 'uri' || spec.pattern?.startsWith('^https://')) return 'url';
  if (spec.format === 'date') return 'date';
  if (spec.format === 'date-time') return 'datetime';
  if ((spec.maxLength ?? 0) >= MULTILINE_FROM) return 'multiline';
  return 'text';
}

const text = (value: unknown) => (value == null ? '' : String(value));
/** An array field as the form keeps it: values as text, records as rows of text. */
const listOf = (value: unknown) =>
  (Array.isArray(value) ? value.map((item) => (item !== null && typeof item === 'object' ? Object.fromEntries(Object.entries(item).map(([k, v]) => [k, text(v)])) : String(item))) : []) as
    | string[]
    | FormRow[];

/** A new record's form: the contract's defaults, blanks elsewhere. */
export function emptyFormValues(specs: FieldSpecs, names: readonly string[]): FormValues {
  return Object.fromEntries(
    names.map((name) => {
      const spec = specs[name];
      if (spec.type === 'boolean') return [name, spec.default !== false];
      if (spec.type === 'array') return [name, listOf(spec.default)];
      return [name, text(spec.default)];
    }),
  );
}

/** A record as the form shows it. */
export function toFormValues(specs: FieldSpecs, names: readonly string[], record: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    names.map((name) => {
      const type = specs[name].type;
      if (type === 'boolean') return [name, Boolean(record[name])];
      if (type === 'array') return [name, listOf(record[name])];
      return [name, text(record[name])];
    }),
  );
}

function toApiValue(spec: FieldSpec, value: FormValues[string]): unknown {
  if (typeof value === 'boolean' || Array.isArray(value)) return value;
  const trimmed = value.trim();
  if (spec.type === 'integer' || spec.type === 'number') {
    if (trimmed === '') return spec.nullable ? null : undefined;
    // Not a number stays text, so the contract's type rule reports it on its field.
    const number = Number(trimmed.replace(',', '.'));
    return trimmed !== '' && Number.isFinite(number) && (spec.type === 'number' || /^-?\d+$/.test(trimmed)) ? number : value;
  }
  if (trimmed === '') return spec.nullable ? null : '';
  if (decimalText(spec)) return trimmed.replace(',', '.');
  // A field of capitals only (codes) is upper-cased for the user; anything else its pattern refuses stays visible.
  return capitalsOnly(spec) ? trimmed.toUpperCase() : trimmed;
}

/** The form as the API's body: trimmed texts, nulls for blank optional fields, numbers for numbers. */
export function toPayload(specs: FieldSpecs, names: readonly string[], values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const name of names) {
    const value = toApiValue(specs[name], values[name] ?? '');
    if (value !== undefined) payload[name] = value;
  }
  return payload;
}

/** The fields a form edits: every writable field of the contract, in its order. */
export const writableFields = (specs: FieldSpecs) => Object.keys(specs).filter((name) => specs[name].writable);
