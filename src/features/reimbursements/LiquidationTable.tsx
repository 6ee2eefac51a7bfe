import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import { useReasonText } from '../../api/resources/settings.ts';
import type { Liquidation } from '../../api/resources/reimbursements.ts';

/** A line as the table names it: its code, and its tooth and surfaces when it has them. */
export interface LineLabel {
  procedureCode: string;
  tooth?: string | null;
  surfaces?: string | null;
  /** A stored line's reviewer decision: a reduced line that still pays reads "Reducida", not "Aprobada" (issue 28). */
  reviewDecision?: string | null;
}

/**
 * The engine's liquidation, line by line (charged, allowed, deductible, covered, what the patient pays over) with the
 * reason code and its text on each rejected line, then the totals.
 */
export function LiquidationTable({ liquidation, lines, currency, caption }: { liquidation: Liquidation; lines: LineLabel[]; currency: string; caption: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const reasonText = useReasonText();
  const m = (cents: number) => <bdi>{money(intl, cents, currency)}</bdi>;
  const { totals } = liquidation;
  return (
    <Stack gap="3">
      {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
      <Box overflowX="auto" tabIndex={0} role="region" aria-label={caption}>
        <Table.Root size="sm" data-testid="liquidation">
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('reimbursements.liquidation.line')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.allowed')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.deductible')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.covered')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('reimbursements.liquidation.excess')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reimbursements.liquidation.result')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {liquidation.lines.map((line, index) => {
              const label = lines[index];
              const reduced = line.status === 'APPROVED' && label?.reviewDecision === 'REDUCE';
              return (
                <Table.Row key={line.lineId} data-status={line.status}>
                  <Table.Cell>
                    <bdi>{[line.code, label?.tooth, label?.surfaces].filter(Boolean).join(' · ')}</bdi>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{m(line.allowedCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{m(line.deductibleCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{m(line.coveredCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{m(line.excessCents)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={line.status === 'APPROVED' ? (reduced ? 'orange' : 'green') : 'red'} variant="subtle">
                      {t(`reimbursements.lineStatus.${reduced ? 'REDUCED' : line.status}`)}
                    </Badge>
                    {line.reason && (
                      <Text fontSize="xs" mt="1">
                        <bdi>{reasonText(line.reason)}</bdi>
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack as="dl" gap="1" fontSize="sm" data-testid="liquidation-totals" css={{ '& > div': { display: 'flex', justifyContent: 'space-between', gap: '1rem', maxWidth: '24rem' } }}>
        <div>
          <dt>{t('reimbursements.liquidation.claimed')}</dt>
          <dd>{m(totals.claimedCents)}</dd>
        </div>
        <div>
          <dt>{t('reimbursements.liquidation.deductible')}</dt>
          <dd>{m(totals.deductibleCents)}</dd>
        </div>
        <div>
          <dt>{t('reimbursements.liquidation.patientShare')}</dt>
          <dd>{m(totals.patientShareCents)}</dd>
        </div>
        <Box fontWeight="semibold" fontSize="md">
          <dt>{t('reimbursements.liquidation.payable')}</dt>
          <dd data-testid="payable">{m(totals.payableCents)}</dd>
        </Box>
      </Stack>
    </Stack>
  );
}
