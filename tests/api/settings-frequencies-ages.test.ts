import { beforeAll, describe, expect, it } from 'vitest';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, expectProblem, fieldErrors, sendEvent, signIn, SUITE_DATABASE, TestServer, useServer } from './helpers.ts';

/**
 * Research 4.1 R6 (frequency limits) and R16 (dependents' ages) as Configuraciones defaults: an administrator
 * changes them, with version, history and audit like every default, and the next liquidation or enrolment
 * reads the new value.
 */
const today = '2026-11-21';
const server = useServer({}, () => today);
let admin: string;
let analyst: string;

beforeAll(async () => {
  [admin, analyst] = await Promise.all([signIn('admin@demo.local'), signIn('analista@demo.local')]);
});

type Default = { key: string; rule: string; unit: string; value: number; minimum: number; maximum: number; version: number };
const defaultOf = async (key: string) => (await call<{ items: Default[] }>('GET', '/api/settings/defaults', { token: admin })).body.items.find((d) => d.key === key)!;
const put = async (key: string, value: number, token = admin) => call<Default>('PUT', `/api/settings/defaults/${key}`, { token, body: { version: (await defaultOf(key)).version, value } });
async function setDefault(key: string, value: number) {
  const res = await put(key, value);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('R6 frequency limits from Configuraciones', () => {
  it('are listed with the values the engine held, by rule', async () => {
    // The other tests change the exam count and the dependents' ages on the file's server: the seeded values are
    // read on a server of its own.
    const seeded = await TestServer.start({}, SUITE_DATABASE, () => today);
    try {
      const { body } = await seeded.call<{ items: Default[] }>('GET', '/api/settings/defaults', { token: await seeded.signIn('analista@demo.local') });
      const r6 = body.items.filter((d) => d.rule === 'R6').map((d) => [d.key, d.value]);
      expect(r6).toEqual(
        expect.arrayContaining([
          ['frequencies.EXAM.count', 2],
          ['frequencies.FLUORIDE.ageUnder', 18],
          ['frequencies.FULL_MOUTH_OR_PANORAMIC.months', 36],
          ['frequencies.SEALANT.months', 60],
          ['frequencies.SEALANT.ageUnder', 15],
        ]),
      );
      expect(r6).toHaveLength(10);
      expect(body.items.filter((d) => d.rule === 'R16').map((d) => [d.key, d.value])).toEqual([
        ['dependents.adult', 18],
        ['dependents.child', 18],
        ['dependents.student', 24],
      ]);
    } finally {
      await seeded.close();
    }
  });

  it('liquidate an exam beyond the yearly count as used up (05), and cover it once the count is raised', async () => {
    const { patientId } = await patientOnOwnPolicy(server.db);
    const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
    await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
    await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
    const exams = ['2026-03-02', '2026-06-01', '2026-09-01'].map((serviceDate) => ({ procedureCode: 'D0120', serviceDate, chargedCents: 6_000 }));
    const liquidate = async () => {
      const res = await call('POST', `/api/verifications/${created.body.id}/liquidation-preview`, { token: analyst, body: { invoiceDate: '2026-09-01', lines: exams } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.lines as { status: string; reason?: string }[]).map((l) => `${l.status} ${l.reason ?? ''}`.trim());
    };
    expect(await liquidate()).toEqual(['APPROVED', 'APPROVED', 'REJECTED 05']);
    await setDefault('frequencies.EXAM.count', 3);
    expect(await liquidate()).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
    await setDefault('frequencies.EXAM.count', 1);
    expect(await liquidate()).toEqual(['APPROVED', 'REJECTED 05', 'REJECTED 05']);
    await setDefault('frequencies.EXAM.count', 2);

    // Each change has its history row and its audit row, like every default.
    const history = await call<{ items: { version: number; before: { value: number }; after: { value: number } }[] }>('GET', '/api/settings/history?catalog=defaults&key=frequencies.EXAM.count', { token: admin });
    expect(history.body.items.map((h) => [h.before.value, h.after.value])).toEqual([
      [1, 2],
      [3, 1],
      [2, 3],
    ]);
    const audits = await server.db.query(`SELECT 1 FROM audit_log WHERE entity_type = 'setting' AND entity_id = 'defaults:frequencies.EXAM.count' AND action = 'UPDATE'`);
    expect(audits).toHaveLength(3);
  });
});

describe('R16 dependents’ ages from Configuraciones', () => {
  let sequence = 0;
  /** A family policy, its holder and the holder enrolled, through the API. */
  async function familyPolicy() {
    const n = ++sequence;
    const [{ id: insurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
    const holder = await call('POST', '/api/policyholders', {
      token: admin,
      body: {
        kind: 'PERSON', firstNames: 'Elena', lastNames: `Edades ${n}`, birthDate: '1970-04-04', documentType: 'DNI', documentNumber: `72000${n}E`,
        memberNumber: `AF-AGE-${n}`, email: `edades${n}@example.org`, privacyConsentVersion: '2026.1', privacyConsentDate: '2026-01-02',
      },
    });
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    const policy = await call('POST', '/api/policies', {
      token: admin,
      body: { policyholderId: holder.body.id, insurerId, number: `POL-AGE-${n}`, kind: 'FAMILY', planName: 'Dental Familia', issuedOn: '2025-12-20', startsOn: '2026-01-01', endsOn: '2026-12-31', benefitYear: 'CALENDAR' },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    const enrolled = await call('POST', '/api/patients', {
      token: admin,
      body: { policyId: policy.body.id, relationship: 'HOLDER', firstNames: 'Elena', lastName: `Edades ${n}`, documentType: 'DNI', documentNumber: `72000${n}E`, birthDate: '1970-04-04', enrolledOn: '2026-02-01' },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    return policy.body.id as number;
  }
  const child = (policyId: number, extra: Record<string, unknown>) =>
    call('POST', '/api/patients', {
      token: admin,
      body: { policyId, relationship: 'CHILD', firstNames: 'Hugo', lastName: 'Edades', enrolledOn: '2026-02-01', documentType: 'DNI', documentNumber: `73${++sequence}000H`, ...extra },
    });

  it('refuse a child over the child age and a student over the student age, and take them once the ages are raised', async () => {
    const policyId = await familyPolicy();
    // 20 on the enrolment date: over 18.
    expectProblem(await child(policyId, { birthDate: '2005-06-01' }), 422, 'patientCoverage.childOverAge');
    await setDefault('dependents.child', 21);
    expect((await child(policyId, { birthDate: '2005-06-01' })).status).toBe(201);
    // A student of 26: over 24, then within 26.
    const student = { birthDate: '1999-06-01', isStudent: true, studentUntil: '2027-06-30' };
    expectProblem(await child(policyId, student), 422, 'patientCoverage.childOverAge');
    await setDefault('dependents.student', 26);
    expect((await child(policyId, student)).status).toBe(201);
    // Lowered again: the same child is refused on the next enrolment.
    await setDefault('dependents.child', 18);
    expectProblem(await child(policyId, { birthDate: '2005-06-01' }), 422, 'patientCoverage.childOverAge');
  });

  it('refuse a value out of range (400) or a child age above the student age (422) on the value, changing nothing', async () => {
    const before = await defaultOf('dependents.child');
    const student = await defaultOf('dependents.student');
    const tooOld = expectProblem(await put('dependents.child', student.value + 1), 422, 'settings.studentAgeBelowChildAge');
    expect(fieldErrors(tooOld)).toEqual(['body/value childAgeAboveStudentAge']);
    const tooYoung = expectProblem(await put('dependents.student', before.value - 1), 422, 'settings.studentAgeBelowChildAge');
    expect(fieldErrors(tooYoung)).toEqual(['body/value studentAgeBelowChildAge']);
    expect(fieldErrors(expectProblem(await put('frequencies.EXAM.count', 0), 400, 'request.invalid'))).toEqual(['body/value minimum']);
    expect(fieldErrors(expectProblem(await put('frequencies.SEALANT.months', 121), 400, 'request.invalid'))).toEqual(['body/value maximum']);
    expect(await defaultOf('dependents.child')).toEqual(before);
    expect(await defaultOf('dependents.student')).toEqual(student);
    // A stale version is 409; a user without settings:update is 403.
    const stale = await call('PUT', '/api/settings/defaults/dependents.adult', { token: admin, body: { version: (await defaultOf('dependents.adult')).version + 1, value: 17 } });
    expectProblem(stale, 409, 'conflict.staleVersion');
    expectProblem(await put('dependents.adult', 17, analyst), 403, 'auth.forbidden');
    expect((await defaultOf('dependents.adult')).value).toBe(18);
  });
});
