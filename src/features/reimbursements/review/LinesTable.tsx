import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../../components/format/money.ts';
import type { Reimbursement } from '../../../api/resources/reimbursements.ts';
import { day } from '../ReimbursementCells.tsx';
import { useReasonText } from '../../../api/resources/settings.ts';

/** The claimed lines as stored: code, tooth and surfaces, date, quantity, charged, covered, and each line's decision with its reason. */
export function LinesTable({ reimbursement }: { reimbursement: Reimbursement }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const reasonText = useReasonText();
  const m = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : <bdi>{money(intl, cents, reimbursement.currency)}</bdi>);
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
            <Table.ColumnHeader>{t('reimbursements.liquidation.result')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {reimbursement.lines.map((line) => (
            <Table.Row key={line.id} data-status={line.status}>
              <Table.Cell><bdi>{line.procedureCode}</bdi></Table.Cell>
              <Table.Cell><bdi>{[line.tooth, line.surfaces].filter(Boolean).join(' · ') || '—'}</bdi></Table.Cell>
              <Table.Cell><bdi>{day(intl, line.serviceDate)}</bdi></Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end">{m(line.chargedCents)}</Table.Cell>
              <Table.Cell textAlign="end">{m(line.coveredCents)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={line.status === 'APPROVED' ? 'green' : line.status === 'REJECTED' ? 'red' : 'gray'} variant="subtle">
                  {t(`reimbursements.lineStatus.${line.status}`)}
                </Badge>
                {line.reason && (
                  <Text fontSize="xs" mt="1"><bdi>{reasonText(line.reason)}</bdi></Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
