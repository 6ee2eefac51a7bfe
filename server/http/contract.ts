import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { HttpProblem } from './problem.ts';
import { rejectBadText } from './text-input.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
export const CONTRACT_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../openapi/openapi.yaml');
const CONTRACT_ID = 'contract.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  /** The same path in Hono's syntax (`{id}` → `:id`). */
  routePath: string;
  /** `null` for the public operations (`security: []`). */
  permission: string | null;
  /** The SMART scope an integration client's token needs (`security: [{ fhirClient: [scope] }]`), else `null`. */
  fhirScope: string | null;
  validateParams: (params: Record<string, string>, query: Record<string, string>) => { params: Record<string, unknown>; query: Record<string, unknown> };
  /** How the request body comes: JSON checked against its schema, a multipart form (uploads), a URL-encoded form (OAuth), or none. */
  bodyType: 'json' | 'multipart' | 'form' | null;
  /** The body's media type as the contract names it (`application/json`, `application/fhir+json`, …). */
  bodyMediaType: string | null;
  validateBody: (body: unknown) => unknown;
  validateResponse: (status: number, body: unknown) => void;
  /** A file's answer: its Content-Type (without parameters) must be one the contract lists for the status. */
  validateMediaType: (status: number, contentType: string | undefined) => void;
  /** Compiles every validator of the operation now; the server compiles each on its first use. */
  compile: () => void;
}

/** `make()` on the first call, kept for the next: the contract's ~900 validators took seconds to compile at start. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The contract as read from its YAML: an OpenAPI document, walked by key. */
export type ContractDocument = Json;

/** A parameter schema is compiled on its own, so its `#/components/…` refs must name the contract. */
const absoluteRefs = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${CONTRACT_ID}#/`));

const pointer = (...parts: string[]) => `${CONTRACT_ID}#/` + parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Turns Ajv's errors into the contract's `errors` list: `path` names the field, `keyword` the rule. */
export function toFieldErrors(where: 'body' | 'query' | 'path', errors: ErrorObject[] | null | undefined) {
  return (errors ?? [])
    .filter((e) => !['allOf', 'anyOf', 'if'].includes(e.keyword))
    .map((e) => {
      const field =
        e.keyword === 'required'
          ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`
          : e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties'
            ? `${e.instancePath}/${(e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ?? (e.params as { unevaluatedProperty: string }).unevaluatedProperty}`
            : e.instancePath;
      return { path: `${where}${field}`, keyword: e.keyword, params: e.params as Record<string, unknown> };
    });
}

function badRequest(where: 'body' | 'query' | 'path', validate: ValidateFunction): HttpProblem {
  const errors = toFieldErrors(where, validate.errors);
  return new HttpProblem(400, 'request.invalid', errors.map((e) => `${e.path}: ${e.keyword}`).join('; ') || 'Invalid request.', errors);
}

/** The contract's `x-permissions`: every `resource:action` a role can hold. */
export const permissionsOf = (document: Json): Set<string> => new Set<string>(document['x-permissions'] ?? []);

type LoadedContract = { document: Json; operations: Operation[] };
let compiled: LoadedContract | undefined;

/** The contract compiled once per process: the router and the export jobs (which check list filters) share it. */
export function loadContract(file = CONTRACT_PATH): LoadedContract {
  if (file !== CONTRACT_PATH) return compileContract(file);
  compiled ??= compileContract(file);
  return compiled;
}

function compileContract(file: string): LoadedContract {
  const document = parseYaml(fs.readFileSync(file, 'utf8')) as Json;
  const options = { strict: false, allErrors: true, useDefaults: true } as const;
  const bodies = new Ajv2020(options);
  const params = new Ajv2020({ ...options, coerceTypes: true });
  const responses = new Ajv2020({ strict: false, allErrors: true });
  for (const ajv of [bodies, params, responses]) {
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: CONTRACT_ID });
  }
  const rootSecurity = document.security;
  const vocabulary = permissionsOf(document);
  const operations: Operation[] = [];
  for (const [opPath, item] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const allParams: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) =>
        p.$ref ? document.components.parameters[p.$ref.split('/').pop()] : p,
      );
      const schemaOf = (location: string) => ({
        type: 'object',
        additionalProperties: location === 'path',
        properties: Object.fromEntries(allParams.filter((p) => p.in === location).map((p) => [p.name, absoluteRefs(p.schema)])),
        required: allParams.filter((p) => p.in === location && p.required).map((p) => p.name),
      });
      // Each schema is compiled against the whole document so its `#/components/...` refs resolve.
      params.addSchema({ ...schemaOf('path'), $id: `${op.operationId}.path.json` });
      params.addSchema({ ...schemaOf('query'), $id: `${op.operationId}.query.json` });
      const pathValidator = once(() => params.getSchema(`${op.operationId}.path.json`)!);
      const queryValidator = once(() => params.getSchema(`${op.operationId}.query.json`)!);
      const bodyMediaType: string | null = op.requestBody ? Object.keys(op.requestBody.content)[0] : null;
      const bodyType = !bodyMediaType ? null : bodyMediaType === 'multipart/form-data' ? 'multipart' : bodyMediaType === 'application/x-www-form-urlencoded' ? 'form' : 'json';
      const bodyPointer = bodyMediaType ? pointer('paths', opPath, method, 'requestBody', 'content', bodyMediaType, 'schema') : null;
      const bodyValidator = bodyPointer ? once(() => bodies.compile({ $ref: bodyPointer })) : null;
      const responseValidators = new Map<number, (() => ValidateFunction) | null>();
      const mediaTypes = new Map<number, string[]>();
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        const name = response.$ref?.split('/').pop();
        const resolved = name ? document.components.responses[name] : response;
        mediaTypes.set(Number(status), Object.keys(resolved.content ?? {}));
        const type = Object.keys(resolved.content ?? {})[0];
        const at = name ? ['components', 'responses', name] : ['paths', opPath, method, 'responses', status];
        const schemaPointer = pointer(...at, 'content', type ?? '', 'schema');
        responseValidators.set(Number(status), type ? once(() => responses.compile({ $ref: schemaPointer })) : null);
      }
      const isPublic = (op.security ?? rootSecurity)?.length === 0;
      if (!isPublic && !op['x-permission']) throw new Error(`${op.operationId} needs an x-permission`);
      if (!isPublic && !vocabulary.has(op['x-permission'])) throw new Error(`${op.operationId}'s x-permission ${op['x-permission']} is not in x-permissions`);
      operations.push({
        operationId: op.operationId,
        method,
        path: opPath,
        routePath: opPath.replace(/\{(\w+)\}/g, ':$1'),
        permission: isPublic ? null : op['x-permission'],
        fhirScope: ((op.security ?? rootSecurity) as Json[] | undefined)?.find((s) => s.fhirClient)?.fhirClient?.[0] ?? null,
        bodyType,
        bodyMediaType,
        validateParams(rawParams, rawQuery) {
          const p: Record<string, unknown> = { ...rawParams };
          const q: Record<string, unknown> = { ...rawQuery };
          rejectBadText('path', p);
          rejectBadText('query', q);
          if (!pathValidator()(p)) throw badRequest('path', pathValidator());
          if (!queryValidator()(q)) throw badRequest('query', queryValidator());
          return { params: p, query: q };
        },
        validateBody(body) {
          if (!bodyValidator) return undefined;
          rejectBadText('body', body);
          if (!bodyValidator()(body)) throw badRequest('body', bodyValidator());
          return body;
        },
        validateResponse(status, body) {
          if (!responseValidators.has(status)) throw new Error(`${op.operationId} answered ${status}, which the contract does not list`);
          const validate = responseValidators.get(status)?.();
          if (validate && !validate(body)) {
            throw new Error(`${op.operationId} ${status} response breaks the contract: ${JSON.stringify(validate.errors)}`);
          }
        },
        validateMediaType(status, contentType) {
          const type = contentType?.split(';')[0]!.trim().toLowerCase();
          const listed = mediaTypes.get(status) ?? [];
          if (!type || !listed.includes(type)) throw new Error(`${op.operationId} answered ${status} as ${contentType}; the contract lists ${listed.join(', ') || 'no content'}`);
        },
        compile() {
          for (const validator of [pathValidator, queryValidator, bodyValidator, ...responseValidators.values()]) validator?.();
        },
      });
    }
  }
  return { document, operations };
}
