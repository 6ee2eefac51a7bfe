import type { ReactNode } from 'react';
import { HStack, IconButton, Table } from '@chakra-ui/react';
import { History, Pencil } from 'lucide-react';
import { useIntl } from 'react-intl';

export interface CatalogColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The column that names the row (a row header). */
  primary?: boolean;
  /** Left out on phones, so the name, the value and the actions fit. */
  secondary?: boolean;
}

/** A catalog as a table: one row per item, with Edit (administrators) and History (everyone). */
export function CatalogTable<T>({ caption, columns, items, rowKey, rowLabel, onEdit, onHistory }: {
  caption: string;
  columns: CatalogColumn<T>[];
  items: T[];
  rowKey: (item: T) => string;
  rowLabel: (item: T) => string;
  onEdit?: (item: T) => void;
  onHistory: (item: T) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const edit = (item: T) => intl.formatMessage({ id: 'settings.edit' }, { item: rowLabel(item) });
  const history = (item: T) => intl.formatMessage({ id: 'settings.history.of' }, { item: rowLabel(item) });
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption className="ui-visually-hidden">{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} hideBelow={column.secondary ? 'md' : undefined}>
                {column.header}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={rowKey(item)} data-key={rowKey(item)}>
              {columns.map((column) =>
                column.primary ? (
                  <Table.Cell key={column.header} asChild fontWeight="semibold" whiteSpace="normal">
                    <th scope="row">{column.cell(item)}</th>
                  </Table.Cell>
                ) : (
                  <Table.Cell key={column.header} hideBelow={column.secondary ? 'md' : undefined} whiteSpace="normal">
                    {column.cell(item)}
                  </Table.Cell>
                ),
              )}
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <HStack gap="1" justify="end">
                  {onEdit && (
                    <IconButton size="xs" variant="outline" onClick={() => onEdit(item)} aria-label={edit(item)} title={edit(item)}>
                      <Pencil aria-hidden />
                    </IconButton>
                  )}
                  <IconButton size="xs" variant="ghost" onClick={() => onHistory(item)} aria-label={history(item)} title={history(item)}>
                    <History aria-hidden />
                  </IconButton>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
