import { useState, type ReactNode } from 'react';
import { Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { useLeaveGuard } from '../../components/edit/useLeaveGuard.ts';
import { RecordGate } from '../../components/edit/RecordGate.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import { LeaveGuardDialog } from '../../components/workflow/LeaveGuardDialog.tsx';
import { useFlowDraft } from '../../components/workflow/useFlowDraft.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { plans, usePlanUpdate, type Installment, type Plan } from '../../api/resources/orthodontic-plans.ts';
import { ClaimDialog } from './ClaimDialog.tsx';
import { isoToday } from './dates.ts';
import { PlanActions } from './PlanActions.tsx';
import { PlanStateBadge } from './PlanCells.tsx';
import { PlanFigures } from './PlanFigures.tsx';
import { PlanHistory } from './PlanHistory.tsx';
import { projectedSchedule, storedSchedule } from './schedule.ts';
import { ScheduleTable } from './ScheduleTable.tsx';
import { parseTerms, scheduleTermsOf, termsOf, TermsForm, type TermsDraft } from './TermsForm.tsx';

/** The plan's treatment and schedule can change until activation (the server's rule too). */
const EDITABLE = ['proposed', 'approved'];

function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {aside}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** `/reembolsos/planes/:id`: one plan — figures, terms (editable before banding), the engine's schedule, its lifecycle and history. */
export default function PlanScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const plan = useQuery({ ...plans.oneQuery(id), enabled: valid });
  return (
    <RecordGate query={plan} valid={valid} listLabel={t('orthodonticPlans.title')}>
      {(data) => <PlanView key={data.id} plan={data} />}
    </RecordGate>
  );
}

/** The terms typed and not saved yet, with the plan version they were typed over. */
interface TermsDraftOfVersion {
  version: number;
  terms: TermsDraft;
}

/** The plan's terms being changed are kept on the server per user and plan, so a reload or an expired session loses nothing. */
function PlanView({ plan }: { plan: Plan }) {
  const saved = useFlowDraft<TermsDraftOfVersion>('orthodontic-plan-terms', String(plan.id));
  if (!saved.ready) return <Loading />;
  // Terms typed over an older version would silently undo what was saved since: they are dropped.
  const restored = saved.draft?.version === plan.version ? saved.draft.terms : null;
  return <PlanBody plan={plan} restored={restored} keep={saved} />;
}

function PlanBody({ plan, restored, keep }: { plan: Plan; restored: TermsDraft | null; keep: ReturnType<typeof useFlowDraft<TermsDraftOfVersion>> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { may } = useScreen();
  const update = usePlanUpdate(plan.id);
  const editable = EDITABLE.includes(plan.state) && may('update');
  const [typed, setTyped] = useState<TermsDraftOfVersion>(() => ({ version: plan.version, terms: restored ?? termsOf(plan, intl.locale) }));
  const [errors, setErrors] = useState<Set<keyof TermsDraft>>(new Set());
  // A new version of the plan (after an event or a save) starts the terms again from it. The screen itself stays
  // mounted, so the focus stays where the user was, and a save's or an event's outcome is still told.
  if (typed.version !== plan.version) {
    setTyped({ version: plan.version, terms: termsOf(plan, intl.locale) });
    setErrors(new Set());
  }
  const draft = typed.version === plan.version ? typed.terms : termsOf(plan, intl.locale);
  const setDraft = (next: TermsDraft) => {
    setTyped({ version: plan.version, terms: next });
    keep.save({ version: plan.version, terms: next });
  };
  const [previewDate, setPreviewDate] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<Installment | null>(null);
  const dirty = editable && JSON.stringify(draft) !== JSON.stringify(termsOf(plan, intl.locale));
  const guard = useLeaveGuard(dirty);

  const [, navigate] = useLocation();
  // The reimbursements area's record screen (its documents, submission and review live there).
  const reimbursementHref = (reimbursementId: number) => `/reembolsos/editar/${plan.preauthorizationId}/${reimbursementId}`;
  const stored = plan.installments ?? [];
  const bandingDate = previewDate ?? plan.bandingDate ?? isoToday();
  const terms = scheduleTermsOf(editable ? draft : termsOf(plan, intl.locale), plan.currency, intl.locale);
  const rows = stored.length ? storedSchedule(stored) : terms ? projectedSchedule(plan, terms, bandingDate) : null;

  const save = () => {
    if (!dirty || update.isPending) return;
    const parsed = parseTerms(draft, plan.currency, false, intl.locale);
    setErrors(parsed.errors);
    if (parsed.errors.size) return;
    const { months, initialPercent, frequency, firstDelayDays, ...rest } = parsed.values;
    update.mutate(
      { ...rest, months: months!, initialPercent: initialPercent!, frequency: frequency!, firstDelayDays: firstDelayDays!, version: plan.version },
      {
        onSuccess: () => {
          guard.release();
          void keep.discard();
          messenger.create({ type: 'success', title: t('orthodonticPlans.terms.saved') });
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  };

  return (
    <Stack gap="6">
      <PageHeader title={t('orthodonticPlans.view.heading', { patient: plan.patientName, code: plan.treatmentCode })}>
        <HStack gap="3" wrap="wrap" align="flex-start">
          <PlanStateBadge state={plan.state} />
          {may('update') && <PlanActions plan={plan} onPreviewDate={setPreviewDate} />}
        </HStack>
      </PageHeader>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Section id="plan-figures" title={t('orthodonticPlans.view.figures')}>
          <PlanFigures plan={plan} />
        </Section>
        {editable && (
          <Section id="plan-terms" title={t('orthodonticPlans.terms.title')}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              <Stack gap="4">
                {restored && (
                  <Text fontSize="sm" color="fg.muted" role="status">
                    {t('workflow.draft.restored')}
                  </Text>
                )}
                <TermsForm draft={draft} onChange={setDraft} currency={plan.currency} errors={errors} />
                <HStack justify="flex-end">
                  {/* Unavailable without `disabled`, which would drop the keyboard user's focus once the terms are saved. */}
                  <BusyButton type="submit" colorPalette="blue" aria-disabled={!dirty || undefined} loading={update.isPending}>
                    <Save aria-hidden size={16} />
                    {t('orthodonticPlans.terms.save')}
                  </BusyButton>
                </HStack>
              </Stack>
            </form>
          </Section>
        )}
      </SimpleGrid>
      <Section id="plan-schedule" title={t(stored.length ? 'orthodonticPlans.schedule.title' : 'orthodonticPlans.schedule.projected')}>
        <Stack gap="3">
          {!stored.length && (
            <Text fontSize="sm" color="fg.muted">
              <bdi>{t('orthodonticPlans.schedule.projectedHelp', { date: intl.formatDate(`${bandingDate}T00:00:00`, { dateStyle: 'medium' }) })}</bdi>
            </Text>
          )}
          {rows ? (
            <ScheduleTable
              rows={rows}
              currency={plan.currency}
              frequency={editable ? draft.frequency : plan.frequency}
              lifetimeMaximumCents={plan.lifetimeMaximumCents}
              reimbursementHref={reimbursementHref}
              onClaim={may('claim') ? setClaiming : undefined}
            />
          ) : (
            <Text color="fg.muted">{t('orthodonticPlans.schedule.incomplete')}</Text>
          )}
        </Stack>
      </Section>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Card.Root>
          <Card.Body>
            <PlanHistory planId={plan.id} />
          </Card.Body>
        </Card.Root>
        <NotesPanel entityType="orthodonticPlan" entityId={plan.id} />
      </SimpleGrid>
      <ClaimDialog plan={plan} installment={claiming} onClose={() => setClaiming(null)} onClaimed={(reimbursementId) => navigate(reimbursementHref(reimbursementId))} />
      <LeaveGuardDialog guard={guard} />
    </Stack>
  );
}
