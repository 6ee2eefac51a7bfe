import { useEffect, useMemo, useState } from 'react';
import { Button, Field, HStack, Input, List, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { ArrowLeft, ArrowRight, Save, UserPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'wouter';
import { fromPromise } from 'xstate';
import { createThenReturn, CREATED } from '../../components/edit/return-to.ts';
import { useLeaveGuard } from '../../components/edit/useLeaveGuard.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { LeaveGuardDialog } from '../../components/workflow/LeaveGuardDialog.tsx';
import { useFlowDraft } from '../../components/workflow/useFlowDraft.ts';
import { guardTextId } from '@core/workflows/texts.ts';
import { draftOf, verificationFlowMachine, type VerificationFlowDraft } from '../../machines/verification-flow.machine.ts';
import type { VerificationCategory, VerificationKind } from '@core/workflows/verification.machine.ts';
import { blockedEvents } from '@core/workflows/workflow.ts';
import { doctorNamesQuery } from '../../api/resources/doctors.ts';
import { createVerification, verifications } from '../../api/resources/verifications.ts';
import { fetchPatientOverview, patientQuery, patientSearchQuery } from '../../api/resources/patients.ts';
import { coverageFactsOf } from './coverage.ts';
import { CoverageChecks } from './CoverageChecks.tsx';
import { Day } from './VerificationCells.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { DateField } from '../../components/form/DateField.tsx';

const FLOW = 'verification-new';
const EMPTY_DRAFT: VerificationFlowDraft = { patient: null, kind: null, category: 'GENERAL', plannedServiceDate: '', doctorId: null, note: '' };
const STEPS = ['patient', 'details', 'review'] as const;
const KINDS: VerificationKind[] = ['ELIGIBILITY', 'BENEFITS', 'PREAUTHORIZATION'];
const CATEGORIES: VerificationCategory[] = ['GENERAL', 'ORTHODONTIC'];

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The parameter a patient's page opens this flow with: `/verificaciones/nueva?paciente=<id>`. */
const PATIENT = 'paciente';

/** `/verificaciones/nueva`: the guided opening of a verification, its draft kept on the server until it is saved. */
export default function NewVerificationScreen() {
  const intl = useIntl();
  const stored = useFlowDraft<VerificationFlowDraft>(FLOW, 'new');
  // Back from enrolling a patient (the link of the patient step), or opened from a patient's page: that patient is the one chosen.
  const [search, setSearch] = useSearchParams();
  const enrolledId = Number(search.get(CREATED) ?? search.get(PATIENT));
  const enrolled = useQuery({ ...patientQuery(enrolledId), enabled: Number.isInteger(enrolledId) && enrolledId > 0 });
  if (!stored.ready || enrolled.isLoading) return <Loading />;
  return (
    <Stack gap="6">
      <PageHeader title={intl.formatMessage({ id: 'area.verifications.form' })} />
      <Flow
        stored={stored}
        enrolled={enrolled.data ? { id: enrolled.data.id, name: enrolled.data.name } : null}
        onEnrolledTaken={() => setSearch((params) => (params.delete(CREATED), params.delete(PATIENT), params), { replace: true })}
      />
    </Stack>
  );
}

interface FlowProps {
  stored: ReturnType<typeof useFlowDraft<VerificationFlowDraft>>;
  /** The patient just enrolled from this flow, to be the chosen one. */
  enrolled: VerificationFlowDraft['patient'];
  onEnrolledTaken: () => void;
}

function Flow({ stored, enrolled, onEnrolledTaken }: FlowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const { link, can } = useScreen();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      verificationFlowMachine.provide({
        actors: {
          loadCoverage: fromPromise(async ({ input }) => coverageFactsOf(await fetchPatientOverview(input.patientId))),
          create: fromPromise(async ({ input }) => {
            const created = await createVerification({
              patientId: input.patient!.id,
              kind: input.kind!,
              category: input.category,
              plannedServiceDate: input.plannedServiceDate,
              doctorId: input.doctorId,
              note: input.note.trim() || null,
            });
            client.setQueryData(verifications.keys.detail(created.id), created);
            return created.id;
          }),
        },
      }),
    [client],
  );
  const [restored] = useState(stored.draft);
  const [snapshot, send] = useMachine(machine, { input: { today: localToday(), draft: enrolled ? { ...(restored ?? EMPTY_DRAFT), patient: enrolled } : (restored ?? undefined) } });
  const { context } = snapshot;
  const typed = JSON.stringify(draftOf(context));
  // The patient just enrolled is a change to keep at once; otherwise only what is typed from now on is.
  const [firstTyped] = useState(enrolled ? null : typed);
  useEffect(() => {
    if (enrolled) onEnrolledTaken();
    // Once: the address forgets the enrolment so a reload does not choose that patient again over later changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Anything chosen or typed is a change worth asking about before leaving.
  const dirty = context.patient !== null || context.kind !== null || context.plannedServiceDate !== '' || context.doctorId !== null || context.note.trim() !== '';
  const done = snapshot.status === 'done';
  const leave = useLeaveGuard(dirty && !done);
  const { save, discard } = stored;

  // What was chosen is kept per user, so a reload or a session expiry loses nothing.
  useEffect(() => {
    if (typed !== firstTyped && !done) save(JSON.parse(typed) as VerificationFlowDraft);
  }, [typed, firstTyped, done, save]);

  useEffect(() => {
    if (!done || context.createdId === null) return;
    leave.release();
    void discard();
    void client.invalidateQueries({ queryKey: verifications.keys.all });
    messenger.create({ type: 'success', title: t('verifications.created') });
    const href = link('edit', { id: context.createdId });
    if (href) navigate(href);
    // Once, when the flow ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  const step = snapshot.matches('patient') ? 'patient' : snapshot.matches('details') || snapshot.matches('checking') || snapshot.matches('checkFailed') ? 'details' : 'review';
  const nextBlocked = blockedEvents(snapshot.machine, snapshot, [{ type: 'NEXT' }])[0]?.guards ?? [];
  const busy = snapshot.matches('checking') || snapshot.matches('saving');

  return (
    <Stack gap="6" maxW="3xl" data-testid="verification-flow" data-state={String(snapshot.value)}>
      <List.Root as="ol" display="flex" flexDirection="row" gap="4" flexWrap="wrap" variant="plain" aria-label={t('verifications.flow.steps')}>
        {STEPS.map((s, index) => (
          <List.Item key={s} aria-current={s === step ? 'step' : undefined} fontWeight={s === step ? 'semibold' : 'normal'} color={s === step ? 'fg' : 'fg.muted'}>
            {`${index + 1}. ${t(`machine.verificationFlow.state.${s}`)}`}
          </List.Item>
        ))}
      </List.Root>
      {restored && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('workflow.draft.restored')}
        </Text>
      )}

      {snapshot.matches('patient') && (
        <PatientStep
          patient={context.patient}
          onPick={(patient) => send({ type: 'PICK_PATIENT', patient })}
          mayEnrol={can('patients:create')}
        />
      )}

      {(snapshot.matches('details') || snapshot.matches('checking') || snapshot.matches('checkFailed')) && <DetailsStep draft={context} onEdit={(changes) => send({ type: 'EDIT', changes })} />}

      {(snapshot.matches('review') || snapshot.matches('saving')) && context.coverage && (
        <Stack gap="4" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel" as="section" aria-labelledby="review-heading">
          <Text as="h2" id="review-heading" fontWeight="semibold" fontSize="lg">
            {t('verifications.flow.reviewHeading', { name: context.patient?.name ?? '' })}
          </Text>
          <Text>
            {t(`verifications.kind.${context.kind}`)} · {t(`verifications.category.${context.category}`)} · <Day value={context.plannedServiceDate} />
          </Text>
          <CoverageChecks facts={context.coverage} serviceDate={context.plannedServiceDate} category={context.category} />
        </Stack>
      )}

      {(snapshot.matches('patient') || snapshot.matches('details')) && nextBlocked.length > 0 && (
        <List.Root gap="1" ps="4" fontSize="sm" color="fg.muted" id="next-blocked">
          {nextBlocked.map((guard) => (
            <List.Item key={guard}>{t(guardTextId('verificationFlow', guard))}</List.Item>
          ))}
        </List.Root>
      )}
      {context.error && (
        <Text role="alert" color={{ base: 'red.700', _dark: 'fg.error' }}>
          {codeMessage(intl, context.error)}
        </Text>
      )}

      <HStack gap="3" wrap="wrap">
        {!snapshot.matches('patient') && (
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'BACK' })}>
            <ArrowLeft aria-hidden size={16} className="flip-rtl" />
            {t('common.back')}
          </Button>
        )}
        {(snapshot.matches('patient') || snapshot.matches('details') || snapshot.matches('checking')) && (
          <BusyButton
            colorPalette="blue"
            loading={snapshot.matches('checking')}
            aria-disabled={nextBlocked.length > 0 || undefined}
            aria-describedby={nextBlocked.length > 0 ? 'next-blocked' : undefined}
            onClick={() => send({ type: 'NEXT' })}
          >
            {t('verifications.flow.next')}
            <ArrowRight aria-hidden size={16} className="flip-rtl" />
          </BusyButton>
        )}
        {snapshot.matches('checkFailed') && (
          <Button colorPalette="blue" onClick={() => send({ type: 'RETRY' })}>
            {t('common.retry')}
          </Button>
        )}
        {(snapshot.matches('review') || snapshot.matches('saving')) && (
          <BusyButton colorPalette="blue" loading={snapshot.matches('saving')} onClick={() => send({ type: 'SAVE' })}>
            <Save aria-hidden size={16} />
            {t('verifications.flow.save')}
          </BusyButton>
        )}
      </HStack>
      <LeaveGuardDialog guard={leave} />
    </Stack>
  );
}

function PatientStep({ patient, onPick, mayEnrol }: { patient: VerificationFlowDraft['patient']; onPick: (patient: VerificationFlowDraft['patient']) => void; mayEnrol: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [q, setQ] = useState('');
  const found = useQuery(patientSearchQuery(q));
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{t('verifications.flow.findPatient')}</Field.Label>
        <Input type="search" dir="auto" value={q} placeholder={t('verifications.flow.findPatientHint')} onChange={(e) => setQ(e.currentTarget.value)} />
      </Field.Root>
      {found.data && (
        <Stack as="ul" gap="2" role="list" aria-label={t('verifications.flow.patientResults')}>
          {found.data.items.length === 0 && <Text color="fg.muted">{t('verifications.flow.noPatients')}</Text>}
          {found.data.items.map((p) => (
            <li key={p.id}>
              <Button
                variant={patient?.id === p.id ? 'solid' : 'outline'}
                colorPalette={patient?.id === p.id ? 'blue' : undefined}
                aria-pressed={patient?.id === p.id}
                justifyContent="flex-start"
                width="full"
                onClick={() => onPick({ id: p.id, name: p.name })}
              >
                <bdi>{p.name}</bdi>
                <Text as="span" fontSize="sm" color={patient?.id === p.id ? undefined : 'fg.muted'}>
                  <bdi>{`${p.policyNumber} · ${p.insurerName}`}</bdi>
                </Text>
              </Button>
            </li>
          ))}
        </Stack>
      )}
      {patient && (
        <Text role="status">
          {t('verifications.flow.chosen')} <bdi>{patient.name}</bdi>
        </Text>
      )}
      {mayEnrol && (
        <Button asChild variant="ghost" alignSelf="flex-start">
          {/* What was chosen so far is kept as the draft: leaving to enrol loses nothing, so it is not asked about. */}
          <Link href={createThenReturn('/pacientes/nuevo', '/verificaciones/nueva')} data-keeps-draft>
            <UserPlus aria-hidden size={16} />
            {t('verifications.flow.enrol')}
          </Link>
        </Button>
      )}
    </Stack>
  );
}

function DetailsStep({ draft, onEdit }: { draft: VerificationFlowDraft; onEdit: (changes: Partial<Omit<VerificationFlowDraft, 'patient'>>) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const doctors = useQuery(doctorNamesQuery(''));
  const select = (label: string, value: string, options: { value: string; label: string }[], onChange: (value: string) => void, required = true) => (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('verifications.flow.choose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  return (
    <Stack gap="4">
      {select(
        t('verifications.field.kindOnly'),
        draft.kind ?? '',
        KINDS.map((kind) => ({ value: kind, label: t(`verifications.kind.${kind}`) })),
        (value) => onEdit({ kind: (value || null) as VerificationKind | null }),
      )}
      {select(
        t('verifications.field.category'),
        draft.category,
        CATEGORIES.map((category) => ({ value: category, label: t(`verifications.category.${category}`) })),
        (value) => onEdit({ category: (value || 'GENERAL') as VerificationCategory }),
      )}
      <Field.Root required>
        <Field.Label>
          {t('verifications.field.plannedServiceDate')}
          <Field.RequiredIndicator />
        </Field.Label>
        <DateField value={draft.plannedServiceDate} onChange={(iso) => onEdit({ plannedServiceDate: iso })} />
      </Field.Root>
      {select(
        t('verifications.field.doctor'),
        draft.doctorId === null ? '' : String(draft.doctorId),
        (doctors.data ?? []).map((doctor) => ({ value: String(doctor.id), label: doctor.name })),
        (value) => onEdit({ doctorId: value ? Number(value) : null }),
        false,
      )}
      <Field.Root>
        <Field.Label>{t('verifications.field.note')}</Field.Label>
        <Textarea rows={3} dir="auto" maxLength={4000} value={draft.note} onChange={(e) => onEdit({ note: e.currentTarget.value })} />
      </Field.Root>
    </Stack>
  );
}
