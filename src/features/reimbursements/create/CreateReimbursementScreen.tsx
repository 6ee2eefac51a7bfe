import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../api/client.ts';
import { insurerQuery } from '../../../api/resources/insurers.ts';
import { RecordNotFound } from '../../../components/edit/RecordNotFound.tsx';
import { useLeaveGuard } from '../../../components/edit/useLeaveGuard.ts';
import { Loading } from '../../../components/feedback/Loading.tsx';
import { Notice } from '../../../components/feedback/Notice.tsx';
import { messenger } from '../../../components/feedback/toaster.tsx';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useScreen } from '../../../components/layout/screen-context.ts';
import { LeaveGuardDialog } from '../../../components/workflow/LeaveGuardDialog.tsx';
import { useFlowDraft } from '../../../components/workflow/useFlowDraft.ts';
import { codeMessage } from '../../../i18n/form-messages.ts';
import { flowDraft, reimbursementFlowMachine, type FlowRecord, type KeptDraft } from '../../../machines/reimbursement-flow.machine.ts';
import { attachmentsQuery } from '../../../api/resources/attachments.ts';
import { fetchLiquidation, reimbursements, sendReimbursementEvent, type ProcedureCode, type Reimbursement } from '../../../api/resources/reimbursements.ts';
import { procedureCodesQuery } from '../../../api/resources/settings.ts';
import { verificationQuery, type Verification } from '../../../api/resources/verifications.ts';
import { AttachmentList } from '../../../components/attachments/AttachmentList.tsx';
import { BlockedReason, blockedReasons } from '../BlockedReason.tsx';
import { DocumentUpload } from '../DocumentUpload.tsx';
import { LiquidationTable } from '../LiquidationTable.tsx';
import { Day } from '../ReimbursementCells.tsx';
import { RequiredDocuments } from '../RequiredDocuments.tsx';
import { ValidityLeft } from '../ValidityLeft.tsx';
import { InvoiceStep } from './InvoiceStep.tsx';
import { LinesStep } from './LinesStep.tsx';
import { LivePreview } from './LivePreview.tsx';
import { saveDraft } from './save-draft.ts';
import { BusyButton } from '../../../components/form/BusyButton.tsx';

const STEPS = ['invoice', 'lines', 'documents', 'preview'] as const;
const FLOW = 'reimbursement-new';

/** What the flow keeps per user and verification: what was typed and the key its create is sent with. */
interface StoredFlow {
  draft: KeptDraft;
  idempotencyKey: string;
}
const today = () => new Date().toLocaleDateString('en-CA');
/** The record as the flow reads it, kept whole so the screen shows the rest. */
const asFlowRecord = (record: Reimbursement): FlowRecord & Reimbursement => ({ ...record, missingDocuments: record.missingDocuments ?? [] });
/** A kept draft's lines ask for a tooth as the catalog says now, not as it said (or had not yet said) when they were typed. */
const withCatalog = (draft: KeptDraft | undefined, codes: ProcedureCode[]): KeptDraft | undefined =>
  draft && { ...draft, lines: draft.lines.map((line) => ({ ...line, requiresTooth: codes.some((code) => code.code === line.procedureCode && code.requiresTooth) })) };

/** The verification the reimbursement comes from: patient, policy, what was authorised, validity left. */
function VerificationSummary({ verification }: { verification: Verification }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card.Root as="section" aria-label={t('reimbursements.create.verification')} size="sm">
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>{t('reimbursements.field.patientName')}</DataList.ItemLabel>
            <DataList.ItemValue><bdi>{verification.patientName}</bdi></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('reimbursements.field.insurerName')}</DataList.ItemLabel>
            <DataList.ItemValue><bdi>{`${verification.insurerName} · ${verification.policyNumber}`}</bdi></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('reimbursements.ready.authorised')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <bdi>{`${verification.folio} · ${t(`reimbursements.verificationKind.${verification.kind}`)} · ${t(`reimbursements.category.${verification.category}`)}${verification.authorizationNumber ? ` · ${verification.authorizationNumber}` : ''}`}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('reimbursements.ready.plannedServiceDate')}</DataList.ItemLabel>
            <DataList.ItemValue><Day value={verification.plannedServiceDate} /></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('reimbursements.ready.validUntil')}</DataList.ItemLabel>
            <DataList.ItemValue><ValidityLeft until={verification.validUntil} /></DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function Flow({ verification, stored, codes, save, discard, saving, currency }: { verification: Verification; stored: StoredFlow | null; codes: ProcedureCode[]; currency: string } & Pick<ReturnType<typeof useFlowDraft<StoredFlow>>, 'save' | 'discard' | 'saving'>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const [idempotencyKey] = useState(() => stored?.idempotencyKey ?? crypto.randomUUID());
  const machine = useMemo(
    () =>
      reimbursementFlowMachine.provide({
        actors: {
          saveDraft: fromPromise(({ input }) => saveDraft(input).then(asFlowRecord)),
          previewLiquidation: fromPromise(({ input }) => fetchLiquidation(input.id)),
          submit: fromPromise(({ input }) => sendReimbursementEvent(input.record.id, { type: 'SUBMIT', version: input.record.version }).then(asFlowRecord)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { verificationId: verification.id, idempotencyKey, today: today(), draft: withCatalog(stored?.draft, codes), verificationDoctorId: verification.doctorId } });
  const { context } = snapshot;
  const record = context.record as (FlowRecord & Reimbursement) | null;
  const { data: attachments = [] } = useQuery({ ...attachmentsQuery(record?.id ?? 0), enabled: record !== null });
  const step = STEPS.find((s) => snapshot.matches(s)) ?? (snapshot.matches('submitting') ? 'preview' : snapshot.matches('saving') ? 'lines' : 'preview');
  const busy = snapshot.matches('saving') || snapshot.matches('submitting') || snapshot.matches({ preview: 'loading' });

  // What was typed is kept per user and verification, so a reload or a session expiry loses nothing.
  const typed = JSON.stringify(flowDraft(context));
  const [firstTyped] = useState(typed);
  useEffect(() => {
    if (typed !== firstTyped && snapshot.status !== 'done') save({ draft: JSON.parse(typed), idempotencyKey });
  }, [typed, firstTyped, idempotencyKey, snapshot.status, save]);

  // Only while the last keystrokes are not on the server yet is there anything to lose.
  const leave = useLeaveGuard(saving && snapshot.status !== 'done');

  useEffect(() => {
    if (snapshot.status !== 'done' || !record) return;
    leave.release();
    void discard();
    client.setQueryData(reimbursements.keys.detail(record.id), record);
    void client.invalidateQueries({ queryKey: reimbursements.keys.all });
    messenger.create({ type: 'success', title: t('reimbursements.create.submitted', { folio: record.folio }) });
    const href = link('edit', { verificacion_id: verification.id, id: record.id });
    if (href) navigate(href);
    // Once, when the flow ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);

  const documentsChanged = async () => {
    if (!record) return;
    const fresh = await reimbursements.get(record.id);
    await client.invalidateQueries({ queryKey: attachmentsQuery(record.id).queryKey });
    send({ type: 'DOCUMENTS_CHANGED', record: asFlowRecord(fresh) });
  };

  const nextBlocked = (snapshot.matches('invoice') || snapshot.matches('lines')) && !snapshot.can({ type: 'NEXT' });
  const submitReasons = record ? blockedReasons(record, 'SUBMIT') : [];

  // The machine's state, named as its generated paths name it (`preview.ready`), for tests that replay them.
  const stateName = typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${String(child)}`)[0];

  return (
    <Stack gap="5" data-testid="reimbursement-flow" data-state={stateName}>
      <Stack as="ol" direction={{ base: 'column', md: 'row' }} gap="2" p="0" m="0" listStyleType="none" aria-label={t('reimbursements.create.steps')}>
        {STEPS.map((s, index) => (
          <HStack as="li" key={s} gap="2" aria-current={s === step ? 'step' : undefined} flex="1" borderBottomWidth="3px" borderColor={s === step ? 'blue.solid' : 'border'} pb="1">
            <Badge variant={s === step ? 'solid' : 'outline'} colorPalette={s === step ? 'blue' : 'gray'}>{index + 1}</Badge>
            <Text fontWeight={s === step ? 'semibold' : 'normal'}>{t(`machine.reimbursementFlow.state.${s}`)}</Text>
          </HStack>
        ))}
      </Stack>

      <Card.Root as="section" aria-labelledby="flow-step-title">
        <Card.Header>
          <Heading as="h2" size="md" id="flow-step-title">
            {t(`machine.reimbursementFlow.state.${step}`)}
          </Heading>
        </Card.Header>
        <Card.Body>
          {context.error && (
            <Stack mb="4">
              <Notice tone="error">{codeMessage(intl, context.error)}</Notice>
            </Stack>
          )}
          {step === 'invoice' && <InvoiceStep invoice={context.invoice} currency={currency} today={context.today} send={send} />}
          {step === 'lines' && (
            <Stack gap="5">
              <LinesStep lines={context.lines} currency={currency} codes={codes} defaultDate={context.invoice.invoiceDate || context.today} send={send} />
              <LivePreview verificationId={verification.id} recordId={record?.id ?? null} invoiceDate={context.invoice.invoiceDate} lines={context.lines} currency={currency} />
            </Stack>
          )}
          {step === 'documents' && record && (
            <Stack gap="5">
              <Stack gap="2">
                <Heading as="h3" size="sm">{t('reimbursements.documents.requiredTitle')}</Heading>
                <RequiredDocuments missing={record.missingDocuments} attachments={attachments} claim={record} />
              </Stack>
              <DocumentUpload reimbursementId={record.id} missing={record.missingDocuments} onUploaded={() => void documentsChanged()} />
              <AttachmentList attachments={attachments} />
            </Stack>
          )}
          {step === 'preview' && (
            <Stack gap="3" aria-busy={snapshot.matches({ preview: 'loading' })}>
              {snapshot.matches({ preview: 'failed' }) && <Button alignSelf="flex-start" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</Button>}
              {context.liquidation && record && (
                <LiquidationTable liquidation={context.liquidation as never} lines={record.lines} currency={record.currency} caption={t('machine.reimbursementFlow.state.preview')} />
              )}
              {snapshot.matches({ preview: 'loading' }) && <Loading />}
            </Stack>
          )}
        </Card.Body>
        <Card.Footer>
          <Stack gap="2" width="100%">
            <HStack gap="3" wrap="wrap">
              {step !== 'invoice' && (
                <Button variant="outline" disabled={busy} onClick={() => send({ type: 'BACK' })}>
                  {t('common.back')}
                </Button>
              )}
              {step !== 'preview' ? (
                <BusyButton colorPalette="blue" loading={busy} disabled={nextBlocked} aria-describedby={nextBlocked ? 'next-reason' : undefined} onClick={() => send({ type: 'NEXT' })}>
                  {t(step === 'lines' ? 'reimbursements.create.saveAndContinue' : 'reimbursements.create.next')}
                </BusyButton>
              ) : (
                <BusyButton colorPalette="blue" loading={snapshot.matches('submitting')} disabled={!snapshot.can({ type: 'SUBMIT' })} aria-describedby="submit-reason" onClick={() => send({ type: 'SUBMIT' })}>
                  {t('reimbursements.create.submit')}
                </BusyButton>
              )}
            </HStack>
            {nextBlocked && <BlockedReason id="next-reason" ids={[`machine.reimbursementFlow.guard.${snapshot.matches('invoice') ? 'invoiceComplete' : context.lines.length ? 'linesComplete' : 'hasLines'}`]} />}
            {step === 'preview' && record && <BlockedReason id="submit-reason" ids={submitReasons} />}
          </Stack>
        </Card.Footer>
      </Card.Root>
      <LeaveGuardDialog guard={leave} />
    </Stack>
  );
}

/**
 * `/reembolsos/nuevo/:verificacion_id`: the guided creation of a reimbursement from a verified verification —
 * invoice, lines, documents, the engine's preview, submit — driven by the reimbursement-flow machine.
 */
export default function CreateReimbursementScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  const params = useParams<{ verificacion_id: string }>();
  const verificationId = Number(params.verificacion_id);
  const valid = Number.isInteger(verificationId) && verificationId > 0;
  const verification = useQuery({ ...verificationQuery(verificationId), enabled: valid, retry: false });
  const stored = useFlowDraft<StoredFlow>(FLOW, valid ? String(verificationId) : 'none');
  const insurer = useQuery({ ...insurerQuery(verification.data?.insurerId ?? 0), enabled: Boolean(verification.data) });
  // Which codes name a tooth is known before anything is typed, so no line can skip its tooth (R19).
  const codes = useQuery(procedureCodesQuery());
  const title = intl.formatMessage({ id: titleId });
  if (!valid || (verification.error instanceof ApiError && verification.error.status === 404)) return <RecordNotFound listLabel={intl.formatMessage({ id: 'area.reimbursements.new' })} />;
  if (verification.isError || (codes.isError && !codes.data)) return <Notice tone="error">{intl.formatMessage({ id: 'common.loadFailed' })}</Notice>;
  if (!verification.data || !stored.ready || !insurer.data || !codes.data) return <Loading />;
  return (
    <Stack gap="4">
      <PageHeader title={`${title} · ${verification.data.patientName}`} />
      <VerificationSummary verification={verification.data} />
      {verification.data.state !== 'verified' ? (
        <Notice tone="warning">{intl.formatMessage({ id: 'reimbursements.create.notVerified' }, { state: intl.formatMessage({ id: `machine.verification.state.${verification.data.state}` }) })}</Notice>
      ) : (
        <Flow verification={verification.data} stored={stored.draft?.draft ? stored.draft : null} codes={codes.data} save={stored.save} discard={stored.discard} saving={stored.saving} currency={insurer.data.currency} />
      )}
    </Stack>
  );
}
