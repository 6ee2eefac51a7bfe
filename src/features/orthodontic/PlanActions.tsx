import { useState } from 'react';
import { Field, Stack, Text } from '@chakra-ui/react';
import { Ban, CalendarCheck, CheckCircle2, Flag, PauseCircle, PlayCircle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { ReasonDialog } from '../../components/workflow/ReasonDialog.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { WorkflowActions, type WorkflowAction } from '../../components/workflow/WorkflowActions.tsx';
import { orthodonticPlanMachine } from '@core/workflows/orthodontic-plan.machine.ts';
import { planWorkflow, type Plan, type PlanEvent } from '../../api/resources/orthodontic-plans.ts';
import { isoToday } from './dates.ts';
import { Money } from './PlanCells.tsx';
import { DateField } from '../../components/form/DateField.tsx';

type EventType = PlanEvent['type'];

const ICONS = { APPROVE: CheckCircle2, ACTIVATE: CalendarCheck, SUSPEND: PauseCircle, RESUME: PlayCircle, REGISTER_DEBOND: Flag, CANCEL: Ban } as const;
/**
 * What each event asks for besides the version: a date (banding, debond), a reason, a confirmation of the figures
 * (approval commits the insurer to the plan's share, R13), or nothing.
 */
const INPUT: Record<EventType, 'none' | 'date' | 'reason' | 'confirm'> = { APPROVE: 'confirm', ACTIVATE: 'date', SUSPEND: 'reason', RESUME: 'none', REGISTER_DEBOND: 'date', CANCEL: 'reason' };
const ORDER: EventType[] = ['APPROVE', 'ACTIVATE', 'SUSPEND', 'RESUME', 'REGISTER_DEBOND', 'CANCEL'];

/**
 * The plan's statechart events for this user (the shared action bar: an allowed one is a button, one its guards
 * refuse now stays visible with the reasons); a date or a reason is asked in a dialog first.
 */
export function PlanActions({ plan, onPreviewDate }: { plan: Plan; onPreviewDate?: (date: string | null) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const workflow = useWorkflowRecord(plan, planWorkflow);
  const [open, setOpen] = useState<EventType | null>(null);
  const [date, setDate] = useState(isoToday());
  const actions: WorkflowAction[] = ORDER.map((type) => ({
    type,
    label: t(`orthodonticPlans.event.${type}.action`),
    icon: ICONS[type],
    tone: type === 'CANCEL' ? 'danger' : type === 'APPROVE' || type === 'ACTIVATE' ? 'primary' : undefined,
  }));

  const close = () => {
    setOpen(null);
    workflow.clearRefusal();
    onPreviewDate?.(null);
  };
  const submit = (type: EventType, reason?: string) => {
    const body: Omit<PlanEvent, 'version'> = {
      type,
      ...(type === 'ACTIVATE' ? { bandingDate: date } : {}),
      ...(type === 'REGISTER_DEBOND' ? { date } : {}),
      ...(reason !== undefined ? { reason } : {}),
    };
    workflow.send(body, {
      inDialog: INPUT[type] !== 'none',
      onSuccess: () => {
        messenger.create({ type: 'success', title: t(`orthodonticPlans.event.${type}.done`) });
        close();
      },
    });
  };
  const start = (type: EventType) => {
    workflow.clearRefusal();
    if (INPUT[type] === 'none') return submit(type);
    if (INPUT[type] === 'confirm') return setOpen(type);
    setDate(isoToday());
    setOpen(type);
    if (type === 'ACTIVATE') onPreviewDate?.(isoToday());
  };
  const dated = open !== null && INPUT[open] === 'date';

  return (
    <>
      <WorkflowActions
        machine={orthodonticPlanMachine}
        allowedEvents={plan.allowedEvents}
        blockedEvents={plan.blockedEvents}
        actions={actions}
        label={t('orthodonticPlans.actions')}
        busy={workflow.busy}
        onAction={(type) => start(type as EventType)}
      />
      <FormDialog
        open={open !== null && INPUT[open] === 'confirm'}
        title={t('orthodonticPlans.approveConfirm.title', { patient: plan.patientName })}
        submitLabel={t('orthodonticPlans.approveConfirm.submit')}
        busy={workflow.pending}
        error={workflow.refusal}
        onSubmit={() => open && submit(open)}
        onClose={close}
      >
        {/* Each sentence isolated, and each amount inside it, so a right-to-left page keeps the sign by its figure. */}
        <Stack gap="2" data-testid="approve-confirm">
          <Text>
            <bdi>{intl.formatMessage({ id: 'orthodonticPlans.approveConfirm.total' }, { total: <Money key="total" cents={plan.feeCents} currency={plan.currency} /> })}</bdi>
          </Text>
          <Text>
            <bdi>{intl.formatMessage({ id: 'orthodonticPlans.approveConfirm.share' }, { share: <Money key="share" cents={plan.estimatedBenefitCents} currency={plan.currency} /> })}</bdi>
          </Text>
          <Text>
            <bdi>
              {t('orthodonticPlans.approveConfirm.schedule', {
                terms: t('orthodonticPlans.termsLine', {
                  months: plan.months,
                  initial: plan.initialPercent,
                  frequency: t(`orthodonticPlans.frequency.${plan.frequency}`),
                  delay: plan.firstDelayDays,
                }),
              })}
            </bdi>
          </Text>
        </Stack>
      </FormDialog>
      <ReasonDialog
        open={open !== null && INPUT[open] === 'reason'}
        title={open ? t(`orthodonticPlans.event.${open}.title`, { patient: plan.patientName }) : ''}
        label={t('orthodonticPlans.event.reason')}
        confirmLabel={open ? t(`orthodonticPlans.event.${open}.action`) : ''}
        tone={open === 'CANCEL' ? 'danger' : 'primary'}
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(reason) => open && submit(open, reason)}
        onClose={close}
      />
      <FormDialog
        open={dated}
        title={open ? t(`orthodonticPlans.event.${open}.title`, { patient: plan.patientName }) : ''}
        submitLabel={open ? t(`orthodonticPlans.event.${open}.action`) : ''}
        busy={workflow.pending}
        error={workflow.refusal}
        onSubmit={() => open && submit(open)}
        onClose={close}
      >
        <Field.Root required>
          <Field.Label>
            {open && dated && t(`orthodonticPlans.event.${open}.date`)}
            <Field.RequiredIndicator />
          </Field.Label>
          <DateField
            value={date}
            onChange={(iso) => {
              setDate(iso);
              if (open === 'ACTIVATE') onPreviewDate?.(iso || null);
            }}
          />
          {open === 'ACTIVATE' && <Field.HelperText>{t('orthodonticPlans.event.ACTIVATE.help')}</Field.HelperText>}
        </Field.Root>
      </FormDialog>
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
