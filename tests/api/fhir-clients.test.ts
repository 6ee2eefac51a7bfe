import { beforeAll, describe, expect, it } from 'vitest';
import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';
import { verifyAuditChain } from '../../server/audit.ts';
import { runDailyJobs } from '../../server/scheduler.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';
import { askToken, basic, codesOf, expectOutcome, expectValidResource, fhirGet, makeClient, tokenOf, type MadeClient } from './fhir-support.ts';

const server = useServer({}, () => '2026-11-21');
let admin: string;
let readOnly: string;
let insurerId: number;
let otherInsurerId: number;
/** A patient of `insurerId` with a document and a credential number, and one of another insurer. */
let patient: { id: number; document_type: string; document_number: string; credential_number: string; country: string; code: string; number: string };
let strangerId: number;
let client: MadeClient;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  readOnly = await signIn('consulta@demo.local');
  [patient] = await server.db.query(
    `SELECT p.id, p.document_type, p.document_number, p.credential_number, i.country, i.code, po.number, i.id AS insurer_id
       FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE p.state = 'ACTIVE' AND p.document_number IS NOT NULL AND p.credential_number IS NOT NULL ORDER BY p.id LIMIT 1`,
  );
  insurerId = (patient as unknown as { insurer_id: number }).insurer_id;
  [{ id: otherInsurerId }] = await server.db.query<{ id: number }>('SELECT id FROM insurers WHERE id <> $1 ORDER BY id LIMIT 1', [insurerId]);
  [{ id: strangerId }] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id WHERE po.insurer_id <> $1 ORDER BY p.id LIMIT 1`,
    [insurerId],
  );
  client = await makeClient(admin, { scopes: ['system/Patient.r', 'system/Patient.s', 'system/Coverage.r', 'system/Coverage.s'], insurerIds: [insurerId] });
});

describe('integration clients (administration)', () => {
  it('shows the secret once and keeps only its hash; the read-only role may not make clients', async () => {
    const [row] = await server.db.query<{ secret_hash: string; user_id: number }>('SELECT secret_hash, user_id FROM integration_clients WHERE id = $1', [client.id]);
    expect(row.secret_hash).toMatch(/^scrypt\$/);
    expect(row.secret_hash).not.toContain(client.clientSecret);
    const read = await call('GET', `/api/integration-clients/${client.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(client.clientSecret);
    expect(read.body).toMatchObject({ clientId: client.clientId, insurerIds: [insurerId], revoked: false });
    const list = await call('GET', '/api/integration-clients', { token: admin });
    expect(list.body.items.map((c: { id: number }) => c.id)).toContain(client.id);
    expectProblem(await call('POST', '/api/integration-clients', { token: readOnly, body: { name: 'x', scopes: ['system/Patient.r'], doctorIds: [], insurerIds: [insurerId] } }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/integration-clients', { token: readOnly }), 403, 'auth.forbidden');
  });

  it('refuses bad input and stores nothing', async () => {
    const before = await server.db.query('SELECT id FROM integration_clients');
    expectProblem(await call('POST', '/api/integration-clients', { token: admin, body: { name: 'x', scopes: ['system/Patient.write'], doctorIds: [], insurerIds: [insurerId] } }), 400, 'request.invalid');
    expectProblem(await call('POST', '/api/integration-clients', { token: admin, body: { name: 'x', scopes: ['system/Patient.r'], doctorIds: [], insurerIds: [] } }), 400, 'request.invalid');
    const unknown = expectProblem(
      await call('POST', '/api/integration-clients', { token: admin, body: { name: 'x', scopes: ['system/Patient.r'], doctorIds: [999999], insurerIds: [insurerId] } }),
      422,
      'integrationClient.unknownDoctor',
    );
    expect(unknown.errors).toEqual([{ path: 'body/doctorIds/0', keyword: 'exists', params: { id: 999999 } }]);
    expect(await server.db.query('SELECT id FROM integration_clients')).toEqual(before);
  });
});

describe('OAuth client credentials', () => {
  it('issues a five-minute token with HTTP Basic or the form, and only scopes the client holds', async () => {
    const viaBasic = await askToken(client);
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.headers.get('cache-control')).toBe('no-store');
    expect(viaBasic.body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Patient.r system/Patient.s system/Coverage.r system/Coverage.s' });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'system/Patient.rs' });
    const viaForm = await call('POST', '/fhir/R4/auth/token', { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(viaForm.body.scope).toBe('system/Patient.r system/Patient.s');
    expect((await askToken(client, 'system/Claim.c')).body.error).toBe('invalid_scope');
    expect((await askToken(client, 'patient/*.read')).body.error).toBe('invalid_scope');
    const wrong = await askToken({ clientId: client.clientId, clientSecret: `${client.clientSecret}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect((await askToken({ clientId: 'cli_nobody', clientSecret: 'x' })).body.error).toBe('invalid_client');
    const badGrant = await call('POST', '/fhir/R4/auth/token', {
      body: 'grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.clientId, client.clientSecret) },
    });
    expect(badGrant.status).toBe(400);
    expect(badGrant.body.error).toBe('invalid_request');
    const asJson = await call('POST', '/fhir/R4/auth/token', { body: { grant_type: 'client_credentials' } });
    expect(asJson.status).toBe(400);
  });

  it('a rotated secret: the old one and its tokens stop at once, the new one works', async () => {
    const rotating = await makeClient(admin, { name: 'Rotación', scopes: ['system/Patient.r'], insurerIds: [insurerId] });
    const oldToken = await tokenOf(rotating);
    const rotated = await call('POST', `/api/integration-clients/${rotating.id}/secret`, { token: admin });
    expect(rotated.status).toBe(200);
    expect(rotated.body.clientSecret).not.toBe(rotating.clientSecret);
    expectOutcome(await fhirGet(oldToken, `Patient/${patient.id}`), 401, 'login');
    expect((await askToken(rotating)).body.error).toBe('invalid_client');
    const fresh = await tokenOf({ clientId: rotating.clientId, clientSecret: rotated.body.clientSecret });
    expect((await fhirGet(fresh, `Patient/${patient.id}`)).status).toBe(200);
  });

  it('a revoked client is refused on its next request and gets no new token', async () => {
    const revoking = await makeClient(admin, { name: 'Revocada', scopes: ['system/Patient.r'], insurerIds: [insurerId] });
    const token = await tokenOf(revoking);
    expect((await fhirGet(token, `Patient/${patient.id}`)).status).toBe(200);
    const revoked = await call('POST', `/api/integration-clients/${revoking.id}/revoke`, { token: admin });
    expect(revoked.body).toMatchObject({ revoked: true, revokedAt: expect.any(String) });
    expectOutcome(await fhirGet(token, `Patient/${patient.id}`), 401, 'login');
    expect((await askToken(revoking)).status).toBe(401);
    expectProblem(await call('POST', `/api/integration-clients/${revoking.id}/secret`, { token: admin }), 422, 'integrationClient.revoked');
  });
});

describe('FHIR endpoint', () => {
  it('metadata: a valid CapabilityStatement listing exactly the routed interactions', async () => {
    const answer = await fhirGet(null, 'metadata');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expectValidResource(answer.body);
    const resources = answer.body.rest[0].resource as { type: string; interaction: { code: string }[]; searchParam?: { name: string }[] }[];
    expect(resources.find((r) => r.type === 'Patient')).toMatchObject({ interaction: [{ code: 'search-type' }, { code: 'read' }] });
    expect(resources.find((r) => r.type === 'Coverage')?.searchParam?.map((p) => p.name)).toEqual(['identifier', '_id', 'beneficiary', 'patient']);
    // cpb-1 … : a FHIRPath invariant of CapabilityStatement (a rest entry of a server names its mode).
    expect(fhirpath.evaluate(answer.body, "rest.all(mode = 'server')", undefined, r4)).toEqual([true]);
    expect(answer.body.rest[0].security.extension[0].extension[0].valueUri).toMatch(/\/fhir\/R4\/auth\/token$/);
  });

  it('reads a patient and its coverage, schema-valid, with the document identifier of its country', async () => {
    const token = await tokenOf(client);
    const read = await fhirGet(token, `Patient/${patient.id}`);
    expect(read.status).toBe(200);
    expectValidResource(read.body);
    expect(codesOf('http://hl7.org/fhir/administrative-gender').has(read.body.gender)).toBe(true);
    expect(read.body.identifier).toContainEqual(
      expect.objectContaining({ system: `urn:dental-backoffice:id:${patient.country.toLowerCase()}:${patient.document_type.toLowerCase()}`, value: patient.document_number }),
    );
    for (const identifier of read.body.identifier) expect(codesOf('http://terminology.hl7.org/CodeSystem/v2-0203').has(identifier.type.coding[0].code)).toBe(true);
    const coverage = await fhirGet(token, `Coverage/${patient.id}`);
    expectValidResource(coverage.body);
    expect(codesOf('http://hl7.org/fhir/fm-status').has(coverage.body.status)).toBe(true);
    expect(codesOf('http://terminology.hl7.org/CodeSystem/subscriber-relationship').has(coverage.body.relationship.coding[0].code)).toBe(true);
    expect(coverage.body.beneficiary.reference).toBe(`Patient/${patient.id}`);
    // per-1: a period's start is not after its end.
    expect(fhirpath.evaluate(coverage.body, 'period.start <= period.end', undefined, r4)).toEqual([true]);
  });

  it('searches by identifier and beneficiary in searchset Bundles', async () => {
    const token = await tokenOf(client);
    const system = `urn:dental-backoffice:id:${patient.country.toLowerCase()}:${patient.document_type.toLowerCase()}`;
    const byDocument = await fhirGet(token, `Patient?identifier=${encodeURIComponent(`${system}|${patient.document_number}`)}`);
    expectValidResource(byDocument.body);
    expect(byDocument.body).toMatchObject({ type: 'searchset', total: expect.any(Number) });
    expect(byDocument.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toContain(String(patient.id));
    // bdl-7 is about fullUrl uniqueness; every entry of a searchset has one and says it matched.
    expect(fhirpath.evaluate(byDocument.body, "entry.all(fullUrl.exists() and search.mode = 'match')", undefined, r4)).toEqual([true]);
    const byMember = await fhirGet(token, `Coverage?identifier=${encodeURIComponent(`urn:dental-backoffice:member:${patient.code.toLowerCase()}|${patient.credential_number}`)}`);
    expect(byMember.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(patient.id)]);
    const byPolicy = await fhirGet(token, `Coverage?identifier=${encodeURIComponent(`urn:dental-backoffice:policy:${patient.code.toLowerCase()}|${patient.number}`)}`);
    expect(byPolicy.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toContain(String(patient.id));
    const byBeneficiary = await fhirGet(token, `Coverage?beneficiary=Patient/${patient.id}`);
    expect(byBeneficiary.body.total).toBe(1);
    for (const entry of byBeneficiary.body.entry) expectValidResource(entry.resource);
    // A policy number does not identify a patient.
    expect((await fhirGet(token, `Patient?identifier=${encodeURIComponent(`urn:dental-backoffice:policy:${patient.code.toLowerCase()}|${patient.number}`)}`)).body.total).toBe(0);
  });

  it('sees only the insurers the client is bound to', async () => {
    const token = await tokenOf(client);
    expectOutcome(await fhirGet(token, `Patient/${strangerId}`), 404, 'not-found');
    expect((await fhirGet(token, `Coverage?beneficiary=${strangerId}`)).body.total).toBe(0);
    expect(otherInsurerId).not.toBe(insurerId);
  });

  it('refuses each missing scope with 403 and audits the refusal with the client named', async () => {
    const readOnlyToken = await tokenOf(client, 'system/Patient.r');
    expectOutcome(await fhirGet(readOnlyToken, 'Patient?identifier=x'), 403, 'forbidden');
    expectOutcome(await fhirGet(readOnlyToken, `Coverage/${patient.id}`), 403, 'forbidden');
    const coverageToken = await tokenOf(client, 'system/Coverage.r');
    expectOutcome(await fhirGet(coverageToken, `Patient/${patient.id}`), 403, 'forbidden');
    expectOutcome(await fhirGet(coverageToken, 'Coverage?beneficiary=1'), 403, 'forbidden');
    const [denied] = await server.db.query<{ detail: { scope: string; integrationClient: string } }>(
      `SELECT detail FROM audit_log WHERE action = 'ACCESS_DENIED' AND entity_type = 'fhirSearchCoverage' ORDER BY id DESC LIMIT 1`,
    );
    expect(denied.detail).toEqual({ scope: 'system/Coverage.s', integrationClient: client.clientId });
  });

  it('audits every read as the client, and the panel lists its last calls and errors', async () => {
    const token = await tokenOf(client);
    await fhirGet(token, `Patient/${patient.id}`);
    const [row] = await server.db.query<{ user_id: number; entity_id: string; detail: Record<string, unknown> }>(
      `SELECT user_id, entity_id, detail FROM audit_log WHERE action = 'VIEW' AND entity_type = 'patient' ORDER BY id DESC LIMIT 1`,
    );
    const [{ user_id: clientUser }] = await server.db.query<{ user_id: number }>('SELECT user_id FROM integration_clients WHERE id = $1', [client.id]);
    expect(row).toMatchObject({ user_id: clientUser, entity_id: String(patient.id), detail: { resource: 'Patient', integrationClient: client.clientId } });
    await fhirGet(token, 'Patient/abc');
    const detail = await call('GET', `/api/integration-clients/${client.id}`, { token: admin });
    expect(detail.body.recentCalls[0]).toMatchObject({ method: 'GET', path: '/fhir/R4/Patient/abc', status: 400 });
    expect(detail.body.recentErrors[0].error).toMatch(/path parameter id/);
    expect(detail.body.recentCalls.some((c: { status: number; path: string }) => c.status === 200 && c.path === `/fhir/R4/Patient/${patient.id}`)).toBe(true);
    expect(detail.body.lastCallAt).toEqual(expect.any(String));
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('prunes calls older than 90 days in the daily jobs, once a day, keeping the newer ones', async () => {
    await server.db.query(`INSERT INTO integration_calls (client_id, at, method, path, status) VALUES ($1, '2026-08-22T12:00:00Z', 'GET', '/fhir/R4/old', 200), ($1, '2026-08-24T12:00:00Z', 'GET', '/fhir/R4/kept', 200)`, [client.id]);
    const sent = await runDailyJobs(server.db, '2026-11-21');
    expect(sent['integrations.pruneCalls']).toBeGreaterThanOrEqual(1);
    const paths = (await server.db.query<{ path: string }>('SELECT path FROM integration_calls WHERE client_id = $1', [client.id])).map((r) => r.path);
    expect(paths).toContain('/fhir/R4/kept');
    expect(paths).not.toContain('/fhir/R4/old');
  });

  it('answers bad input with an OperationOutcome 4xx, never a 500', async () => {
    const token = await tokenOf(client);
    expectOutcome(await fhirGet(null, `Patient/${patient.id}`), 401, 'login');
    expectOutcome(await fhirGet('not-a-token', `Patient/${patient.id}`), 401, 'login');
    expectOutcome(await fhirGet(token, 'Patient/abc'), 400, 'invalid');
    expectOutcome(await fhirGet(token, 'Patient?identifier=urn:other:system|1'), 400, 'not-supported');
    expectOutcome(await fhirGet(token, 'Patient?identifier=urn:dental-backoffice:id:cl:rut|'), 400, 'invalid');
    expectOutcome(await fhirGet(token, 'Patient?name=Juan'), 400, 'not-supported');
    expectOutcome(await fhirGet(token, 'Patient?_count=1000'), 400, 'invalid');
    expectOutcome(await fhirGet(token, 'Coverage?beneficiary=Practitioner/1'), 400, 'invalid');
    expectOutcome(await fhirGet(token, 'Observation/1'), 404, 'not-supported');
    expectOutcome(await call('DELETE', `/fhir/R4/Patient/${patient.id}`, { token }), 404, 'not-supported');
  });

  it('limits each client to its requests a minute (429 with Retry-After)', async () => {
    const slow = await makeClient(admin, { name: 'Limitada', scopes: ['system/Patient.r'], insurerIds: [insurerId], rateLimitPerMinute: 2 });
    const token = await tokenOf(slow);
    expect((await fhirGet(token, `Patient/${patient.id}`)).status).toBe(200);
    expect((await fhirGet(token, `Patient/${patient.id}`)).status).toBe(200);
    const third = await fhirGet(token, `Patient/${patient.id}`);
    expectOutcome(third, 429, 'throttled');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not slowed by it.
    expect((await fhirGet(await tokenOf(client), `Patient/${patient.id}`)).status).toBe(200);
  });
});
