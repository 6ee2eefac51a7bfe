import type { ReactNode } from 'react';
import { Button, HStack, Table } from '@chakra-ui/react';
import { History, Pencil } from 'lucide-react';
import { useIntl } from 'react-intl';

export interface CatalogColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The column that names the row (a row header). */
  primary?: boolean;
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
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption className="ui-visually-hidden">{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={rowKey(item)} data-key={rowKey(item)}>
              {columns.map((column) =>
                column.primary ? (
                  <Table.Cell key={column.header} asChild fontWeight="semibold">
                    <th scope="row">{column.cell(item)}</th>
                  </Table.Cell>
                ) : (
                  <Table.Cell key={column.header}>{column.cell(item)}</Table.Cell>
                ),
              )}
              <Table.Cell textAlign="end">
                <HStack gap="1" justify="end">
                  {onEdit && (
                    <Button size="xs" variant="outline" onClick={() => onEdit(item)} aria-label={intl.formatMessage({ id: 'settings.edit' }, { item: rowLabel(item) })}>
                      <Pencil aria-hidden size={14} />
                      {t('common.edit')}
                    </Button>
                  )}
                  <Button size="xs" variant="ghost" onClick={() => onHistory(item)} aria-label={intl.formatMessage({ id: 'settings.history.of' }, { item: rowLabel(item) })}>
                    <History aria-hidden size={14} />
                    {t('settings.history')}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
