import { useState, type ReactNode } from 'react';
import { Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download, X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { RecordGate } from '../../components/edit/RecordGate.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { money } from '../../components/format/money.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { HistoryTimeline } from '../../components/workflow/HistoryTimeline.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { paymentRunMachine } from '@core/workflows/payment-run.machine.ts';
import { paymentRunWorkflow, revealAccount, runQuery, saveRunFile, type PaymentRun, type PaymentRunEvent, type ReportResult } from '../../api/resources/payment-runs.ts';
import { RunActions } from './RunActions.tsx';
import { BankStatus, RunStateBadge, RunTotals } from './RunCells.tsx';
import { StatusReportUpload } from './StatusReportUpload.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** `/pagos/:id`: one payment run — totals, the actions its statechart allows now, the bank file and answer, its claims and history. */
export default function PaymentRunScreen() {
  const intl = useIntl();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const run = useQuery({ ...runQuery(id), enabled: valid });
  return (
    <RecordGate query={run} valid={valid} listLabel={intl.formatMessage({ id: 'payments.title' })}>
      {(data) => <RunView key={data.id} run={data} />}
    </RecordGate>
  );
}

function RunView({ run }: { run: PaymentRun }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const edit = useWorkflowRecord(run, paymentRunWorkflow);
  const editable = run.allowedEvents.includes('EDIT');
  const [report, setReport] = useState<ReportResult | null>(null);
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const reveal = (reimbursementId: number) =>
    revealAccount(run.id, reimbursementId)
      .then((account) => setRevealed((shown) => ({ ...shown, [reimbursementId]: [account.number, account.bic, account.bankCode, account.holderTaxId].filter(Boolean).join(' · ') })))
      .catch((error) => notifyError(intl, error));
  const remove = (reimbursementId: number) => edit.send({ type: 'EDIT', remove: [reimbursementId] } as Omit<PaymentRunEvent, 'version'>);
  return (
    <Stack gap="4">
      <PageHeader title={t('payments.runTitle', { folio: run.folio })}>
        <RunStateBadge state={run.state} />
      </PageHeader>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Text>{t('payments.executionOn', { date: intl.formatDate(`${run.executionDate}T12:00:00`, { dateStyle: 'long' }) })}</Text>
          <RunTotals totals={run.totals} />
        </Stack>
        <RunActions run={run} />
      </HStack>
      {run.fileSha256 && (
        <Section id="run-file" title={t('payments.file.title')}>
          <Stack gap="2" align="flex-start">
            <Text fontSize="sm" wordBreak="break-all">
              {t('payments.file.sha256', { sha: run.fileSha256 })}
            </Text>
            <Button variant="outline" onClick={() => saveRunFile(run).catch((error) => notifyError(intl, error))}>
              <Download aria-hidden size={16} />
              {t('payments.file.download')}
            </Button>
          </Stack>
        </Section>
      )}
      {(run.allowedEvents.includes('BANK_REPORT') || report) && (
        <Section id="run-report" title={t('payments.report.title')}>
          <StatusReportUpload run={run} result={report} onResult={setReport} />
        </Section>
      )}
      <Section id="run-items" title={t('payments.items.title')}>
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('payments.items.title')}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('payments.field.folio')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.patient')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.payee')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.account')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payments.field.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.bankStatus')}</Table.ColumnHeader>
                {editable && <Table.ColumnHeader>{t('payments.field.remove')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(run.items ?? []).map((item) => (
                <Table.Row key={item.reimbursementId} data-testid={`item-${item.folio}`}>
                  <Table.Cell>{item.folio}</Table.Cell>
                  <Table.Cell>
                    <bdi>{item.patientName}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <bdi>{item.payeeName ?? '—'}</bdi>
                      <Text fontSize="xs" color="fg.muted">
                        {t(`payments.payee.${item.payeeKind}`)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text fontFamily="mono" dir="ltr" data-testid={`account-${item.folio}`}>
                        {item.payeeScheme ? `${item.payeeScheme} ${revealed[item.reimbursementId] ?? item.maskedAccount ?? ''}` : '—'}
                      </Text>
                      {item.maskedAccount && !revealed[item.reimbursementId] && (
                        <Button size="xs" variant="plain" alignSelf="flex-start" px="0" textDecoration="underline" onClick={() => reveal(item.reimbursementId)} aria-label={t('payments.revealFor', { folio: item.folio })}>
                          {t('payments.reveal')}
                        </Button>
                      )}
                      {item.accountProblem && (
                        <Text fontSize="xs" color={{ base: 'red.700', _dark: 'red.300' }}>
                          {t(item.accountProblem)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <bdi>{money(intl, item.amountCents, item.currency)}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <BankStatus item={item} />
                  </Table.Cell>
                  {editable && (
                    <Table.Cell>
                      <Button size="xs" variant="ghost" aria-label={t('payments.removeClaim', { folio: item.folio })} onClick={() => remove(item.reimbursementId)}>
                        <X aria-hidden size={14} />
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Section>
      <HistoryTimeline entity="payment-run" id={run.id} machine={paymentRunMachine} eventLabel={(type) => (intl.messages[`machine.paymentRun.event.${type}`] ? t(`machine.paymentRun.event.${type}`) : t('payments.history.created'))} heading={t('payments.history.title')} />
      <StaleVersionDialog {...edit.stale} />
    </Stack>
  );
}
