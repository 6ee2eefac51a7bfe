import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { SECOND_ANALYST } from '../../server/auth/roles.ts';
import { call, claimInReview, expectProblem, signIn, useServer, attachToReimbursement, sendEvent } from './helpers.ts';

const now = '2026-11-21';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let admin: string;
let doctorId: number;

const attach = (id: number, documentType: string) => attachToReimbursement(analyst, id, documentType);
const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);

/**
 * A verification verified just now through the API, for a new adult alone on an EUR policy (research 4.1
 * figures in euros; no other claim touches its limits), with the demo's family-plan rules when asked. A
 * pre-authorisation lets lines above the R14 threshold through.
 */
async function verifiedVerification(policyWithOwnRules = false, kind: 'BENEFITS' | 'PREAUTHORIZATION' = 'BENEFITS'): Promise<number> {
  const { patientId, policyId } = await patientOnOwnPolicy(server.db);
  if (policyWithOwnRules) {
    await server.db.query(`INSERT INTO benefit_rules (policy_id, kind, category, percent) VALUES ($1, 'COINSURANCE', 'BASIC', 90)`, [policyId]);
    await server.db.query(`INSERT INTO benefit_rules (policy_id, kind, procedure_code) VALUES ($1, 'EXCLUSION', 'D9972')`, [policyId]);
  }
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind, category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const verified = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: kind === 'PREAUTHORIZATION' ? `AUT-${created.body.id}` : undefined }, admin);
  expect(verified.body.state).toBe('verified');
  return created.body.id;
}

/** The auditor records the medical review of a claim the 5 % sample picked (R12), as they would before deciding on it. */
async function reviewIfSampled(id: number) {
  const current = await call('GET', `/api/reimbursements/${id}`, { token: auditor });
  if (current.body.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) expect((await event(id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).status).toBe(200);
}

async function draft(lines: Record<string, unknown>[], key?: string, policyWithOwnRules = false, kind: 'BENEFITS' | 'PREAUTHORIZATION' = 'BENEFITS') {
  const response = await call('POST', '/api/reimbursements', {
    token: analyst,
    headers: key ? { 'Idempotency-Key': key } : {},
    body: { verificationId: await verifiedVerification(policyWithOwnRules, kind), doctorId, invoiceNumber: 'F-1001', invoiceDate: '2026-11-18', lines },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The analyst's claim on a new patient's verification in review: the shared claimInReview (documents, SUBMIT, the sample's review). */
const inReview = async (lines: Record<string, unknown>[]) =>
  claimInReview({ analyst, auditor }, { verificationId: await verifiedVerification(), doctorId, invoiceNumber: 'F-1001', invoiceDate: '2026-11-18', lines });

// Each cleaning on a day of its own, so a patient seen again never has duplicate lines.
let visit = 0;
const cleaning = () => {
  const serviceDate = `2026-11-${String(18 - (visit++ % 15)).padStart(2, '0')}`;
  return [
    { procedureCode: 'D0120', serviceDate, chargedCents: 6000 },
    { procedureCode: 'D1110', serviceDate, chargedCents: 9000 },
    { procedureCode: 'D2330', tooth: '11', serviceDate, chargedCents: 15000 },
  ];
};

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('reimbursements', () => {
  it('runs draft → submitted → inReview → approved → paid, liquidating by the rules and posting to the ledger', async () => {
    const created = await draft(cleaning());
    expect(created).toMatchObject({ state: 'draft', kind: 'GENERAL', claimedCents: 30000, folio: expect.stringMatching(/^REE-2026-/) });
    // Research 4.3: the holder is reimbursed (payee HOLDER), so the payment receipt too.
    expect(created.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT']);
    // Submitted without them, the automatic check asks for them: the claim waits within the cure period (R10).
    const waiting = await event(created.id, { type: 'SUBMIT' }, analyst);
    expect(waiting.body).toMatchObject({
      state: 'needsDocuments',
      submittedOn: now,
      cureDeadline: '2026-12-01',
      requestedDocuments: ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT'],
      missingDocuments: ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT'],
    });
    expectProblem(await event(created.id, { type: 'RESUBMIT' }, analyst), 409, 'reimbursement.missingDocuments');

    for (const type of ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT']) expect((await attach(created.id, type)).status).toBe(201);
    const preview = await call('GET', `/api/reimbursements/${created.id}/liquidation`, { token: analyst });
    // Exam and cleaning 100 % with no deductible; the filling pays 80 % after the 50.00 deductible.
    expect(preview.body.lines.map((l: { coveredCents: number }) => l.coveredCents)).toEqual([6000, 9000, 8000]);
    expect(preview.body.totals).toMatchObject({ claimedCents: 30000, deductibleCents: 5000, payableCents: 23000, patientShareCents: 7000 });

    const reviewed = await event(created.id, { type: 'RESUBMIT' }, analyst);
    expect(reviewed.body).toMatchObject({ state: 'inReview', submittedOn: now, payableCents: 23000, cureDeadline: null, requestedDocuments: [] });
    expect(reviewed.body.lines.map((l: { status: string }) => l.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);

    // Separation of duties: the creator may not approve.
    const ownApproval = expectProblem(await event(created.id, { type: 'APPROVE' }, analyst), 409, 'reimbursement.approverIsCreator');
    // The detail is the refusing guard's text from the English catalog, as the Diagramas area shows it.
    expect(ownApproval.detail).toBe(en['machine.reimbursement.guard.approverIsNotCreator']);
    await reviewIfSampled(created.id);
    const approved = await event(created.id, { type: 'APPROVE' }, auditor);
    expect(approved.body).toMatchObject({ state: 'approved' });

    expectProblem(await event(created.id, { type: 'PAY', reference: ' ', reason: 'Pago excepcional' }, treasury), 409, 'reimbursement.paymentReferenceRequired');
    // Paid by hand, outside a payment run, is the exception: it says why, and only the server names a run.
    expectProblem(await event(created.id, { type: 'PAY', reference: 'TRF-88' }, treasury), 409, 'reimbursement.paymentReasonRequired');
    expectProblem(await event(created.id, { type: 'PAY', reference: 'TRF-88', reason: '   ' }, treasury), 409, 'reimbursement.paymentReasonRequired');
    expectProblem(await event(created.id, { type: 'PAY', reference: 'TRF-88', paymentRun: 'PAG-2026-000001' }, treasury), 400, 'request.invalid');
    const paid = await event(created.id, { type: 'PAY', reference: 'TRF-88', reason: 'Cuenta del titular fuera del banco de remesas' }, treasury);
    expect(paid.body).toMatchObject({ state: 'paid', paidCents: 23000, paymentReference: 'TRF-88', paidOn: now, allowedEvents: [] });
    const payHistory = (await call('GET', `/api/reimbursements/${created.id}/history`, { token: treasury })).body.items as { event: string; payload: Record<string, unknown> }[];
    expect(payHistory.filter((h) => h.event === 'PAY').map((h) => h.payload)).toEqual([{ reference: 'TRF-88', reason: 'Cuenta del titular fuera del banco de remesas' }]);
    // Paid once only.
    expectProblem(await event(created.id, { type: 'PAY', reference: 'TRF-89', reason: 'Pago excepcional' }, treasury), 409, 'workflow.illegalEvent');

    const ledger = await server.db.query<{ kind: string; amount_cents: number }>('SELECT kind, amount_cents FROM benefit_ledger WHERE reimbursement_id = $1 ORDER BY kind', [created.id]);
    // Each line's category is posted too (its use in the year, whatever rules the year had then).
    expect(ledger).toEqual([
      { kind: 'ANNUAL_MAXIMUM', amount_cents: 23000 },
      { kind: 'CATEGORY_BASIC', amount_cents: 8000 },
      { kind: 'CATEGORY_DIAGNOSTIC', amount_cents: 6000 },
      { kind: 'CATEGORY_PREVENTIVE', amount_cents: 9000 },
      { kind: 'DEDUCTIBLE', amount_cents: 5000 },
    ]);
    const history = await call('GET', `/api/reimbursements/${created.id}/history`, { token: analyst });
    expect(history.body.items.map((h: { event: string; toState: string }) => `${h.event}>${h.toState}`)).toEqual([
      'SUBMIT>needsDocuments',
      'RESUBMIT>submitted',
      'CHECK>inReview',
      'APPROVE>approved',
      'PAY>paid',
    ]);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('rejects duplicate lines at submission (R18) and creates idempotently with Idempotency-Key', async () => {
    const lines = [{ procedureCode: 'D0120', serviceDate: '2026-11-10', chargedCents: 5000 }, { procedureCode: 'D0120', serviceDate: '2026-11-10', chargedCents: 5000 }];
    const first = await draft(lines, 'key-dup-0001');
    // The same request again (its keys in another order): the first result, not a second reimbursement.
    const again = await call('POST', '/api/reimbursements', {
      token: analyst,
      headers: { 'Idempotency-Key': 'key-dup-0001' },
      body: { lines, invoiceDate: '2026-11-18', invoiceNumber: 'F-1001', doctorId, verificationId: first.verificationId },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    // The key with another body is a client's mistake, not a replay: refused, and nothing changes.
    const reused = await call('POST', '/api/reimbursements', {
      token: analyst,
      headers: { 'Idempotency-Key': 'key-dup-0001' },
      body: { verificationId: first.verificationId, doctorId, lines: [] },
    });
    expect(expectProblem(reused, 422, 'idempotency.keyReused').errors).toEqual([{ path: 'header/Idempotency-Key', keyword: 'keyReused' }]);
    expect(en['code.idempotency.keyReused']).toBeTruthy();
    expect((await call('GET', `/api/reimbursements/${first.id}`, { token: analyst })).body.lines).toHaveLength(2);
    const [{ count }] = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM reimbursements WHERE idempotency_key = 'key-dup-0001'`);
    expect(count).toBe(1);
    for (const type of ['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']) await attach(first.id, type);
    expectProblem(await event(first.id, { type: 'SUBMIT' }, analyst), 409, 'reimbursement.duplicateLines');
  });

  it('two concurrent creates with one key make one reimbursement', async () => {
    const verificationId = await verifiedVerification();
    const body = { verificationId, doctorId, lines: cleaning() };
    const results = await Promise.all([1, 2].map(() => call('POST', '/api/reimbursements', { token: analyst, headers: { 'Idempotency-Key': 'key-race-0002' }, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('needs the supervisor permission to approve above 1,000.00 (R13)', async () => {
    // Above 300.00 a line needs a pre-authorisation (R14).
    const big = await draft([{ procedureCode: 'D2740', tooth: '21', serviceDate: '2026-11-18', chargedCents: 400000 }], undefined, false, 'PREAUTHORIZATION');
    // A crown asks for the final X-ray as well, and a line that needs the pre-authorisation for its copy (research 4.3, R14).
    expect(big.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'XRAY_FINAL', 'PAYMENT_RECEIPT', 'PRIOR_AUTHORIZATION']);
    for (const type of big.missingDocuments) await attach(big.id, type);
    const reviewed = await event(big.id, { type: 'SUBMIT' }, analyst);
    expect(reviewed.body.payableCents).toBeGreaterThan(100000);
    // A major procedure goes to the dental auditor first (R12).
    expectProblem(await event(big.id, { type: 'APPROVE' }, supervisor), 409, 'reimbursement.medicalReviewPending');
    expect((await event(big.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).status).toBe(200);
    expectProblem(await event(big.id, { type: 'APPROVE' }, auditor), 409, 'reimbursement.aboveApprovalThreshold');
    expect((await event(big.id, { type: 'APPROVE' }, supervisor)).body.state).toBe('approved');
  });

  it('returns for documents with a cure period, and only a draft or a returned one can be edited', async () => {
    const created = await inReview(cleaning());
    const edit = { doctorId, lines: cleaning(), version: created.version };
    expectProblem(await call('PUT', `/api/reimbursements/${created.id}`, { token: analyst, body: edit }), 409, 'reimbursement.notEditable');
    const returned = await event(created.id, { type: 'REQUEST_DOCUMENTS', documents: ['XRAY_FINAL'] }, auditor);
    expect(returned.body).toMatchObject({ state: 'needsDocuments', cureDeadline: '2026-12-01', requestedDocuments: ['XRAY_FINAL'], missingDocuments: ['XRAY_FINAL'] });
    expectProblem(await event(created.id, { type: 'RESUBMIT' }, analyst), 409, 'reimbursement.missingDocuments');
    const edited = await call('PUT', `/api/reimbursements/${created.id}`, { token: analyst, body: { ...edit, version: returned.body.version, invoiceNumber: 'F-2' } });
    expect(edited.body).toMatchObject({ invoiceNumber: 'F-2' });
    await attach(created.id, 'XRAY_FINAL');
    expect((await event(created.id, { type: 'RESUBMIT' }, analyst)).body.state).toBe('inReview');
  });

  it('refuses a reimbursement from a verification that is not verified, and bad lines', async () => {
    const [pending] = await server.db.query<{ id: number }>(`SELECT id FROM verifications WHERE state = 'pending' LIMIT 1`);
    expectProblem(
      await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId: pending.id, doctorId, lines: cleaning() } }),
      422,
      'reimbursement.verificationNotValid',
    );
    const bad = await call('POST', '/api/reimbursements', {
      token: analyst,
      body: { verificationId: await verifiedVerification(), doctorId, lines: [{ procedureCode: 'X123', serviceDate: '2026-13-01', chargedCents: -5 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body/lines/0/chargedCents', 'body/lines/0/procedureCode', 'body/lines/0/serviceDate']);
  });

  it('approves in part when some lines are rejected, and rejects outright when all are (CHECK)', async () => {
    // A second panoramic x-ray within 36 months is over the frequency (05); nothing else in the demo takes one.
    const partial = await inReview([
      { procedureCode: 'D0330', serviceDate: '2026-10-02', chargedCents: 5000 },
      { procedureCode: 'D0330', serviceDate: '2026-11-02', chargedCents: 5000 },
    ]);
    expect(partial.lines.map((l: { status: string; reason: string | null }) => `${l.status}:${l.reason}`)).toEqual(['APPROVED:null', 'REJECTED:05']);
    expect((await event(partial.id, { type: 'APPROVE' }, auditor)).body).toMatchObject({ state: 'partiallyApproved', payableCents: 5000 });

    // Orthodontics on a general claim is not covered there (03): every line rejected, so is the claim.
    const wrong = await draft([{ procedureCode: 'D8080', serviceDate: '2026-11-02', chargedCents: 90000 }]);
    for (const type of ['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']) await attach(wrong.id, type);
    // The preview's reason carries the catalogs' text with its code.
    const preview = await call('GET', `/api/reimbursements/${wrong.id}/liquidation`, { token: analyst });
    expect(preview.body.lines[0]).toMatchObject({ reason: '03', reasonText: { es: 'Sin plan o cobertura para el procedimiento', en: 'No plan or coverage for the procedure' } });
    expect((await event(wrong.id, { type: 'SUBMIT' }, analyst)).body).toMatchObject({ state: 'rejected', reason: '03', payableCents: 0 });
  });

  it('rejects in review with a reason code of the catalog, and cancels a draft', async () => {
    const reviewed = await inReview(cleaning());
    expectProblem(await event(reviewed.id, { type: 'REJECT', reason: 'Factura ilegible' }, auditor), 400, 'request.invalid');
    expect((await event(reviewed.id, { type: 'REJECT', reasonCode: '37', reason: 'Factura ilegible' }, auditor)).body).toMatchObject({ state: 'rejected', reason: '37' });

    const unwanted = await draft([{ procedureCode: 'D0274', serviceDate: '2026-11-19', chargedCents: 3000 }]);
    expect((await event(unwanted.id, { type: 'CANCEL', reason: 'Duplicado en papel' }, analyst)).body).toMatchObject({ state: 'cancelled', allowedEvents: [] });
    expectProblem(await event(unwanted.id, { type: 'SUBMIT' }, analyst), 409, 'workflow.illegalEvent');
  });

  it('pays a reimbursement once even when two payments race', async () => {
    // A limited exam: no frequency limit, so the patient's other open claims (R6 counts them) cannot reject it.
    const created = await inReview([{ procedureCode: 'D0140', serviceDate: '2026-11-12', chargedCents: 7000 }]);
    await event(created.id, { type: 'APPROVE' }, auditor);
    const results = await Promise.all([event(created.id, { type: 'PAY', reference: 'A', reason: 'Pago excepcional' }, treasury), event(created.id, { type: 'PAY', reference: 'B', reason: 'Pago excepcional' }, treasury)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    // Posted once: one row of the annual maximum and one of the line's category, each the amount paid.
    const ledger = await server.db.query<{ kind: string; total: number }>('SELECT kind, sum(amount_cents)::int AS total FROM benefit_ledger WHERE reimbursement_id = $1 GROUP BY kind ORDER BY kind', [created.id]);
    expect(ledger).toEqual([
      { kind: 'ANNUAL_MAXIMUM', total: 7000 },
      { kind: 'CATEGORY_DIAGNOSTIC', total: 7000 },
    ]);
  });

  it("applies the policy's own rules over the defaults: its coverage percentage and its exclusions", async () => {
    const created = await draft(
      [
        { procedureCode: 'D2330', tooth: '21', serviceDate: '2026-11-16', chargedCents: 15000 },
        { procedureCode: 'D9972', serviceDate: '2026-11-16', chargedCents: 20000 },
      ],
      undefined,
      true,
    );
    const preview = await call('GET', `/api/reimbursements/${created.id}/liquidation`, { token: analyst });
    // Basic treatment at 90 % (not the default 80 %) after the 50.00 deductible; whitening is excluded (35).
    expect(preview.body.lines.map((l: { coveredCents: number; reason?: string }) => [l.coveredCents, l.reason ?? null])).toEqual([
      [9000, null],
      [0, '35'],
    ]);
  });
});

type DemoClaim = { id: number; createdBy: number; allowedEvents: string[]; blockedEvents: { type: string; guards: string[] }[] };

// Issue 28 item 2: with one demo analyst, who creates every claim and may not approve their own (R13), no analyst
// could approve anything; the demo's two analysts approve each other's claims, and their own stay refused.
describe('the demo analysts', () => {
  it('each finds a claim in review by the other that they may approve, and may not approve their own', async () => {
    const analysts = [{ email: 'analista@demo.local' }, { email: SECOND_ANALYST.email }];
    const seen = await Promise.all(
      analysts.map(async ({ email }) => {
        const token = await signIn(email);
        const me = (await call('GET', '/api/me', { token })).body.user.id as number;
        const inReview = (await call<{ items: DemoClaim[] }>('GET', '/api/reimbursements?state=inReview&pageSize=100', { token })).body.items;
        return { email, token, me, inReview };
      }),
    );
    for (const [index, { email, me, inReview }] of seen.entries()) {
      const other = seen[1 - index]!;
      const othersClaims = inReview.filter((claim) => claim.createdBy === other.me);
      const ownClaims = inReview.filter((claim) => claim.createdBy === me);
      expect(othersClaims.filter((claim) => claim.allowedEvents.includes('APPROVE')).length, `${email} may approve one of ${other.email}'s`).toBeGreaterThan(0);
      expect(ownClaims.length, `${email} has a claim of their own in review`).toBeGreaterThan(0);
      for (const claim of ownClaims) {
        expect(claim.allowedEvents, `${email}'s own ${claim.id}`).not.toContain('APPROVE');
        expect(claim.blockedEvents.find((blocked) => blocked.type === 'APPROVE')?.guards).toContain('approverIsNotCreator');
      }
    }
    // And the approval goes through: the first analyst approves one of the second's.
    const [first, second] = seen as [(typeof seen)[number], (typeof seen)[number]];
    const claim = first.inReview.find((c) => c.createdBy === second.me && c.allowedEvents.includes('APPROVE'))!;
    const approved = await event(claim.id, { type: 'APPROVE' }, first.token);
    expect(approved.status).toBe(200);
    expect(['approved', 'partiallyApproved']).toContain(approved.body.state);
  });
});
