import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/http/contract.ts';
import { createApi } from '../../server/http/app.ts';
import { createHandlers } from '../../server/handlers.ts';
import { readConfig } from '../../server/config.ts';
import { BASE_PERMISSIONS, ROLE_PERMISSIONS } from '../../server/auth/roles.ts';
import type { Deps, Handlers } from '../../server/http/types.ts';

// Building the handler map touches neither the database nor the sessions, only the config.
const deps = { db: null, sessions: null, config: readConfig({}) } as unknown as Deps;
const { document, operations } = loadContract();
const handlers = createHandlers(deps);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every operation object of the document as written, with where it is. */
const rawOperations = Object.entries<Json>(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Json })),
);
const where = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;
const isPublic = (op: Json) => (op.security ?? document.security)?.length === 0;
const resolveResponse = (response: Json): Json => (response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response);

describe('contract ↔ handlers', () => {
  it('reads every operation of the document', () => {
    expect(operations).toHaveLength(rawOperations.length);
    expect(operations.length).toBeGreaterThan(10);
  });

  it('compiles the validators of every operation (the server compiles each on first use)', () => {
    for (const operation of operations) expect(() => operation.compile(), operation.operationId).not.toThrow();
  });

  it('has a handler for every operation and an operation for every handler', () => {
    const contractIds = operations.map((op) => op.operationId).sort();
    const handlerIds = Object.keys(handlers).sort();
    expect(contractIds.filter((id) => !handlerIds.includes(id))).toEqual([]);
    expect(handlerIds.filter((id) => !contractIds.includes(id))).toEqual([]);
    expect(handlerIds).toEqual(contractIds);
    for (const id of handlerIds) expect(typeof handlers[id], id).toBe('function');
  });

  it('createApi accepts the full handler map', () => {
    expect(() => createApi(deps, handlers)).not.toThrow();
  });

  it('createApi refuses a handler map with a handler missing', () => {
    for (const id of ['getHealth', 'updateInsurer']) {
      const { [id]: _removed, ...rest } = handlers;
      expect(() => createApi(deps, rest as Handlers)).toThrow(new RegExp(`Without a handler: ${id}\\b`));
    }
  });

  it('createApi refuses a handler map with a handler the contract does not have', () => {
    const extra: Handlers = { ...handlers, archiveInsurer: async () => ({ status: 204 }) };
    expect(() => createApi(deps, extra)).toThrow(/not in the contract: archiveInsurer\b/);
  });
});

describe('contract rules', () => {
  it('gives every operation a unique operationId', () => {
    const ids = rawOperations.map(({ op }) => op.operationId);
    for (const [i, { op }] of rawOperations.entries()) expect(op.operationId, where(rawOperations[i])).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names a resource:action permission on every operation that is not public', () => {
    const protectedOps = rawOperations.filter(({ op }) => !isPublic(op));
    expect(protectedOps.length).toBeGreaterThan(0);
    for (const entry of protectedOps) expect(entry.op['x-permission'], where(entry)).toMatch(/^[a-z_]+:[a-z_]+$/);
    for (const entry of rawOperations.filter(({ op }) => isPublic(op))) expect(entry.op['x-permission'], where(entry)).toBeUndefined();
    // Only sign-in, registration, password reset, health, and FHIR's CapabilityStatement and token are public.
    expect(rawOperations.filter(({ op }) => isPublic(op)).map(({ op }) => op.operationId).sort()).toEqual([
      'fhirCapabilities',
      'fhirToken',
      'forgotPassword',
      'getHealth',
      'logIn',
      'register',
      'resetPassword',
    ]);
  });

  it('uses only permissions some role (or every user) has', () => {
    const granted = new Set([...BASE_PERMISSIONS, ...Object.values(ROLE_PERMISSIONS).flat()]);
    for (const entry of rawOperations.filter(({ op }) => !isPublic(op))) expect(granted.has(entry.op['x-permission']), where(entry)).toBe(true);
  });

  it('declares application/problem+json with the Problem schema for every 4xx response, ConflictProblem for a 409 (FHIR: an OperationOutcome; its token endpoint: an OAuth error)', () => {
    let checked = 0;
    for (const entry of rawOperations) {
      for (const [status, response] of Object.entries<Json>(entry.op.responses)) {
        if (!/^4\d\d$/.test(status)) continue;
        const content = resolveResponse(response).content ?? {};
        if (entry.path === '/fhir/R4/auth/token') {
          expect(response, `${where(entry)} ${status}`).toEqual({ $ref: '#/components/responses/OAuthError' });
          continue;
        }
        if (entry.path.startsWith('/fhir/')) {
          expect(Object.keys(content), `${where(entry)} ${status}`).toEqual(['application/fhir+json']);
          expect(content['application/fhir+json'].schema, `${where(entry)} ${status}`).toEqual({ $ref: '#/components/schemas/OperationOutcome' });
          continue;
        }
        expect(Object.keys(content), `${where(entry)} ${status}`).toEqual(['application/problem+json']);
        // A 409 names its kind in `type` (stale version, refused by a guard, duplicate value, state conflict).
        const schema = status === '409' ? 'ConflictProblem' : 'Problem';
        expect(content['application/problem+json'].schema, `${where(entry)} ${status}`).toEqual({ $ref: `#/components/schemas/${schema}` });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('declares 401 on protected operations, 403 where a role may lack the permission, and 400 everywhere (unknown query parameters are refused)', () => {
    for (const entry of rawOperations) {
      const statuses = Object.keys(entry.op.responses);
      const permission = entry.op['x-permission'];
      if (!isPublic(entry.op)) expect(statuses, where(entry)).toContain('401');
      if (permission && !BASE_PERMISSIONS.includes(permission)) expect(statuses, where(entry)).toContain('403');
      expect(statuses, where(entry)).toContain('400');
    }
  });

  it('declares a 2xx response on every operation', () => {
    for (const entry of rawOperations) expect(Object.keys(entry.op.responses).some((s) => /^2\d\d$/.test(s)), where(entry)).toBe(true);
  });
});
