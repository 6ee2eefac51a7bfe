import { useState } from 'react';
import { Button, DataList, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Ban, CircleCheck, CircleX, Hand, MessageCircleQuestion, Play, RotateCcw } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { RecordGate } from '../../components/edit/RecordGate.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { HistoryTimeline } from '../../components/workflow/HistoryTimeline.tsx';
import { ReasonDialog } from '../../components/workflow/ReasonDialog.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { WorkflowActions, type WorkflowAction } from '../../components/workflow/WorkflowActions.tsx';
import { verificationMachine, type VerificationChannel } from '@core/workflows/verification.machine.ts';
import { patientOverviewQuery } from '../../api/resources/patients.ts';
import { verifications, verificationWorkflow, type Verification, type VerificationEventBody } from '../../api/resources/verifications.ts';
import { coverageFactsOf } from './coverage.ts';
import { CoverageChecks } from './CoverageChecks.tsx';
import { EligibleDialog } from './EligibleDialog.tsx';
import { Day, KindText, ValidityLeft, VerificationStateBadge } from './VerificationCells.tsx';
import { RecordSource } from '../../components/workflow/RecordSource.tsx';
import { VerificationDocuments } from './VerificationDocuments.tsx';

type Asking = 'REQUEST_INFO' | 'RECORD_ELIGIBLE' | 'RECORD_NOT_ELIGIBLE' | 'CANCEL' | null;

/**
 * `/verificaciones/editar/:id`: work one verification — take it, start, ask for information, record the result
 * or cancel it with a reason — with the coverage it is checked against, its history, and once verified and
 * still valid the way on to its reimbursement. Buttons follow the statechart: an event it refuses shows why.
 */
export default function VerificationScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const record = useQuery(verifications.oneQuery(Number(id)));
  return (
    <RecordGate query={record} listLabel={intl.formatMessage({ id: 'area.verifications.new' })}>
      {(v) => <VerificationView key={v.id} v={v} />}
    </RecordGate>
  );
}

function VerificationView({ v }: { v: Verification }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { can, userId } = useScreen();
  const workflow = useWorkflowRecord(v, verificationWorkflow);
  const [asking, setAsking] = useState<Asking>(null);

  const run = (body: Omit<VerificationEventBody, 'version'>) =>
    workflow.send(body, {
      inDialog: asking !== null,
      onSuccess: (updated) => {
        setAsking(null);
        messenger.create({ type: 'success', title: t(`verifications.done.${body.type}`, { folio: updated.folio }) });
      },
    });

  const onAction = (type: string) => {
    workflow.clearRefusal();
    if (type === 'ASSIGN') run({ type: 'ASSIGN', assigneeId: userId! });
    else if (type === 'START' || type === 'INFO_RECEIVED') run({ type });
    else setAsking(type as Asking);
  };

  const actions: WorkflowAction[] = [
    { type: 'ASSIGN', label: t('verifications.claim'), icon: Hand },
    { type: 'START', label: t('verifications.event.START'), icon: Play, tone: 'primary' },
    { type: 'INFO_RECEIVED', label: t('verifications.event.INFO_RECEIVED'), icon: RotateCcw, tone: 'primary' },
    { type: 'REQUEST_INFO', label: t('verifications.event.REQUEST_INFO'), icon: MessageCircleQuestion },
    { type: 'RECORD_ELIGIBLE', label: t('verifications.event.RECORD_ELIGIBLE'), icon: CircleCheck, tone: 'primary' },
    { type: 'RECORD_NOT_ELIGIBLE', label: t('verifications.event.RECORD_NOT_ELIGIBLE'), icon: CircleX },
    { type: 'CANCEL', label: t('verifications.event.CANCEL'), icon: Ban, tone: 'danger' },
  ];
  const usable = v.state === 'verified' && (v.validDaysLeft ?? 0) > 0;
  const reimbursable = usable && can('reimbursements:create');
  // Verifiers do not enter reimbursements (research 2.12): they are told whose turn it is now.
  const handedOn = usable && !reimbursable;
  const closeDialog = () => {
    setAsking(null);
    workflow.clearRefusal();
  };

  return (
    <Stack gap="6">
      <PageHeader title={t('verifications.title', { folio: v.folio })}>
        <VerificationStateBadge state={v.state} />
      </PageHeader>
      {/* Only who may send events sees them: the statechart decides which, the permission whether at all. */}
      {can('verifications:update') && (
        <WorkflowActions
          machine={verificationMachine}
          allowedEvents={v.allowedEvents}
          blockedEvents={v.blockedEvents}
          actions={actions}
          label={t('verifications.actions')}
          busy={workflow.busy}
          onAction={onAction}
        />
      )}
      {reimbursable && (
        <HStack gap="3" wrap="wrap" p="4" borderWidth="1px" borderRadius="md" bg="green.subtle">
          <Text flex="1">{t('verifications.continue.body', { days: v.validDaysLeft ?? 0 })}</Text>
          <Button asChild colorPalette="green">
            <Link href={`/reembolsos/nuevo/${v.id}`}>
              {t('verifications.continue.action')}
              <ArrowRight aria-hidden size={16} className="flip-rtl" />
            </Link>
          </Button>
        </HStack>
      )}
      {handedOn && (
        <Text p="4" borderWidth="1px" borderRadius="md" bg="green.subtle" role="status">
          {/* Isolated: right to left, the Spanish sentence keeps its full stop at its end. */}
          <bdi>{t('verifications.handedOn', { days: v.validDaysLeft ?? 0 })}</bdi>
        </Text>
      )}
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Stack gap="6">
          <Summary verification={v} />
          <VerificationDocuments verificationId={v.id} />
          <Benefits verification={v} />
        </Stack>
        <Stack gap="6">
          <HistoryTimeline
            entity="verification"
            id={v.id}
            machine={verificationMachine}
            eventLabel={(type) => t(`verifications.event.${type}`)}
            heading={t('verifications.history')}
          />
          <NotesPanel entityType="verification" entityId={v.id} />
        </Stack>
      </Grid>
      <ReasonDialog
        open={asking === 'REQUEST_INFO'}
        title={t('verifications.requestInfo.title')}
        body={t('verifications.requestInfo.body')}
        label={t('verifications.field.infoNote')}
        confirmLabel={t('verifications.event.REQUEST_INFO')}
        maxLength={4000}
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(note) => run({ type: 'REQUEST_INFO', note })}
        onClose={closeDialog}
      />
      <ReasonDialog
        open={asking === 'RECORD_NOT_ELIGIBLE'}
        title={t('verifications.notEligible.title')}
        label={t('verifications.field.notEligibleReason')}
        confirmLabel={t('verifications.event.RECORD_NOT_ELIGIBLE')}
        tone="danger"
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(reason) => run({ type: 'RECORD_NOT_ELIGIBLE', reason })}
        onClose={closeDialog}
      />
      <ReasonDialog
        open={asking === 'CANCEL'}
        title={t('verifications.cancel.title', { folio: v.folio })}
        body={t('verifications.cancel.body')}
        label={t('verifications.field.cancelReason')}
        confirmLabel={t('verifications.event.CANCEL')}
        tone="danger"
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(reason) => run({ type: 'CANCEL', reason })}
        onClose={closeDialog}
      />
      <EligibleDialog
        open={asking === 'RECORD_ELIGIBLE'}
        needsAuthorization={v.kind === 'PREAUTHORIZATION'}
        busy={workflow.pending}
        error={workflow.refusal}
        onConfirm={(result: { channel: VerificationChannel; authorizationNumber?: string }) => run({ type: 'RECORD_ELIGIBLE', ...result })}
        onClose={closeDialog}
      />
      <StaleVersionDialog {...workflow.stale} />
    </Stack>
  );
}

function Summary({ verification: v }: { verification: Verification }) {
  const intl = useIntl();
  const { can } = useScreen();
  const t = (id: string) => intl.formatMessage({ id });
  const rows: [string, React.ReactNode][] = [
    ['patientName', can('patients:read') ? <Link key="p" href={`/pacientes/ver/${v.patientId}`}><bdi>{v.patientName}</bdi></Link> : <bdi key="p">{v.patientName}</bdi>],
    ['policyNumber', <bdi key="n">{`${v.insurerName} · ${v.policyNumber}`}</bdi>],
    ['kind', <KindText key="k" verification={v} />],
    ['plannedServiceDate', <Day key="d" value={v.plannedServiceDate} />],
    ['assigneeName', <bdi key="a">{v.assigneeName ?? t('verifications.unassigned')}</bdi>],
  ];
  if (v.channel) rows.push(['channel', t(`verifications.channel.${v.channel}`)]);
  if (v.authorizationNumber) rows.push(['authorizationNumber', <bdi key="au">{v.authorizationNumber}</bdi>]);
  if (v.validUntil) rows.push(['validUntil', <HStack key="vu" gap="2" wrap="wrap"><Day value={v.validUntil} /><ValidityLeft verification={v} /></HStack>]);
  if (v.reason) rows.push(['reason', <bdi key="r">{v.reason}</bdi>]);
  if (v.note) rows.push(['note', <bdi key="no">{v.note}</bdi>]);
  if (v.source) rows.push(['source', <RecordSource key="so" entity="verification" id={v.id} clientName={v.source.clientName} />]);
  return (
    <DataList.Root orientation="horizontal" gap="3" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel" data-testid="verification-summary">
      {rows.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW="40">{t(`verifications.field.${name}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The coverage the verification is checked against, judged on its planned service date. */
function Benefits({ verification: v }: { verification: Verification }) {
  const intl = useIntl();
  const { can } = useScreen();
  const overview = useQuery({ ...patientOverviewQuery(v.patientId), enabled: can('patients:read') });
  if (!can('patients:read')) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="benefits-heading" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel">
      <Text as="h2" id="benefits-heading" fontWeight="semibold" fontSize="lg">
        {intl.formatMessage({ id: 'verifications.benefits' })}
      </Text>
      {overview.data ? <CoverageChecks facts={coverageFactsOf(overview.data)} serviceDate={v.plannedServiceDate} category={v.category} /> : <Loading cover="inline" />}
    </Stack>
  );
}
