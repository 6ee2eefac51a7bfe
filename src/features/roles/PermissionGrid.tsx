import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Checkbox, Table, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { allOf, columnOf, groupState, permissionMatrix, rowOf, setGroup } from './permission-matrix.ts';

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  /** Permissions the server said must stay (shown marked). */
  flagged?: readonly string[];
  caption: string;
}

type Cell = { group: string[]; label: string } | null;

/**
 * A role's permissions as a grid: resources down, actions across, a checkbox where the contract
 * declares the permission, and "all" toggles for each row, each column and the whole grid. The grid is
 * one tab stop; the arrow keys (Home/End, Ctrl+Home/End) move inside it and Space ticks.
 */
export function PermissionGrid({ value, onChange, flagged = [], caption }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const hintId = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  const matrix = useMemo(() => permissionMatrix(), []);
  const resourceName = (resource: string) => t(`permission.resource.${resource}`);
  const actionName = (action: string) => t(`permission.action.${action}`);
  // Rows in the reader's alphabetical order; the codes' order means nothing to them.
  const resources = useMemo(() => {
    const collator = new Intl.Collator(intl.locale);
    return [...matrix.resources].sort((a, b) => collator.compare(t(`permission.resource.${a}`), t(`permission.resource.${b}`)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names follow the language through `intl`
  }, [matrix, intl]);

  // The grid of focusable toggles: row 0 holds the column toggles, column 0 the row toggles.
  const cells: Cell[][] = [
    [{ group: allOf(matrix), label: t('roles.grid.all') }, ...matrix.actions.map((action) => ({ group: columnOf(matrix, action), label: t('roles.grid.allColumn', { action: actionName(action) }) }))],
    ...resources.map((resource) => [
      { group: rowOf(matrix, resource), label: t('roles.grid.allRow', { resource: resourceName(resource) }) },
      ...matrix.actions.map((action) => {
        const permission = matrix.at(resource, action);
        return permission ? { group: [permission], label: t('roles.grid.cell', { resource: resourceName(resource), action: actionName(action) }) } : null;
      }),
    ]),
  ];
  // The grid's one tab stop: where the user last was, else the first permission (rows re-sort with the language).
  const [moved, setFocus] = useState<[number, number] | null>(null);
  const firstRow = cells.findIndex((row, r) => r > 0 && row.some((cell, c) => c > 0 && cell));
  const focus: [number, number] = moved && cells[moved[0]]?.[moved[1]] ? moved : [firstRow, cells[firstRow].findIndex((cell, c) => c > 0 && cell)];
  const tableRef = useRef<HTMLTableElement>(null);

  const moveTo = (row: number, column: number) => {
    setFocus([row, column]);
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-pos="${row}-${column}"]`)?.focus();
  };
  /** The next toggle from a place in a direction, skipping places without a permission. */
  const step = (row: number, column: number, dRow: number, dColumn: number) => {
    for (let r = row + dRow, c = column + dColumn; r >= 0 && r < cells.length && c >= 0 && c < cells[0].length; r += dRow, c += dColumn) if (cells[r][c]) return [r, c] as const;
    return null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const [row, column] = focus;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? -1 : 1;
    const last = cells[row].length - 1;
    const moves: Record<string, () => readonly [number, number] | null> = {
      ArrowRight: () => step(row, column, 0, forward),
      ArrowLeft: () => step(row, column, 0, -forward),
      ArrowDown: () => step(row, column, 1, 0),
      ArrowUp: () => step(row, column, -1, 0),
      Home: () => (event.ctrlKey ? [0, 0] : [row, 0]),
      End: () => (event.ctrlKey ? step(cells.length, last, -1, 0) : step(row, last + 1, 0, -1)),
    };
    if (!moves[event.key]) return;
    event.preventDefault();
    const target = moves[event.key]();
    if (target) moveTo(target[0], target[1]);
  };

  const toggle = (row: number, column: number) => {
    const cell = cells[row][column]!;
    const checked = groupState(cell.group, chosen);
    const isFlagged = row > 0 && column > 0 && flagged.includes(cell.group[0]);
    return (
      <Checkbox.Root
        size="sm"
        checked={checked}
        onCheckedChange={() => onChange(setGroup(value, cell.group, checked !== true))}
        colorPalette={isFlagged ? 'red' : 'blue'}
        outline={isFlagged ? '2px solid' : undefined}
        outlineColor={isFlagged ? 'red.500' : undefined}
        borderRadius="sm"
      >
        <Checkbox.HiddenInput aria-label={cell.label} data-pos={`${row}-${column}`} tabIndex={focus[0] === row && focus[1] === column ? 0 : -1} onFocus={() => setFocus([row, column])} />
        <Checkbox.Control />
      </Checkbox.Root>
    );
  };

  const sticky = { position: 'sticky', insetInlineStart: 0, bg: 'bg.panel', zIndex: 1 } as const;
  return (
    <Box>
      <Text id={hintId} fontSize="sm" color="fg.muted" mb="2">
        <bdi>{t('roles.grid.keyboardHint')}</bdi>
      </Text>
      <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" overflowX="auto">
        <Table.Root ref={tableRef} size="sm" aria-describedby={hintId} onKeyDown={onKeyDown} data-testid="permission-grid">
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col" {...sticky}>
                {t('roles.grid.resource')}
              </Table.ColumnHeader>
              {cells[0].map((_, column) => (
                <Table.ColumnHeader key={column} scope="col" textAlign="center" whiteSpace="nowrap">
                  <Box display="flex" flexDirection="column" alignItems="center" gap="1">
                    <span>{column === 0 ? t('roles.grid.all') : actionName(matrix.actions[column - 1])}</span>
                    {toggle(0, column)}
                  </Box>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {resources.map((resource, index) => {
              const row = index + 1;
              return (
                <Table.Row key={resource}>
                  <Table.ColumnHeader scope="row" fontWeight="medium" whiteSpace="nowrap" {...sticky}>
                    {resourceName(resource)}
                  </Table.ColumnHeader>
                  {cells[row].map((cell, column) => (
                    <Table.Cell key={column} textAlign="center">
                      {cell ? toggle(row, column) : <span aria-hidden>·</span>}
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <Text fontSize="sm" mt="2" aria-live="polite">
        <bdi>{intl.formatMessage({ id: 'roles.grid.selected' }, { count: value.filter((p) => matrix.resources.includes(p.split(':')[0])).length })}</bdi>
      </Text>
    </Box>
  );
}
