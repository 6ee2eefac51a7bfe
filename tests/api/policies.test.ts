import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../server/scheduler.ts';
import { call, expectProblem, fieldErrors, signIn, useServer, sendEvent } from './helpers.ts';

let today = '2026-11-21';
const server = useServer({}, () => today);

type Policy = Record<string, unknown> & { id: number; version: number; state: string; allowedEvents: string[]; acceptsPatients: boolean; benefitRules: Record<string, unknown>[] };

const tokens: Record<string, string> = {};
let insurerId: number;
let otherInsurerId: number;
let holderId: number;

beforeAll(async () => {
  for (const [role, email] of Object.entries({
    admin: 'admin@demo.local',
    supervisor: 'supervisor@demo.local',
    verifier: 'verificador@demo.local',
    analyst: 'analista@demo.local',
    auditor: 'auditor@demo.local',
    treasury: 'tesoreria@demo.local',
    readOnly: 'consulta@demo.local',
  })) {
    tokens[role] = await signIn(email);
  }
  // Amounts below are euros with cents; the CLP case at the end reads whole pesos.
  [{ id: insurerId }, { id: otherInsurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active ORDER BY currency <> 'EUR', id LIMIT 2`);
  [{ id: holderId }] = await server.db.query<{ id: number }>(`SELECT id FROM policyholders ORDER BY id LIMIT 1`);
});

let sequence = 0;
const terms = (overrides: Record<string, unknown> = {}) => ({
  policyholderId: holderId,
  insurerId,
  number: `POL-T-${String(++sequence).padStart(4, '0')}`,
  kind: 'FAMILY',
  planName: 'Dental Familia Test',
  issuedOn: '2025-12-15',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  annualMaximum: '2000.00',
  deductible: '60',
  familyDeductible: null,
  maxBeneficiaries: 6,
  orthoIncluded: true,
  orthoPercent: 50,
  orthoLifetimeMaximum: '1500.50',
  orthoAgeLimit: 19,
  benefitRules: [
    { kind: 'COINSURANCE', category: 'BASIC', percent: 90 },
    { kind: 'EXCLUSION', procedureCode: 'D9972' },
  ],
  ...overrides,
});

const create = (body: Record<string, unknown>, token = tokens.admin) => call<Policy>('POST', '/api/policies', { token, body });
const event = (id: number, body: Record<string, unknown>, token = tokens.admin) => sendEvent('policies', id, body, token);
/** The fields a client sends back on update. */
function editable(policy: Policy) {
  const keep = ['insurerId', 'number', 'kind', 'planName', 'issuedOn', 'startsOn', 'endsOn', 'benefitYear', 'annualMaximum', 'deductible', 'familyDeductible', 'maxBeneficiaries', 'orthoIncluded', 'orthoPercent', 'orthoLifetimeMaximum', 'orthoAgeLimit', 'benefitRules'];
  return Object.fromEntries(keep.map((k) => [k, policy[k]]));
}

describe('policies: create and read', () => {
  it('keeps amounts in the minor unit of the insurer’s currency: whole pesos for CLP, no decimals accepted', async () => {
    const [{ id: chilean }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'CLP' ORDER BY id LIMIT 1`);
    const refused = expectProblem(await create(terms({ insurerId: chilean, annualMaximum: '1500000.50', deductible: '50000' })), 400, 'request.invalid');
    expect(fieldErrors(refused)).toEqual(['body/annualMaximum currencyDecimals', 'body/orthoLifetimeMaximum currencyDecimals']);
    const res = await create(terms({ insurerId: chilean, annualMaximum: '1500000', deductible: '50000', orthoLifetimeMaximum: '1500000' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ currency: 'CLP', annualMaximum: '1500000', deductible: '50000', orthoLifetimeMaximum: '1500000' });
    const [stored] = await server.db.query<{ annual_maximum_cents: number; deductible_cents: number }>('SELECT annual_maximum_cents, deductible_cents FROM policies WHERE id = $1', [res.body.id]);
    expect(stored).toEqual({ annual_maximum_cents: 1_500_000, deductible_cents: 50_000 });
  });

  it('creates a pending policy with its benefit rules, amounts as decimals, and reads it back', async () => {
    const res = await create(terms());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/policies/${res.body.id}`);
    expect(res.body).toMatchObject({
      state: 'pending',
      stage: 'NEW',
      acceptsPatients: true,
      annualMaximum: '2000.00',
      deductible: '60.00',
      familyDeductible: null,
      orthoLifetimeMaximum: '1500.50',
      allowedEvents: ['ACTIVATE', 'CANCEL'],
      currency: 'EUR',
      policyholderName: expect.any(String),
      benefitRules: [
        { kind: 'COINSURANCE', category: 'BASIC', procedureCode: null, percent: 90, months: null },
        { kind: 'EXCLUSION', category: null, procedureCode: 'D9972', percent: null, months: null },
      ],
    });
    const [stored] = await server.db.query<{ annual_maximum_cents: number; ortho_lifetime_maximum_cents: number; state: string }>(
      'SELECT annual_maximum_cents, ortho_lifetime_maximum_cents, state FROM policies WHERE id = $1',
      [res.body.id],
    );
    expect(stored).toEqual({ annual_maximum_cents: 200000, ortho_lifetime_maximum_cents: 150050, state: 'PENDING' });
    const read = await call<Policy>('GET', `/api/policies/${res.body.id}`, { token: tokens.verifier });
    expect(read.body).toEqual(res.body);
  });

  it('lists by holder, insurer and state, and searches by number', async () => {
    const created = await create(terms({ number: 'BUSCAME-77' }));
    const ids = async (query: string) => (await call<{ items: Policy[] }>('GET', `/api/policies?${query}`, { token: tokens.admin })).body.items.map((p) => p.id);
    expect(await ids('q=buscame')).toEqual([created.body.id]);
    expect(await ids(`policyholderId=${holderId}&pageSize=100`)).toContain(created.body.id);
    expect(await ids(`insurerId=${otherInsurerId}&q=buscame`)).toEqual([]);
    expect(await ids('state=pending&pageSize=100')).toContain(created.body.id);
    expect(await ids('state=active&q=buscame')).toEqual([]);
    const suspended = (await call<{ items: Policy[] }>('GET', '/api/policies?state=suspended', { token: tokens.admin })).body.items;
    expect(suspended.length).toBeGreaterThan(0);
    expect(suspended.every((p) => p.state === 'suspended' && !p.acceptsPatients)).toBe(true);
    expectProblem(await call('GET', '/api/policies?state=ACTIVE', { token: tokens.admin }), 400, 'request.invalid');
  });
});

describe('policies: permissions per role', () => {
  it('reads for every master-data reader; creates and changes only as administrator', async () => {
    const created = await create(terms());
    const expected: Record<string, [read: number, create: number, event: number]> = {
      admin: [200, 201, 200],
      supervisor: [200, 403, 403],
      verifier: [200, 403, 403],
      analyst: [200, 403, 403],
      auditor: [200, 403, 403],
      treasury: [200, 403, 403],
      readOnly: [200, 403, 403],
    };
    for (const [role, [read, creates, events]] of Object.entries(expected)) {
      expect((await call('GET', `/api/policies/${created.body.id}`, { token: tokens[role] })).status, role).toBe(read);
      expect((await create(terms(), tokens[role])).status, role).toBe(creates);
      if (role !== 'admin') expect((await event(created.body.id, { type: 'ACTIVATE' }, tokens[role])).status, role).toBe(events);
    }
    expect((await event(created.body.id, { type: 'ACTIVATE' })).status).toBe(200);
  });
});

describe('policies: bad input and uniqueness', () => {
  it('wants the end of validity after its start (400 on endsOn)', async () => {
    const problem = expectProblem(await create(terms({ startsOn: '2026-06-01', endsOn: '2026-06-01' })), 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual(['body/endsOn afterStartsOn']);
  });

  it('checks the benefit rules with the engine’s own rules, on each row’s field', async () => {
    const problem = expectProblem(
      await create(
        terms({
          benefitRules: [
            { kind: 'COINSURANCE', category: 'BASIC', percent: 90 },
            { kind: 'COINSURANCE', category: 'BASIC', percent: 70 },
            { kind: 'WAITING_PERIOD', category: 'MAJOR' },
            { kind: 'EXCLUSION' },
          ],
        }),
      ),
      400,
      'request.invalid',
    );
    expect(fieldErrors(problem)).toEqual(['body/benefitRules/1/category duplicate', 'body/benefitRules/2/months required', 'body/benefitRules/3/procedureCode required']);
    const shapes = expectProblem(await create(terms({ benefitRules: [{ kind: 'COINSURANCE', category: 'BASIC', percent: 120 }, { kind: 'EXCLUSION', procedureCode: 'X1' }] })), 400, 'request.invalid');
    expect(shapes.errors!.map((e) => e.path)).toEqual(expect.arrayContaining(['body/benefitRules/0/percent', 'body/benefitRules/1/procedureCode']));
    expectProblem(await create(terms({ annualMaximum: '-5' })), 400, 'request.invalid');
  });

  it('keeps only the fields a rule’s kind uses', async () => {
    const res = await create(terms({ benefitRules: [{ kind: 'WAITING_PERIOD', category: 'MAJOR', months: 6, percent: 40, procedureCode: 'D2740', amount: '5.00', level: 'FAMILY' }] }));
    expect(res.body.benefitRules).toEqual([{ kind: 'WAITING_PERIOD', category: 'MAJOR', procedureCode: null, percent: null, months: 6, amount: null, quantity: null, period: null, level: null }]);
  });

  it('refuses a number the insurer already uses (409 policy.numberTaken) but allows it at another insurer', async () => {
    const first = await create(terms());
    const again = expectProblem(await create(terms({ number: first.body.number })), 409, 'policy.numberTaken');
    expect(fieldErrors(again)).toEqual(['body/number numberTaken']);
    expect((await create(terms({ number: first.body.number, insurerId: otherInsurerId }))).status).toBe(201);
  });

  it('names unknown holders and insurers with rule codes (422)', async () => {
    expectProblem(await create(terms({ policyholderId: 999_999 })), 422, 'policy.policyholderUnknown');
    expectProblem(await create(terms({ insurerId: 999_999 })), 422, 'policy.insurerUnknown');
    const [{ id: inactive }] = await server.db.query<{ id: number }>(`INSERT INTO insurers (code, name, country, currency, active) VALUES ('OFF-1', 'Inactiva', 'ES', 'EUR', false) RETURNING id`);
    expectProblem(await create(terms({ insurerId: inactive })), 422, 'policy.insurerInactive');
  });
});

describe('policies: update', () => {
  it('replaces terms and rules with the version last read; a stale one is 409', async () => {
    const created = await create(terms());
    const body = { ...editable(created.body), planName: 'Plan Renombrado', benefitRules: [{ kind: 'WAITING_PERIOD', category: 'MAJOR', months: 3 }], version: 1 };
    const updated = await call<Policy>('PUT', `/api/policies/${created.body.id}`, { token: tokens.admin, body });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ planName: 'Plan Renombrado', version: 2, benefitRules: [{ kind: 'WAITING_PERIOD', category: 'MAJOR', months: 3 }] });
    const stale = expectProblem(await call('PUT', `/api/policies/${created.body.id}`, { token: tokens.admin, body }), 409, 'conflict.staleVersion');
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: 2 } }]);
    expect((await call('PUT', `/api/policies/${created.body.id}`, { token: tokens.verifier, body: { ...body, version: 2 } })).status).toBe(403);
  });

  it('does not edit a cancelled policy (409 policy.notEditable)', async () => {
    const created = await create(terms());
    const cancelled = await event(created.body.id, { type: 'CANCEL', reason: 'Alta por error' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancellationReason: 'Alta por error', acceptsPatients: false, allowedEvents: [] });
    expectProblem(await call('PUT', `/api/policies/${created.body.id}`, { token: tokens.admin, body: { ...editable(cancelled.body), version: cancelled.body.version } }), 409, 'policy.notEditable');
  });
});

describe('policies: lifecycle', () => {
  it('activates, suspends with a reason, resumes, renews and writes the history', async () => {
    const created = await create(terms());
    const active = await event(created.body.id, { type: 'ACTIVATE', version: 1 });
    expect(active.body).toMatchObject({ state: 'active', acceptsPatients: true, allowedEvents: ['SUSPEND', 'RENEW', 'CANCEL'] });

    const refused = expectProblem(await event(created.body.id, { type: 'SUSPEND', reason: '   ' }), 409, 'policy.reasonRequired');
    expect(refused.detail).toBe('Give the reason.');
    const suspended = await event(created.body.id, { type: 'SUSPEND', reason: 'Impago de la prima' });
    expect(suspended.body).toMatchObject({ state: 'suspended', suspensionReason: 'Impago de la prima', acceptsPatients: false, allowedEvents: ['RESUME', 'CANCEL'] });
    expectProblem(await event(created.body.id, { type: 'ACTIVATE' }), 409, 'workflow.illegalEvent');
    expectProblem(await event(created.body.id, { type: 'RESUME', version: 1 }), 409, 'conflict.staleVersion');

    const resumed = await event(created.body.id, { type: 'RESUME' });
    expect(resumed.body).toMatchObject({ state: 'active', suspensionReason: null });
    expectProblem(await event(created.body.id, { type: 'RENEW', endsOn: '2026-06-30' }), 409, 'policy.renewalEndInvalid');
    const renewed = await event(created.body.id, { type: 'RENEW', endsOn: '2027-12-31' });
    expect(renewed.body).toMatchObject({ state: 'active', stage: 'RENEWED', endsOn: '2027-12-31' });
    expectProblem(await event(created.body.id, { type: 'EXPIRE' }), 400, 'request.invalid');

    const history = await call('GET', `/api/policies/${created.body.id}/history`, { token: tokens.readOnly });
    expect(history.body.items.map((h: { event: string; fromState: string; toState: string }) => `${h.event}:${h.fromState}>${h.toState}`)).toEqual([
      'ACTIVATE:pending>active',
      'SUSPEND:active>suspended',
      'RESUME:suspended>active',
      'RENEW:active>active',
    ]);
    expect(history.body.items[1].payload).toEqual({ reason: 'Impago de la prima' });
  });

  it('does not activate before the validity starts', async () => {
    const future = await create(terms({ startsOn: '2027-01-01', endsOn: '2027-12-31' }));
    expect(future.body.allowedEvents).toEqual(['CANCEL']);
    expectProblem(await event(future.body.id, { type: 'ACTIVATE' }), 409, 'policy.validityNotStarted');
  });

  it('expires policies past their validity in the daily run, once', async () => {
    const created = await create(terms({ startsOn: '2026-01-01', endsOn: '2026-11-30' }));
    await event(created.body.id, { type: 'ACTIVATE' });
    const sent = await runDailyJobs(server.db, '2026-12-01');
    expect(sent['policy.expire']).toBeGreaterThanOrEqual(1);
    today = '2026-12-01';
    const expired = await call<Policy>('GET', `/api/policies/${created.body.id}`, { token: tokens.admin });
    expect(expired.body).toMatchObject({ state: 'expired', acceptsPatients: false, allowedEvents: ['RENEW'] });
    expect(await runDailyJobs(server.db, '2026-12-01')).toEqual({});
    const renewed = await event(created.body.id, { type: 'RENEW', endsOn: '2027-11-30' });
    expect(renewed.body).toMatchObject({ state: 'active', stage: 'RENEWED' });
    today = '2026-11-21';
  });
});
