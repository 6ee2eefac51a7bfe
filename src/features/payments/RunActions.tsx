import { useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { Ban, CheckCircle2, FileCode2, Send, Undo2, Upload, BadgeCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { money } from '../../components/format/money.ts';
import { ReasonDialog } from '../../components/workflow/ReasonDialog.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { WorkflowActions, type WorkflowAction } from '../../components/workflow/WorkflowActions.tsx';
import { paymentRunMachine } from '@core/workflows/payment-run.machine.ts';
import { paymentRunWorkflow, type PaymentRun, type PaymentRunEvent } from '../../api/resources/payment-runs.ts';

type EventType = Exclude<PaymentRunEvent['type'], 'EDIT'>;

const ICONS = { SUBMIT: Upload, REOPEN: Undo2, APPROVE: CheckCircle2, GENERATE: FileCode2, MARK_SENT: Send, CONFIRM_SETTLEMENT: BadgeCheck, CANCEL: Ban } as const;
/**
 * What each event asks first: the steps that commit money (approving, writing the file, sending it) are confirmed
 * with the run's totals; cancelling and sending back need a reason, treasury's own confirmation the bank's reference.
 */
const INPUT: Record<EventType, 'none' | 'confirm' | 'reason' | 'reference'> = {
  SUBMIT: 'none',
  REOPEN: 'reason',
  APPROVE: 'confirm',
  GENERATE: 'confirm',
  MARK_SENT: 'confirm',
  CONFIRM_SETTLEMENT: 'reference',
  CANCEL: 'reason',
};
const ORDER: EventType[] = ['SUBMIT', 'APPROVE', 'GENERATE', 'MARK_SENT', 'CONFIRM_SETTLEMENT', 'REOPEN', 'CANCEL'];

export function RunActions({ run }: { run: PaymentRun }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const workflow = useWorkflowRecord(run, paymentRunWorkflow);
  const [open, setOpen] = useState<EventType | null>(null);
  const actions: WorkflowAction[] = ORDER.map((type) => ({
    type,
    label: t(`payments.event.${type}.action`),
    icon: ICONS[type],
    tone: type === 'CANCEL' ? 'danger' : type === 'APPROVE' || type === 'GENERATE' || type === 'SUBMIT' ? 'primary' : undefined,
  }));
  const close = () => {
    setOpen(null);
    workflow.clearRefusal();
  };
  const submit = (type: EventType, text?: string) =>
    workflow.send(
      {
        type,
        ...(text !== undefined && INPUT[type] === 'reason' ? { reason: text } : {}),
        ...(text !== undefined && INPUT[type] === 'reference' ? { reference: text } : {}),
      } as Omit<PaymentRunEvent, 'version'>,
      {
        inDialog: INPUT[type] !== 'none',
        onSuccess: () => {
          messenger.create({ type: 'success', title: t(`payments.event.${type}.done`) });
          close();
        },
      },
    );
  const start = (type: EventType) => {
    workflow.clearRefusal();
    if (INPUT[type] === 'none') return submit(type);
    setOpen(type);
  };
  const asks = open ? INPUT[open] : null;
  return (
    <>
      <WorkflowActions
        machine={paymentRunMachine}
        allowedEvents={run.allowedEvents.filter((e) => e !== 'EDIT' && e !== 'BANK_REPORT')}
        blockedEvents={run.blockedEvents.filter((e) => e.type !== 'EDIT' && e.type !== 'BANK_REPORT')}
        actions={actions}
        label={t('payments.actions')}
        busy={workflow.busy}
        onAction={(type) => start(type as EventType)}
      />
      <FormDialog
        open={asks === 'confirm'}
        role="alertdialog"
        palette={open === 'APPROVE' ? 'green' : 'blue'}
        title={open ? t(`payments.event.${open}.title`, { folio: run.folio }) : ''}
        submitLabel={open ? t(`payments.event.${open}.action`) : ''}
        busy={workflow.pending}
        error={workflow.refusal}
        onSubmit={() => open && submit(open)}
        onClose={close}
      >
        <Stack gap="2" data-testid="run-confirm">
          <Text>
            <bdi>{open ? t(`payments.event.${open}.body`, { count: run.itemCount, date: intl.formatDate(`${run.executionDate}T12:00:00`, { dateStyle: 'long' }) }) : ''}</bdi>
          </Text>
          {run.totals.map((total) => (
            <Text key={total.currency} fontWeight="semibold">
              <bdi>{t('payments.totalLine', { count: total.count, amount: money(intl, total.amountCents, total.currency) })}</bdi>
            </Text>
          ))}
        </Stack>
      </FormDialog>
      <ReasonDialog
        open={asks === 'reason' || asks === 'reference'}
        title={open ? t(`payments.event.${open}.title`, { folio: run.folio }) : ''}
        label={asks === 'reference' ? t('payments.event.reference') : t('payments.event.reason')}
        maxLength={asks === 'reference' ? 140 : 1000}
        confirmLabel={open ? t(`payments.event.${open}.action`) : ''}
        tone={open === 'CANCEL' ? 'danger' : 'primary'}
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(text) => open && submit(open, text)}
        onClose={close}
      />
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
