import { useState } from 'react';
import { Button, Dialog, Field, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { Ban, CalendarCheck, CheckCircle2, Flag, PauseCircle, PlayCircle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { orthodonticPlanGuardRules, type OrthodonticPlanGuard } from '../../machines/orthodontic-plan.machine.ts';
import { usePlanEvent, type Plan, type PlanEvent } from './api.ts';
import { isoToday, pageDirection } from './dates.ts';

type EventType = PlanEvent['type'];

/** The events staff send, in the order the plan's life takes them; each with what it asks for. */
const EVENTS: { type: EventType; icon: typeof Ban; input: 'none' | 'date' | 'reason'; danger?: boolean }[] = [
  { type: 'APPROVE', icon: CheckCircle2, input: 'none' },
  { type: 'ACTIVATE', icon: CalendarCheck, input: 'date' },
  { type: 'SUSPEND', icon: PauseCircle, input: 'reason' },
  { type: 'RESUME', icon: PlayCircle, input: 'none' },
  { type: 'REGISTER_DEBOND', icon: Flag, input: 'date' },
  { type: 'CANCEL', icon: Ban, input: 'reason', danger: true },
];

const guardText = (intl: ReturnType<typeof useIntl>, guard: string) => intl.formatMessage({ id: `machine.orthodonticPlan.guard.${guard}` });

/** The guard text of a refused event (409 with the guard's rule code), in the user's language. */
function refusalText(intl: ReturnType<typeof useIntl>, error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const guard = (Object.keys(orthodonticPlanGuardRules) as OrthodonticPlanGuard[]).find((g) => orthodonticPlanGuardRules[g].rule === error.code);
  return guard ? guardText(intl, guard) : null;
}

/**
 * The plan's statechart events for this user: an allowed one is a button; one the state has but its guards
 * refuse now is a disabled button with the reasons under it, before anyone tries. Dates and reasons are
 * asked in a dialog.
 */
export function PlanActions({ plan, onPreviewDate }: { plan: Plan; onPreviewDate?: (date: string | null) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const send = usePlanEvent(plan.id);
  const [open, setOpen] = useState<EventType | null>(null);
  const [date, setDate] = useState(isoToday());
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = new Map((plan.blockedEvents ?? []).map((b) => [b.type, b.guards]));
  const shown = EVENTS.filter((e) => plan.allowedEvents.includes(e.type) || blocked.has(e.type));
  const current = EVENTS.find((e) => e.type === open);

  const close = () => {
    setOpen(null);
    onPreviewDate?.(null);
  };
  const submit = (type: EventType) => {
    const spec = EVENTS.find((e) => e.type === type)!;
    const body: PlanEvent = {
      type,
      version: plan.version,
      ...(type === 'ACTIVATE' ? { bandingDate: date } : {}),
      ...(type === 'REGISTER_DEBOND' ? { date } : {}),
      ...(spec.input === 'reason' ? { reason } : {}),
    };
    send.mutate(body, {
      onSuccess: () => {
        messenger.create({ type: 'success', title: t(`orthodonticPlans.event.${type}.done`) });
        close();
      },
      onError: (error) => {
        const text = refusalText(intl, error);
        if (text && spec.input !== 'none') setRefusal(text);
        else if (text) messenger.create({ type: 'error', title: text });
        else notifyError(intl, error);
      },
    });
  };
  const start = (type: EventType) => {
    const spec = EVENTS.find((e) => e.type === type)!;
    if (spec.input === 'none') return submit(type);
    setDate(isoToday());
    setReason('');
    setRefusal(null);
    setOpen(type);
    if (type === 'ACTIVATE') onPreviewDate?.(isoToday());
  };

  if (shown.length === 0) return null;
  return (
    <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('orthodonticPlans.actions')}>
        {shown.map(({ type, icon: Icon, danger }) => {
          const guards = blocked.get(type);
          return (
            <Button
              key={type}
              variant={type === 'APPROVE' || type === 'ACTIVATE' ? 'solid' : 'outline'}
              colorPalette={danger ? 'red' : 'blue'}
              disabled={Boolean(guards)}
              aria-describedby={guards ? `blocked-${type}` : undefined}
              loading={send.isPending && send.variables?.type === type && open === null}
              onClick={() => start(type)}
            >
              <Icon aria-hidden size={16} />
              {t(`orthodonticPlans.event.${type}.action`)}
            </Button>
          );
        })}
      </HStack>
      {shown
        .filter(({ type }) => blocked.has(type))
        .map(({ type }) => (
          <Text key={type} id={`blocked-${type}`} fontSize="sm" color="fg.muted" data-testid={`blocked-${type}`}>
            <bdi>{t('orthodonticPlans.blocked', { action: t(`orthodonticPlans.event.${type}.action`), reasons: intl.formatList((blocked.get(type) ?? []).map((g) => guardText(intl, g))) })}</bdi>
          </Text>
        ))}
      <Dialog.Root open={open !== null} onOpenChange={(e) => !e.open && close()} role={current?.danger ? 'alertdialog' : 'dialog'}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content dir={pageDirection()}>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  if (open) submit(open);
                }}
              >
                <Dialog.Header>
                  <Dialog.Title>{open && t(`orthodonticPlans.event.${open}.title`, { patient: plan.patientName })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {current?.input === 'date' && (
                      <Field.Root required>
                        <Field.Label>
                          {t(`orthodonticPlans.event.${current.type}.date`)}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          type="date"
                          max={isoToday()}
                          value={date}
                          onChange={(e) => {
                            setDate(e.currentTarget.value);
                            if (open === 'ACTIVATE') onPreviewDate?.(e.currentTarget.value || null);
                          }}
                        />
                        {open === 'ACTIVATE' && <Field.HelperText>{t('orthodonticPlans.event.ACTIVATE.help')}</Field.HelperText>}
                      </Field.Root>
                    )}
                    {current?.input === 'reason' && (
                      <Field.Root required>
                        <Field.Label>
                          {t('orthodonticPlans.event.reason')}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Textarea rows={3} dir="auto" maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                      </Field.Root>
                    )}
                    {refusal && (
                      <Text role="alert" color={{ base: 'red.700', _dark: 'fg.error' }} fontSize="sm">
                        <bdi>{refusal}</bdi>
                      </Text>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer flexWrap="wrap">
                  <Button variant="outline" onClick={close}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" colorPalette={current?.danger ? 'red' : 'blue'} loading={send.isPending}>
                    {open && t(`orthodonticPlans.event.${open}.action`)}
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
