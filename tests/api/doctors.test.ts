import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { call, expectProblem, fieldErrors, signIn, useServer, sendEvent } from './helpers.ts';

const today = '2026-11-21';
const server = useServer({}, () => today);

interface Agreement {
  id: number;
  insurerId: number;
  insurerName: string;
  validFrom: string;
  validTo: string | null;
}
interface Doctor {
  id: number;
  version: number;
  firstNames: string;
  lastNames: string;
  licenseNumber: string;
  licenseJurisdiction: string;
  specialty: string;
  otherSpecialties: string[];
  inNetwork: boolean;
  state: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED';
  suspensionReason: string | null;
  suspendedOn: string | null;
  agreements: Agreement[];
  [field: string]: unknown;
}

const tokens: Record<string, string> = {};
const ROLES = { admin: 'admin', supervisor: 'supervisor', verifier: 'verificador', analyst: 'analista', auditor: 'auditor', treasury: 'tesoreria', readOnly: 'consulta' };
let insurers: { id: number; name: string }[];
let serial = 0;

beforeAll(async () => {
  for (const [role, user] of Object.entries(ROLES)) tokens[role] = await signIn(`${user}@demo.local`);
  insurers = await server.db.query<{ id: number; name: string }>('SELECT id, name FROM insurers WHERE active ORDER BY id LIMIT 3');
});

/** A valid body with a licence number no other test uses. */
function newDoctor(fields: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    firstNames: 'Elena',
    lastNames: `Prueba ${serial}`,
    licenseNumber: `MP-${90000 + serial}`,
    licenseJurisdiction: 'AR-B',
    specialty: 'GENERAL',
    ...fields,
  };
}

const create = (body: Record<string, unknown>, token = tokens.admin) => call<Doctor>('POST', '/api/doctors', { token, body });
const get = (id: number, token = tokens.admin) => call<Doctor>('GET', `/api/doctors/${id}`, { token });
const update = (id: number, body: Record<string, unknown>, token = tokens.admin) => call<Doctor>('PUT', `/api/doctors/${id}`, { token, body });
const changeState = (id: number, body: Record<string, unknown>, token = tokens.admin) => call<Doctor>('POST', `/api/doctors/${id}/state`, { token, body });
const list = (query: string, token = tokens.admin) => call<{ items: Doctor[]; total: number; page: number; pageSize: number }>('GET', `/api/doctors${query}`, { token });

async function created(fields: Record<string, unknown> = {}) {
  const response = await create(newDoctor(fields));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** What a client sends back to save a doctor it read. */
function editable(doctor: Doctor) {
  const { id: _id, createdAt: _c, updatedAt: _u, state: _s, suspensionReason: _r, suspendedOn: _o, ...fields } = doctor;
  return { ...fields, agreements: doctor.agreements.map(({ insurerId, validFrom, validTo }) => ({ insurerId, validFrom, validTo })) };
}

/** A verification of a patient's coverage, verified just now, that a reimbursement can start from. */
async function verifiedVerification(): Promise<number> {
  const [patient] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo') AND v.kind = 'BENEFITS')
      ORDER BY p.id LIMIT 1`,
  );
  const opened = await call('POST', '/api/verifications', { token: tokens.admin, body: { patientId: patient.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  await sendEvent('verifications', opened.body.id, { type: 'START' }, tokens.admin);
  const verified = await sendEvent('verifications', opened.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, tokens.admin);
  expect(verified.body.state).toBe('verified');
  return opened.body.id;
}

const newReimbursement = (verificationId: number, doctorId: number) =>
  call('POST', '/api/reimbursements', {
    token: tokens.analyst,
    body: { verificationId, doctorId, invoiceNumber: 'F-7001', invoiceDate: '2026-11-18', lines: [{ procedureCode: 'D0120', serviceDate: '2026-11-18', chargedCents: 6000 }] },
  });

describe('doctors: permissions per role', () => {
  it('lets every role that works with doctors read them, treasury too (it keeps their payee accounts)', async () => {
    for (const role of ['admin', 'supervisor', 'verifier', 'analyst', 'auditor', 'treasury', 'readOnly']) {
      expect((await list('', tokens[role])).status, role).toBe(200);
    }
    expectProblem(await call('GET', '/api/doctors'), 401, 'auth.unauthenticated');
  });

  it('lets administrators and supervisors create, edit and change the state of doctors, nobody else', async () => {
    const bySupervisor = await create(newDoctor(), tokens.supervisor);
    expect(bySupervisor.status).toBe(201);
    for (const role of ['verifier', 'analyst', 'auditor', 'treasury', 'readOnly']) {
      expectProblem(await create(newDoctor(), tokens[role]), 403, 'auth.forbidden');
      expectProblem(await update(bySupervisor.body.id, editable(bySupervisor.body), tokens[role]), 403, 'auth.forbidden');
      expectProblem(await changeState(bySupervisor.body.id, { state: 'INACTIVE', version: bySupervisor.body.version }, tokens[role]), 403, 'auth.forbidden');
    }
    const edited = await update(bySupervisor.body.id, { ...editable(bySupervisor.body), clinicName: 'Clínica Norte' }, tokens.supervisor);
    expect(edited.status).toBe(200);
    expect((await changeState(bySupervisor.body.id, { state: 'INACTIVE', version: edited.body.version }, tokens.supervisor)).body.state).toBe('INACTIVE');
  });

  it('lets only administrators delete a doctor', async () => {
    const doctor = await created();
    for (const role of ['supervisor', 'verifier', 'analyst', 'auditor', 'treasury', 'readOnly']) {
      expectProblem(await call('DELETE', `/api/doctors/${doctor.id}`, { token: tokens[role] }), 403, 'auth.forbidden');
    }
    expect((await call('DELETE', `/api/doctors/${doctor.id}`, { token: tokens.admin })).status).toBe(204);
    expectProblem(await get(doctor.id), 404, 'doctor.notFound');
  });
});

describe('doctors: create, read, update', () => {
  it('creates an active doctor with document, specialties, clinic contact and agreements, and reads it back', async () => {
    const body = newDoctor({
      documentType: 'DNI',
      documentNumber: '30111222',
      licenseVerifiedOn: '2026-01-15',
      specialty: 'ORTHODONTICS',
      otherSpecialties: ['PEDIATRIC', 'ORTHODONTICS', 'RADIOLOGY'],
      taxId: '20-30111222-7',
      clinicName: 'Sonrisas del Sur',
      clinicAddress: 'Av. Mitre 1200',
      clinicCity: 'Quilmes',
      clinicPhone: '+54 11 4250-0000',
      clinicEmail: 'turnos@sonrisas.example',
      inNetwork: true,
      agreements: [
        { insurerId: insurers[1].id, validFrom: '2026-01-01', validTo: null },
        { insurerId: insurers[0].id, validFrom: '2025-03-01', validTo: '2025-12-31' },
      ],
    });
    const response = await create(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/doctors/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    const { agreements: _agreements, otherSpecialties: _others, ...plain } = body;
    expect(response.body).toMatchObject({ ...plain, version: 1, state: 'ACTIVE', suspensionReason: null, suspendedOn: null });
    // The main specialty is not repeated among the others.
    expect(response.body.otherSpecialties).toEqual(['PEDIATRIC', 'RADIOLOGY']);
    expect(response.body.agreements).toEqual([
      { id: expect.any(Number), insurerId: insurers[0].id, insurerName: insurers[0].name, validFrom: '2025-03-01', validTo: '2025-12-31' },
      { id: expect.any(Number), insurerId: insurers[1].id, insurerName: insurers[1].name, validFrom: '2026-01-01', validTo: null },
    ]);
    expect((await get(response.body.id)).body).toEqual(response.body);
  });

  it('fills the defaults: no other specialties, out of network, no agreements', async () => {
    const doctor = await created();
    expect(doctor).toMatchObject({ otherSpecialties: [], inNetwork: false, agreements: [], documentType: null, taxId: null, clinicEmail: null, licenseVerifiedOn: null });
  });

  it('replaces fields and agreements on update, bumping the version', async () => {
    const doctor = await created({ agreements: [{ insurerId: insurers[0].id, validFrom: '2026-01-01' }] });
    const response = await update(doctor.id, { ...editable(doctor), lastNames: 'Renombrada', agreements: [{ insurerId: insurers[2].id, validFrom: '2026-06-01', validTo: '2027-05-31' }] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ lastNames: 'Renombrada', version: 2 });
    expect(response.body.agreements.map((a) => [a.insurerId, a.validFrom, a.validTo])).toEqual([[insurers[2].id, '2026-06-01', '2027-05-31']]);
    expect(response.headers.get('etag')).toBe('"2"');
  });

  it('refuses a stale version with 409 and the current version, changing nothing', async () => {
    const doctor = await created();
    expect((await update(doctor.id, { ...editable(doctor), clinicCity: 'Lanús' })).status).toBe(200);
    const stale = expectProblem(await update(doctor.id, { ...editable(doctor), clinicCity: 'Avellaneda' }), 409, 'conflict.staleVersion');
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: 2 } }]);
    expect((await get(doctor.id)).body.clinicCity).toBe('Lanús');
    expectProblem(await changeState(doctor.id, { state: 'INACTIVE', version: 1 }), 409, 'conflict.staleVersion');
  });

  it('answers 404 for a doctor there is not', async () => {
    expectProblem(await get(2147483647), 404, 'doctor.notFound');
    expectProblem(await update(2147483647, { ...newDoctor(), version: 1 }), 404, 'doctor.notFound');
    expectProblem(await changeState(2147483647, { state: 'INACTIVE', version: 1 }), 404, 'doctor.notFound');
    expectProblem(await call('DELETE', '/api/doctors/2147483647', { token: tokens.admin }), 404, 'doctor.notFound');
  });
});

describe('doctors: bad input', () => {
  it('names each broken field with 400', async () => {
    const bad = await create({ lastNames: ' ', licenseNumber: 'mp 1', licenseJurisdiction: 'Buenos Aires', specialty: 'DENTIST', documentType: 'ID', clinicEmail: 'no', licenseVerifiedOn: '2026-02-30', colour: 'red' });
    expect(fieldErrors(expectProblem(bad, 400, 'request.invalid'))).toEqual([
      'body/clinicEmail format',
      'body/colour unevaluatedProperties',
      'body/documentType enum',
      'body/firstNames required',
      'body/lastNames pattern',
      'body/licenseJurisdiction pattern',
      'body/licenseNumber pattern',
      'body/licenseVerifiedOn format',
      'body/specialty enum',
    ]);
    const missing = expectProblem(await create({}), 400, 'request.invalid');
    expect((missing.errors ?? []).map((e) => e.params?.missingProperty).sort()).toEqual(['firstNames', 'lastNames', 'licenseJurisdiction', 'licenseNumber', 'specialty']);
  });

  it('refuses repeated or unknown other specialties and malformed agreements', async () => {
    expect(fieldErrors(expectProblem(await create(newDoctor({ otherSpecialties: ['PEDIATRIC', 'PEDIATRIC'] })), 400, 'request.invalid'))).toEqual(['body/otherSpecialties uniqueItems']);
    expect(fieldErrors(expectProblem(await create(newDoctor({ otherSpecialties: ['MAGIC'] })), 400, 'request.invalid'))).toEqual(['body/otherSpecialties/0 enum']);
    expect(fieldErrors(expectProblem(await create(newDoctor({ agreements: [{ insurerId: 0, validFrom: 'soon' }] })), 400, 'request.invalid'))).toEqual([
      'body/agreements/0/insurerId minimum',
      'body/agreements/0/validFrom format',
    ]);
  });

  it('refuses a suspension without a reason, and a reason on any other state', async () => {
    const doctor = await created();
    expect(fieldErrors(expectProblem(await changeState(doctor.id, { state: 'SUSPENDED', version: 1 }), 400, 'request.invalid'))).toContain('body/reason required');
    expect(fieldErrors(expectProblem(await changeState(doctor.id, { state: 'SUSPENDED', reason: '   ', version: 1 }), 400, 'request.invalid'))).toContain('body/reason pattern');
    expect(fieldErrors(expectProblem(await changeState(doctor.id, { state: 'INACTIVE', reason: 'why not', version: 1 }), 400, 'request.invalid'))).toContain('body/reason false schema');
    expectProblem(await changeState(doctor.id, { state: 'RETIRED', version: 1 }), 400, 'request.invalid');
    expect((await get(doctor.id)).body).toMatchObject({ state: 'ACTIVE', version: 1 });
  });

  it('refuses list parameters the contract does not allow', async () => {
    expect(fieldErrors(expectProblem(await list('?sort=password'), 400, 'request.invalid'))).toEqual(['query/sort pattern']);
    expect(fieldErrors(expectProblem(await list('?specialty=MAGIC'), 400, 'request.invalid'))).toEqual(['query/specialty enum']);
    expect(fieldErrors(expectProblem(await list('?state=GONE'), 400, 'request.invalid'))).toEqual(['query/state enum']);
    expect(fieldErrors(expectProblem(await list('?insurerId=99999999999'), 400, 'request.invalid'))).toEqual(['query/insurerId maximum']);
    expect(fieldErrors(expectProblem(await list('?inNetwork=maybe'), 400, 'request.invalid'))).toEqual(['query/inNetwork type']);
  });

  it('refuses agreements that end before they start, name no insurer or overlap, with 422 on the row', async () => {
    const backwards = expectProblem(await create(newDoctor({ agreements: [{ insurerId: insurers[0].id, validFrom: '2026-05-01', validTo: '2026-04-30' }] })), 422, 'doctor.agreementEndsBeforeStart');
    expect(fieldErrors(backwards)).toEqual(['body/agreements/0/validTo endsBeforeStart']);
    const unknown = expectProblem(await create(newDoctor({ agreements: [{ insurerId: 2147483647, validFrom: '2026-05-01' }] })), 422, 'doctor.agreementInsurerUnknown');
    expect(fieldErrors(unknown)).toEqual(['body/agreements/0/insurerId exists']);
    const overlap = expectProblem(
      await create(
        newDoctor({
          agreements: [
            { insurerId: insurers[0].id, validFrom: '2026-01-01', validTo: '2026-06-30' },
            { insurerId: insurers[1].id, validFrom: '2026-01-01' },
            { insurerId: insurers[0].id, validFrom: '2026-06-30' },
          ],
        }),
      ),
      422,
      'doctor.agreementOverlap',
    );
    expect(fieldErrors(overlap)).toEqual(['body/agreements/2/validFrom overlaps']);
    // Back to back is no overlap.
    expect((await create(newDoctor({ agreements: [{ insurerId: insurers[0].id, validFrom: '2026-01-01', validTo: '2026-06-30' }, { insurerId: insurers[0].id, validFrom: '2026-07-01' }] }))).status).toBe(201);
  });
});

describe('doctors: licence number unique per jurisdiction', () => {
  it('refuses a second doctor with the licence in the same jurisdiction on the licence field, and allows it in another', async () => {
    const first = await created({ licenseNumber: 'MN-555', licenseJurisdiction: 'AR-C' });
    const taken = expectProblem(await create(newDoctor({ licenseNumber: 'MN-555', licenseJurisdiction: 'AR-C' })), 409, 'doctor.licenseTaken');
    expect(fieldErrors(taken)).toEqual(['body/licenseNumber licenseTaken']);
    const elsewhere = await create(newDoctor({ licenseNumber: 'MN-555', licenseJurisdiction: 'AR-X' }));
    expect(elsewhere.status).toBe(201);
    // Moving the other one into the first one's jurisdiction is refused the same way; keeping one's own licence is not.
    expectProblem(await update(elsewhere.body.id, { ...editable(elsewhere.body), licenseJurisdiction: 'AR-C' }), 409, 'doctor.licenseTaken');
    expect((await update(first.id, { ...editable(first), clinicName: 'Otra' })).status).toBe(200);
  });

  it('lets the database decide when two saves of one licence race, still on the licence field', async () => {
    const body = newDoctor({ licenseNumber: 'RACE-1', licenseJurisdiction: 'UY' });
    const answers = await Promise.all([create(body), create(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(fieldErrors(expectProblem(refused, 409, 'doctor.licenseTaken'))).toEqual(['body/licenseNumber licenseTaken']);
  });
});

describe('doctors: list', () => {
  let mine: Doctor[];
  beforeAll(async () => {
    mine = [
      await created({ firstNames: 'Zoe', lastNames: 'Listado Alfa', licenseNumber: 'LST-001', documentNumber: 'DOC-4711', specialty: 'PERIODONTICS', inNetwork: true, agreements: [{ insurerId: insurers[2].id, validFrom: '2026-01-01' }] }),
      await created({ firstNames: 'Ana', lastNames: 'Listado Beta', licenseNumber: 'LST-002', taxId: 'TAX-99887', specialty: 'GENERAL', otherSpecialties: ['PERIODONTICS'] }),
      await created({ firstNames: 'Ana', lastNames: 'Listado Gamma', licenseNumber: 'LST-003', specialty: 'RADIOLOGY' }),
    ];
  });
  const ids = (items: Doctor[]) => items.map((d) => d.id);

  it('searches names, licence number, document number and fiscal id', async () => {
    expect(ids((await list('?q=listado')).body.items)).toEqual(ids(mine));
    expect(ids((await list('?q=LST-002')).body.items)).toEqual([mine[1].id]);
    expect(ids((await list('?q=ana listado b')).body.items)).toEqual([mine[1].id]);
    expect(ids((await list('?q=doc-4711')).body.items)).toEqual([mine[0].id]);
    expect(ids((await list('?q=TAX-99887')).body.items)).toEqual([mine[1].id]);
    expect((await list('?q=nobody-has-this')).body).toMatchObject({ items: [], total: 0 });
  });

  it('filters by specialty (main or other), network, state and insurer agreement', async () => {
    expect(ids((await list('?q=listado&specialty=PERIODONTICS')).body.items)).toEqual([mine[0].id, mine[1].id]);
    expect(ids((await list('?q=listado&inNetwork=true')).body.items)).toEqual([mine[0].id]);
    expect(ids((await list(`?q=listado&insurerId=${insurers[2].id}`)).body.items)).toEqual([mine[0].id]);
    const suspended = await changeState(mine[2].id, { state: 'SUSPENDED', reason: 'Licencia en revisión', version: mine[2].version });
    expect(suspended.status).toBe(200);
    mine[2] = suspended.body;
    expect(ids((await list('?q=listado&state=SUSPENDED')).body.items)).toEqual([mine[2].id]);
    expect(ids((await list('?q=listado&state=ACTIVE')).body.items)).toEqual([mine[0].id, mine[1].id]);
  });

  it('sorts by several keys and pages with the total', async () => {
    expect(ids((await list('?q=listado&sort=firstNames,-lastNames')).body.items)).toEqual([mine[2].id, mine[1].id, mine[0].id]);
    expect(ids((await list('?q=listado&sort=-licenseNumber')).body.items)).toEqual([mine[2].id, mine[1].id, mine[0].id]);
    const first = await list('?q=listado&sort=lastNames&pageSize=2');
    const second = await list('?q=listado&sort=lastNames&pageSize=2&page=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect([...ids(first.body.items), ...ids(second.body.items)]).toEqual(ids(mine));
  });

  it('lists the seeded doctors with their agreements loaded', async () => {
    const all = await list('?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBe(Math.min(all.body.total, 100));
    expect(all.body.items.find((d) => d.id === mine[0].id)?.agreements.map((a) => a.insurerName)).toEqual([insurers[2].name]);
    // The demo's in-network doctors work under agreements; the others under none.
    const seeded = all.body.items.filter((d) => /^COL-/.test(d.licenseNumber));
    expect(seeded.filter((d) => d.inNetwork).every((d) => d.agreements.length > 0)).toBe(true);
    expect(seeded.filter((d) => !d.inNetwork).every((d) => d.agreements.length === 0)).toBe(true);
  });
});

describe('doctors: states', () => {
  it('suspends with a reason and the day, reactivates clearing them, deactivates, and refuses the state it is in', async () => {
    const doctor = await created();
    const suspended = await changeState(doctor.id, { state: 'SUSPENDED', reason: '  Sanción del colegio  ', version: doctor.version });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ state: 'SUSPENDED', suspensionReason: 'Sanción del colegio', suspendedOn: today, version: 2 });
    expect(suspended.headers.get('etag')).toBe('"2"');
    expectProblem(await changeState(doctor.id, { state: 'SUSPENDED', reason: 'otra vez', version: 2 }), 409, 'doctor.alreadyInState');
    // An edit keeps the suspension.
    const edited = await update(doctor.id, { ...editable(suspended.body), clinicName: 'Consultorio' });
    expect(edited.body).toMatchObject({ state: 'SUSPENDED', suspensionReason: 'Sanción del colegio' });
    const active = await changeState(doctor.id, { state: 'ACTIVE', version: edited.body.version });
    expect(active.body).toMatchObject({ state: 'ACTIVE', suspensionReason: null, suspendedOn: null });
    const inactive = await changeState(doctor.id, { state: 'INACTIVE', version: active.body.version });
    expect(inactive.body).toMatchObject({ state: 'INACTIVE', suspensionReason: null });
    const audit = await server.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE entity_type = 'doctor' AND entity_id = $1 AND action = 'UPDATE' AND detail ? 'state' ORDER BY id",
      [String(doctor.id)],
    );
    expect(audit.map((row) => row.detail)).toEqual([
      { state: 'SUSPENDED', from: 'ACTIVE', reason: 'Sanción del colegio' },
      { state: 'ACTIVE', from: 'SUSPENDED' },
      { state: 'INACTIVE', from: 'ACTIVE' },
    ]);
  });
});

describe('doctors: delete', () => {
  it('refuses to delete a doctor verifications or reimbursements name, with a rule code and the counts', async () => {
    const [used] = await server.db.query<{ id: number; verifications: number; reimbursements: number }>(
      `SELECT d.id, (SELECT count(*)::int FROM verifications v WHERE v.doctor_id = d.id) AS verifications,
              (SELECT count(*)::int FROM reimbursements r WHERE r.doctor_id = d.id) AS reimbursements
         FROM doctors d WHERE EXISTS (SELECT 1 FROM reimbursements r WHERE r.doctor_id = d.id) ORDER BY d.id LIMIT 1`,
    );
    const refused = expectProblem(await call('DELETE', `/api/doctors/${used.id}`, { token: tokens.admin }), 422, 'doctor.inUse');
    expect(refused.errors?.[0]).toMatchObject({ path: 'params/id', keyword: 'inUse', params: { verifications: used.verifications, reimbursements: used.reimbursements } });
    expect((await get(used.id)).status).toBe(200);
  });

  it('deletes a doctor nothing names, with its agreements, and audits it', async () => {
    const doctor = await created({ agreements: [{ insurerId: insurers[0].id, validFrom: '2026-01-01' }] });
    expect((await call('DELETE', `/api/doctors/${doctor.id}`, { token: tokens.admin })).status).toBe(204);
    expect(await server.db.query('SELECT 1 FROM doctor_agreements WHERE doctor_id = $1', [doctor.id])).toEqual([]);
    const audit = await server.db.query<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'doctor' AND entity_id = $1 ORDER BY id", [String(doctor.id)]);
    expect(audit.map((row) => row.action)).toEqual(['CREATE', 'DELETE']);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });
});

describe('a suspended doctor on a new reimbursement', () => {
  it('is refused with reimbursement.doctorSuspended on the doctor field; an inactive one with doctorInactive; an active one is accepted', async () => {
    const verificationId = await verifiedVerification();
    const doctor = await created();
    const suspended = await changeState(doctor.id, { state: 'SUSPENDED', reason: 'Matrícula vencida', version: doctor.version });
    expect(suspended.body.state).toBe('SUSPENDED');

    const refused = expectProblem(await newReimbursement(verificationId, doctor.id), 422, 'reimbursement.doctorSuspended');
    expect(fieldErrors(refused)).toEqual(['body/doctorId doctorSuspended']);
    expect(await server.db.query('SELECT 1 FROM reimbursements WHERE doctor_id = $1', [doctor.id])).toEqual([]);

    const inactive = await changeState(doctor.id, { state: 'INACTIVE', version: suspended.body.version });
    expectProblem(await newReimbursement(verificationId, doctor.id), 422, 'reimbursement.doctorInactive');

    await changeState(doctor.id, { state: 'ACTIVE', version: inactive.body.version });
    const accepted = await newReimbursement(verificationId, doctor.id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.doctorId).toBe(doctor.id);
    // Now named on a reimbursement, the doctor can no longer be deleted.
    expectProblem(await call('DELETE', `/api/doctors/${doctor.id}`, { token: tokens.admin }), 422, 'doctor.inUse');
  });

  it('has the refusal translated in all five catalogs', () => {
    for (const catalog of [es, en, fr, zh, ja] as Record<string, string>[]) {
      for (const code of ['reimbursement.doctorSuspended', 'reimbursement.doctorInactive', 'doctor.licenseTaken', 'doctor.inUse', 'doctor.alreadyInState']) {
        expect(catalog[`code.${code}`], code).toEqual(expect.any(String));
      }
    }
    expect(new Set([es, en, fr, zh, ja].map((c) => (c as Record<string, string>)['code.reimbursement.doctorSuspended'])).size).toBe(5);
  });
});
