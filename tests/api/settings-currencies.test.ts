import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';

// An administrator adds a currency's six amount defaults from Configuraciones (POST /api/settings/currencies):
// until then an insurer in that currency is refused, because the engine never borrows another currency's figures.
useServer();
const tokens: Record<string, string> = {};
let admin: string;

// Japanese yen have no minor unit (ISO 4217 exponent 0): the amounts are whole yen.
const YEN = {
  'deductible.individualCents': 7_000,
  'deductible.familyCents': 21_000,
  annualMaximumCents: 200_000,
  'orthodontic.lifetimeMaximumCents': 200_000,
  approvalThresholdCents: 140_000,
  preauthorizationAboveCents: 42_000,
};
const add = (body: unknown, token = admin) => call('POST', '/api/settings/currencies', { token, body });
const insurer = (code: string, currency: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/insurers', { token: admin, body: { code, name: `Seguros ${code}`, country: 'JP', currency, ...extra } });

beforeAll(async () => {
  for (const user of DEMO_USERS) tokens[user.role] = await signIn(user.email);
  admin = tokens.administrator;
});

describe('a new currency’s amount defaults', () => {
  it('lets an insurer in that currency be created once the six defaults exist, each listed, with its history', async () => {
    const refused = await insurer('JPY-1', 'JPY');
    expectProblem(refused, 422, 'insurer.currencyWithoutDefaults');

    const created = await add({ currency: 'JPY', values: YEN });
    expect(created.status).toBe(201);
    expect((created.body.items as Record<string, unknown>[]).map((d) => [d.key, d.rule, d.unit, d.currency, d.value, d.version])).toEqual([
      ['deductible.individualCents:JPY', 'R2', 'CENTS', 'JPY', 7_000, 1],
      ['deductible.familyCents:JPY', 'R2', 'CENTS', 'JPY', 21_000, 1],
      ['annualMaximumCents:JPY', 'R3', 'CENTS', 'JPY', 200_000, 1],
      ['orthodontic.lifetimeMaximumCents:JPY', 'R7', 'CENTS', 'JPY', 200_000, 1],
      ['approvalThresholdCents:JPY', 'R13', 'CENTS', 'JPY', 140_000, 1],
      ['preauthorizationAboveCents:JPY', 'R14', 'CENTS', 'JPY', 42_000, 1],
    ]);

    const listed = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.filter((d: { currency: string | null }) => d.currency === 'JPY');
    expect(listed).toHaveLength(6);
    const history = await call('GET', '/api/settings/history?catalog=defaults&key=annualMaximumCents:JPY', { token: admin });
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ before: null, version: 1, after: { value: 200_000, currency: 'JPY' } });

    // A new default is edited like the others.
    const edited = await call('PUT', '/api/settings/defaults/annualMaximumCents:JPY', { token: admin, body: { version: 1, value: 250_000 } });
    expect(edited.status).toBe(200);

    // Yen have no decimals: the insurer's pre-authorisation threshold keeps to whole yen.
    expectProblem(await insurer('JPY-2', 'JPY', { preauthorizationAbove: '30000.5' }), 422, 'insurer.currencyDecimals');
    const accepted = await insurer('JPY-3', 'JPY', { preauthorizationAbove: '30000' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ currency: 'JPY', preauthorizationAbove: '30000' });
  });

  it('refuses a currency that already has defaults with 409 on the field, and writes nothing', async () => {
    const res = await add({ currency: 'EUR', values: YEN });
    expectProblem(res, 409, 'conflict.duplicate');
    expect(fieldErrors(res.body)).toEqual(['body/currency unique']);
    const eur = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.find((d: { key: string }) => d.key === 'annualMaximumCents:EUR');
    expect(eur).toMatchObject({ value: 150000, version: 1 });
  });

  it('refuses a code that is not ISO 4217, a malformed code, a missing, negative or fractional amount with 400 on the field', async () => {
    const unknown = await add({ currency: 'ABC', values: YEN });
    expectProblem(unknown, 400, 'request.invalid');
    expect(fieldErrors(unknown.body)).toEqual(['body/currency currencyCode']);
    expect(fieldErrors((await add({ currency: 'gbp', values: YEN })).body)).toEqual(['body/currency pattern']);
    const { annualMaximumCents: _left, ...five } = YEN;
    expect(fieldErrors((await add({ currency: 'GBP', values: five })).body)).toEqual(['body/values/annualMaximumCents required']);
    expect(fieldErrors((await add({ currency: 'GBP', values: { ...YEN, 'deductible.familyCents': -1 } })).body)).toEqual(['body/values/deductible.familyCents minimum']);
    expect(fieldErrors((await add({ currency: 'GBP', values: { ...YEN, approvalThresholdCents: 10.5 } })).body)).toEqual(['body/values/approvalThresholdCents type']);
    expect(fieldErrors((await add({ currency: 'GBP', values: { ...YEN, extra: 1 } })).body)).toEqual(['body/values/extra additionalProperties']);
    // None of the refusals left a GBP default behind.
    const gbp = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.filter((d: { currency: string | null }) => d.currency === 'GBP');
    expect(gbp).toEqual([]);
  });

  it('refuses amounts that break research 4.1 with 400 on each field, and writes nothing', async () => {
    const refused = await add({
      currency: 'GBP',
      values: { ...YEN, 'deductible.individualCents': 30_000, 'deductible.familyCents': 21_000, annualMaximumCents: 25_000 },
    });
    expectProblem(refused, 400, 'request.invalid');
    expect(fieldErrors(refused.body)).toEqual(['body/values/deductible.individualCents deductibleAboveFamily', 'body/values/deductible.individualCents deductibleNotBelowMaximum']);
    // An annual maximum of 150 says one unit is a thousandth of a euro cent's worth, so the euro bounds shrink a thousandfold:
    // the deductibles' 10,000,000 to 10,000, the orthodontic and approval 100,000,000 to 100,000.
    const scaled = await add({ currency: 'GBP', values: { ...YEN, 'deductible.individualCents': 100, annualMaximumCents: 150 } });
    expectProblem(scaled, 400, 'request.invalid');
    expect(fieldErrors(scaled.body)).toEqual([
      'body/values/approvalThresholdCents maximum',
      'body/values/deductible.familyCents maximum',
      'body/values/orthodontic.lifetimeMaximumCents maximum',
    ]);
    const zero = await add({ currency: 'GBP', values: { ...YEN, annualMaximumCents: 0, 'orthodontic.lifetimeMaximumCents': 0 } });
    expect(fieldErrors(zero.body)).toEqual(['body/values/annualMaximumCents minimum', 'body/values/orthodontic.lifetimeMaximumCents minimum']);
    const gbp = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.filter((d: { currency: string | null }) => d.currency === 'GBP');
    expect(gbp).toEqual([]);
  });

  it('stores each amount with the euro range scaled to the currency, and holds later edits to it', async () => {
    // 300,000 against the euro's 150,000: every euro bound doubles (the euro deductible's 0–10,000,000 becomes 0–20,000,000).
    const created = await add({ currency: 'SEK', values: { ...YEN, annualMaximumCents: 300_000 } });
    expect(created.status).toBe(201);
    const ranges = Object.fromEntries((created.body.items as { key: string; minimum: number; maximum: number }[]).map((d) => [d.key, [d.minimum, d.maximum]]));
    expect(ranges['deductible.individualCents:SEK']).toEqual([0, 20_000_000]);
    expect(ranges['annualMaximumCents:SEK']).toEqual([0, 200_000_000]);
    const tooHigh = await call('PUT', '/api/settings/defaults/deductible.individualCents:SEK', { token: admin, body: { version: 1, value: 20_000_001 } });
    expect(tooHigh.status).toBe(400);
    const stored = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.find((d: { key: string }) => d.key === 'deductible.individualCents:SEK');
    expect(stored).toMatchObject({ value: 7_000, version: 1 });
  });

  it('is for administrators only; other roles get 403 and signed-out callers 401', async () => {
    for (const role of Object.keys(tokens).filter((r) => r !== 'administrator')) {
      expectProblem(await add({ currency: 'CHF', values: YEN }, tokens[role]), 403, 'auth.forbidden');
    }
    expectProblem(await call('POST', '/api/settings/currencies', { body: { currency: 'CHF', values: YEN } }), 401, 'auth.unauthenticated');
    const chf = (await call('GET', '/api/settings/defaults', { token: admin })).body.items.filter((d: { currency: string | null }) => d.currency === 'CHF');
    expect(chf).toEqual([]);
  });
});
