import type { ReactNode } from 'react';
import { Badge, Box, Card, DataList, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../../components/format/money.ts';
import type { Reimbursement } from '../../../api/resources/reimbursements.ts';
import { day } from '../ReimbursementCells.tsx';
import { useReasonText } from '../../../api/resources/settings.ts';
import { lineDecision, lineReason } from '@core/benefits/line-decision.ts';

type Line = Reimbursement['lines'][number];

const PALETTE = { APPROVED: 'green', REDUCED: 'orange', REJECTED: 'red', PENDING: 'gray' } as const;

/** A line's decision with its reason's text and what the reviewer cut. */
function Decision({ line, currency }: { line: Line; currency: string }) {
  const intl = useIntl();
  const reasonText = useReasonText();
  const decision = lineDecision(line);
  const reason = lineReason(line);
  return (
    <>
      <Badge colorPalette={PALETTE[decision]} variant="subtle">
        {intl.formatMessage({ id: `reimbursements.lineStatus.${decision}` })}
      </Badge>
      {reason && (
        <Text fontSize="xs" mt="1"><bdi>{reasonText(reason)}</bdi></Text>
      )}
      {(line.reviewCutCents ?? 0) > 0 && (
        <Text fontSize="xs" mt="1" data-testid="review-cut"><bdi>{intl.formatMessage({ id: 'reimbursements.lines.cut' }, { amount: money(intl, line.reviewCutCents!, currency) })}</bdi></Text>
      )}
    </>
  );
}

/**
 * The claimed lines as stored: code, tooth and surfaces, date, quantity, charged, covered, the excess over the maxima,
 * and each line's decision (approved, reduced, rejected) with its reason code and text and what the reviewer cut.
 */
export function LinesTable({ reimbursement }: { reimbursement: Reimbursement }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // On a phone each line is a card: a table of eight columns would scroll its decision out of sight (issue 28 item 14).
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const m = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : <bdi>{money(intl, cents, reimbursement.currency)}</bdi>);
  const place = (line: Line) => [line.tooth, line.surfaces].filter(Boolean).join(' · ');
  if (phone) {
    const item = (label: string, value: ReactNode) => (
      <DataList.Item>
        <DataList.ItemLabel><bdi>{label}</bdi></DataList.ItemLabel>
        <DataList.ItemValue>{value}</DataList.ItemValue>
      </DataList.Item>
    );
    return (
      <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label={t('reimbursements.lines.title')} data-testid="lines-cards">
        {reimbursement.lines.map((line) => (
          <Card.Root as="li" key={line.id} size="sm" data-decision={lineDecision(line)}>
            <Card.Body gap="2">
              <Card.Title><bdi>{[line.procedureCode, place(line)].filter(Boolean).join(' · ')}</bdi></Card.Title>
              <DataList.Root orientation="horizontal" size="sm" gap="1">
                {item(t('reimbursements.lines.serviceDate'), <bdi>{day(intl, line.serviceDate)}</bdi>)}
                {item(t('reimbursements.lines.quantityShort'), line.quantity)}
                {item(t('reimbursements.liquidation.charged'), m(line.chargedCents))}
                {item(t('reimbursements.liquidation.covered'), m(line.coveredCents))}
                {item(t('reimbursements.liquidation.excess'), m(line.excessCents))}
                {item(t('reimbursements.liquidation.result'), <Box><Decision line={line} currency={reimbursement.currency} /></Box>)}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('reimbursements.lines.title')}>
      <Table.Root size="sm" data-testid="lines">
        <Table.Caption srOnly>{t('reimbursements.lines.title')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('reimbursements.lines.code')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('reimbursements.lines.tooth')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('reimbursements.lines.serviceDate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end"><bdi>{t('reimbursements.lines.quantityShort')}</bdi></Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.charged')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.covered')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.excess')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('reimbursements.liquidation.result')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {reimbursement.lines.map((line) => (
            <Table.Row key={line.id} data-status={line.status} data-decision={lineDecision(line)}>
              <Table.Cell><bdi>{line.procedureCode}</bdi></Table.Cell>
              <Table.Cell><bdi>{place(line) || '—'}</bdi></Table.Cell>
              <Table.Cell><bdi>{day(intl, line.serviceDate)}</bdi></Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end">{m(line.chargedCents)}</Table.Cell>
              <Table.Cell textAlign="end">{m(line.coveredCents)}</Table.Cell>
              <Table.Cell textAlign="end">{m(line.excessCents)}</Table.Cell>
              <Table.Cell>
                <Decision line={line} currency={reimbursement.currency} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
