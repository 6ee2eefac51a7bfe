import { beforeAll, describe, expect, it } from 'vitest';
import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';
import { addDays, benefitYearEnd } from '../../core/benefits/dates.ts';
import { VERIFICATION_STATES } from '../../core/workflows/verification.machine.ts';
import { ELIGIBILITY_OUTCOME } from '../../server/fhir/eligibility-response.ts';
import { call, sendEvent, signIn, useServer } from './helpers.ts';
import { codesOf, expectOutcome, expectValidResource, fhirGet, makeClient, tokenOf, type MadeClient } from './fhir-support.ts';

const today = '2026-11-21';
const server = useServer({}, () => today);
let admin: string;
let client: MadeClient;
let insurerIds: number[];
let currencies: Map<number, string>;

const SCOPES = ['system/CoverageEligibilityRequest.c', 'system/CoverageEligibilityResponse.r', 'system/Patient.r'];

/** Adult active patients of one insurer without open verifications, each used once. */
let patients: number[] = [];
const nextPatient = () => patients.shift()!;

const post = (token: string, body: unknown) =>
  call('POST', '/fhir/R4/CoverageEligibilityRequest', { token, body: JSON.stringify(body), headers: { 'content-type': 'application/fhir+json' } });

const question = (patientId: number, overrides: Record<string, unknown> = {}) => ({
  resourceType: 'CoverageEligibilityRequest',
  identifier: [{ system: 'urn:practice:eligibility', value: `Q-${patientId}` }],
  status: 'active',
  purpose: ['validation', 'benefits'],
  patient: { reference: `Patient/${patientId}` },
  servicedDate: '2026-11-25',
  created: '2026-11-21',
  insurer: { reference: 'Organization/1' },
  insurance: [{ coverage: { reference: `Coverage/${patientId}` } }],
  item: [{ productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D1110' }] }, unitPrice: { value: 80, currency: currencies.get(patientId) } }],
  ...overrides,
});

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  const rows = await server.db.query<{ id: number; insurer_id: number; currency: string }>(
    `SELECT p.id, po.insurer_id, i.currency FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND p.birth_date < '2000-01-01' AND p.enrolled_on < '2026-06-01' AND po.ends_on > '2026-12-31'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
      ORDER BY po.insurer_id, p.id`,
  );
  // Each test takes patients of its own; the client acts for every insurer they belong to.
  patients = rows.map((r) => r.id);
  currencies = new Map(rows.map((r) => [r.id, r.currency.trim()]));
  insurerIds = [...new Set(rows.map((r) => r.insurer_id))];
  expect(patients.length).toBeGreaterThan(5);
  client = await makeClient(admin, { scopes: SCOPES, insurerIds });
});

describe('CoverageEligibilityRequest → CoverageEligibilityResponse', () => {
  it('maps every verification state to an R4 remittance outcome', () => {
    const outcomes = codesOf('http://hl7.org/fhir/remittance-outcome');
    for (const state of VERIFICATION_STATES) expect(outcomes.has(ELIGIBILITY_OUTCOME[state]), state).toBe(true);
  });

  it('answers at once where the statechart decides: in force, balances, and an estimate of the item, as a verified verification', async () => {
    const token = await tokenOf(client);
    const patientId = nextPatient();
    const answer = await post(token, question(patientId));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const response = answer.body;
    expectValidResource(response);
    expect(response).toMatchObject({ outcome: 'complete', patient: { reference: `Patient/${patientId}` }, request: { identifier: { value: `Q-${patientId}` } } });
    expect(response.insurance[0].inforce).toBe(true);
    for (const purpose of response.purpose) expect(codesOf('http://hl7.org/fhir/eligibilityresponse-purpose').has(purpose)).toBe(true);
    const benefitTypes = codesOf('http://terminology.hl7.org/CodeSystem/benefit-type');
    for (const type of fhirpath.evaluate(response, 'insurance.item.benefit.type.coding.code', undefined, r4) as string[]) expect(benefitTypes.has(type as string)).toBe(true);
    // ces-1: an insurance item names a category or a product, not both.
    expect(fhirpath.evaluate(response, 'insurance.item.all(category.exists() xor productOrService.exists())', undefined, r4)).toEqual([true]);
    const item = response.insurance[0].item.find((i: { productOrService?: unknown }) => i.productOrService);
    expect(item.productOrService.coding[0].code).toBe('D1110');
    // A cleaning in force is paid: the estimate is the engine's liquidation of it on the service date.
    expect(item.excluded).toBe(false);
    expect(item.benefit.find((b: { type: { coding: { code: string }[] } }) => b.type.coding[0].code === 'benefit').allowedMoney.value).toBeGreaterThan(0);
    expect(item.benefit.find((b: { type: { coding: { code: string }[] } }) => b.type.coding[0].code === 'benefit').allowedMoney.currency).toBe(currencies.get(patientId));
    const [verification] = await server.db.query<{ state: string; integration_client_id: number; channel: string; kind: string }>(
      'SELECT state, integration_client_id, channel, kind FROM verifications WHERE id = $1',
      [Number(response.id)],
    );
    expect(verification).toEqual({ state: 'verified', integration_client_id: client.id, channel: 'API', kind: 'BENEFITS' });
    // The panel's verification says which client it came from.
    expect((await call('GET', `/api/verifications/${response.id}`, { token: admin })).body.source).toEqual({ clientName: 'Clínica Dental Norte' });
    const again = await fhirGet(token, `CoverageEligibilityResponse/${response.id}`);
    expect(again.body.outcome).toBe('complete');
  });

  it('queues a pre-authorisation for a verifier; the client polls and then reads the authorisation', async () => {
    const token = await tokenOf(client);
    const patientId = nextPatient();
    const first = await post(token, question(patientId, { purpose: ['auth-requirements'] }));
    expect(first.body.outcome).toBe('queued');
    expectValidResource(first.body);
    const id = Number(first.body.id);
    // Asking again while it is queued answers the same verification.
    expect((await post(token, question(patientId, { purpose: ['auth-requirements'] }))).body.id).toBe(String(id));
    expect((await fhirGet(token, `CoverageEligibilityResponse/${id}`)).body.outcome).toBe('queued');
    expect((await sendEvent('verifications', id, { type: 'START' }, admin)).status).toBe(200);
    const recorded = await sendEvent('verifications', id, { type: 'RECORD_ELIGIBLE', channel: 'PHONE', authorizationNumber: 'AUT-77' }, admin);
    expect(recorded.body.state, JSON.stringify(recorded.body)).toBe('verified');
    const polled = await fhirGet(token, `CoverageEligibilityResponse/${id}`);
    expect(polled.body).toMatchObject({ outcome: 'complete', preAuthRef: 'AUT-77' });
    expectValidResource(polled.body);
  });

  it('says not in force, and why, on a date the coverage does not reach', async () => {
    const token = await tokenOf(client);
    const patientId = nextPatient();
    const answer = await post(token, question(patientId, { servicedDate: '2040-01-10' }));
    expect(answer.body.outcome).toBe('complete');
    expect(answer.body.insurance[0].inforce).toBe(false);
    expect(answer.body.error[0].code.coding[0].code).toBe('verification.coverageInactive');
    const [verification] = await server.db.query<{ state: string }>('SELECT state FROM verifications WHERE id = $1', [Number(answer.body.id)]);
    expect(verification.state).toBe('notEligible');
  });

  it('per item, the next date one more fits its frequency window: the service date while there is room, else the next benefit year', async () => {
    const patientId = nextPatient();
    const [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    const practice = await makeClient(admin, { name: 'Clínica con historia', scopes: [...SCOPES, 'system/Claim.c'], insurerIds, doctorIds: [doctorId] });
    const token = await tokenOf(practice);
    const bitewings = { productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D0272' }] }, unitPrice: { value: 50, currency: currencies.get(patientId) } };
    const nextOf = (response: { insurance: { item: { productOrService?: unknown; extension?: { url: string; valueDate?: string }[] }[] }[] }) =>
      response.insurance[0]!.item.find((i) => i.productOrService)!.extension?.find((e) => e.url.endsWith(':next-allowed-date'))?.valueDate;
    const before = await post(token, question(patientId, { item: [bitewings] }));
    expectValidResource(before.body);
    expect(nextOf(before.body)).toBe('2026-11-25');
    // Bitewings once a benefit year (the default rule): one sent in a claim fills this year's window.
    const claim = await call('POST', '/fhir/R4/Claim', {
      token,
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify({
        resourceType: 'Claim', identifier: [{ system: 'urn:practice:claims', value: `BW-${patientId}` }], status: 'active', use: 'claim',
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] }, patient: { reference: `Patient/${patientId}` }, created: '2026-11-20',
        provider: { reference: `Practitioner/${doctorId}` }, priority: { coding: [{ code: 'normal' }] }, insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patientId}` } }],
        item: [{ sequence: 1, ...bitewings, servicedDate: '2026-11-18' }],
      }),
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const [policy] = await server.db.query<{ benefit_year: 'CALENDAR' | 'ANNIVERSARY'; starts_on: string }>(
      'SELECT po.benefit_year, po.starts_on::text AS starts_on FROM patients p JOIN policies po ON po.id = p.policy_id WHERE p.id = $1',
      [patientId],
    );
    const after = await post(token, question(patientId, { identifier: [{ system: 'urn:practice:eligibility', value: 'Q-again' }], item: [bitewings] }));
    expectValidResource(after.body);
    expect(nextOf(after.body)).toBe(addDays(benefitYearEnd(policy!.benefit_year, policy!.starts_on, '2026-11-25'), 1));
  });

  it('answers a patient whose enrolment is not active as not in force, saying why, and makes no verification', async () => {
    const token = await tokenOf(client);
    const patientId = nextPatient();
    await server.db.query(`UPDATE patients SET state = 'SUSPENDED' WHERE id = $1`, [patientId]);
    const [{ n: before }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifications');
    const answer = await post(token, question(patientId));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectValidResource(answer.body);
    expect(answer.body).toMatchObject({ resourceType: 'CoverageEligibilityResponse', outcome: 'complete', insurance: [{ inforce: false }] });
    expect(answer.body.error[0].code.coding[0].code).toBe('verification.patientInactive');
    expect(answer.body.disposition).toMatch(/suspended/);
    const [{ n: after }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifications');
    expect(after).toBe(before);
  });

  it('refuses bad input with the FHIRPath of each problem and stores nothing', async () => {
    const token = await tokenOf(client);
    const patientId = patients[0]!;
    const [{ n: before }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifications');
    const bad = expectOutcome(
      await post(token, question(patientId, { purpose: ['validation', 'guess'], patient: { reference: 'Person/1' }, item: [{ productOrService: { coding: [{ code: '1110' }] } }] })),
      400,
      'code-invalid',
    );
    expect(bad.issue.flatMap((i) => i.expression)).toEqual(
      expect.arrayContaining(['CoverageEligibilityRequest.purpose[1]', 'CoverageEligibilityRequest.patient.reference', 'CoverageEligibilityRequest.item[0].productOrService.coding']),
    );
    const money = expectOutcome(await post(token, question(patientId, { item: [{ productOrService: { coding: [{ code: 'D1110' }] }, unitPrice: { value: 80, currency: 'XXX' } }] })), 400, 'value');
    expect(money.issue[0].expression).toEqual(['CoverageEligibilityRequest.item[0].unitPrice.currency']);
    expectOutcome(await post(token, { resourceType: 'Claim' }), 400, 'invalid');
    expectOutcome(await call('POST', '/fhir/R4/CoverageEligibilityRequest', { token, body: '{', headers: { 'content-type': 'application/fhir+json' } }), 400, 'invalid');
    expectOutcome(await call('POST', '/fhir/R4/CoverageEligibilityRequest', { token, body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'not-supported');
    expectOutcome(await post(token, question(999999)), 404, 'not-found');
    expectOutcome(await post(token, question(patientId, { provider: { reference: 'Practitioner/1' } })), 400, 'value');
    const [{ n: after }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifications');
    expect(after).toBe(before);
  });

  it('refuses a token without the scope, and another client’s answers', async () => {
    const patientOnly = await tokenOf(client, 'system/Patient.r');
    expectOutcome(await post(patientOnly, question(patients[0]!)), 403, 'forbidden');
    const token = await tokenOf(client);
    const mine = await post(token, question(nextPatient()));
    const other = await makeClient(admin, { name: 'Otra clínica', scopes: SCOPES, insurerIds });
    expectOutcome(await fhirGet(await tokenOf(other), `CoverageEligibilityResponse/${mine.body.id}`), 404, 'not-found');
  });
});
