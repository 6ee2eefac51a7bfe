import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { attachToReimbursement, call, expectProblem, fieldErrors, signIn, useServer, sendEvent } from './helpers.ts';

const today = '2026-11-21';
const server = useServer({}, () => today);
let admin: string;
let verifier: string;
let readOnly: string;
let analyst: string;
let auditor: string;
let treasury: string;

let documents = 0;
/** A policyholder (person, with bank details) and a policy of theirs, written straight to the database. */
async function newPolicy(options: { state?: string; startsOn?: string; endsOn?: string; maxBeneficiaries?: number } = {}) {
  const document = `${71_000_000 + ++documents}P`;
  // An insurer in euros: the figures below are research 4.1's in euro cents (amount defaults are per currency).
  const [insurer] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  const [holder] = await server.db.query<{ id: number }>(
    `INSERT INTO policyholders (first_names, last_names, document_type, document_number, birth_date, email, member_number, bank_name, bank_account_type, bank_account, account_holder)
     VALUES ('Inés', 'Prueba Ruiz', 'DNI', $1, '1980-05-05', 'ines@example.com', $2, 'Banco Demo', 'CHECKING', 'ES76 0000 0000 0000 0000 0000', 'Inés Prueba') RETURNING id`,
    [document, `AF-T-${documents}`],
  );
  const [policy] = await server.db.query<{ id: number; number: string }>(
    `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, max_beneficiaries)
     VALUES ($1, $2, $3, 'FAMILY', 'Plan de prueba', $4, $4, $5, $6, $7) RETURNING id, number`,
    [insurer.id, holder.id, `POL-T-${String(documents).padStart(4, '0')}`, options.startsOn ?? '2026-01-01', options.endsOn ?? '2026-12-31', options.state ?? 'ACTIVE', options.maxBeneficiaries ?? 8],
  );
  return { policyId: policy.id, number: policy.number, document };
}

type Body = Record<string, unknown>;
const holderOf = (policy: { policyId: number; document: string }, extra: Body = {}): Body => ({
  policyId: policy.policyId,
  relationship: 'HOLDER',
  firstNames: 'Inés',
  lastName: 'Prueba',
  secondLastName: 'Ruiz',
  documentType: 'DNI',
  documentNumber: policy.document,
  birthDate: '1980-05-05',
  enrolledOn: '2026-01-01',
  ...extra,
});
const dependentOf = (policyId: number, extra: Body = {}): Body => ({
  policyId,
  relationship: 'CHILD',
  firstNames: 'Leo',
  lastName: 'Prueba',
  birthDate: '2015-03-03',
  enrolledOn: '2026-02-01',
  ...extra,
});
const enrol = (body: Body, token = verifier) => call('POST', '/api/patients', { token, body });
async function enrolled(body: Body) {
  const response = await enrol(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}
/** A policy with its holder enrolled. */
async function familyPolicy(options: Parameters<typeof newPolicy>[0] = {}) {
  const policy = await newPolicy(options);
  const holder = await enrolled(holderOf(policy));
  return { ...policy, holder };
}
const refusedWith = (response: Awaited<ReturnType<typeof enrol>>, rule: string, field: string) => {
  const problem = expectProblem(response, 422, rule);
  expect(problem.errors).toEqual([{ path: `body/${field}`, keyword: 'workflow', params: { rule, guard: expect.any(String) } }]);
  // The guard's catalog text explains the refusal in every language.
  expect(en[`machine.patientCoverage.guard.${problem.errors![0].params!.guard}` as keyof typeof en]).toEqual(expect.any(String));
};
const newestAudit = async () =>
  (await server.db.query<{ action: string; entity_type: string; entity_id: string | null; detail: Record<string, unknown> | null }>(
    'SELECT action, entity_type, entity_id, detail FROM audit_log ORDER BY id DESC LIMIT 1',
  ))[0];

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  verifier = await signIn('verificador@demo.local');
  readOnly = await signIn('consulta@demo.local');
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
});

describe('permissions', () => {
  it('lets readers read and only patients:create/update roles write', async () => {
    const { policyId, holder } = await familyPolicy();
    for (const token of [readOnly, analyst, auditor, admin, verifier]) {
      expect((await call('GET', `/api/patients?policyId=${policyId}`, { token })).status).toBe(200);
      expect((await call('GET', `/api/patients/${holder.id}/overview`, { token })).status).toBe(200);
    }
    for (const path of ['/api/patients', `/api/patients/${holder.id}`, `/api/patients/${holder.id}/overview`, `/api/patients/${holder.id}/history`, '/api/policy-summaries']) {
      expectProblem(await call('GET', path, { token: treasury }), 403, 'auth.forbidden');
    }
    for (const token of [readOnly, analyst, auditor, treasury]) {
      expectProblem(await enrol(dependentOf(policyId), token), 403, 'auth.forbidden');
      expectProblem(await call('PUT', `/api/patients/${holder.id}`, { token, body: { ...holderOf({ policyId, document: 'X' }), version: 1 } }), 403, 'auth.forbidden');
      expectProblem(await call('POST', `/api/patients/${holder.id}/events`, { token, body: { type: 'SUSPEND', date: today, reason: 'x' } }), 403, 'auth.forbidden');
    }
    expectProblem(await call('GET', '/api/patients'), 401, 'auth.unauthenticated');
  });
});

describe('bad input', () => {
  it('answers 400 with each field and rule, and writes nothing', async () => {
    const { policyId } = await newPolicy();
    const response = await enrol({ policyId, relationship: 'COUSIN', firstNames: ' ', birthDate: '2020-02-30', enrolledOn: 'mañana', documentNumber: 'a b', nickname: 'x' });
    const problem = expectProblem(response, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(
      expect.arrayContaining(['body/relationship enum', 'body/firstNames pattern', 'body/lastName required', 'body/birthDate format', 'body/enrolledOn format', 'body/documentNumber pattern']),
    );
    expect((await server.db.query('SELECT 1 FROM patients WHERE policy_id = $1', [policyId])).length).toBe(0);
    expectProblem(await call('GET', '/api/patients?sort=age', { token: verifier }), 400, 'request.invalid');
    expectProblem(await call('POST', '/api/patients/1/events', { token: verifier, body: { type: 'PAUSE', date: today } }), 400, 'request.invalid');
    expectProblem(await call('GET', '/api/patients/999999', { token: verifier }), 404, 'patient.notFound');
    expectProblem(await call('GET', '/api/patients?policyId=999999', { token: verifier }), 404, 'policy.notFound');
    expectProblem(await enrol(dependentOf(999_999)), 422, 'patient.policyUnknown');
  });
});

describe('enrolment rules', () => {
  it('enrols the holder first, with the policyholder document, and only one', async () => {
    const policy = await newPolicy();
    refusedWith(await enrol(dependentOf(policy.policyId)), 'patientCoverage.holderMissing', 'relationship');
    refusedWith(await enrol(holderOf(policy, { documentNumber: '99999999R' })), 'patientCoverage.holderDocumentMismatch', 'documentNumber');
    // The document is compared without regard to case, and kept in capitals.
    const holder = await enrolled(holderOf(policy, { documentNumber: policy.document.toLowerCase() }));
    expect(holder).toMatchObject({ state: 'ACTIVE', relationship: 'HOLDER', documentNumber: policy.document, name: 'Inés Prueba Ruiz', policyNumber: policy.number });
    expect(holder.allowedEvents).toEqual(['SUSPEND', 'END_COVERAGE']);
    refusedWith(await enrol(holderOf(policy, { firstNames: 'Otra' })), 'patientCoverage.holderExists', 'relationship');
    expect(await enrolled(dependentOf(policy.policyId))).toMatchObject({ relationship: 'CHILD', state: 'ACTIVE' });
  });

  it('covers a child up to 18 at enrolment, up to 24 as a student with the end of studies', async () => {
    const { policyId } = await familyPolicy();
    // 18 on the enrolment date (19 the next day) is the accepted edge; 19 is refused.
    await enrolled(dependentOf(policyId, { firstNames: 'Ana', birthDate: '2007-02-02', documentType: 'DNI', documentNumber: '81000001A' }));
    refusedWith(await enrol(dependentOf(policyId, { birthDate: '2007-02-01', documentType: 'DNI', documentNumber: '81000002A' })), 'patientCoverage.childOverAge', 'birthDate');
    refusedWith(await enrol(dependentOf(policyId, { birthDate: '2007-02-01', isStudent: true, documentType: 'DNI', documentNumber: '81000002A' })), 'patientCoverage.studentUntilRequired', 'studentUntil');
    const student = await enrolled(
      dependentOf(policyId, { firstNames: 'Pablo', birthDate: '2001-02-02', isStudent: true, studentUntil: '2027-06-30', documentType: 'DNI', documentNumber: '81000003A' }),
    );
    expect(student).toMatchObject({ isStudent: true, studentUntil: '2027-06-30' });
    refusedWith(
      await enrol(dependentOf(policyId, { birthDate: '2001-02-01', isStudent: true, studentUntil: '2027-06-30', documentType: 'DNI', documentNumber: '81000004A' })),
      'patientCoverage.childOverAge',
      'birthDate',
    );
  });

  it('asks partners to be adults and adults for a document', async () => {
    const { policyId } = await familyPolicy();
    refusedWith(await enrol(dependentOf(policyId, { relationship: 'SPOUSE', birthDate: '2008-05-05' })), 'patientCoverage.partnerUnderAge', 'birthDate');
    refusedWith(await enrol(dependentOf(policyId, { relationship: 'SPOUSE', birthDate: '1982-05-05' })), 'patientCoverage.documentRequired', 'documentNumber');
    await enrolled(dependentOf(policyId, { relationship: 'SPOUSE', birthDate: '1982-05-05', documentType: 'NIE', documentNumber: 'X1234567L' }));
    refusedWith(
      await enrol(dependentOf(policyId, { relationship: 'OTHER_DEPENDENT', birthDate: '1950-01-01', documentType: 'NIE', documentNumber: 'x1234567l' })),
      'patientCoverage.documentInPolicy',
      'documentNumber',
    );
  });

  it('takes patients on a pending or active policy, within its validity, up to its maximum', async () => {
    for (const state of ['SUSPENDED', 'CANCELLED', 'EXPIRED']) {
      const policy = await newPolicy({ state });
      refusedWith(await enrol(holderOf(policy)), 'patientCoverage.policyNotOpen', 'policyId');
    }
    const pending = await newPolicy({ state: 'PENDING', startsOn: '2026-12-01', endsOn: '2027-11-30' });
    refusedWith(await enrol(holderOf(pending, { enrolledOn: '2026-11-30' })), 'patientCoverage.enrolmentOutsideValidity', 'enrolledOn');
    await enrolled(holderOf(pending, { enrolledOn: '2026-12-01' }));
    refusedWith(await enrol(dependentOf(pending.policyId, { enrolledOn: '2027-12-01' })), 'patientCoverage.enrolmentOutsideValidity', 'enrolledOn');
    await enrolled(dependentOf(pending.policyId, { enrolledOn: '2027-11-30' }));

    const small = await familyPolicy({ maxBeneficiaries: 2 });
    await enrolled(dependentOf(small.policyId, { firstNames: 'Uno' }));
    refusedWith(await enrol(dependentOf(small.policyId, { firstNames: 'Dos' })), 'patientCoverage.maxBeneficiariesReached', 'policyId');
    const summary = await call('GET', `/api/policy-summaries/${small.policyId}`, { token: verifier });
    expect(summary.body).toMatchObject({ maxBeneficiaries: 2, beneficiaries: 2, hasHolderPatient: true, acceptsPatients: true });
  });

  it('flags the same person on another policy and enrols them once confirmed', async () => {
    const first = await familyPolicy();
    const second = await familyPolicy();
    const spouse = { relationship: 'SPOUSE', birthDate: '1979-09-09', documentType: 'PASSPORT', documentNumber: 'PA1234567' };
    await enrolled(dependentOf(first.policyId, spouse));
    refusedWith(await enrol(dependentOf(second.policyId, spouse)), 'patientCoverage.duplicatePerson', 'documentNumber');
    expect(await enrolled(dependentOf(second.policyId, { ...spouse, confirmDuplicate: true }))).toMatchObject({ documentNumber: 'PA1234567', policyId: second.policyId });
  });
});

describe('changes, coverage events and history', () => {
  it('updates under the enrolment rules with the version read (409 when stale), and records what changed', async () => {
    const { policyId } = await familyPolicy();
    const child = await enrolled(dependentOf(policyId));
    const { id, version } = child;
    // The policy is fixed at enrolment: an update names every field but it.
    const { policyId: _policy, ...fields } = dependentOf(policyId, { firstNames: 'Leonardo', credentialNumber: 'CR-778' });
    const body = { ...fields, version };
    const updated = await call('PUT', `/api/patients/${id}`, { token: verifier, body });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ firstNames: 'Leonardo', credentialNumber: 'CR-778', version: version + 1 });
    expect(updated.headers.get('etag')).toBe(`"${version + 1}"`);
    const stale = expectProblem(await call('PUT', `/api/patients/${id}`, { token: verifier, body: { ...body, firstNames: 'Otro' } }), 409, 'conflict.staleVersion');
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: version + 1 } }]);
    refusedWith(await call('PUT', `/api/patients/${id}`, { token: verifier, body: { ...body, version: version + 1, birthDate: '2000-01-01' } }), 'patientCoverage.childOverAge', 'birthDate');
    expect((await call('GET', `/api/patients/${id}`, { token: verifier })).body).toMatchObject({ firstNames: 'Leonardo', birthDate: '2015-03-03', version: version + 1 });

    const history = await call('GET', `/api/patients/${id}/history`, { token: readOnly });
    expect(history.body.items.map((h: { event: string; toState: string }) => `${h.event}>${h.toState}`)).toEqual(['ENROL>active', 'AMEND>active']);
    expect(history.body.items[1].changes).toEqual([
      { field: 'firstNames', from: 'Leo', to: 'Leonardo' },
      { field: 'credentialNumber', from: null, to: 'CR-778' },
    ]);
  });

  it('suspends, resumes and ends coverage with dates; the holder leaves last', async () => {
    const { policyId, holder } = await familyPolicy();
    const child = await enrolled(dependentOf(policyId));
    const event = (id: number, body: Body) => sendEvent('patients', id, body, verifier);
    expectProblem(await event(child.id, { type: 'SUSPEND', date: '2026-11-22', reason: 'Impago' }), 409, 'patientCoverage.suspensionDateInvalid');
    expectProblem(await event(child.id, { type: 'SUSPEND', date: '2026-11-01', reason: ' ' }), 409, 'patientCoverage.reasonRequired');
    expectProblem(await event(child.id, { type: 'SUSPEND', date: '2026-11-01', reason: 'Impago', version: child.version + 5 }), 409, 'conflict.staleVersion');
    const suspended = await event(child.id, { type: 'SUSPEND', date: '2026-11-01', reason: 'Impago', version: child.version });
    expect(suspended.body).toMatchObject({ state: 'SUSPENDED', suspendedOn: '2026-11-01', stateReason: 'Impago', allowedEvents: ['RESUME', 'END_COVERAGE'] });
    expectProblem(await event(child.id, { type: 'RESUME', date: '2026-10-31' }), 409, 'patientCoverage.resumptionDateInvalid');
    expect((await event(child.id, { type: 'RESUME', date: '2026-11-10' })).body).toMatchObject({ state: 'ACTIVE', suspendedOn: null });

    expectProblem(await event(holder.id, { type: 'END_COVERAGE', date: '2026-11-30', reason: 'Baja voluntaria' }), 409, 'patientCoverage.dependentsStillCovered');
    expectProblem(await event(child.id, { type: 'END_COVERAGE', date: '2026-02-01', reason: 'Baja' }), 409, 'patientCoverage.leavingDateInvalid');
    const left = await event(child.id, { type: 'END_COVERAGE', date: '2026-11-30', reason: 'Baja voluntaria' });
    expect(left.body).toMatchObject({ state: 'LEFT', leftOn: '2026-11-30', allowedEvents: [] });
    expectProblem(await event(child.id, { type: 'RESUME', date: today }), 409, 'workflow.illegalEvent');
    expect((await event(holder.id, { type: 'END_COVERAGE', date: '2026-12-31', reason: 'Fin del contrato' })).body.state).toBe('LEFT');
    // A place freed by leaving counts no more against the maximum.
    expect((await call('GET', `/api/policy-summaries/${policyId}`, { token: verifier })).body).toMatchObject({ beneficiaries: 0, hasHolderPatient: false });

    const history = (await call('GET', `/api/patients/${child.id}/history`, { token: verifier })).body.items;
    expect(history.map((h: Body) => [h.event, h.toState, h.date ?? null, h.reason ?? null])).toEqual([
      ['ENROL', 'active', null, null],
      ['SUSPEND', 'suspended', '2026-11-01', 'Impago'],
      ['RESUME', 'active', '2026-11-10', null],
      ['END_COVERAGE', 'left', '2026-11-30', 'Baja voluntaria'],
    ]);
    expect(history[1].actorName).toBe('Valeria Verificadora');
  });
});

describe('list', () => {
  it('searches by name, document, credential and policy number, filters by policy with its summary, sorts and pages', async () => {
    const policy = await familyPolicy();
    await enrolled(dependentOf(policy.policyId, { firstNames: 'Zoe', lastName: 'Quintanilla', credentialNumber: 'CRED-ZQ-1' }));
    await enrolled(dependentOf(policy.policyId, { firstNames: 'Abel', lastName: 'Quintanilla', documentType: 'DNI', documentNumber: '82000001Q' }));
    const names = async (query: string) => (await call('GET', `/api/patients?${query}`, { token: readOnly })).body.items.map((p: { name: string }) => p.name);
    expect(await names('q=quintanilla&sort=name')).toEqual(['Abel Quintanilla', 'Zoe Quintanilla']);
    expect(await names('q=quintanilla&sort=-name')).toEqual(['Zoe Quintanilla', 'Abel Quintanilla']);
    expect(await names('q=82000001')).toEqual(['Abel Quintanilla']);
    expect(await names('q=cred-zq')).toEqual(['Zoe Quintanilla']);
    // By last name, then first names.
    expect(await names(`q=${policy.number}&sort=name`)).toEqual(['Inés Prueba Ruiz', 'Abel Quintanilla', 'Zoe Quintanilla']);

    const page = await call('GET', `/api/patients?policyId=${policy.policyId}&pageSize=2&page=2&sort=name`, { token: readOnly });
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2, policy: { id: policy.policyId, number: policy.number, holderName: 'Inés Prueba Ruiz', beneficiaries: 3, maxBeneficiaries: 8 } });
    expect(page.body.items.map((p: { name: string }) => p.name)).toEqual(['Zoe Quintanilla']);
    expect((await call('GET', '/api/patients?relationship=HOLDER&pageSize=100', { token: readOnly })).body.items.every((p: { relationship: string }) => p.relationship === 'HOLDER')).toBe(true);
    expect(await newestAudit()).toMatchObject({ action: 'LIST', entity_type: 'patient' });

    const picker = await call('GET', `/api/policy-summaries?q=${encodeURIComponent('prueba ruiz')}&open=true&limit=50`, { token: verifier });
    expect(picker.body.items.length).toBeGreaterThan(0);
    expect(picker.body.items.every((p: { holderName: string; acceptsPatients: boolean }) => p.holderName === 'Inés Prueba Ruiz' && p.acceptsPatients)).toBe(true);
  });
});

describe('patient view', () => {
  it('shows the year used and remaining after a paid reimbursement, the running waiting periods and the linked records; opening it is audited', async () => {
    const { policyId } = await familyPolicy();
    const spouse = await enrolled(dependentOf(policyId, { relationship: 'SPOUSE', birthDate: '1981-01-01', documentType: 'DNI', documentNumber: '83000001S', enrolledOn: '2026-01-01' }));
    const before = (await call('GET', `/api/patients/${spouse.id}/overview`, { token: readOnly })).body;
    expect(before.benefits).toMatchObject({ benefitYear: 'CALENDAR', yearStart: '2026-01-01', yearEnd: '2026-12-31', annualMaximum: { limitCents: 150000, usedCents: 0, remainingCents: 150000 } });
    expect(before.coverage).toEqual({ date: today, active: true, reason: null });
    // Basic care waited 6 months (over in July); major care and orthodontics wait 12 (until January).
    expect(before.waitingPeriods).toEqual([
      { category: 'MAJOR', months: 12, endsOn: '2027-01-01' },
      { category: 'ORTHODONTIC', months: 12, endsOn: '2027-01-01' },
    ]);

    const verification = (await call('POST', '/api/verifications', { token: admin, body: { patientId: spouse.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } })).body;
    await sendEvent('verifications', verification.id, { type: 'START' }, admin);
    expect((await sendEvent('verifications', verification.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin)).body.state).toBe('verified');
    const [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    const lines = [
      { procedureCode: 'D0120', serviceDate: '2026-11-18', chargedCents: 6000 },
      { procedureCode: 'D1110', serviceDate: '2026-11-18', chargedCents: 9000 },
      { procedureCode: 'D2330', tooth: '11', serviceDate: '2026-11-18', chargedCents: 15000 },
    ];
    const draft = (await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId: verification.id, doctorId, invoiceNumber: 'F-PAT-1', invoiceDate: '2026-11-18', lines } })).body;
    for (const type of draft.missingDocuments) expect((await attachToReimbursement(analyst, draft.id, type)).status).toBe(201);
    expect((await sendEvent('reimbursements', draft.id, { type: 'SUBMIT' }, analyst)).body.state).toBe('inReview');
    expect((await sendEvent('reimbursements', draft.id, { type: 'APPROVE' }, auditor)).body.state).toBe('approved');
    const paid = await sendEvent('reimbursements', draft.id, { type: 'PAY', reference: 'TRF-PAT-1', reason: 'Pago excepcional' }, treasury);
    expect(paid.body).toMatchObject({ state: 'paid', paidCents: 23000 });

    const after = await call('GET', `/api/patients/${spouse.id}/overview`, { token: readOnly });
    expect(after.status).toBe(200);
    // Exam and cleaning at 100 %, the filling at 80 % after the 50.00 deductible: 230.00 of the 1 500.00.
    expect(after.body.benefits).toMatchObject({
      annualMaximum: { limitCents: 150000, usedCents: 23000, remainingCents: 127000 },
      deductible: { limitCents: 5000, usedCents: 5000, remainingCents: 0 },
      familyDeductible: { limitCents: 15000, usedCents: 5000, remainingCents: 10000 },
      orthodontic: { limitCents: 150000, usedCents: 0, remainingCents: 150000 },
      // The default age limit, the one a verification's orthoUnderAgeLimit guard reads.
      orthodonticAgeLimit: 19,
    });
    expect(after.body.verifications).toEqual([expect.objectContaining({ id: verification.id, folio: verification.folio, state: 'verified' })]);
    expect(after.body.reimbursements).toEqual([expect.objectContaining({ id: draft.id, state: 'paid', paidCents: 23000, verificationId: verification.id })]);
    expect(after.body.orthodonticPlans).toEqual([]);
    expect(after.body.policy).toMatchObject({ id: policyId, acceptsPatients: true });
    const readerId = (await call('GET', '/api/me', { token: readOnly })).body.user.id;
    const [audit] = await server.db.query<{ action: string; entity_type: string; entity_id: string; user_id: number; detail: Body }>(
      'SELECT action, entity_type, entity_id, user_id, detail FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toEqual({ action: 'VIEW', entity_type: 'patient', entity_id: String(spouse.id), user_id: readerId, detail: { part: 'overview' } });
  });

  it('says why a suspended patient is not covered today', async () => {
    const { policyId } = await familyPolicy();
    const child = await enrolled(dependentOf(policyId));
    await sendEvent('patients', child.id, { type: 'SUSPEND', date: today, reason: 'Impago' }, verifier);
    const overview = (await call('GET', `/api/patients/${child.id}/overview`, { token: verifier })).body;
    expect(overview.coverage).toEqual({ date: today, active: false, reason: 'PATIENT_SUSPENDED' });
    expect(overview.patient.allowedEvents).toEqual(['RESUME', 'END_COVERAGE']);
  });

  it('counts waiting periods by the defaults Configuraciones holds today', async () => {
    const { policyId } = await familyPolicy();
    const child = await enrolled(dependentOf(policyId));
    const defaults = (await call('GET', '/api/settings/defaults', { token: admin })).body.items as { key: string; version: number; value: unknown }[];
    const major = defaults.find((d) => d.key === 'waitingPeriods.months.MAJOR')!;
    expect((await call('PUT', '/api/settings/defaults/waitingPeriods.months.MAJOR', { token: admin, body: { version: major.version, value: 6 } })).status).toBe(200);
    // Back as it was when the case ends: the patient view's case counts the twelve months the seed holds.
    onTestFinished(async () => {
      expect((await call('PUT', '/api/settings/defaults/waitingPeriods.months.MAJOR', { token: admin, body: { version: major.version + 1, value: major.value } })).status).toBe(200);
    });
    // Enrolled in February: six months of major care are over by November; orthodontics still waits twelve.
    const overview = (await call('GET', `/api/patients/${child.id}/overview`, { token: verifier })).body;
    expect(overview.waitingPeriods).toEqual([{ category: 'ORTHODONTIC', months: 12, endsOn: '2027-02-01' }]);
  });
});
