import { useState, type ReactNode } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { RecordGate } from '../../components/edit/RecordGate.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { HistoryTimeline } from '../../components/workflow/HistoryTimeline.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { paymentRunMachine } from '@core/workflows/payment-run.machine.ts';
import { paymentRunWorkflow, runQuery, saveRunFile, type PaymentRun, type PaymentRunEvent, type ReportResult } from '../../api/resources/payment-runs.ts';
import { RunActions } from './RunActions.tsx';
import { RunItems } from './RunItems.tsx';
import { ReturnedTotals, RunStateBadge, RunTotals } from './RunCells.tsx';
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
          <ReturnedTotals items={run.items ?? []} />
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
        <RunItems run={run} onRemove={editable ? remove : undefined} />
      </Section>
      <HistoryTimeline entity="payment-run" id={run.id} machine={paymentRunMachine} eventLabel={(type) => (intl.messages[`machine.paymentRun.event.${type}`] ? t(`machine.paymentRun.event.${type}`) : t('payments.history.created'))} heading={t('payments.history.title')} />
      <StaleVersionDialog {...edit.stale} />
    </Stack>
  );
}
