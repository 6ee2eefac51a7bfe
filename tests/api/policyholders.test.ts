import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { call, expectProblem, fieldErrors, signIn, useServer, sendEvent } from './helpers.ts';

const server = useServer({}, () => '2026-11-21');
const SEEDED = 12;

type Holder = Record<string, unknown> & { id: number; version: number; name: string; bankAccountMasked: string | null; hasBankDetails: boolean; policyCount: number };

const tokens: Record<string, string> = {};
const ACCOUNTS = {
  admin: 'admin@demo.local',
  supervisor: 'supervisor@demo.local',
  verifier: 'verificador@demo.local',
  analyst: 'analista@demo.local',
  auditor: 'auditor@demo.local',
  treasury: 'tesoreria@demo.local',
  readOnly: 'consulta@demo.local',
};

beforeAll(async () => {
  for (const [role, email] of Object.entries(ACCOUNTS)) tokens[role] = await signIn(email);
});

const WRITABLE = [
  'kind',
  'firstNames',
  'lastNames',
  'companyName',
  'documentType',
  'documentNumber',
  'birthDate',
  'email',
  'phone',
  'address',
  'memberNumber',
  'assignsBenefits',
  'disclosureAuthorized',
  'privacyConsentVersion',
  'privacyConsentDate',
  'bankName',
  'bankAccountType',
  'accountHolder',
  'active',
];
/** What a client sends back on update: the record's writable fields (never the masked account). */
const editable = (holder: Holder) => Object.fromEntries(WRITABLE.map((name) => [name, holder[name]]));

let sequence = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  kind: 'PERSON',
  firstNames: 'Lucía',
  lastNames: 'Prueba Gómez',
  documentType: 'DNI',
  documentNumber: `7${String(++sequence).padStart(7, '0')}T`,
  birthDate: '1980-05-17',
  email: `lucia${sequence}@example.org`,
  memberNumber: `AF-9${sequence}`,
  assignsBenefits: false,
  disclosureAuthorized: true,
  privacyConsentVersion: '2026.1',
  privacyConsentDate: '2026-11-01',
  bankName: 'Banco Norte',
  bankAccountType: 'SAVINGS',
  bankAccount: 'ES91 2100 0418 4502 0005 1332',
  accountHolder: 'Lucía Prueba Gómez',
  ...overrides,
});

const create = (body: Record<string, unknown>, token = tokens.admin) => call<Holder>('POST', '/api/policyholders', { token, body });
const list = (query = '', token = tokens.admin) => call<{ items: Holder[]; total: number }>('GET', `/api/policyholders${query}`, { token });

describe('policyholders: list', () => {
  it('lists the seeded holders with their bank accounts masked and never in full', async () => {
    const res = await list('?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(SEEDED);
    const seeded = res.body.items.find((h) => h.email === 'titular1@demo.local')!;
    expect(seeded).toMatchObject({ kind: 'PERSON', documentType: 'DNI', hasBankDetails: true, policyCount: 1, bankAccountMasked: '•••• 0000' });
    expect(JSON.stringify(res.body)).not.toContain('ES76');
    for (const holder of res.body.items) expect(holder).not.toHaveProperty('bankAccount');
  });

  it('searches by name, document and affiliate number, filters by kind and active, and sorts', async () => {
    const company = await create(person({ kind: 'COMPANY', firstNames: null, lastNames: null, birthDate: null, companyName: 'Zapatería Búsqueda SL', memberNumber: 'EMP-4711' }));
    expect(company.status).toBe(201);
    expect((await list(`?q=${encodeURIComponent('búsqueda')}`)).body.items.map((h) => h.id)).toEqual([company.body.id]);
    expect((await list('?q=emp-4711')).body.items.map((h) => h.id)).toEqual([company.body.id]);
    expect((await list(`?q=${company.body.documentNumber}`)).body.items.map((h) => h.id)).toEqual([company.body.id]);
    const companies = await list('?kind=COMPANY&pageSize=100');
    expect(companies.body.items.length).toBeGreaterThan(0);
    expect(companies.body.items.every((h) => h.kind === 'COMPANY')).toBe(true);
    expect((await list('?active=false')).body.items.every((h) => h.active === false)).toBe(true);
    const sorted = (await list('?sort=-name&pageSize=100')).body.items.map((h) => h.name.toLowerCase());
    expect(sorted[0]! >= sorted[sorted.length - 1]!).toBe(true);
    expectProblem(await list('?sort=bankAccount'), 400, 'request.invalid');
    expectProblem(await list('?kind=ROBOT'), 400, 'request.invalid');
  });
});

describe('policyholders: permissions per role', () => {
  it('lets each role do what its grants say, and no more', async () => {
    const expected: Record<string, { read: number; create: number }> = {
      admin: { read: 200, create: 201 },
      supervisor: { read: 200, create: 403 },
      verifier: { read: 200, create: 201 },
      analyst: { read: 200, create: 403 },
      auditor: { read: 403, create: 403 },
      treasury: { read: 200, create: 403 },
      readOnly: { read: 200, create: 403 },
    };
    for (const [role, { read, create: creates }] of Object.entries(expected)) {
      expect((await list('', tokens[role])).status, role).toBe(read);
      expect((await create(person(), tokens[role])).status, role).toBe(creates);
    }
    expect((await call('GET', '/api/policyholders')).status).toBe(401);
  });
});

describe('policyholders: create and update', () => {
  it('creates a person, answering the record with Location and ETag, the document upper-cased', async () => {
    const res = await create(person({ documentNumber: '55667788k' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/policyholders/${res.body.id}`);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({ name: 'Lucía Prueba Gómez', documentNumber: '55667788K', bankAccountMasked: '•••• 1332', hasBankDetails: true, policyCount: 0, companyName: null });
  });

  it('refuses bad input with field errors (400), before writing anything', async () => {
    const before = (await list()).body.total;
    const missing = expectProblem(await create(person({ firstNames: '', birthDate: null })), 400, 'request.invalid');
    expect(fieldErrors(missing)).toEqual(['body/birthDate required', 'body/firstNames required']);
    const company = expectProblem(await create(person({ kind: 'COMPANY', companyName: ' ' })), 400, 'request.invalid');
    expect(fieldErrors(company)).toEqual(['body/companyName required']);
    const shapes = expectProblem(await create(person({ email: 'not-mail', documentType: 'PASSPORTE', bankAccount: '12', privacyConsentDate: '2026-02-30' })), 400, 'request.invalid');
    expect(shapes.errors!.map((e) => e.path)).toEqual(expect.arrayContaining(['body/email', 'body/documentType', 'body/bankAccount', 'body/privacyConsentDate']));
    const { privacyConsentVersion: _v, ...withoutConsent } = person();
    expect(expectProblem(await create(withoutConsent), 400, 'request.invalid').errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ keyword: 'required', params: { missingProperty: 'privacyConsentVersion' } })]),
    );
    expect((await list()).body.total).toBe(before);
  });

  it('says a document already in use on its field (409 policyholder.documentTaken), also on update', async () => {
    const first = await create(person());
    const again = expectProblem(await create(person({ documentNumber: String(first.body.documentNumber).toLowerCase() })), 409, 'policyholder.documentTaken');
    expect(fieldErrors(again)).toEqual(['body/documentNumber documentTaken']);
    // The same number under another document type is another document.
    expect((await create(person({ documentType: 'NIE', documentNumber: first.body.documentNumber }))).status).toBe(201);

    const other = await create(person());
    const update = await call('PUT', `/api/policyholders/${other.body.id}`, {
      token: tokens.admin,
      body: { ...editable(other.body), documentNumber: first.body.documentNumber, version: other.body.version },
    });
    expectProblem(update, 409, 'policyholder.documentTaken');
  });

  it('updates with the version last read; a stale one is 409 with the current version', async () => {
    const created = await create(person());
    const body = { ...editable(created.body), phone: '+34 600 111 222', version: 1 };
    const updated = await call<Holder>('PUT', `/api/policyholders/${created.body.id}`, { token: tokens.admin, body });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ phone: '+34 600 111 222', version: 2, bankAccountMasked: '•••• 1332' });
    const stale = expectProblem(await call('PUT', `/api/policyholders/${created.body.id}`, { token: tokens.admin, body }), 409, 'conflict.staleVersion');
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: 2 } }]);
  });

  it('keeps the stored account when an update leaves it out, and replaces it when one is given', async () => {
    const created = await create(person());
    const kept = await call<Holder>('PUT', `/api/policyholders/${created.body.id}`, { token: tokens.admin, body: { ...editable(created.body), version: 1 } });
    expect(kept.body.bankAccountMasked).toBe('•••• 1332');
    const replaced = await call<Holder>('PUT', `/api/policyholders/${created.body.id}`, {
      token: tokens.admin,
      body: { ...editable(kept.body), bankAccount: 'MX 0021 8000 0123 4567 89', version: 2 },
    });
    expect(replaced.body.bankAccountMasked).toBe('•••• 6789');
  });
});

describe('policyholders: bank details reveal', () => {
  const reveal = (id: number, token: string) => call('POST', `/api/policyholders/${id}/bank-details`, { token });
  const reveals = (id: number) =>
    server.db.query<{ user_id: number; detail: Record<string, unknown> }>(`SELECT user_id, detail FROM audit_log WHERE action = 'REVEAL' AND entity_type = 'policyholder' AND entity_id = $1 ORDER BY id`, [String(id)]);

  it('shows the account in full to treasury and administrators, each reveal audited, and to nobody else', async () => {
    const created = await create(person());
    const full = await reveal(created.body.id, tokens.treasury);
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ bankName: 'Banco Norte', bankAccountType: 'SAVINGS', bankAccount: 'ES91 2100 0418 4502 0005 1332', accountHolder: 'Lucía Prueba Gómez' });
    expect((await reveal(created.body.id, tokens.admin)).status).toBe(200);
    for (const role of ['verifier', 'supervisor', 'analyst', 'readOnly']) expect((await reveal(created.body.id, tokens[role])).status, role).toBe(403);

    const treasuryId = (await call('GET', '/api/me', { token: tokens.treasury })).body.user.id;
    const adminId = (await call('GET', '/api/me', { token: tokens.admin })).body.user.id;
    expect((await reveals(created.body.id)).map((r) => [r.user_id, r.detail])).toEqual([
      [treasuryId, { part: 'bankDetails' }],
      [adminId, { part: 'bankDetails' }],
    ]);
    expect(await verifyAuditChain(server.db)).toBeNull();
    expect((await reveal(999_999, tokens.admin)).status).toBe(404);
  });
});

describe('policyholders: delete', () => {
  it('deletes a holder without policies and refuses one with policies (422 policyholder.hasPolicies)', async () => {
    const created = await create(person());
    expect((await call('DELETE', `/api/policyholders/${created.body.id}`, { token: tokens.verifier })).status).toBe(204);
    expect((await call('GET', `/api/policyholders/${created.body.id}`, { token: tokens.admin })).status).toBe(404);

    const seeded = (await list('?q=titular1@demo.local')).body.items;
    const [holder] = await server.db.query<{ id: number }>(`SELECT policyholder_id AS id FROM policies ORDER BY id LIMIT 1`);
    expect(seeded).toBeDefined();
    const refused = expectProblem(await call('DELETE', `/api/policyholders/${holder.id}`, { token: tokens.admin }), 422, 'policyholder.hasPolicies');
    expect(refused.errors).toEqual([{ path: 'params/id', keyword: 'hasPolicies', params: { policies: 1 } }]);
    expect((await call('GET', `/api/policyholders/${holder.id}`, { token: tokens.admin })).status).toBe(200);
    expect((await call('DELETE', `/api/policyholders/${holder.id}`, { token: tokens.analyst })).status).toBe(403);
  });
});

describe('policyholders: bank details before a first payout', () => {
  it('refuses to pay a reimbursement to a holder without complete bank details, and pays once they are given', async () => {
    const [approved] = await server.db.query<{ id: number; version: number; holder: number }>(
      `SELECT r.id, r.version, po.policyholder_id AS holder FROM reimbursements r JOIN policies po ON po.id = r.policy_id
        WHERE r.state = 'approved' AND r.payee = 'HOLDER' ORDER BY r.id LIMIT 1`,
    );
    expect(approved).toBeDefined();
    const holder = (await call<Holder>('GET', `/api/policyholders/${approved.holder}`, { token: tokens.admin })).body;
    const without = await call<Holder>('PUT', `/api/policyholders/${holder.id}`, { token: tokens.admin, body: { ...editable(holder), bankName: null, version: holder.version } });
    expect(without.body).toMatchObject({ hasBankDetails: false, bankAccountMasked: expect.any(String) });

    const record = await call('GET', `/api/reimbursements/${approved.id}`, { token: tokens.treasury });
    expect(record.body.allowedEvents).not.toContain('PAY');
    const pay = () => sendEvent('reimbursements', approved.id, { type: 'PAY', reference: 'TRF-BANK-1', reason: 'Pago excepcional' }, tokens.treasury);
    const refused = expectProblem(await pay(), 409, 'reimbursement.payeeBankDetailsMissing');
    expect(refused.detail).toBe('The payee has no bank details.');

    await call('PUT', `/api/policyholders/${holder.id}`, { token: tokens.admin, body: { ...editable(without.body), bankName: 'Banco Demo', version: without.body.version } });
    const paid = await pay();
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('paid');
  });
});
