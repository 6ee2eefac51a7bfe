import { textPdf } from '../../../../server/seed/demo-documents.ts';
import { addDays, benefitYearStart, daysBetween } from '@core/benefits/dates.ts';
import { categoryOf } from '@core/benefits/procedures.ts';
import { inRandomSample } from '@core/benefits/review-sampling.ts';
import type { ReimbursementFacts } from '@core/workflows/reimbursement.machine.ts';
import type { MachineAdapter, ReplayContext, Role, Subject } from './api-replay.ts';
import { doctor, ownPatient, setupEvent } from './people.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: ReimbursementFacts }).facts;

/** The fixture's Spanish document names, as the contract spells them. */
const DOCUMENTS: Record<string, string> = { FACTURA: 'INVOICE', RADIOGRAFIA_FINAL: 'XRAY_FINAL' };

/** Whitening, which every replay policy excludes: the automatic check rejects its line. */
const EXCLUDED = 'D9972';

export async function attach(ctx: ReplayContext, id: number, documentType: string) {
  const form = new FormData();
  form.set('ownerType', 'reimbursement');
  form.set('ownerId', String(id));
  form.set('documentType', documentType);
  form.set('file', new File([textPdf([documentType]).slice()], `${documentType}.pdf`));
  const response = await ctx.call('POST', '/api/attachments', { token: ctx.tokens.analyst, body: form });
  if (response.status !== 201) throw new Error(`Attaching ${documentType} answered ${response.status}: ${JSON.stringify(response.body)}`);
}

/**
 * A reduction's amount on the real line: the fixture's amount sits below, at or above the modelled line's
 * automatic figure, and so does the one sent, in the same proportion below it (never reaching it) and by the
 * same cents at or above it. Anything else (not a whole number) is sent as it is.
 */
function reducedTo(amount: unknown, modelledCents: number, realCents: number): unknown {
  if (!Number.isInteger(amount) || (amount as number) < 0) return amount;
  const cents = amount as number;
  return cents >= modelledCents ? realCents + (cents - modelledCents) : Math.floor((cents * realCents) / modelledCents);
}

/** The EUR deductible of the default rules (research 4.1: 50 €), which basic procedures pay first. */
const DEDUCTIBLE_CENTS = 5000;

/**
 * Lines whose automatic check approves and rejects as many as the facts say, each on a day of its own (counted
 * back from `lastDay`). Facts with approved lines that pay nothing get small fillings the deductible swallows
 * whole: approved, covered 0.
 */
function linesFor(facts: ReimbursementFacts, lastDay: string) {
  const nothingPayable = facts.approvedLineCount > 0 && facts.payableCents === 0;
  const approved = (nothingPayable ? ['D2140', 'D2330'] : ['D0120', 'D1110']).slice(0, facts.approvedLineCount);
  const rejected = Array.from({ length: facts.rejectedLineCount }, () => EXCLUDED);
  const charged = (code: string) => (code === EXCLUDED ? 20000 : nothingPayable ? DEDUCTIBLE_CENTS / 2 - 500 : 6000);
  return [...approved, ...rejected].map((procedureCode, i) => ({
    procedureCode,
    serviceDate: addDays(lastDay, -i),
    chargedCents: charged(procedureCode),
    ...(nothingPayable ? { tooth: String(11 + i) } : {}),
  }));
}

/**
 * The last service day of the claim's lines: the day before today, or, when the facts put the service outside the
 * verification, the day before the benefit year of the verification's planned date began (its first invalid day,
 * still within the filing deadline and the policy's cover).
 */
function lastServiceDay(facts: ReimbursementFacts, today: string): string {
  if (facts.serviceDatesWithinVerification) return addDays(today, -1);
  return addDays(benefitYearStart('CALENDAR', '2024-01-01', addDays(today, -3)), -1);
}

/**
 * Who is who: the facts' actor is the analyst; the creator is the administrator unless the facts make the actor
 * the creator; the medical review is the dental auditor's and payment treasury's (their own rights).
 */
function roleOf(type: string, facts: ReimbursementFacts): Role {
  if (type === 'COMPLETE_MEDICAL_REVIEW') return 'auditor';
  // A supervisor actor hands the claim to anyone; the analyst only takes it.
  if (type === 'ASSIGN' && facts.actorIsSupervisor) return 'supervisor';
  // Approving and paying it oneself needs both rights: the administrator holds them.
  if (approverPays(facts) && (type === 'APPROVE' || type === 'PAY')) return 'admin';
  if (type === 'PAY') return 'treasury';
  return 'analyst';
}
const approverPays = (facts: ReimbursementFacts) => facts.approverId !== null && facts.approverId === facts.actorId;
const creatorOf = (facts: ReimbursementFacts): Role => (facts.actorId === facts.creatorId || approverPays(facts) ? 'analyst' : 'admin');
/** The facts' assignee: the actor (the analyst), someone else (the administrator), or nobody. */
const assigneeOf = (ctx: ReplayContext, facts: ReimbursementFacts): number | null =>
  facts.assigneeId === null ? null : facts.assigneeId === facts.actorId ? ctx.userIds.analyst! : ctx.userIds.admin!;

/** A fixture date as the API's: the same distance from the clock as from the scenario's today. */
const relative = (ctx: ReplayContext, facts: ReimbursementFacts, date: string) => addDays(ctx.clock.today, daysBetween(facts.today, date));

/**
 * Reimbursements: a claim on a patient alone on their own EUR policy (whitening excluded), under a verification
 * verified through the API, with every document it asks for attached but those the facts say are missing, and
 * assigned as the facts say; its lines approved and rejected by the
 * automatic check as the facts say; in or out of R12's 5 % sample as the facts say (a draft whose folio falls
 * the wrong way is cancelled and another made). A scenario whose liquidation changes before payment gets a lower
 * coverage rate for its first line's category between approval and payment.
 */
export const reimbursementAdapter: MachineAdapter = {
  machine: 'reimbursement',
  resource: 'reimbursements',
  followUp: { from: 'submitted', event: 'CHECK' },
  async setup(ctx, scenario): Promise<Subject> {
    const facts = factsOf(scenario);
    const { patientId, policyId } = await ownPatient(ctx);
    await ctx.server.db.query(`INSERT INTO benefit_rules (policy_id, kind, procedure_code) VALUES ($1, 'EXCLUSION', $2)`, [policyId, EXCLUDED]);
    const verification = await ctx.call('POST', '/api/verifications', {
      token: ctx.tokens.admin,
      body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: addDays(ctx.clock.today, -3) },
    });
    await setupEvent(ctx, 'verifications', verification.body.id, { type: 'START' }, ctx.tokens.admin);
    await setupEvent(ctx, 'verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, ctx.tokens.admin);
    const doctorId = await doctor(ctx, 'GENERAL');
    if (facts.duplicateLineCount > 0) {
      // The same lines already claimed in an earlier draft (an open claim counts, first come first served).
      const earlier = await ctx.call('POST', '/api/reimbursements', {
        token: ctx.tokens.admin,
        body: { verificationId: verification.body.id, doctorId, invoiceNumber: 'F-PATH-ORIGINAL', invoiceDate: addDays(ctx.clock.today, -1), lines: linesFor(facts, lastServiceDay(facts, ctx.clock.today)).slice(0, facts.duplicateLineCount) },
      });
      if (earlier.status !== 201) throw new Error(`Creating the earlier claim answered ${earlier.status}: ${JSON.stringify(earlier.body)}`);
    }
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const created = await ctx.call('POST', '/api/reimbursements', {
        token: ctx.tokens[creatorOf(facts)],
        // Past the filing deadline: invoiced more than a year before it is submitted.
        body: { verificationId: verification.body.id, doctorId, invoiceNumber: `F-PATH-${attempt}`, invoiceDate: addDays(ctx.clock.today, facts.withinFilingDeadline ? -1 : -400), lines: linesFor(facts, lastServiceDay(facts, ctx.clock.today)) },
      });
      if (created.status !== 201) throw new Error(`Creating the reimbursement answered ${created.status}: ${JSON.stringify(created.body)}`);
      const id = created.body.id as number;
      if (inRandomSample(created.body.folio as string) !== facts.medicalReviewRequired) {
        await setupEvent(ctx, 'reimbursements', id, { type: 'CANCEL', reason: 'Fuera de la muestra pedida' }, ctx.tokens.admin);
        continue;
      }
      // Every document asked for is attached, but those the facts say are missing.
      const missing = facts.missingDocuments.map((d) => DOCUMENTS[d] ?? d);
      for (const type of created.body.missingDocuments as string[]) if (!missing.includes(type)) await attach(ctx, id, type);
      const assignee = assigneeOf(ctx, facts);
      if (assignee !== null) await setupEvent(ctx, 'reimbursements', id, { type: 'ASSIGN', assigneeId: assignee }, ctx.tokens.admin);
      // The patient's cover suspended from before the service dates, once the draft was made.
      if (!facts.coverageActiveOnServiceDates) {
        await setupEvent(ctx, 'patients', patientId, { type: 'SUSPEND', date: addDays(ctx.clock.today, -5), reason: 'Impago de la prima' }, ctx.tokens.admin);
      }
      return { id, policyId, facts, firstCode: linesFor(facts, lastServiceDay(facts, ctx.clock.today))[0]?.procedureCode, doctorId };
    }
    throw new Error('No folio fell the way the scenario needs in 200 drafts.');
  },
  send(ctx, subject, event) {
    const facts = subject.facts as ReimbursementFacts;
    const body: Record<string, unknown> = { ...event };
    if ((event.type === 'REQUEST_DOCUMENTS' || event.type === 'COMPLETE_MEDICAL_REVIEW') && Array.isArray(event.documents)) body.documents = (event.documents as string[]).map((d) => DOCUMENTS[d] ?? d);
    // The fixture's document is one of the claim's own (the first attached).
    if (event.type === 'COMPLETE_MEDICAL_REVIEW' && event.attachmentId !== undefined) body.attachmentId = subject.attachmentId;
    // The fixture's assignee is the actor (themselves) or someone else (the administrator); 0 stays invalid.
    if (event.type === 'ASSIGN') body.assigneeId = event.assigneeId === 0 ? 0 : event.assigneeId === facts.actorId ? ctx.userIds.analyst : ctx.userIds.admin;
    if (event.type === 'EDIT') {
      // EDIT is the claim's PUT, with a real doctor. The path's facts stay what they were after it (the model's
      // EDIT changes none): the claim's own lines are saved again when the fixture's lines would change them.
      const changes = event.changes as { lines: { serviceDate: string }[] };
      const lines = subject.keepLines
        ? (subject.keepLines as unknown[])
        : changes.lines.map((line) => ({ ...line, serviceDate: relative(ctx, facts, line.serviceDate) }));
      return { role: roleOf(event.type, facts), method: 'PUT', path: `/api/reimbursements/${subject.id}`, body: { doctorId: subject.doctorId, lines } };
    }
    // The fixture numbers the lines 1, 2…: the claim's lines in their order, a reduction's amount moved onto the
    // real line's figure (see reducedTo).
    if ((event.type === 'APPROVE' || event.type === 'COMPLETE_MEDICAL_REVIEW') && Array.isArray(event.lines)) {
      const lines = subject.lines as { id: number; automaticCents: number }[];
      body.lines = (event.lines as { lineId: number; decision: string; amountCents?: unknown }[]).map((decision) => {
        const line = lines[decision.lineId - 1];
        const modelled = facts.automaticLines.find((l) => l.lineId === decision.lineId);
        const amountCents = decision.decision === 'REDUCE' && line && modelled ? { amountCents: reducedTo(decision.amountCents, modelled.coveredCents, line.automaticCents) } : {};
        return { ...decision, lineId: line?.id ?? 0, ...amountCents };
      });
    }
    return { role: roleOf(event.type, facts), body };
  },
  async beforeStep(ctx, subject, step) {
    const facts = subject.facts as ReimbursementFacts;
    const accepted = step.transitions.length > 0;
    // The model's facts hold at every step, the assignee's too, while an ASSIGN earlier in the path moved the
    // claim's (and taking what is already one's own is refused, assigneeChanges): the facts' assignee is put back.
    await ctx.server.db.query('UPDATE reimbursements SET assignee_id = $2 WHERE id = $1', [subject.id, assigneeOf(ctx, facts)]);
    if (step.event.type === 'APPROVE' || step.event.type === 'EDIT' || step.event.type === 'COMPLETE_MEDICAL_REVIEW') {
      const record = await ctx.call('GET', `/api/reimbursements/${subject.id}`, { token: ctx.tokens.admin });
      const attachments = await ctx.call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${subject.id}`, { token: ctx.tokens.admin });
      subject.attachmentId = (attachments.body as { items: { id: number }[] }).items[0]?.id;
      type Line = { id: number; procedureCode: string; serviceDate: string; chargedCents: number; tooth: string | null; coveredCents: number | null; excessCents: number | null };
      const lines = record.body.lines as Line[];
      // Before any decision, what a line covers and its excess over the maximum are the automatic check's figure.
      subject.lines = lines.map((line) => ({ id: line.id, automaticCents: (line.coveredCents ?? 0) + (line.excessCents ?? 0) }));
      const fixtureLines = ((step.event as { changes?: { lines?: unknown[] } }).changes?.lines ?? []).length;
      subject.keepLines =
        step.event.type === 'EDIT' && fixtureLines !== facts.lineCount
          ? lines.map(({ procedureCode, serviceDate, chargedCents, tooth }) => ({ procedureCode, serviceDate, chargedCents, ...(tooth ? { tooth } : {}) }))
          : undefined;
    }
    // Resubmitted after the cure period: the day after its deadline.
    if (step.event.type === 'RESUBMIT' && !accepted && step.guards.includes('withinCurePeriod:false')) {
      const record = await ctx.call('GET', `/api/reimbursements/${subject.id}`, { token: ctx.tokens.admin });
      ctx.clock.today = addDays(record.body.cureDeadline as string, 1);
    }
    // The holder has no bank details when payment comes (put back after the step: the holder is shared).
    if (step.event.type === 'PAY' && !facts.payeeHasBankDetails) {
      const [holder] = await ctx.server.db.query<{ id: number; bank_account: string | null }>(
        'SELECT h.id, h.bank_account FROM policyholders h JOIN policies p ON p.policyholder_id = h.id WHERE p.id = $1',
        [subject.policyId],
      );
      subject.bankAccount = holder!.bank_account;
      await ctx.server.db.query('UPDATE policyholders SET bank_account = NULL WHERE id = $1', [holder!.id]);
    }
    // The claim is held by an open payment run when payment comes (released after the step, issue 26).
    if (step.event.type === 'PAY' && facts.heldByPaymentRun) {
      const [run] = await ctx.server.db.query<{ id: number }>(
        `INSERT INTO payment_runs (folio, execution_date, created_by) VALUES ('PAG-PATH-' || $1::int, $2, (SELECT id FROM users ORDER BY id LIMIT 1)) RETURNING id`,
        [subject.id, ctx.clock.today],
      );
      await ctx.server.db.query('INSERT INTO payment_run_items (run_id, reimbursement_id, currency, amount_cents) SELECT $1, id, currency, greatest(payable_cents, 1) FROM reimbursements WHERE id = $2', [run!.id, subject.id]);
      subject.heldByRun = run!.id;
    }
    // The facts have no document missing: the analyst brings what was asked for before resubmitting.
    if (step.event.type === 'RESUBMIT' && facts.missingDocuments.length === 0) {
      const record = await ctx.call('GET', `/api/reimbursements/${subject.id}`, { token: ctx.tokens.admin });
      for (const type of record.body.missingDocuments as string[]) await attach(ctx, subject.id, type);
    }
    // The policy pays its first line's category at a lower rate than when it was approved (half, then half of
    // that on a later payment): the liquidation changes while every line stays approved, as the facts' counts say.
    if (step.event.type === 'PAY' && !facts.liquidationUnchanged) {
      const percent = Math.floor(50 / 2 ** ((subject.rateCuts as number | undefined) ?? 0));
      subject.rateCuts = ((subject.rateCuts as number | undefined) ?? 0) + 1;
      const category = categoryOf(subject.firstCode as string);
      await ctx.server.db.query(`DELETE FROM benefit_rules WHERE policy_id = $1 AND kind = 'COINSURANCE' AND category = $2`, [subject.policyId, category]);
      await ctx.server.db.query(`INSERT INTO benefit_rules (policy_id, kind, category, percent) VALUES ($1, 'COINSURANCE', $2, $3)`, [subject.policyId, category, percent]);
    }
    if (step.event.type === 'APPROVE' && facts.payableCents === facts.approvalThresholdCents) return approvalAtThreshold(ctx, subject);
    return [];
  },
  async afterStep(ctx, subject, step) {
    if (step.event.type === 'APPROVE' && subject.threshold) await putThreshold(ctx, subject.threshold as ThresholdSetting);
    if (step.event.type === 'PAY' && subject.heldByRun) {
      await ctx.server.db.query('DELETE FROM payment_runs WHERE id = $1', [subject.heldByRun]);
      delete subject.heldByRun;
    }
    if (step.event.type === 'PAY' && 'bankAccount' in subject) {
      await ctx.server.db.query('UPDATE policyholders SET bank_account = $2 WHERE id = (SELECT policyholder_id FROM policies WHERE id = $1)', [subject.policyId, subject.bankAccount]);
    }
  },
  scheduled: {
    // The daily job rejects a claim whose documents did not come by the end of the cure period (on its last
    // day, when the guard says the period has not ended, it must leave the claim waiting).
    async CURE_PERIOD_ENDED(ctx, subject, step) {
      const record = await ctx.call('GET', `/api/reimbursements/${subject.id}`, { token: ctx.tokens.admin });
      ctx.clock.today = step.transitions.length ? addDays(record.body.cureDeadline as string, 1) : (record.body.cureDeadline as string);
    },
  },
  // The contract's minimum (assignee) and the server's catalog check (reason code) refuse these payloads before the
  // workflow sees them.
  contractShields: { rejectionReasonCodeGiven: 'reasonCode', assigneeGiven: 'body/assigneeId' },
  // Someone who may not edit a draft is refused as forbidden.
  refusalStatus: { editorIsCreatorAssigneeOrSupervisor: 403 },
  cannotBuild(scenario) {
    const facts = factsOf(scenario);
    if (facts.lineCount > 0 && facts.approvedLineCount + facts.rejectedLineCount < facts.lineCount) return 'the automatic check decides every line in the request that submits';
    if (facts.alreadyPaid) return 'only PAY records a payment, and it leaves approved';
    return undefined;
  },
  async effects(ctx, subject, step, record) {
    // The ledger holds what is reserved for an approved claim and what is settled once paid; nothing otherwise.
    const rows = await ctx.server.db.query<{ status: string; cents: number }>(
      `SELECT status, sum(amount_cents)::int AS cents FROM benefit_ledger WHERE reimbursement_id = $1 AND kind = 'ANNUAL_MAXIMUM' GROUP BY status ORDER BY status`,
      [subject.id],
    );
    const state = step.state;
    if (state === 'paid') {
      expectLedger(rows, [{ status: 'SETTLED', cents: record.paidCents as number }], step.event.type);
      if (record.paidCents !== record.payableCents) throw new Error(`Paid ${String(record.paidCents)} but payable ${String(record.payableCents)}`);
    } else if (state === 'approved' || state === 'partiallyApproved') expectLedger(rows, [{ status: 'RESERVED', cents: record.payableCents as number }], step.event.type);
    else expectLedger(rows, [], step.event.type);
  },
};

type ThresholdSetting = { value: number; version: number };
const THRESHOLD_KEY = 'approvalThresholdCents:EUR';

async function putThreshold(ctx: ReplayContext, setting: ThresholdSetting): Promise<ThresholdSetting> {
  const response = await ctx.call('PUT', `/api/settings/defaults/${THRESHOLD_KEY}`, { token: ctx.tokens.admin, body: setting });
  if (response.status !== 200) throw new Error(`Setting the approval threshold answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as ThresholdSetting;
}

/**
 * Exactly at the threshold: the administrator sets the EUR approval threshold (R13) to what the claim pays, through
 * Configuraciones, until the step is done (afterStep puts it back). A claim of the threshold or more is always
 * medically reviewed (R12), so the dental auditor reviews it first, as the API requires before any approval: the
 * history entry it adds is answered to the runner.
 */
async function approvalAtThreshold(ctx: ReplayContext, subject: Subject): Promise<string[]> {
  const record = await ctx.call('GET', `/api/reimbursements/${subject.id}`, { token: ctx.tokens.admin });
  const defaults = await ctx.call('GET', '/api/settings/defaults', { token: ctx.tokens.admin });
  const current = (defaults.body.items as { key: string; value: number; version: number }[]).find((d) => d.key === THRESHOLD_KEY)!;
  const changed = await putThreshold(ctx, { value: record.body.payableCents as number, version: current.version });
  subject.threshold = { value: current.value, version: changed.version };
  await setupEvent(ctx, 'reimbursements', subject.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, ctx.tokens.auditor);
  return ['COMPLETE_MEDICAL_REVIEW>inReview'];
}

function expectLedger(actual: { status: string; cents: number }[], expected: { status: string; cents: number }[], after: string) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`Ledger after ${after}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}
