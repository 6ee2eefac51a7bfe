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
  issuedOn: '2025-12-20',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  deductible: '50.00',
  ...overrides,
});
const create = (body: Record<string, unknown>) => call<Policy>('POST', '/api/policies', { token: admin, body });

describe('research 2.2: policy terms', () => {
  it('keeps modality, issue date, contracting company and the preventive deductible, and reads them back', async () => {
    const res = await create(
      terms({ kind: 'GROUP', modality: 'NETWORK', issuedOn: '2025-12-15', contractingCompany: '  Conservas del Norte SA ', deductibleAppliesToPreventive: true }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ modality: 'NETWORK', issuedOn: '2025-12-15', contractingCompany: 'Conservas del Norte SA', deductibleAppliesToPreventive: true });
    expect((await call<Policy>('GET', `/api/policies/${res.body.id}`, { token: analyst })).body).toEqual(res.body);
  });

  it('gives a policy that leaves them out the research defaults: reimbursement, deductible waived for preventive care', async () => {
    const res = await create(terms());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ modality: 'REIMBURSEMENT', issuedOn: '2025-12-20', contractingCompany: null, deductibleAppliesToPreventive: false });
  });

  it('requires the issue date (research 2.2) on create and on edit, naming the field and changing nothing', async () => {
    const { issuedOn: _left, ...withoutDate } = terms();
    const missing = expectProblem(await create(withoutDate), 400, 'request.invalid');
    expect(fieldErrors(missing)).toEqual(['body/issuedOn required']);
    expect(fieldErrors(expectProblem(await create(terms({ issuedOn: null })), 400, 'request.invalid'))).toEqual(['body/issuedOn type']);
    expect(await server.db.query('SELECT 1 FROM policies WHERE number = $1', [withoutDate.number])).toEqual([]);
    const created = await create(terms());
    const { id, version, insurerId: insurer, number, kind, planName, startsOn, endsOn, benefitYear } = created.body;
    const edit = await call('PUT', `/api/policies/${id}`, { token: admin, body: { version, insurerId: insurer, number, kind, planName, startsOn, endsOn, benefitYear } });
    expect(fieldErrors(expectProblem(edit, 400, 'request.invalid'))).toEqual(['body/issuedOn required']);
    expect((await call<Policy>('GET', `/api/policies/${id}`, { token: admin })).body).toMatchObject({ version, issuedOn: '2025-12-20' });
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
    const { id, version, insurerId: insurer, number, planName, issuedOn, startsOn, endsOn, benefitYear } = group.body;
    const changed = await call('PUT', `/api/policies/${id}`, {
      token: admin,
      body: { version, insurerId: insurer, number, planName, issuedOn, startsOn, endsOn, benefitYear, kind: 'FAMILY', contractingCompany: 'Conservas del Norte SA' },
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

describe('research 2.3: a company holds group policies only; the bank account has a type', () => {
  const holder = async (kind: 'PERSON' | 'COMPANY', extra: Record<string, unknown> = {}) => {
    const names = kind === 'PERSON' ? { firstNames: 'Irene', lastNames: 'Colectiva', birthDate: '1975-04-04' } : { companyName: `Conservas ${++sequence} SA` };
    const res = await call<Policy>('POST', '/api/policyholders', {
      token: admin,
      body: {
        kind,
        ...names,
        documentType: kind === 'PERSON' ? 'DNI' : 'OTHER',
        documentNumber: `HT${++sequence}X`,
        memberNumber: `AF-HT-${sequence}`,
        email: `ht${sequence}@example.org`,
        privacyConsentVersion: '2026.1',
        privacyConsentDate: '2026-11-01',
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('refuses a company a family or individual policy (422 on the kind) and takes a group one', async () => {
    const company = await holder('COMPANY');
    for (const kind of ['FAMILY', 'INDIVIDUAL']) {
      const refused = expectProblem(await create(terms({ policyholderId: company.id, kind })), 422, 'policy.companyHolderNotGroup');
      expect(fieldErrors(refused)).toEqual(['body/kind companyHolderNotGroup']);
    }
    expect(await server.db.query('SELECT id FROM policies WHERE policyholder_id = $1', [company.id])).toEqual([]);
    const group = await create(terms({ policyholderId: company.id, kind: 'GROUP', contractingCompany: 'Conservas SA' }));
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    // Nor can the group policy become a family one later.
    const { id, version, insurerId: insurer, number, planName, issuedOn, startsOn, endsOn, benefitYear } = group.body;
    const changed = await call('PUT', `/api/policies/${id}`, { token: admin, body: { version, insurerId: insurer, number, planName, issuedOn, startsOn, endsOn, benefitYear, kind: 'FAMILY' } });
    expect(fieldErrors(expectProblem(changed, 422, 'policy.companyHolderNotGroup'))).toEqual(['body/kind companyHolderNotGroup']);
  });

  it('refuses turning a person with a family policy into a company (422), and allows it while all their policies are group ones', async () => {
    const person = await holder('PERSON');
    const family = await create(terms({ policyholderId: person.id }));
    expect(family.status).toBe(201);
    const { id, version, createdAt: _c, updatedAt: _u, name: _n, bankAccountMasked: _m, hasBankDetails: _h, policyCount: _p, ...fields } = person;
    const asCompany = { ...fields, version, kind: 'COMPANY', firstNames: null, lastNames: null, birthDate: null, companyName: 'Irene Colectiva SL' };
    const refused = expectProblem(await call('PUT', `/api/policyholders/${id}`, { token: admin, body: asCompany }), 422, 'policyholder.companyWithoutGroupPolicy');
    expect(fieldErrors(refused)).toEqual(['body/kind companyWithoutGroupPolicy']);
    expect((await call<Policy>('GET', `/api/policyholders/${id}`, { token: admin })).body).toMatchObject({ kind: 'PERSON', version });

    const other = await holder('PERSON');
    expect((await create(terms({ policyholderId: other.id, kind: 'GROUP' }))).status).toBe(201);
    const { id: otherId, version: otherVersion, createdAt: _c2, updatedAt: _u2, name: _n2, bankAccountMasked: _m2, hasBankDetails: _h2, policyCount: _p2, ...otherFields } = other;
    const changed = await call('PUT', `/api/policyholders/${otherId}`, {
      token: admin,
      body: { ...otherFields, version: otherVersion, kind: 'COMPANY', firstNames: null, lastNames: null, birthDate: null, companyName: 'Otra Colectiva SL' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });

  it('keeps the bank account type, reveals it with the account, and refuses an unknown one (400)', async () => {
    const saved = await holder('PERSON', { bankName: 'Banco Sur', bankAccountType: 'CHECKING', bankAccount: '012180001234567897', accountHolder: 'Irene Colectiva' });
    expect(saved).toMatchObject({ bankAccountType: 'CHECKING', hasBankDetails: true, bankAccountMasked: '•••• 7897' });
    const revealed = await call('POST', `/api/policyholders/${saved.id}/bank-details`, { token: admin });
    expect(revealed.body).toEqual({ bankName: 'Banco Sur', bankAccountType: 'CHECKING', bankAccount: '012180001234567897', accountHolder: 'Irene Colectiva' });
    const bad = await call('POST', '/api/policyholders', {
      token: admin,
      body: { kind: 'PERSON', firstNames: 'A', lastNames: 'B', birthDate: '1970-01-01', documentType: 'DNI', documentNumber: `HTBAD${++sequence}`, memberNumber: 'AF-X', email: 'x@example.org', privacyConsentVersion: '1', privacyConsentDate: '2026-11-01', bankAccountType: 'CUENTA_VISTA' },
    });
    expect(fieldErrors(expectProblem(bad, 400, 'request.invalid'))).toEqual(['body/bankAccountType enum']);
  });

  it('asks for the account type with the bank details (research 2.3), on create and on an edit that keeps the stored account, and counts details without it as incomplete', async () => {
    const body = (extra: Record<string, unknown>) => ({
      kind: 'PERSON', firstNames: 'Tomás', lastNames: 'Cuenta', birthDate: '1970-01-01', documentType: 'DNI', documentNumber: `HTTYPE${++sequence}`,
      memberNumber: 'AF-T', email: 't@example.org', privacyConsentVersion: '1', privacyConsentDate: '2026-11-01', ...extra,
    });
    const full = body({ bankName: 'Banco Sur', bankAccount: '012180001234567897', accountHolder: 'Tomás Cuenta' });
    expect(fieldErrors(expectProblem(await call('POST', '/api/policyholders', { token: admin, body: full }), 400, 'request.invalid'))).toEqual(['body/bankAccountType required']);
    const onlyHolder = body({ accountHolder: 'Tomás Cuenta', bankAccountType: null });
    expect(fieldErrors(expectProblem(await call('POST', '/api/policyholders', { token: admin, body: onlyHolder }), 400, 'request.invalid'))).toEqual(['body/bankAccountType required']);
    expect(await server.db.query('SELECT 1 FROM policyholders WHERE document_number IN ($1, $2)', [full.documentNumber, onlyHolder.documentNumber])).toEqual([]);
    // No bank details at all: nothing to ask for yet (they are needed before a first payout, not before).
    expect((await call('POST', '/api/policyholders', { token: admin, body: body({}) })).status).toBe(201);

    const saved = await holder('PERSON', { bankName: 'Banco Sur', bankAccountType: 'SAVINGS', bankAccount: '012180001234567897', accountHolder: 'Irene Colectiva' });
    const { id, version, createdAt: _c, updatedAt: _u, name: _n, bankAccountMasked: _m, hasBankDetails: _h, policyCount: _p, ...fields } = saved;
    const edit = await call('PUT', `/api/policyholders/${id}`, { token: admin, body: { ...fields, version, bankAccountType: null } });
    expect(fieldErrors(expectProblem(edit, 400, 'request.invalid'))).toEqual(['body/bankAccountType required']);
    expect((await call('GET', `/api/policyholders/${id}`, { token: admin })).body).toMatchObject({ version, bankAccountType: 'SAVINGS', hasBankDetails: true });
    // An account stored before the type was asked for: the details are incomplete until it is given.
    await server.db.query('UPDATE policyholders SET bank_account_type = NULL WHERE id = $1', [id]);
    expect((await call('GET', `/api/policyholders/${id}`, { token: admin })).body).toMatchObject({ hasBankDetails: false });
  });
});
