import { useState } from 'react';
import { Button, Field, Textarea } from '@chakra-ui/react';
import { CalendarX2, PauseCircle, PlayCircle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { messenger } from '../../components/feedback/toaster.tsx';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { patientWorkflow, type Patient, type PatientEvent } from '../../api/resources/patients.ts';
import { DateField } from '../../components/form/DateField.tsx';

type EventType = PatientEvent['type'];
const ICONS = { SUSPEND: PauseCircle, RESUME: PlayCircle, END_COVERAGE: CalendarX2 } as const;
const NEEDS_REASON: EventType[] = ['SUSPEND', 'END_COVERAGE'];

/** Suspend, resume or end the coverage with its date (and reason): the events the patient's statechart allows now. */
export function CoverageActions({ patient, today }: { patient: Patient; today: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const workflow = useWorkflowRecord(patient, patientWorkflow);
  const [open, setOpen] = useState<EventType | null>(null);
  const [date, setDate] = useState(today);
  const [reason, setReason] = useState('');
  const start = (type: EventType) => {
    setOpen(type);
    setDate(today);
    setReason('');
    workflow.clearRefusal();
  };
  const submit = () => {
    if (!open) return;
    workflow.send(
      { type: open, date, ...(NEEDS_REASON.includes(open) ? { reason } : {}) },
      {
        inDialog: true,
        onSuccess: () => {
          messenger.create({ type: 'success', title: t(`patients.event.${open}.done`, { name: patient.name }) });
          setOpen(null);
        },
      },
    );
  };
  const events = patient.allowedEvents.filter((e): e is EventType => e in ICONS);
  return (
    <>
      {events.map((type) => {
        const Icon = ICONS[type];
        return (
          <Button key={type} variant="outline" colorPalette={type === 'END_COVERAGE' ? 'red' : undefined} onClick={() => start(type)}>
            <Icon aria-hidden size={16} />
            {t(`patients.event.${type}.action`)}
          </Button>
        );
      })}
      <FormDialog
        open={open !== null}
        title={open && t(`patients.event.${open}.title`, { name: patient.name })}
        submitLabel={open ? t(`patients.event.${open}.action`) : ''}
        palette={open === 'END_COVERAGE' ? 'red' : 'blue'}
        busy={workflow.pending}
        error={workflow.refusal}
        onSubmit={submit}
        onClose={() => setOpen(null)}
      >
        <Field.Root required>
          <Field.Label>
            {open && t(`patients.event.${open}.date`)}
            <Field.RequiredIndicator />
          </Field.Label>
          <DateField value={date} onChange={setDate} />
        </Field.Root>
        {open && NEEDS_REASON.includes(open) && (
          <Field.Root required>
            <Field.Label>
              {t('patients.event.reason')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea rows={3} dir="auto" maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          </Field.Root>
        )}
      </FormDialog>
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
