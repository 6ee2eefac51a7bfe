import type { ReactNode } from 'react';
import { Box, Button, EmptyState, Skeleton, Table } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

export interface Column<T> {
  key: string;
  labelId: string;
  render: (row: T) => ReactNode;
  /** The API's sort field, when the column can be sorted. */
  sortField?: string;
  align?: 'start' | 'end';
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  sort: string;
  onSort: (sort: string) => void;
  loading: boolean;
  emptyText: string;
  actions?: (row: T) => ReactNode;
}

const SKELETON_ROWS = 5;

/** A server-sorted table: headers are buttons that toggle the sort and announce it with aria-sort. */
export function DataTable<T>({ caption, columns, rows, rowKey, sort, onSort, loading, emptyText, actions }: Props<T>) {
  const intl = useIntl();
  const descending = sort.startsWith('-');
  const sortedBy = sort.replace(/^-/, '');
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg.panel">
      <Table.Root size="sm" interactive aria-busy={loading}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const label = intl.formatMessage({ id: column.labelId });
              const active = column.sortField === sortedBy;
              return (
                <Table.ColumnHeader key={column.key} textAlign={column.align} aria-sort={active ? (descending ? 'descending' : 'ascending') : column.sortField ? 'none' : undefined}>
                  {column.sortField ? (
                    <Button
                      variant="plain"
                      size="sm"
                      px="0"
                      fontWeight="semibold"
                      title={intl.formatMessage({ id: 'table.sortBy' }, { column: label })}
                      onClick={() => onSort(active && !descending ? `-${column.sortField}` : column.sortField!)}
                    >
                      {label}
                      <Box as="span" aria-hidden color={active ? 'fg' : 'fg.subtle'}>{active ? (descending ? '▼' : '▲') : '↕'}</Box>
                    </Button>
                  ) : (
                    label
                  )}
                </Table.ColumnHeader>
              );
            })}
            {actions && <Table.ColumnHeader textAlign="end">{intl.formatMessage({ id: 'common.actions' })}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows && loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Row key={i}>
                {columns.map((column) => (
                  <Table.Cell key={column.key}><Skeleton h="4" /></Table.Cell>
                ))}
                {actions && <Table.Cell />}
              </Table.Row>
            ))}
          {rows?.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.key} textAlign={column.align}>{column.render(row)}</Table.Cell>
              ))}
              {actions && <Table.Cell textAlign="end" whiteSpace="nowrap">{actions(row)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows && rows.length === 0 && (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Description>{emptyText}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Box>
  );
}
