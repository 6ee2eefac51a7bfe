import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { runDailyJobs } from '../../server/scheduler.ts';
import { addDays, addMonths } from '@core/benefits/dates.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, expectProblem, signIn, useServer, attachToReimbursement, sendEvent, verifiedForFreshPatient } from './helpers.ts';

// The server's clock: every test starts on this day (its dates and ages count from it) and may move it forward,
// month by month, for instalments to fall due.
const FIRST_DAY = '2026-03-10';
let now = FIRST_DAY;
const server = useServer({}, () => now);
let admin: string;
let analyst: string;
let auditor: string;
let treasury: string;
let supervisor: string;
let readOnly: string;
let orthodontist: number;
let generalDentist: number;

const FALL_DUE = 'orthodontic.installmentsFallDue';
const LIFETIME = 'orthodontic.lifetimeReached';
const FINISHED = 'orthodontic.scheduleFinished';

type Installment = { id: number; number: number; dueDate: string; billableCents: number; benefitCents: number; state: string; reason: string | null; reimbursementId: number | null; paidCents: number | null };

const attach = (id: number, documentType: string) => attachToReimbursement(analyst, id, documentType);
const planEvent = (id: number, body: Record<string, unknown>, token = analyst) => sendEvent('orthodontic-plans', id, body, token);
const reimbursementEvent = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
const getPlan = async (id: number) => {
  const response = await call('GET', `/api/orthodontic-plans/${id}`, { token: analyst });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { state: string; installments: Installment[]; allowedEvents: string[]; [key: string]: unknown };
};
const installment = async (planId: number, number: number) => (await getPlan(planId)).installments.find((i) => i.number === number)!;

/**
 * A 12-year-old alone on an EUR policy of their own (the research's figures in euros: lifetime maximum
 * 1,500.00), enrolled long enough ago for the orthodontic waiting period.
 */
async function childPatient(): Promise<number> {
  return (await patientOnOwnPolicy(server.db, { birthDate: addMonths(now, -12 * 12) })).patientId;
}

/** An orthodontic preauthorization the administrator has started (inProgress) through the API. */
async function startPreauthorization(patientId: number, plannedServiceDate = now): Promise<number> {
  const created = await call('POST', '/api/verifications', {
    token: admin,
    body: { patientId, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate, doctorId: orthodontist },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await sendEvent('verifications', created.body.id, { type: 'START' }, admin)).status).toBe(200);
  return created.body.id;
}

/** An orthodontic preauthorization verified through the API by the administrator. */
async function preauthorize(patientId: number, plannedServiceDate = now): Promise<number> {
  const id = await startPreauthorization(patientId, plannedServiceDate);
  const verified = await sendEvent('verifications', id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-${patientId}-${plannedServiceDate}` }, admin);
  expect(verified.body.state, JSON.stringify(verified.body)).toBe('verified');
  return id;
}

async function createPlan(preauthorizationId: number, extra: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/orthodontic-plans', {
    token: analyst,
    body: { preauthorizationId, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000, ...extra },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Instalments the scheduler would make fall due today: of every plan, or of one. */
const scheduledDue = async (planId?: number) =>
  (await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orthodontic_installments i JOIN orthodontic_plans o ON o.id = i.plan_id
      WHERE i.state = 'scheduled' AND i.due_date <= $1::date AND o.state IN ('active', 'suspended') AND ($2::int IS NULL OR o.id = $2)`,
    [now, planId ?? null],
  ))[0].n;

/**
 * Claims a claimable instalment through the API the way staff do: the analyst creates the orthodontic
 * reimbursement from the plan's preauthorization, attaches research 4.3's documents and submits, the
 * auditor approves and treasury pays. Checks the instalment goes claimable → claimed → paid.
 */
async function claimAndPay(planId: number, preauthorizationId: number, number: number, invoiced?: { chargedCents: number; payableCents: number; approver: string }) {
  const before = await installment(planId, number);
  const chargedCents = invoiced?.chargedCents ?? before.billableCents;
  const payableCents = invoiced?.payableCents ?? before.benefitCents;
  expect(before.state).toBe('claimable');
  const created = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: {
      verificationId: preauthorizationId,
      doctorId: orthodontist,
      installmentId: before.id,
      invoiceNumber: `F-ORT-${planId}-${number}`,
      invoiceDate: before.dueDate,
      lines: [{ procedureCode: 'D8080', serviceDate: before.dueDate, chargedCents }],
    },
  });
  expect(created.status, `instalment #${number}: ${JSON.stringify(created.body)}`).toBe(201);
  expect(created.body).toMatchObject({ kind: 'ORTHODONTIC', orthodonticPlanId: planId, installmentId: before.id, claimedCents: chargedCents });
  // Until it is submitted the claim is a draft the plan points to, so staff open it rather than start another.
  expect(await installment(planId, number)).toMatchObject({ state: 'claimable', reimbursementId: null, draftReimbursementId: created.body.id, reimbursementFolio: created.body.folio });
  // The plan's amounts are in the insurer's currency, the one its reimbursements are in.
  expect((await getPlan(planId)).currency).toBe(created.body.currency);
  // Research 4.3: every instalment proves its payment (receipt); the first claim also brings the dental report, the initial X-ray and the prior authorisation.
  const documents = number === 0 ? ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL', 'PAYMENT_RECEIPT', 'PRIOR_AUTHORIZATION'] : ['INVOICE', 'PAYMENT_RECEIPT'];
  expect(created.body.missingDocuments).toEqual(documents);
  for (const type of documents) expect((await attach(created.body.id, type)).status).toBe(201);

  const reviewed = await reimbursementEvent(created.body.id, { type: 'SUBMIT' }, analyst);
  expect(reviewed.body, `instalment #${number}`).toMatchObject({ state: 'inReview', payableCents });
  expect(await installment(planId, number)).toMatchObject({ state: 'claimed', reimbursementId: created.body.id, draftReimbursementId: null, reimbursementFolio: created.body.folio });
  // R12: the first instalment (and any claim the 5 % sample picked) goes to the dental auditor before approval.
  const sampled = (await call('GET', `/api/reimbursements/${created.body.id}`, { token: auditor })).body.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW');
  expect(sampled || number !== 0, `instalment #${number} is reviewed`).toBe(true);
  if (sampled) expect((await reimbursementEvent(created.body.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).status).toBe(200);
  expect((await reimbursementEvent(created.body.id, { type: 'APPROVE' }, invoiced?.approver ?? auditor)).body.state).toBe('approved');
  const paid = await reimbursementEvent(created.body.id, { type: 'PAY', reference: `TRF-ORT-${number}`, reason: 'Pago excepcional' }, treasury);
  expect(paid.body).toMatchObject({ state: 'paid', paidCents: payableCents });
  expect(await installment(planId, number)).toMatchObject({ state: 'paid', reimbursementId: created.body.id, paidCents: payableCents });
  return created.body.id as number;
}

const lifetimeUsed = async (patientId: number) =>
  (await server.db.query<{ used: number }>(`SELECT coalesce(sum(amount_cents), 0)::int AS used FROM benefit_ledger WHERE patient_id = $1 AND kind = 'ORTHO_LIFETIME'`, [patientId]))[0].used;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  readOnly = await signIn('consulta@demo.local');
  [{ id: orthodontist }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' AND specialty = 'ORTHODONTICS' ORDER BY id LIMIT 1`);
  [{ id: generalDentist }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' AND specialty = 'GENERAL' ORDER BY id LIMIT 1`);
});

beforeEach(() => {
  now = FIRST_DAY;
});

describe('orthodontic plans', () => {
  it('creates a plan only from a verified orthodontic preauthorization, with an orthodontist (422 rule codes) and the policy’s defaults', async () => {
    const general = await verifiedForFreshPatient('ORT', { token: admin, serviceDate: now, kind: 'PREAUTHORIZATION' });
    const open = await startPreauthorization(await childPatient());
    const body = (preauthorizationId: number, doctorId = orthodontist) => ({ preauthorizationId, doctorId, treatmentCode: 'D8080', feeCents: 600000 });
    const create = (b: Record<string, unknown>, token = analyst) => call('POST', '/api/orthodontic-plans', { token, body: b });

    expectProblem(await create(body(general)), 422, 'orthodonticPlan.preauthorizationNotOrthodontic');
    expectProblem(await create(body(open)), 422, 'orthodonticPlan.preauthorizationNotVerified');
    expectProblem(await create(body(999999)), 422, 'orthodonticPlan.preauthorizationUnknown');
    const preauth = await preauthorize(await childPatient());
    expectProblem(await create(body(preauth, generalDentist)), 422, 'orthodonticPlan.doctorNotOrthodontist');
    expectProblem(await create({ ...body(preauth), months: 37 }), 400, 'request.invalid');
    expectProblem(await create({ ...body(preauth), treatmentCode: 'D2330' }), 400, 'request.invalid');
    expectProblem(await create({ ...body(preauth), feeCents: 0 }), 400, 'request.invalid');
    expectProblem(await create(body(preauth), readOnly), 403, 'auth.forbidden');

    const plan = await createPlan(preauth, { months: 12, frequency: 'QUARTERLY' });
    expect(plan).toMatchObject({
      state: 'proposed',
      preauthorizationId: preauth,
      treatmentCode: 'D8080',
      feeCents: 600000,
      months: 12,
      frequency: 'QUARTERLY',
      initialPercent: 20,
      firstDelayDays: 30,
      coveragePercent: 50,
      lifetimeMaximumCents: 150000,
      lifetimeRemainingCents: 150000,
      estimatedBenefitCents: 150000,
      paidBenefitCents: 0,
      installments: [],
      // The analyst proposed it: approving is someone else's (R13), so only CANCEL is offered to them.
      allowedEvents: ['CANCEL'],
    });
    expectProblem(await create(body(preauth)), 422, 'orthodonticPlan.preauthorizationInUse');

    const listed = await call('GET', `/api/orthodontic-plans?state=proposed,approved&patientId=${plan.patientId}&sort=-createdAt`, { token: readOnly });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1 });
    expect(listed.body.items.map((p: { id: number }) => p.id)).toEqual([plan.id]);
    expect(listed.body.items[0].installments).toBeUndefined();
    expect((await call('GET', `/api/orthodontic-plans?state=active&patientId=${plan.patientId}`, { token: readOnly })).body.total).toBe(0);
    expectProblem(await call('GET', '/api/orthodontic-plans?state=finished', { token: readOnly }), 400, 'request.invalid');
    expectProblem(await call('GET', '/api/orthodontic-plans/999999', { token: readOnly }), 404, 'orthodonticPlan.notFound');

    // Illegal events are 409 with the rule that refused them; the version guards against stale screens.
    expectProblem(await planEvent(plan.id, { type: 'RESUME' }), 409, 'workflow.illegalEvent');
    expectProblem(await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: now }), 409, 'workflow.illegalEvent');
    expectProblem(await planEvent(plan.id, { type: 'APPROVE', version: plan.version + 1 }), 409, 'conflict.staleVersion');
    expectProblem(await planEvent(plan.id, { type: 'APPROVE' }, readOnly), 403, 'auth.forbidden');

    // Two approvals at once: the plan's row lock lets one through; the other finds it approved.
    const both = await Promise.all([1, 2].map(() => planEvent(plan.id, { type: 'APPROVE', version: plan.version }, supervisor)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toMatch(/^(workflow\.illegalEvent|conflict\.staleVersion)$/);

    expectProblem(await planEvent(plan.id, { type: 'CANCEL', reason: '  ' }), 409, 'orthodonticPlan.reasonRequired');
    const cancelled = await planEvent(plan.id, { type: 'CANCEL', reason: 'El paciente elige otro tratamiento.' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', reason: 'El paciente elige otro tratamiento.', allowedEvents: [] });
    const history = await call('GET', `/api/orthodontic-plans/${plan.id}/history`, { token: readOnly });
    expect(history.body.items.map((h: { event: string; toState: string }) => `${h.event}>${h.toState}`)).toEqual(['APPROVE>approved', 'CANCEL>cancelled']);
  });

  it('refuses to activate a patient who had reached 19 on the banding date (409 orthodonticPlan.ageLimitReached)', async () => {
    // A patient who turned 19 ten days ago: preauthorized for a date when still 18.
    const { patientId: adult } = await patientOnOwnPolicy(server.db, { birthDate: '2007-02-28' });
    const plan = await createPlan(await preauthorize(adult, '2026-02-20'));
    const approved = await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    expect(approved.body).toMatchObject({ state: 'approved', approvedBy: expect.any(Number) });
    // 19 today: ACTIVATE is not offered.
    expect(approved.body.allowedEvents).toEqual(['CANCEL']);

    expectProblem(await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: now }), 409, 'orthodonticPlan.ageLimitReached');
    expectProblem(await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: '2026-03-11' }), 409, 'orthodonticPlan.bandingDateInvalid');
    expectProblem(await planEvent(plan.id, { type: 'ACTIVATE' }), 409, 'orthodonticPlan.bandingDateInvalid');
    const unchanged = await getPlan(plan.id);
    expect(unchanged).toMatchObject({ state: 'approved', bandingDate: null, installments: [] });
    expect((await planEvent(plan.id, { type: 'CANCEL', reason: 'Supera la edad límite.' })).body.state).toBe('cancelled');
  });

  it('runs the worked fixture (research 3.3) month by month: 25 instalments, lifetime maximum reached with the 9th, then exhausted', async () => {
    const patientId = await childPatient();
    const preauth = await preauthorize(patientId);
    // Another patient's, verified today too: the scheduler expires it with this plan's, long before #1 falls due.
    const otherPreauthorization = await preauthorize(await childPatient());
    const proposed = await createPlan(preauth);
    expect(proposed).toMatchObject({ state: 'proposed', months: 24, initialPercent: 20, frequency: 'MONTHLY', firstDelayDays: 30, estimatedBenefitCents: 150000 });
    const approved = await planEvent(proposed.id, { type: 'APPROVE', version: proposed.version }, supervisor);
    expect(approved.body).toMatchObject({ state: 'approved', allowedEvents: ['ACTIVATE', 'CANCEL'] });

    const active = await planEvent(proposed.id, { type: 'ACTIVATE', bandingDate: now, version: approved.body.version });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(active.body).toMatchObject({ state: 'active', bandingDate: now, estimatedBenefitCents: 150000, paidBenefitCents: 0 });
    expect(active.body.allowedEvents).toEqual(['SUSPEND', 'REGISTER_DEBOND', 'CANCEL']);
    // #0 at banding bills 20 % (1,200.00) and pays 50 % of it; #1–#24 bill 200.00 from the 1st of the month
    // after banding + 30 days; the lifetime maximum (1,500.00) is reached with #9, so #10–#24 are skipped (31).
    const firstPeriodic = '2026-05-01';
    expect(active.body.installments.map((i: Installment) => [i.number, i.dueDate, i.billableCents, i.benefitCents, i.state, i.reason])).toEqual([
      // Banding is today, so the initial payment falls due with the activation, claimable at once.
      [0, now, 120000, 60000, 'claimable', null],
      ...Array.from({ length: 24 }, (_, k) =>
        k + 1 <= 9 ? [k + 1, addMonths(firstPeriodic, k), 20000, 10000, 'scheduled', null] : [k + 1, addMonths(firstPeriodic, k), 20000, 0, 'skipped', '31'],
      ),
    ]);
    const planId = proposed.id as number;

    // The activation made the initial payment fall due (by the system, in the plan's history); the
    // scheduler has nothing more of this plan today, and runs once a day however often it is called.
    const activation = (await call('GET', `/api/orthodontic-plans/${planId}/history`, { token: analyst })).body.items;
    expect(activation.slice(-2)).toMatchObject([
      { entityType: 'orthodontic_plan', event: 'ACTIVATE', toState: 'active' },
      { entityType: 'orthodontic_installment', installmentNumber: 0, event: 'FALL_DUE', fromState: 'scheduled', toState: 'claimable', actorId: null },
    ]);
    const due = await scheduledDue();
    const first = await runDailyJobs(server.db, now);
    expect(first).toMatchObject({ [FALL_DUE]: due, [LIFETIME]: 0, [FINISHED]: 0 });
    expect(await installment(planId, 0)).toMatchObject({ state: 'claimable', benefitCents: 60000 });
    expect((await installment(planId, 1)).state).toBe('scheduled');
    const historyBefore = (await call('GET', `/api/orthodontic-plans/${planId}/history`, { token: analyst })).body.items.length;
    expect(await runDailyJobs(server.db, now)).toEqual({});
    expect((await call('GET', `/api/orthodontic-plans/${planId}/history`, { token: analyst })).body.items).toHaveLength(historyBefore);

    await claimAndPay(planId, preauth, 0);
    expect(await lifetimeUsed(patientId)).toBe(60000);

    for (let number = 1; number <= 9; number++) {
      const dueDate = addMonths(firstPeriodic, number - 1);
      // The day before, the instalment is not due yet.
      now = addDays(dueDate, -1);
      await runDailyJobs(server.db, now);
      expect((await installment(planId, number)).state).toBe('scheduled');
      now = dueDate;
      const dueToday = await scheduledDue();
      expect((await runDailyJobs(server.db, now))[FALL_DUE]).toBe(dueToday);
      expect(await installment(planId, number)).toMatchObject({ state: 'claimable', benefitCents: 10000 });
      if (number < 9) expect((await installment(planId, number + 1)).state).toBe('scheduled');
      if (number === 1) {
        // The preauthorization's 30-day validity (R8) is long over: it still backs its own plan's instalments,
        // but no other orthodontic verification past its validity does.
        expect((await call('GET', `/api/verifications/${preauth}`, { token: admin })).body.state).toBe('expired');
        const foreign = await call('POST', '/api/reimbursements', {
          token: analyst,
          body: { verificationId: otherPreauthorization, doctorId: orthodontist, installmentId: (await installment(planId, 1)).id, lines: [{ procedureCode: 'D8080', serviceDate: now, chargedCents: 20000 }] },
        });
        expectProblem(foreign, 422, 'reimbursement.verificationNotValid');
      }
      await claimAndPay(planId, preauth, number);
      expect(await lifetimeUsed(patientId)).toBe(60000 + number * 10000);
    }

    // 600.00 + 9 × 100.00: exactly the lifetime maximum.
    expect(await lifetimeUsed(patientId)).toBe(150000);
    expect(await getPlan(planId)).toMatchObject({ state: 'active', paidBenefitCents: 150000, estimatedBenefitCents: 150000, lifetimeRemainingCents: 0 });

    now = '2027-01-02';
    const next = await runDailyJobs(server.db, now);
    expect(next[LIFETIME]).toBeGreaterThanOrEqual(1);
    const exhausted = await getPlan(planId);
    expect(exhausted).toMatchObject({ state: 'exhausted', allowedEvents: ['REGISTER_DEBOND'] });
    expect(exhausted.installments.filter((i) => i.number <= 9).every((i) => i.state === 'paid')).toBe(true);

    // No further instalment becomes claimable: every remaining one is skipped for the lifetime maximum.
    for (const date of ['2027-02-01', '2027-03-01']) {
      now = date;
      await runDailyJobs(server.db, now);
      const plan = await getPlan(planId);
      expect(plan.installments.filter((i) => i.state === 'claimable')).toEqual([]);
      expect(plan.installments.filter((i) => i.number >= 10).map((i) => `${i.state}:${i.reason}`)).toEqual(Array(15).fill('skipped:31'));
    }

    const history = (await call('GET', `/api/orthodontic-plans/${planId}/history`, { token: analyst })).body.items as {
      entityType: string; installmentNumber: number | null; event: string; toState: string; actorId: number | null;
    }[];
    expect(history.filter((h) => h.entityType === 'orthodontic_plan').map((h) => `${h.event}>${h.toState}`)).toEqual([
      'APPROVE>approved',
      'ACTIVATE>active',
      'LIFETIME_MAXIMUM_REACHED>exhausted',
    ]);
    expect(history.find((h) => h.event === 'LIFETIME_MAXIMUM_REACHED')!.actorId).toBeNull();
    expect(history.filter((h) => h.installmentNumber === 0).map((h) => `${h.event}>${h.toState}`)).toEqual(['FALL_DUE>claimable', 'CLAIM>claimed', 'PAY>paid']);
    expect(history.filter((h) => h.installmentNumber === 9).map((h) => `${h.event}>${h.toState}`)).toEqual(['FALL_DUE>claimable', 'CLAIM>claimed', 'PAY>paid']);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('skips the instalments falling due while suspended (07), and REGISTER_DEBOND completes the plan cancelling its future instalments', async () => {
    // After the worked fixture's dates: each scheduler day runs once.
    const banding = (now = '2027-03-10');
    const plan = await createPlan(await preauthorize(await childPatient()));
    await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    expect((await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: banding })).body.state).toBe('active');
    now = '2027-03-11';
    await runDailyJobs(server.db, now);
    expect((await installment(plan.id, 0)).state).toBe('claimable');
    expect((await installment(plan.id, 1)).dueDate).toBe('2027-05-01');

    expectProblem(await planEvent(plan.id, { type: 'SUSPEND' }), 409, 'orthodonticPlan.reasonRequired');
    const suspended = await planEvent(plan.id, { type: 'SUSPEND', reason: 'Póliza en revisión.' });
    expect(suspended.body).toMatchObject({ state: 'suspended', reason: 'Póliza en revisión.', allowedEvents: ['RESUME', 'REGISTER_DEBOND', 'CANCEL'] });
    now = '2027-05-01';
    await runDailyJobs(server.db, now);
    expect(await installment(plan.id, 1)).toMatchObject({ state: 'skipped', reason: '07', benefitCents: 0 });
    expect((await planEvent(plan.id, { type: 'RESUME' })).body.state).toBe('active');

    expectProblem(await planEvent(plan.id, { type: 'REGISTER_DEBOND', date: '2099-01-01' }), 409, 'orthodonticPlan.debondDateInvalid');
    const completed = await planEvent(plan.id, { type: 'REGISTER_DEBOND', date: now });
    expect(completed.body).toMatchObject({ state: 'completed', debondDate: now, allowedEvents: [], estimatedBenefitCents: 0 });
    expect((completed.body.installments as Installment[]).map((i) => `${i.number}:${i.state}:${i.reason}`)).toEqual(
      Array.from({ length: 25 }, (_, n) => (n === 1 ? '1:skipped:07' : n <= 9 ? `${n}:cancelled:null` : `${n}:skipped:31`)),
    );
    const history = (await call('GET', `/api/orthodontic-plans/${plan.id}/history`, { token: analyst })).body.items as { entityType: string; installmentNumber: number | null; event: string; fromState: string; toState: string }[];
    expect(history.filter((h) => h.entityType === 'orthodontic_installment').map((h) => `${h.installmentNumber}:${h.event}:${h.fromState}>${h.toState}`)).toEqual([
      '0:FALL_DUE:scheduled>claimable',
      '1:FALL_DUE:scheduled>skipped',
      '0:CANCEL:claimable>cancelled',
      ...Array.from({ length: 8 }, (_, k) => `${k + 2}:CANCEL:scheduled>cancelled`),
    ]);
    expect(history.filter((h) => h.entityType === 'orthodontic_plan').map((h) => h.event)).toEqual(['APPROVE', 'ACTIVATE', 'SUSPEND', 'RESUME', 'REGISTER_DEBOND']);
    // A cancelled instalment can no longer be claimed.
    const claim = await call('POST', '/api/reimbursements', {
      token: analyst,
      body: { verificationId: plan.preauthorizationId, doctorId: orthodontist, installmentId: (await installment(plan.id, 0)).id, lines: [{ procedureCode: 'D8080', serviceDate: banding, chargedCents: 120000 }] },
    });
    expectProblem(claim, 422, 'reimbursement.installmentNotClaimable');
    // Completed: nothing more for the scheduler to do with it.
    now = '2027-06-01';
    await runDailyJobs(server.db, now);
    expect((await getPlan(plan.id)).state).toBe('completed');
  });

  it('skips the scheduled instalments (31) when a larger invoice used up the lifetime maximum before the schedule expected', async () => {
    const banding = (now = '2027-06-10');
    const patientId = await childPatient();
    const preauth = await preauthorize(patientId);
    const plan = await createPlan(preauth);
    await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: banding });
    await runDailyJobs(server.db, now);
    // The initial invoice is for 3,000.00: 50 % of it is the whole lifetime maximum (above 1,000.00, so the supervisor approves).
    await claimAndPay(plan.id, preauth, 0, { chargedCents: 300000, payableCents: 150000, approver: supervisor });
    expect(await lifetimeUsed(patientId)).toBe(150000);
    const stillActive = await getPlan(plan.id);
    expect(stillActive).toMatchObject({ state: 'active', lifetimeRemainingCents: 0, paidBenefitCents: 150000 });
    expect(stillActive.installments.filter((i) => i.state === 'scheduled').map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    now = '2027-06-11';
    expect((await runDailyJobs(server.db, now))[LIFETIME]).toBeGreaterThanOrEqual(1);
    const exhausted = await getPlan(plan.id);
    expect(exhausted).toMatchObject({ state: 'exhausted', estimatedBenefitCents: 150000 });
    expect(exhausted.installments.map((i) => `${i.number}:${i.state}:${i.reason}`)).toEqual(
      Array.from({ length: 25 }, (_, n) => (n === 0 ? '0:paid:null' : `${n}:skipped:31`)),
    );
    const history = (await call('GET', `/api/orthodontic-plans/${plan.id}/history`, { token: analyst })).body.items as { entityType: string; installmentNumber: number | null; event: string; actorId: number | null; payload: Record<string, unknown> | null }[];
    const skips = history.filter((h) => h.entityType === 'orthodontic_installment' && h.event === 'SKIP');
    expect(skips.map((h) => [h.installmentNumber, h.payload, h.actorId])).toEqual(Array.from({ length: 9 }, (_, k) => [k + 1, { reason: '31' }, null]));
    expect(history.at(-1)).toMatchObject({ entityType: 'orthodontic_plan', event: 'LIFETIME_MAXIMUM_REACHED' });
  });

  it('makes every instalment already due claimable at once when the banding is recorded late, the later ones scheduled', async () => {
    const patientId = await childPatient();
    const preauth = await preauthorize(patientId);
    const proposed = await createPlan(preauth, { firstDelayDays: 0 });
    const approved = await planEvent(proposed.id, { type: 'APPROVE', version: proposed.version }, supervisor);
    const bandingDate = addDays(now, -45);
    const active = await planEvent(proposed.id, { type: 'ACTIVATE', bandingDate, version: approved.body.version });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    const installments = active.body.installments as Installment[];
    const due = installments.filter((i) => i.dueDate <= now);
    // The initial payment (on the banding date) and the first periodic one (the 1st of the month after it).
    expect(due.map((i) => i.number).slice(0, 2)).toEqual([0, 1]);
    expect(due.every((i) => i.state === 'claimable' && i.benefitCents > 0)).toBe(true);
    expect(installments.filter((i) => i.dueDate > now).every((i) => i.state === 'scheduled' || i.state === 'skipped')).toBe(true);
    expect(installments.some((i) => i.dueDate > now && i.state === 'scheduled')).toBe(true);
    // Nothing of this plan is left for the scheduler today.
    expect(await scheduledDue(proposed.id)).toBe(0);
  });

  it('changes a proposed or approved plan with its version, and not an active one', async () => {
    const plan = await createPlan(await preauthorize(await childPatient()));
    const change = { doctorId: orthodontist, treatmentCode: 'D8090', feeCents: 480000, months: 18, initialPercent: 25, frequency: 'MONTHLY', firstDelayDays: 30 };
    const updated = await call('PUT', `/api/orthodontic-plans/${plan.id}`, { token: analyst, body: { ...change, version: plan.version } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ treatmentCode: 'D8090', feeCents: 480000, months: 18, initialPercent: 25, version: plan.version + 1 });
    expectProblem(await call('PUT', `/api/orthodontic-plans/${plan.id}`, { token: analyst, body: { ...change, version: plan.version } }), 409, 'conflict.staleVersion');
    expectProblem(
      await call('PUT', `/api/orthodontic-plans/${plan.id}`, { token: analyst, body: { ...change, doctorId: generalDentist, version: updated.body.version } }),
      422,
      'orthodonticPlan.doctorNotOrthodontist',
    );
    await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    const active = await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: now });
    expect(active.body.state).toBe('active');
    // The schedule came from the changed plan: 25 % of 4,800.00 at banding, then 18 monthly instalments.
    expect(active.body.installments[0]).toMatchObject({ number: 0, billableCents: 120000 });
    expect(active.body.installments).toHaveLength(19);
    expectProblem(await call('PUT', `/api/orthodontic-plans/${plan.id}`, { token: analyst, body: { ...change, version: active.body.version } }), 409, 'orthodonticPlan.notEditable');
  });

  it("rejects the instalment with its reimbursement, so it cannot be claimed again", async () => {
    now = '2027-09-10';
    const preauthorizationId = await preauthorize(await childPatient());
    const plan = await createPlan(preauthorizationId);
    await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: now });
    await runDailyJobs(server.db, now);
    const initial = await installment(plan.id, 0);
    expect(initial.state).toBe('claimable');
    const created = await call('POST', '/api/reimbursements', {
      token: analyst,
      body: { verificationId: preauthorizationId, doctorId: orthodontist, installmentId: initial.id, lines: [{ procedureCode: 'D8080', serviceDate: now, chargedCents: initial.billableCents }] },
    });
    for (const type of ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL', 'PAYMENT_RECEIPT', 'PRIOR_AUTHORIZATION']) await attach(created.body.id, type);
    await reimbursementEvent(created.body.id, { type: 'SUBMIT' }, analyst);
    expect((await installment(plan.id, 0)).state).toBe('claimed');
    expect((await reimbursementEvent(created.body.id, { type: 'REJECT', reasonCode: '37', reason: 'Factura de otro paciente' }, auditor)).body.state).toBe('rejected');
    expect((await installment(plan.id, 0)).state).toBe('rejected');
    expectProblem(
      await call('POST', '/api/reimbursements', {
        token: analyst,
        body: { verificationId: preauthorizationId, doctorId: orthodontist, installmentId: initial.id, lines: [{ procedureCode: 'D8080', serviceDate: now, chargedCents: 1000 }] },
      }),
      422,
      'reimbursement.installmentNotClaimable',
    );
  });
});

describe('separation of duties on a plan (R13, issue 24 item 7)', () => {
  it('the proposer cannot approve; above the threshold approving needs the right; the plan stays proposed when refused', async () => {
    // 6,000.00 at 50 %, cut to the 1,500.00 lifetime maximum: the insurer's share is over the 1,000.00 threshold.
    const plan = await createPlan(await preauthorize(await childPatient()));
    expect(plan).toMatchObject({ state: 'proposed', estimatedBenefitCents: 150000 });
    expect((await getPlan(plan.id)).allowedEvents).toEqual(['CANCEL']);
    expectProblem(await planEvent(plan.id, { type: 'APPROVE' }, analyst), 409, 'orthodonticPlan.approverIsProposer');
    expect(await getPlan(plan.id)).toMatchObject({ state: 'proposed', approvedBy: null });

    // Proposed by the administrator: the analyst is not the proposer but may not approve above the threshold.
    const byAdmin = await call('POST', '/api/orthodontic-plans', {
      token: admin,
      body: { preauthorizationId: await preauthorize(await childPatient()), doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000 },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expectProblem(await planEvent(byAdmin.body.id, { type: 'APPROVE' }, analyst), 409, 'orthodonticPlan.aboveApprovalThreshold');
    expect((await getPlan(byAdmin.body.id)).state).toBe('proposed');
    expect((await planEvent(byAdmin.body.id, { type: 'APPROVE' }, supervisor)).body).toMatchObject({ state: 'approved' });

    // A plan whose share (1,000.00 at 50 %, about 500.00 in rounded instalments) is under the threshold: the analyst may approve the administrator's.
    const small = await call('POST', '/api/orthodontic-plans', {
      token: admin,
      body: { preauthorizationId: await preauthorize(await childPatient()), doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 100000 },
    });
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body.estimatedBenefitCents).toBeLessThan(100000);
    expect((await planEvent(small.body.id, { type: 'APPROVE' }, analyst)).body).toMatchObject({ state: 'approved' });

    // Someone else with the right approves the analyst's plan.
    expect((await planEvent(plan.id, { type: 'APPROVE' }, supervisor)).body).toMatchObject({ state: 'approved', approvedBy: expect.any(Number) });
  });
});

describe('the orthodontic lifetime maximum follows the person (issue 24 item 3, research 1.3 and 2.2)', () => {
  it('a patient moved to a new policy of the same insurer keeps what earlier policies used, and the patient view says where it came from', async () => {
    const first = await patientOnOwnPolicy(server.db, { birthDate: addMonths(now, -12 * 12) });
    const document = `ORT-MOVE-${first.patientId}`;
    await server.db.query(`UPDATE patients SET document_type = 'DNI', document_number = $2 WHERE id = $1`, [first.patientId, document]);
    const preauth = await preauthorize(first.patientId);
    const plan = await createPlan(preauth);
    await planEvent(plan.id, { type: 'APPROVE' }, supervisor);
    expect((await planEvent(plan.id, { type: 'ACTIVATE', bandingDate: now })).status).toBe(200);
    await claimAndPay(plan.id, preauth, 0);
    expect(await lifetimeUsed(first.patientId)).toBe(60000);

    // Renewed under a new number with the same insurer: a new policy record, a new patient record, the same document.
    const [renewed] = await server.db.query<{ id: number; number: string }>(
      `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, benefit_year, max_beneficiaries, ortho_included)
       SELECT insurer_id, policyholder_id, number || '-R', kind, plan_name, issued_on, starts_on, ends_on, 'ACTIVE', benefit_year, max_beneficiaries, true FROM policies WHERE id = $1
       RETURNING id, number`,
      [first.policyId],
    );
    const [moved] = await server.db.query<{ id: number }>(
      `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, state, document_type, document_number)
       SELECT $1, relationship, first_names, last_name, birth_date, enrolled_on, 'ACTIVE', document_type, document_number FROM patients WHERE id = $2 RETURNING id`,
      [renewed!.id, first.patientId],
    );
    const [{ number: firstNumber }] = await server.db.query<{ number: string }>(`SELECT number FROM policies WHERE id = $1`, [first.policyId]);

    // The new record starts from 1,500.00 − 600.00, not from zero: the plan's share is what is left.
    const again = await createPlan(await preauthorize(moved!.id));
    expect(again).toMatchObject({ lifetimeMaximumCents: 150000, lifetimeRemainingCents: 90000, estimatedBenefitCents: 90000 });
    const overview = await call('GET', `/api/patients/${moved!.id}/overview`, { token: readOnly });
    expect(overview.status).toBe(200);
    expect(overview.body.benefits.orthodontic).toEqual({ limitCents: 150000, usedCents: 60000, remainingCents: 90000 });
    expect(overview.body.benefits.orthodonticEarlierUse).toEqual([{ policyId: first.policyId, policyNumber: firstNumber, usedCents: 60000 }]);

    // Someone else (another document) on the renewed policy starts from zero.
    const [stranger] = await server.db.query<{ id: number }>(
      `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, state, document_type, document_number)
       SELECT $1, 'OTHER_DEPENDENT', 'Otra', 'Persona', birth_date, enrolled_on, 'ACTIVE', 'DNI', $2 FROM patients WHERE id = $3 RETURNING id`,
      [renewed!.id, `${document}-X`, first.patientId],
    );
    const strangerView = (await call('GET', `/api/patients/${stranger!.id}/overview`, { token: readOnly })).body;
    expect(strangerView.benefits.orthodontic).toEqual({ limitCents: 150000, usedCents: 0, remainingCents: 150000 });
    expect(strangerView.benefits.orthodonticEarlierUse).toEqual([]);
  });
});
