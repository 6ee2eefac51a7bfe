import { Box, Card, Checkbox, chakra, DataList, HStack, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ListColumn } from './columns.tsx';

interface Props<R extends { id: number }> {
  columns: ListColumn<R>[];
  rows: R[];
  hidden: string[];
  selectable: boolean;
  selected: Record<string, true>;
  onSelect: (selected: Record<string, true>) => void;
  href?: (row: R) => string | null;
  rowLabel: (row: R) => string;
}

/** The list on a small screen: one card per record, nothing scrolls sideways; the card's title opens it. */
export function RecordCards<R extends { id: number }>({ columns, rows, hidden, selectable, selected, onSelect, href, rowLabel }: Props<R>) {
  const intl = useIntl();
  const [primary, ...rest] = columns.filter((column) => !hidden.includes(column.id));
  const toggle = (id: number, on: boolean) => {
    const next = { ...selected };
    if (on) next[id] = true;
    else delete next[id];
    onSelect(next);
  };
  return (
    <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" data-testid="record-cards">
      {rows.map((row) => {
        const target = href?.(row);
        return (
          <Card.Root as="li" key={row.id} size="sm" position="relative" bg={selected[row.id] ? 'blue.subtle' : 'bg.panel'}>
            <Card.Body gap="2">
              <HStack justify="space-between" align="start" gap="3">
                <Card.Title minW="0" overflowWrap="anywhere">
                  {target ? (
                    // The title's link covers the card, so the whole card opens the record.
                    <chakra.a asChild _after={{ content: '""', position: 'absolute', inset: 0 }} _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid' }}>
                      <Link href={target}>{primary.cell(row)}</Link>
                    </chakra.a>
                  ) : (
                    primary.cell(row)
                  )}
                </Card.Title>
                {selectable && (
                  <Box position="relative" zIndex="1">
                    <Checkbox.Root checked={Boolean(selected[row.id])} onCheckedChange={(e) => toggle(row.id, e.checked === true)}>
                      <Checkbox.HiddenInput aria-label={intl.formatMessage({ id: 'list.selectRow' }, { name: rowLabel(row) })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Box>
                )}
              </HStack>
              <DataList.Root orientation="horizontal" size="sm" gap="1">
                {rest.map((column) => (
                  <DataList.Item key={column.id}>
                    <DataList.ItemLabel>{intl.formatMessage({ id: column.labelId })}</DataList.ItemLabel>
                    <DataList.ItemValue overflowWrap="anywhere">{column.cell(row)}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
