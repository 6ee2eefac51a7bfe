import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Research 2.2's policy fields beyond the first cut: modality, issue date, the contracting company of a group
 * policy, and whether the deductible is also taken from preventive care — which the benefit engine reads.
 */
const today = '2026-11-21';
const server = useServer({}, () => today);

type Policy = Record<string, unknown> & { id: number; version: number };

let admin: string;
let analyst: string;
let insurerId: number;
let holderId: number;
let doctorId: number;
let sequence = 0;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  analyst = await signIn('analista@demo.local');
  [{ id: insurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  [{ id: holderId }] = await server.db.query<{ id: number }>(`SELECT id FROM policyholders WHERE kind = 'PERSON' ORDER BY id LIMIT 1`);
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

const terms = (overrides: Record<string, unknown> = {}) => ({
  policyholderId: holderId,
  insurerId,
  number: `POL-TERMS-${++sequence}`,
  kind: 'FAMILY',
  planName: 'Dental Términos',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  deductible: '50.00',
  ...overrides,
});
const create = (body: Record<string, unknown>) => call<Policy>('POST', '/api/policies', { token: admin, body });

describe('policy terms of research 2.2', () => {
  it('keeps modality, issue date, contracting company and the preventive deductible, and reads them back', async () => {
    const res = await create(
      terms({ kind: 'GROUP', modality: 'NETWORK', issuedOn: '2025-12-15', contractingCompany: '  Conservas del Norte SA ', deductibleAppliesToPreventive: true }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ modality: 'NETWORK', issuedOn: '2025-12-15', contractingCompany: 'Conservas del Norte SA', deductibleAppliesToPreventive: true });
    expect((await call<Policy>('GET', `/api/policies/${res.body.id}`, { token: analyst })).body).toEqual(res.body);
  });

  it('gives a policy that leaves them out the research defaults: reimbursement, deductible waived for preventive care, no issue date', async () => {
    const res = await create(terms());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ modality: 'REIMBURSEMENT', issuedOn: null, contractingCompany: null, deductibleAppliesToPreventive: false });
  });

  it('refuses a contracting company on a policy that is not a group one (422), and an issue date after the end of validity (400)', async () => {
    const family = expectProblem(await create(terms({ contractingCompany: 'Conservas del Norte SA' })), 422, 'policy.contractingCompanyNotGroup');
    expect(fieldErrors(family)).toEqual(['body/contractingCompany contractingCompanyNotGroup']);
    const late = expectProblem(await create(terms({ issuedOn: '2027-01-01' })), 400, 'request.invalid');
    expect(fieldErrors(late)).toEqual(['body/issuedOn notAfterEndsOn']);
    expect(fieldErrors(expectProblem(await create(terms({ modality: 'CONVENIO' })), 400, 'request.invalid'))).toEqual(['body/modality enum']);
    const stored = await server.db.query(`SELECT 1 FROM policies WHERE number LIKE 'POL-TERMS-%' AND (kind <> 'GROUP' AND contracting_company IS NOT NULL OR issued_on > ends_on)`);
    expect(stored).toEqual([]);
    // Turning a group policy into a family one keeps the rule: the company has to go first.
    const group = await create(terms({ kind: 'GROUP', contractingCompany: 'Conservas del Norte SA' }));
    const { id, version, insurerId: insurer, number, planName, startsOn, endsOn, benefitYear } = group.body;
    const changed = await call('PUT', `/api/policies/${id}`, {
      token: admin,
      body: { version, insurerId: insurer, number, planName, startsOn, endsOn, benefitYear, kind: 'FAMILY', contractingCompany: 'Conservas del Norte SA' },
    });
    expectProblem(changed, 422, 'policy.contractingCompanyNotGroup');
    expect((await call<Policy>('GET', `/api/policies/${id}`, { token: admin })).body).toMatchObject({ kind: 'GROUP', version });
  });

  it('takes the deductible from an examination only on a policy whose deductible applies to preventive care', async () => {
    const deductibleOn = async (appliesToPreventive: boolean) => {
      const policy = await create(terms({ deductibleAppliesToPreventive: appliesToPreventive }));
      expect((await sendEvent('policies', policy.body.id, { type: 'ACTIVATE' }, admin)).body.state).toBe('active');
      const [patient] = await server.db.query<{ id: number }>(
        `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number)
         VALUES ($1, 'OTHER_DEPENDENT', 'Prueba', 'Deducible', '1980-05-05', '2026-01-01', 'DNI', $2) RETURNING id`,
        [policy.body.id, `DED-${policy.body.id}`],
      );
      const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
      expect(verification.status, JSON.stringify(verification.body)).toBe(201);
      await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
      await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-DED-${policy.body.id}` }, admin);
      const claim = await call('POST', '/api/reimbursements', {
        token: analyst,
        body: { verificationId: verification.body.id, doctorId, invoiceNumber: `F-DED-${policy.body.id}`, invoiceDate: '2026-11-18', lines: [{ procedureCode: 'D0120', serviceDate: '2026-11-18', chargedCents: 6_000 }] },
      });
      expect(claim.status, JSON.stringify(claim.body)).toBe(201);
      const preview = await call('GET', `/api/reimbursements/${claim.body.id}/liquidation`, { token: analyst });
      const [line] = preview.body.lines as { deductibleCents: number; coveredCents: number }[];
      return { deductibleCents: line!.deductibleCents, coveredCents: line!.coveredCents };
    };
    expect(await deductibleOn(false)).toEqual({ deductibleCents: 0, coveredCents: 6_000 });
    expect(await deductibleOn(true)).toEqual({ deductibleCents: 5_000, coveredCents: 1_000 });
  });
});
