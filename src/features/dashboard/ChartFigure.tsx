import type { ReactNode } from 'react';
import { Box, Card, Heading, Table } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

export interface FigureTable {
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/**
 * A chart with the same figures as a table behind it: the drawing is hidden from screen readers, the
 * table (under "show as table") carries every number.
 */
export function ChartFigure({ id, title, table, children }: { id: string; title: string; table: FigureTable; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card.Root as="figure" aria-labelledby={`${id}-title`} size="sm" data-testid={`chart-${id}`}>
      <Card.Header>
        <Heading as="h3" size="sm" id={`${id}-title`}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Box aria-hidden="true">{children}</Box>
        <details>
          <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
            {intl.formatMessage({ id: 'dashboard.showTable' })}
          </Box>
          <Table.ScrollArea mt="2" tabIndex={0}>
            <Table.Root size="sm" variant="outline">
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {table.columns.map((column, index) => (
                    <Table.ColumnHeader key={column} scope="col" textAlign={index ? 'end' : 'start'}>
                      {column}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {table.rows.map((row) => (
                  <Table.Row key={row.key}>
                    {row.cells.map((cell, index) =>
                      index === 0 ? (
                        <Table.Cell key={index} as="th" scope="row" fontWeight="medium">
                          <bdi>{cell}</bdi>
                        </Table.Cell>
                      ) : (
                        <Table.Cell key={index} textAlign="end">
                          {cell}
                        </Table.Cell>
                      ),
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </details>
      </Card.Body>
    </Card.Root>
  );
}
