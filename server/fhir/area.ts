import type { Context, Hono } from 'hono';
import type { ApiArea } from '../http/app.ts';
import { clientAddress, fromDatabaseError } from '../http/app.ts';
import type { Operation } from '../http/contract.ts';
import { fromDomainError } from '../http/domain-problem.ts';
import { HttpProblem } from '../http/problem.ts';
import { readJson } from '../http/body.ts';
import { logUnexpected } from '../http/log-unexpected.ts';
import type { Deps, Handlers, Reply, UntypedRequest } from '../http/types.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { recordAudit } from '../audit.ts';
import { requestArrival } from '../db/fair-gate.ts';
import { authenticateToken, recordCall, type CallingClient } from './clients.ts';
import { FhirError, fhirError, fromProblem, operationOutcome } from './outcome.ts';
import { OAuthError, readForm } from './oauth.ts';
import { permissionsOfScopes } from './scopes.ts';
import { requestLimiter } from './rate-limit.ts';

export const FHIR_BASE = '/fhir/R4';
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

const clients = new WeakMap<object, CallingClient>();

/** The integration client a FHIR request was made by (the area has checked its token and scope). */
export function clientOf(request: UntypedRequest): CallingClient {
  const client = clients.get(request);
  if (!client) throw new Error('A FHIR operation ran without its client.');
  return client;
}

/** The user a client acts as: its own account, with only the permissions its token's scopes grant. */
function actingUser(client: CallingClient): SessionUser {
  const now = new Date().toISOString();
  return {
    id: client.userId,
    version: 1,
    name: client.name,
    email: `${client.clientId.toLowerCase()}@integration.invalid`,
    locale: 'es',
    active: true,
    locked: false,
    lockedUntil: null,
    roles: [],
    createdAt: now,
    updatedAt: now,
    permissions: permissionsOfScopes(client.scopes),
    mustChangeCredentials: false,
  };
}

/** The resource type an operation is about, for the FHIRPath of its issues (`/fhir/R4/Claim` → `Claim`). */
const resourceTypeOf = (op: Operation) => op.path.slice(FHIR_BASE.length + 1).split('/')[0] ?? '';

function sendResource(c: Context, status: number, body: unknown, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  return c.body(JSON.stringify(body), status as 200, { 'Content-Type': FHIR_JSON });
}

/** What went wrong, in words, for the client's list of calls. */
const summary = (error: FhirError) => error.issues.map((i) => [i.diagnostics ?? i.code, ...(i.expression ?? [])].join(' @ ')).join('; ');

/**
 * The FHIR R4 endpoint's router: an integration client's bearer token instead of a session, the operation's SMART
 * scope, the client's rate, and every refusal as an OperationOutcome (OAuth's own errors on the token endpoint).
 */
export function fhirArea(deps: Deps, handlers: Handlers): ApiArea {
  const takeRequest = requestLimiter();
  return {
    owns: (op) => op.path.startsWith(`${FHIR_BASE}/`),
    mount(app: Hono, operations: Operation[], options) {
      const run = async (c: Context, op: Operation) => {
        const ip = clientAddress(c);
        const userAgent = c.req.header('user-agent') ?? '';
        let client: CallingClient | null = null;
        const resourceType = resourceTypeOf(op);
        const finish = async (status: number, error: string | null) => {
          if (client) await recordCall(deps.db, client.id, { method: c.req.method, path: c.req.path, status, error });
        };
        try {
          if (op.fhirScope) {
            const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
            client = token ? await authenticateToken(deps.db, token) : null;
            if (!client) {
              throw new FhirError(401, [{ severity: 'error', code: 'login', diagnostics: 'Send a valid access token from POST /fhir/R4/auth/token.' }], {
                'WWW-Authenticate': 'Bearer realm="fhir"',
              });
            }
            const wait = takeRequest(client.id, client.rateLimitPerMinute);
            if (wait > 0) {
              throw new FhirError(429, [{ severity: 'error', code: 'throttled', diagnostics: `More than ${client.rateLimitPerMinute} requests in a minute.` }], {
                'Retry-After': String(wait),
              });
            }
            if (!client.scopes.includes(op.fhirScope as never)) {
              await recordAudit(deps.db, {
                userId: client.userId,
                action: 'ACCESS_DENIED',
                entityType: op.operationId,
                result: 'DENIED',
                ip,
                userAgent,
                detail: { scope: op.fhirScope, integrationClient: client.clientId },
              });
              throw fhirError(403, 'forbidden', `This needs the scope ${op.fhirScope}.`);
            }
          }
          const { params, query } = op.validateParams(c.req.param() as Record<string, string>, c.req.query());
          const body = op.bodyType === 'form' ? op.validateBody(await readForm(c)) : op.bodyType === 'json' ? op.validateBody(await readJson(c)) : undefined;
          const user = client ? actingUser(client) : null;
          const request: UntypedRequest = { params, query, body, user, token: null, ip, userAgent, header: (name) => c.req.header(name) };
          if (client) clients.set(request, client);
          const reply: Reply = await handlers[op.operationId](request);
          if (options.validateResponses) op.validateResponse(reply.status, reply.body);
          await finish(reply.status, null);
          if (op.bodyType === 'form') return c.json(reply.body as object, reply.status as 200, reply.headers);
          return sendResource(c, reply.status, reply.body, reply.headers);
        } catch (error) {
          if (error instanceof OAuthError) {
            const body = { error: error.error, error_description: error.message };
            if (options.validateResponses) op.validateResponse(error.status, body);
            return c.json(body, error.status as 400, { 'Cache-Control': 'no-store', ...error.headers });
          }
          let refusal: FhirError | null = error instanceof FhirError ? error : null;
          if (!refusal) {
            const problem = error instanceof HttpProblem ? error : (fromDomainError(error) ?? fromDatabaseError(error));
            if (problem && op.bodyType === 'form') {
              // The token endpoint speaks OAuth even about a malformed body.
              const body = { error: 'invalid_request', error_description: problem.detail };
              if (options.validateResponses) op.validateResponse(400, body);
              return c.json(body, 400);
            }
            if (problem) refusal = fromProblem(problem, resourceType);
          }
          if (!refusal) {
            logUnexpected(`${c.req.method} ${c.req.routePath}`, error);
            refusal = fhirError(500, 'exception', 'Something went wrong on the server; nothing was changed.');
          }
          if (options.validateResponses && refusal.status !== 500) op.validateResponse(refusal.status, operationOutcome(refusal.issues));
          await finish(refusal.status, summary(refusal)).catch((failure) => logUnexpected('recording a FHIR call', failure));
          return sendResource(c, refusal.status, operationOutcome(refusal.issues), refusal.headers);
        }
      };
      for (const op of operations) app.on(op.method.toUpperCase(), op.routePath, (c) => requestArrival.run(performance.now(), () => run(c, op)));
      app.all(`${FHIR_BASE}/*`, (c) =>
        sendResource(c, 404, operationOutcome([{ severity: 'error', code: 'not-supported', diagnostics: `This endpoint does not serve ${c.req.method} ${c.req.path} (see ${FHIR_BASE}/metadata).` }])),
      );
    },
  };
}
