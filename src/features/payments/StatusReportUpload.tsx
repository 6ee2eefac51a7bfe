import { useRef, useState } from 'react';
import { Alert, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { problemKind } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { paymentRunWorkflow, useStatusReport, type PaymentRun, type ReportResult } from '../../api/resources/payment-runs.ts';

/** The bank's pain.002 answer, uploaded by treasury: what it settled, what it returned and why, and what the schema would refuse. */
export function StatusReportUpload({ run, result, onResult }: { run: PaymentRun; result: ReportResult | null; onResult: (result: ReportResult) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const upload = useStatusReport(run);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [stale, setStale] = useState(false);
  const send = () =>
    file &&
    upload.mutate(file, {
      onSuccess: (answer) => {
        onResult(answer);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      // A run moved on meanwhile is the stale-version dialog, as on every workflow screen; the file stays chosen.
      onError: (error) => {
        if (problemKind(error) !== 'stale-version') return notifyError(intl, error);
        setStale(true);
        void paymentRunWorkflow.refresh(client, run.id);
      },
    });
  return (
    <Stack gap="3" data-testid="status-report">
      {/* The answer stays on screen after the run has moved on (settled or partly rejected takes no more reports). */}
      {run.allowedEvents.includes('BANK_REPORT') && (
        <>
          <Text>{t('payments.report.help')}</Text>
          <Input ref={input} type="file" accept=".xml,application/xml,text/xml" aria-label={t('payments.report.file')} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
          <BusyButton colorPalette="blue" alignSelf="flex-start" loading={upload.isPending} disabled={!file} onClick={send}>
            {t('payments.report.upload')}
          </BusyButton>
        </>
      )}
      {result && (
        <Alert.Root status={result.rejected.length ? 'warning' : 'success'} role="status">
          <Alert.Indicator />
          <Stack gap="1">
            <Alert.Title>
              {result.alreadyApplied ? t('payments.report.alreadyApplied') : t('payments.report.applied', { accepted: result.accepted, rejected: result.rejected.length, pending: result.pending })}
            </Alert.Title>
            {result.rejected.map((r) => (
              <Text key={r.reimbursementId}>
                <bdi>{t('payments.report.returned', { folio: r.folio, reason: [r.reasonCode, r.reasonText].filter(Boolean).join(' ') })}</bdi>
              </Text>
            ))}
            {result.warnings.map((w) => (
              <Text key={w} fontSize="sm" color="fg.muted">
                <bdi>{t('payments.report.warning', { warning: w })}</bdi>
              </Text>
            ))}
          </Stack>
        </Alert.Root>
      )}
      <StaleVersionDialog open={stale} close={() => setStale(false)} />
    </Stack>
  );
}
