import { beforeAll, describe, expect, it } from 'vitest';
import { call, fieldErrors, signIn, useServer } from './helpers.ts';

// The defaults Configuraciones holds reach new records: a policy that leaves its number of beneficiaries
// out takes Configuraciones' value, and a policy's amounts keep to the ranges of the defaults they
// override in the insurer's currency (the contract's pattern allows far more).
const server = useServer();
let admin: string;
let insurerId: number;
let holderId: number;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  [{ id: insurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  [{ id: holderId }] = await server.db.query<{ id: number }>(`SELECT id FROM policyholders ORDER BY id LIMIT 1`);
});

let sequence = 0;
const policy = (overrides: Record<string, unknown> = {}) => ({
  policyholderId: holderId,
  insurerId,
  number: `POL-D-${String(++sequence).padStart(4, '0')}`,
  kind: 'FAMILY',
  planName: 'Dental Defaults',
  issuedOn: '2026-01-01',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  ...overrides,
});

async function setDefault(key: string, value: number) {
  const { body } = await call<{ items: { key: string; version: number }[] }>('GET', '/api/settings/defaults', { token: admin });
  const item = body.items.find((d) => d.key === key)!;
  const res = await call('PUT', `/api/settings/defaults/${key}`, { token: admin, body: { version: item.version, value } });
  expect(res.status).toBe(200);
}

describe('Configuraciones defaults on a new policy', () => {
  it('gives a policy without its number of beneficiaries the value Configuraciones holds, and an edit keeps the policy’s own', async () => {
    const before = await call<{ maxBeneficiaries: number }>('POST', '/api/policies', { token: admin, body: policy() });
    expect(before.status).toBe(201);
    expect(before.body.maxBeneficiaries).toBe(8);
    await setDefault('policy.maxBeneficiaries', 3);
    const after = await call<{ id: number; version: number; maxBeneficiaries: number } & Record<string, unknown>>('POST', '/api/policies', { token: admin, body: policy() });
    expect(after.status).toBe(201);
    expect(after.body.maxBeneficiaries).toBe(3);
    // An explicit value wins.
    const own = await call<{ maxBeneficiaries: number }>('POST', '/api/policies', { token: admin, body: policy({ maxBeneficiaries: 5 }) });
    expect(own.body.maxBeneficiaries).toBe(5);
    await setDefault('policy.maxBeneficiaries', 4);
    const { id, version, number, kind, planName, issuedOn, startsOn, endsOn, benefitYear } = after.body as unknown as Record<string, never>;
    const edited = await call<{ maxBeneficiaries: number }>('PUT', `/api/policies/${id}`, { token: admin, body: { version, insurerId, number, kind, planName, issuedOn, startsOn, endsOn, benefitYear } });
    expect(edited.status).toBe(200);
    expect(edited.body.maxBeneficiaries).toBe(3);
  });

  it('refuses amounts outside the range Configuraciones gives their default in the insurer’s currency, naming the field and its limit', async () => {
    // The contract takes ten digits; Configuraciones keeps a euro annual maximum within 0–1 000 000.00.
    const res = await call('POST', '/api/policies', { token: admin, body: policy({ annualMaximum: '1000000.01', orthoLifetimeMaximum: '2000000' }) });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.body as never)).toEqual(['body/annualMaximum maximum', 'body/orthoLifetimeMaximum maximum']);
    const limits = (res.body as { errors: { path: string; params?: { limit?: unknown } }[] }).errors;
    expect(limits.find((e) => e.path === 'body/annualMaximum')?.params?.limit).toBe('1000000.00');
    expect((await call('POST', '/api/policies', { token: admin, body: policy({ annualMaximum: '1000000.00' }) })).status).toBe(201);
  });
});

describe('Configuraciones defaults on a new insurer', () => {
  it('gives a new insurer the deadlines Configuraciones holds for those it leaves out; an edit keeps the insurer’s own', async () => {
    await setDefault('insurer.cureDays', 14);
    await setDefault('insurer.claimDeadlineDays', 120);
    const created = await call<Record<string, unknown> & { id: number; version: number }>('POST', '/api/insurers', {
      token: admin,
      body: { code: 'DEF-1', name: 'Defaults Seguros', country: 'ES', currency: 'EUR', slaBusinessDays: 7 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cureDays: 14, claimDeadlineDays: 120, slaBusinessDays: 7, verificationValidityDays: 30 });
    await setDefault('insurer.cureDays', 20);
    const edited = await call<Record<string, unknown>>('PUT', `/api/insurers/${created.body.id}`, {
      token: admin,
      body: { version: created.body.version, code: 'DEF-1', name: 'Defaults Seguros SA', country: 'ES', currency: 'EUR' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Defaults Seguros SA', cureDays: 14, claimDeadlineDays: 120, slaBusinessDays: 7 });
  });

  it('takes insurers in bolívares and Cuban pesos, whose amount defaults Configuraciones now holds', async () => {
    for (const [code, currency] of [['DEF-VES', 'VES'], ['DEF-CUP', 'CUP']]) {
      const created = await call('POST', '/api/insurers', { token: admin, body: { code, name: `Seguros ${currency}`, country: 'ES', currency } });
      expect(created.status, currency).toBe(201);
    }
    const { body } = await call<{ items: { key: string; currency: string | null; value: number }[] }>('GET', '/api/settings/defaults', { token: admin });
    expect(body.items.find((d) => d.key === 'annualMaximumCents:CUP')?.value).toBe(body.items.find((d) => d.key === 'annualMaximumCents:USD')!.value * 120);
  });
});
