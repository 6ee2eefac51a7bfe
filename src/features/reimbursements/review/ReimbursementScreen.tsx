import { useState, type ReactNode } from 'react';
import { Button, Card, DataList, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Banknote, Check, FileQuestion, Hand, Send, Stethoscope, UserRoundPen, Workflow, X, type LucideIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { insurerQuery } from '../../../api/resources/insurers.ts';
import { RecordGate } from '../../../components/edit/RecordGate.tsx';
import { Loading } from '../../../components/feedback/Loading.tsx';
import { Notice } from '../../../components/feedback/Notice.tsx';
import { messenger } from '../../../components/feedback/toaster.tsx';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useScreen } from '../../../components/layout/screen-context.ts';
import { NotesPanel } from '../../../components/notes/NotesPanel.tsx';
import { LiquidationSummaryButton } from '../../../components/documents/LiquidationSummaryButton.tsx';
import { HistoryTimeline } from '../../../components/workflow/HistoryTimeline.tsx';
import { StaleVersionDialog } from '../../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../../components/workflow/useWorkflowRecord.ts';
import { WorkflowActions } from '../../../components/workflow/WorkflowActions.tsx';
import { reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import { ACCEPTS_DOCUMENTS, LIQUIDATION_OPEN, stateHasTag } from '@core/workflows/workflow.ts';
import { assigneesQuery, liquidationQuery, reimbursements, reimbursementWorkflow, type Reimbursement, type ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { attachmentsQuery } from '../../../api/resources/attachments.ts';
import { AttachmentList } from '../../../components/attachments/AttachmentList.tsx';
import { DocumentUpload } from '../DocumentUpload.tsx';
import { useReasonText } from '../../../api/resources/settings.ts';
import { LiquidationTable } from '../LiquidationTable.tsx';
import { Assignee, day, Money, ReimbursementStateBadge } from '../ReimbursementCells.tsx';
import { RequiredDocuments } from '../RequiredDocuments.tsx';
import { ReturnedPayment } from './ReturnedPayment.tsx';
import { ApprovalDialog } from './ApprovalDialog.tsx';
import { AssignDialog } from './AssignDialog.tsx';
import { EventDialog } from './EventDialog.tsx';
import { EventReasonDialog, REASON_EVENTS } from './EventReasonDialog.tsx';
import { LinesTable } from './LinesTable.tsx';
import { RecordSource } from '../../../components/workflow/RecordSource.tsx';
import { MedicalReviewDialog } from './MedicalReviewDialog.tsx';
import { MedicalReviewPanel } from './MedicalReviewPanel.tsx';

/** The events people send (the contract's), in the order the buttons show them; the scheduler and the server send the others. */
const ACTIONS: { type: string; icon?: LucideIcon; tone?: 'primary' | 'danger' }[] = [
  { type: 'ASSIGN', icon: Hand },
  { type: 'SUBMIT', icon: Send, tone: 'primary' },
  { type: 'RESUBMIT', icon: Send, tone: 'primary' },
  { type: 'COMPLETE_MEDICAL_REVIEW', icon: Stethoscope, tone: 'primary' },
  { type: 'APPROVE', icon: Check, tone: 'primary' },
  { type: 'PAY', icon: Banknote, tone: 'primary' },
  { type: 'REQUEST_DOCUMENTS', icon: FileQuestion },
  { type: 'REJECT', icon: X, tone: 'danger' },
  { type: 'CANCEL', icon: Ban, tone: 'danger' },
];
/**
 * APPROVE's two branches (in full, in part) are told apart by whether a line is rejected: those two guards choose
 * the branch and say nothing about why approving is refused, so they are left out of its reasons.
 */
const BRANCH_GUARDS = new Set(['noRejectedLines', 'someLinesRejected']);
const refusalsOnly = (blocked: Reimbursement['blockedEvents'][number]) => {
  const guards = blocked.guards.filter((guard) => !BRANCH_GUARDS.has(guard));
  return guards.length ? { ...blocked, guards } : blocked;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Record({ record }: { record: Reimbursement }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const { can, userId } = useScreen();
  const [dialog, setDialog] = useState<string | null>(null);
  const reasonText = useReasonText();
  const { data: attachments = [] } = useQuery({ ...attachmentsQuery(record.id), enabled: can('attachments:read') });
  // The statechart tags the states whose liquidation can still change (the engine's preview beside the stored lines)
  // and those that take documents.
  const previewed = stateHasTag(reimbursementMachine, record.state, LIQUIDATION_OPEN);
  const acceptsDocuments = stateHasTag(reimbursementMachine, record.state, ACCEPTS_DOCUMENTS);
  const preview = useQuery({ ...liquidationQuery(record.id, record.version), enabled: previewed });
  // Handing it to someone else: only a supervisor may (reassignable); the API offers them every reviewer.
  const assignees = useQuery({ ...assigneesQuery(record.id), enabled: record.reassignable });
  const reassignTo = (assignees.data ?? []).filter((user) => user.id !== userId && user.id !== record.assigneeId);
  const insurer = useQuery({ ...insurerQuery(record.insurerId), enabled: can('insurers:read') });
  const workflow = useWorkflowRecord(record, reimbursementWorkflow);
  const send = (body: Omit<ReimbursementEventBody, 'version'>) =>
    workflow.send(body, {
      inDialog: dialog !== null,
      onSuccess: (fresh) => {
        setDialog(null);
        messenger.create({ type: 'success', title: t('reimbursements.review.sent', { event: t(`reimbursements.event.${body.type}`), state: t(`machine.reimbursement.state.${fresh.state}`) }) });
      },
    });
  const onEvent = (type: string) => {
    if (REASON_EVENTS.has(type) || type === 'REQUEST_DOCUMENTS' || type === 'APPROVE' || type === 'COMPLETE_MEDICAL_REVIEW') return setDialog(type);
    // The action bar's ASSIGN is taking the claim for oneself.
    if (type === 'ASSIGN') return userId && send({ type: 'ASSIGN', assigneeId: userId });
    send({ type: type as ReimbursementEventBody['type'] });
  };
  const eventLabel = (type: string) => (intl.messages[`reimbursements.event.${type}`] ? t(`reimbursements.event.${type}`) : type);
  const diagram = can('diagrams:read') ? `/diagramas?machine=reimbursement&record=${record.id}` : null;
  const none = t('patients.none');
  // The server writes the summary once a line has been liquidated (409 before), as the automatic check or an approval does.
  const liquidated = record.lines.some((line) => line.allowedCents !== null);

  return (
    <Stack gap="4">
      <PageHeader title={`${record.folio} · ${record.patientName}`}>
        <HStack gap="2" wrap="wrap">
          {liquidated && <LiquidationSummaryButton reimbursementId={record.id} folio={record.folio} />}
          {diagram && (
            <Button asChild variant="outline" size="sm">
              <Link href={diagram}>
                <Workflow aria-hidden size={16} />
                {t('reimbursements.review.diagram')}
              </Link>
            </Button>
          )}
        </HStack>
      </PageHeader>
      <HStack gap="3" wrap="wrap">
        <ReimbursementStateBadge state={record.state} />
        <Text>{t(`reimbursements.kind.${record.kind}`)}</Text>
        {record.state === 'paid' && record.paidCents != null ? (
          // Paid: what went out and when, not what is still "to pay" (issue 28 item 6).
          <Text fontWeight="semibold" data-testid="payable-total">
            <bdi>{`${t('reimbursements.review.paidTotal')}:`}</bdi> <Money cents={record.paidCents} currency={record.currency} />
            {record.paidOn && <bdi>{` · ${day(intl, record.paidOn)}`}</bdi>}
          </Text>
        ) : (
          <Text fontWeight="semibold" data-testid="payable-total">
            <bdi>{`${t('reimbursements.liquidation.payable')}:`}</bdi> <Money cents={record.payableCents} currency={record.currency} />
          </Text>
        )}
      </HStack>
      <ReturnedPayment reimbursementId={record.id} state={record.state} />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
        <Stack gap="4" gridColumn={{ lg: 'span 2' }}>
          <Section title={t('reimbursements.review.details')}>
            <DataList.Root orientation="horizontal" size="sm" gap="2">
              <Item label={t('reimbursements.field.patientName')}>
                <ChakraLink asChild><Link href={`/pacientes/ver/${record.patientId}`}><bdi>{record.patientName}</bdi></Link></ChakraLink>
              </Item>
              <Item label={t('reimbursements.field.insurerName')}><bdi>{record.insurerName}</bdi></Item>
              {record.source && <Item label={t('integrations.source')}><RecordSource entity="reimbursement" id={record.id} clientName={record.source.clientName} /></Item>}
              <Item label={t('reimbursements.invoice.number')}><bdi>{record.invoiceNumber ?? none}</bdi></Item>
              <Item label={t('reimbursements.invoice.date')}>{record.invoiceDate ? <bdi>{day(intl, record.invoiceDate)}</bdi> : none}</Item>
              <Item label={t('reimbursements.invoice.paidMark')}>{t(record.invoicePaid ? 'common.yes' : 'common.no')}</Item>
              <Item label={t('reimbursements.invoice.payee')}>{t(`reimbursements.payee.${record.payee}`)}</Item>
              <Item label={t('reimbursements.field.claimedCents')}><Money cents={record.claimedCents} currency={record.currency} /></Item>
              {record.submittedOn && <Item label={t('reimbursements.review.submittedOn')}><bdi>{day(intl, record.submittedOn)}</bdi></Item>}
              {record.cureDeadline && <Item label={t('reimbursements.review.cureDeadline')}><bdi>{day(intl, record.cureDeadline)}</bdi></Item>}
              {(record.requestedDocuments ?? []).length > 0 && (
                <Item label={t('reimbursements.review.requestedDocuments')}>{intl.formatList((record.requestedDocuments ?? []).map((d) => t(`settings.documentType.${d}`)))}</Item>
              )}
              {record.reason && <Item label={t('reimbursements.review.reason')}><bdi>{/^\d{2}$/.test(record.reason) ? reasonText(record.reason) : record.reason}</bdi></Item>}
              {record.paymentReference && <Item label={t('reimbursements.review.paymentReference')}><bdi>{record.paymentReference}</bdi></Item>}
              <Item label={t('reimbursements.field.assigneeName')}>
                <HStack gap="2" wrap="wrap">
                  <Assignee name={record.assigneeName} />
                  {reassignTo.length > 0 && (
                    <Button size="xs" variant="outline" onClick={() => setDialog('REASSIGN')}>
                      <UserRoundPen aria-hidden size={14} />
                      {t('reimbursements.assign.open')}
                    </Button>
                  )}
                </HStack>
              </Item>
              {record.paidOn && <Item label={t('reimbursements.review.paidOn')}><bdi>{day(intl, record.paidOn)}</bdi></Item>}
            </DataList.Root>
          </Section>
          <Section title={t('reimbursements.lines.title')}>
            <LinesTable reimbursement={record} />
          </Section>
          {record.medicalReview.review && (
            <Section title={t('reimbursements.medical.title')}>
              <MedicalReviewPanel record={record} />
            </Section>
          )}
          {previewed && (
            <Section title={t('reimbursements.review.preview')}>
              {preview.data ? (
                <LiquidationTable liquidation={preview.data} lines={record.lines} currency={record.currency} caption={t('reimbursements.review.preview')} />
              ) : preview.isError ? (
                <Notice tone="error">{t('common.loadFailed')}</Notice>
              ) : (
                <Loading />
              )}
            </Section>
          )}
          <Section title={t('reimbursements.documents.title')}>
            <Stack gap="4">
              <RequiredDocuments missing={record.missingDocuments ?? []} attachments={attachments} claim={record} visible={can('attachments:read')} />
              {acceptsDocuments && can('attachments:create') && (
                <DocumentUpload reimbursementId={record.id} missing={record.missingDocuments ?? []} onUploaded={() => void reimbursementWorkflow.refresh(client, record.id)} />
              )}
              {can('attachments:read') && <AttachmentList attachments={attachments} />}
            </Stack>
          </Section>
        </Stack>
        <Stack gap="4">
          <Section title={t('reimbursements.review.actions')}>
            {record.allowedEvents.some((type) => ACTIONS.some((a) => a.type === type)) || record.blockedEvents.some((b) => ACTIONS.some((a) => a.type === b.type)) ? (
              <WorkflowActions
                machine={reimbursementMachine}
                allowedEvents={record.allowedEvents}
                blockedEvents={record.blockedEvents.map(refusalsOnly)}
                actions={ACTIONS.map((action) => ({ ...action, label: t(`reimbursements.event.${action.type}`) }))}
                label={t('reimbursements.review.actions')}
                busy={workflow.busy}
                onAction={onEvent}
              />
            ) : (
              <Text color="fg.muted">{t('reimbursements.review.noActions')}</Text>
            )}
          </Section>
          <Card.Root>
            <Card.Body>
              <HistoryTimeline entity="reimbursement" id={record.id} machine={reimbursementMachine} eventLabel={eventLabel} heading={t('reimbursements.review.history')} />
            </Card.Body>
          </Card.Root>
          <NotesPanel entityType="reimbursement" entityId={record.id} />
        </Stack>
      </SimpleGrid>
      {dialog && REASON_EVENTS.has(dialog) && (
        <EventReasonDialog event={dialog} record={record} busy={workflow.pending} error={workflow.refusal} onSend={send} onClose={() => setDialog(null)} />
      )}
      {dialog === 'REQUEST_DOCUMENTS' && (
        <EventDialog record={record} cureDays={insurer.data?.cureDays ?? null} busy={workflow.pending} error={workflow.refusal} onSend={send} onClose={() => setDialog(null)} />
      )}
      {dialog === 'REASSIGN' && <AssignDialog choices={reassignTo} busy={workflow.pending} error={workflow.refusal} onSend={send} onClose={() => setDialog(null)} />}
      <StaleVersionDialog {...workflow.stale} />
      {dialog === 'COMPLETE_MEDICAL_REVIEW' && (
        <MedicalReviewDialog record={record} attachments={attachments} busy={workflow.pending} error={workflow.refusal} onSend={send} onClose={() => setDialog(null)} />
      )}
      {dialog === 'APPROVE' && <ApprovalDialog record={record} busy={workflow.pending} error={workflow.refusal} onSend={send} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** `/reembolsos/editar/:verificacion_id/:id`: one reimbursement in any state, with what this user may do to it now. */
export default function ReimbursementScreen() {
  const intl = useIntl();
  const params = useParams<{ verificacion_id: string; id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...reimbursements.oneQuery(id), enabled: valid, retry: false });
  // A record reached under another verification's path is not this path's record.
  return (
    <RecordGate query={query} valid={valid} listLabel={intl.formatMessage({ id: 'area.reimbursements.general' })} found={(record) => String(record.verificationId) === params.verificacion_id}>
      {(record) => <Record record={record} />}
    </RecordGate>
  );
}
