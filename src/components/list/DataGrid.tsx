import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, Checkbox, chakra, Skeleton, Table } from '@chakra-ui/react';
import { columnVisibilityFeature, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { ListColumn } from './columns.tsx';
import type { SortKey } from './list-state.ts';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
type Features = typeof features;

/** Pages longer than this render only the rows in view (a page may hold 100). */
const VIRTUAL_FROM = 50;
const ROW_HEIGHT = 41;
const SKELETON_ROWS = 5;

interface Props<R extends { id: number }> {
  caption: string;
  columns: ListColumn<R>[];
  rows: R[] | undefined;
  loading: boolean;
  sort: SortKey[];
  onSort: (sort: SortKey[]) => void;
  hidden: string[];
  selectable: boolean;
  selected: Record<string, true>;
  onSelect: (selected: Record<string, true>) => void;
  /** Opens a record (click or Enter on its row); absent when the user may not open records. */
  onOpen?: (row: R) => void;
  rowLabel: (row: R) => string;
}

/**
 * The list grid: TanStack Table's model rendered as a native table. Headers sort (shift-click adds a
 * column to the sort); rows are one tab stop, arrow keys move between them, Enter opens, Space selects.
 */
export function DataGrid<R extends { id: number }>(props: Props<R>) {
  const { caption, columns, rows, loading, sort, onSort, hidden, selectable, selected, onSelect, onOpen, rowLabel } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const columnDefs = useMemo<ColumnDef<Features, R>[]>(
    () => [
      ...(selectable ? [{ id: '_select', enableSorting: false, enableHiding: false, header: () => null, cell: () => null }] : []),
      ...columns.map((column) => ({
        id: column.id,
        accessorFn: (row: R) => (row as Record<string, unknown>)[column.id],
        header: () => t(column.labelId),
        cell: ({ row }: { row: { original: R } }) => column.cell(row.original),
        enableSorting: column.sortable,
        enableHiding: !column.primary,
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language through `intl`
    [columns, selectable, intl],
  );
  const data = rows ?? EMPTY;
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableMultiSort: true,
    sortDescFirst: false,
    state: { sorting: sort as SortingState, rowSelection: selected, columnVisibility: Object.fromEntries(hidden.map((id) => [id, false])) },
    onSortingChange: (updater) => onSort(typeof updater === 'function' ? updater(sort as SortingState) : updater),
    onRowSelectionChange: (updater) => onSelect(typeof updater === 'function' ? updater(selected) : updater),
  });
  const modelRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0].headers.filter((header) => header.column.getIsVisible());

  // Rows in view only, for long pages; the table keeps its semantics with spacer rows above and below.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [margin, setMargin] = useState(0);
  const virtual = modelRows.length > VIRTUAL_FROM;
  // Only the virtualizer needs where the body starts: measuring it forces a layout and renders the table again.
  useLayoutEffect(() => {
    if (virtual) setMargin(bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, [rows, virtual]);
  const virtualizer = useWindowVirtualizer({ count: modelRows.length, estimateSize: () => ROW_HEIGHT, overscan: 10, scrollMargin: margin, enabled: virtual });
  const inView = virtual ? virtualizer.getVirtualItems() : [];
  const items = virtual ? inView : modelRows.map((_, index) => ({ index }));
  const padTop = inView.length ? inView[0].start - margin : 0;
  const padBottom = inView.length ? virtualizer.getTotalSize() - (inView[inView.length - 1].end - margin) : 0;

  // One row is the tab stop; the arrow keys move it, scrolling a virtual row into view first.
  const [focusIndex, setFocusIndex] = useState(0);
  // Set by an arrow key until its row, perhaps scrolled into view first, has the focus; a refetch later must not take it.
  const [moved, setMoved] = useState(false);
  const current = Math.min(focusIndex, Math.max(0, modelRows.length - 1));
  useEffect(() => {
    if (!moved) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${current}"]`);
    if (!row) return;
    row.focus();
    setMoved(false);
  }, [current, moved, items.length]);
  const move = (index: number) => {
    const next = Math.max(0, Math.min(modelRows.length - 1, index));
    setFocusIndex(next);
    setMoved(true);
    if (virtual) virtualizer.scrollToIndex(next);
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: R) => {
    if (event.target !== event.currentTarget) return;
    const page = 10;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      PageDown: () => move(index + page),
      PageUp: () => move(index - page),
      Home: () => move(0),
      End: () => move(modelRows.length - 1),
      Enter: () => onOpen?.(row),
      ' ': () => selectable && modelRows[index].toggleSelected(),
    };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  };
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: R) => {
    // Checkboxes and links in the row do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onOpen?.(row);
  };

  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" overflowX="auto">
      <Table.Root size="sm" interactive={Boolean(onOpen)} aria-busy={loading} aria-rowcount={virtual ? modelRows.length + 1 : undefined}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => {
              const column = header.column;
              if (column.id === '_select') {
                return (
                  <Table.ColumnHeader key={header.id} w="10">
                    <Checkbox.Root
                      size="sm"
                      checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
                      onCheckedChange={(e) => table.toggleAllPageRowsSelected(e.checked === true)}
                      disabled={!modelRows.length}
                    >
                      <Checkbox.HiddenInput aria-label={t('list.selectPage')} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                );
              }
              const label = t(columns.find((c) => c.id === column.id)!.labelId);
              const direction = column.getIsSorted();
              const order = sort.length > 1 && direction ? column.getSortIndex() + 1 : null;
              const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <Table.ColumnHeader key={header.id} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : column.getCanSort() ? 'none' : undefined}>
                  {column.getCanSort() ? (
                    <chakra.button
                      type="button"
                      display="inline-flex"
                      alignItems="center"
                      gap="1"
                      fontWeight="semibold"
                      whiteSpace="nowrap"
                      borderRadius="sm"
                      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                      title={t('table.sortHint', { column: label })}
                      onClick={column.getToggleSortingHandler()}
                    >
                      {label}
                      <SortIcon aria-hidden size={14} style={{ opacity: direction ? 1 : 0.5 }} />
                      {/* The key's place in a sort by several columns; outside the name, so the button keeps the column's name. */}
                      {order && (
                        <chakra.span fontSize="xs" aria-hidden data-testid="sort-order">
                          {order}
                        </chakra.span>
                      )}
                    </chakra.button>
                  ) : (
                    label
                  )}
                  {order && <chakra.span srOnly>{t('table.sortOrder', { order: String(order) })}</chakra.span>}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body ref={bodyRef}>
          {!rows &&
            loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Row key={i}>
                {headers.map((header) => (
                  <Table.Cell key={header.id}>
                    <Skeleton h="4" />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {items.map((item) => {
            const row = modelRows[item.index];
            const record = row.original;
            return (
              <Table.Row
                key={row.id}
                data-index={item.index}
                tabIndex={item.index === current ? 0 : -1}
                aria-rowindex={virtual ? item.index + 2 : undefined}
                aria-label={rowLabel(record)}
                cursor={onOpen ? 'pointer' : undefined}
                bg={row.getIsSelected() ? 'blue.subtle' : undefined}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '-2px' }}
                onKeyDown={(event) => onRowKey(event, item.index, record)}
                onFocus={() => setFocusIndex(item.index)}
                onClick={(event) => onRowClick(event, record)}
              >
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === '_select' ? (
                    <Table.Cell key={cell.id}>
                      <Checkbox.Root size="sm" checked={row.getIsSelected()} onCheckedChange={(e) => row.toggleSelected(e.checked === true)}>
                        <Checkbox.HiddenInput aria-label={t('list.selectRow', { name: rowLabel(record) })} tabIndex={-1} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  ) : (
                    <Table.Cell key={cell.id} whiteSpace="nowrap">
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ),
                )}
              </Table.Row>
            );
          })}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const EMPTY: never[] = [];
