import { isDatabaseUnavailable, UNAVAILABLE_RETRY_SECONDS } from '../db/unavailable.ts';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { loadContract, type Operation } from './contract.ts';
import { fromDomainError } from './domain-problem.ts';
import { ConflictProblem, HttpProblem, problemBody } from './problem.ts';
import type { Deps, Handlers, OperationRequest, Reply } from './types.ts';
import { recordAudit } from '../audit.ts';
import { readJson, readMultipart } from './body.ts';
import { logUnexpected } from './log-unexpected.ts';
import { requestArrival } from '../db/fair-gate.ts';

/** What a user signed in with a password an administrator gave may do before choosing their own. */
const OPEN_BEFORE_OWN_PASSWORD = new Set(['getMe', 'changeMyPassword', 'logOut']);

/**
 * A part of the API with its own credentials and answers (the FHIR endpoint: client tokens, OperationOutcome):
 * the operations of the contract it owns are routed by it instead of the panel's router.
 */
export interface ApiArea {
  owns(op: Operation): boolean;
  mount(app: Hono, operations: Operation[], options: { validateResponses?: boolean }): void;
}

export function send(c: Context, reply: Reply) {
  for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
  if (reply.body === undefined) return c.body(null, reply.status as 204);
  if (reply.body instanceof ReadableStream || reply.body instanceof Uint8Array) return c.body(reply.body as ReadableStream, reply.status as 200);
  return c.json(reply.body, reply.status as 200);
}

function sendProblem(c: Context, problem: HttpProblem) {
  for (const [name, value] of Object.entries(problem.headers ?? {})) c.header(name, value);
  return c.body(JSON.stringify(problemBody(problem)), problem.status as 400, { 'Content-Type': 'application/problem+json' });
}

/** PostgreSQL errors that are the client's fault get their own answer instead of a 500. */
export function fromDatabaseError(error: unknown): HttpProblem | null {
  const pgError = error as { code?: string; constraint?: string; detail?: string };
  if (pgError?.code === '23505') {
    const field = pgError.constraint?.match(/^[a-z]+_(\w+)_key$/)?.[1]?.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase());
    return new ConflictProblem('duplicate-value', 'conflict.duplicate', 'A record with this value already exists.', field ? [{ path: `body/${field}`, keyword: 'unique' }] : undefined);
  }
  if (pgError?.code === '23503') return new ConflictProblem('state-conflict', 'conflict.inUse', 'The record is referenced by other records.');
  if (isDatabaseUnavailable(error)) {
    return new HttpProblem(503, 'server.databaseUnavailable', 'The database is not answering for a moment; nothing was changed. Try again shortly.', undefined, {
      'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  return null;
}

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Routes every operation of the contract to the handler with its operationId, after checking the
 * token, the operation's permission and the request against the contract.
 */
export function createApi(deps: Deps, handlers: Handlers, options: { validateResponses?: boolean; areas?: ApiArea[] } = {}) {
  const { operations } = loadContract();
  const missing = operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId);
  const extra = Object.keys(handlers).filter((id) => !operations.some((op) => op.operationId === id));
  if (missing.length || extra.length) {
    throw new Error(`Contract and handlers differ. Without a handler: ${missing.join(', ') || '-'}; not in the contract: ${extra.join(', ') || '-'}`);
  }

  const app = new Hono();
  // Answers carry patient and staff data: no browser or proxy may keep them.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  const run = async (c: Context, op: Operation) => {
    const ip = clientAddress(c);
    const userAgent = c.req.header('user-agent') ?? '';
    let request: OperationRequest | undefined;
    try {
      const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
      const user = op.permission && token ? await deps.sessions.authenticate(token) : null;
      if (op.permission && !user) throw new HttpProblem(401, 'auth.unauthenticated', 'Sign in to continue.');
      if (op.permission && user && !user.permissions.includes(op.permission)) {
        await recordAudit(deps.db, { userId: user.id, action: 'ACCESS_DENIED', entityType: op.operationId, result: 'DENIED', ip, userAgent, detail: { permission: op.permission } });
        throw new HttpProblem(403, 'auth.forbidden', `This needs the permission ${op.permission}.`);
      }
      if (user?.mustChangeCredentials && !OPEN_BEFORE_OWN_PASSWORD.has(op.operationId)) {
        throw new HttpProblem(403, 'auth.passwordChangeRequired', 'Choose your own password first (POST /api/me/password).');
      }
      const { params, query } = op.validateParams(c.req.param() as Record<string, string>, c.req.query());
      const body =
        op.bodyType === 'json' ? op.validateBody(await readJson(c)) : op.bodyType === 'multipart' ? op.validateBody(await readMultipart(c)) : undefined;
      request = { params, query, body, user, token, ip, userAgent, header: (name) => c.req.header(name) };
      const reply = await handlers[op.operationId](request);
      const binary = reply.body instanceof ReadableStream || reply.body instanceof Uint8Array;
      if (options.validateResponses && !binary) op.validateResponse(reply.status, reply.body);
      if (options.validateResponses && binary) op.validateMediaType(reply.status, reply.headers?.['Content-Type']);
      return send(c, reply);
    } catch (error) {
      const problem = error instanceof HttpProblem ? error : (fromDomainError(error) ?? fromDatabaseError(error));
      if (problem) {
        if (options.validateResponses) op.validateResponse(problem.status, problemBody(problem));
        return sendProblem(c, problem);
      }
      throw error;
    }
  };
  // The database's gate serves connections to requests in the order they arrived (server/db/fair-gate.ts).
  const areas = options.areas ?? [];
  for (const area of areas) area.mount(app, operations.filter((op) => area.owns(op)), options);
  const panelOperations = operations.filter((op) => !areas.some((area) => area.owns(op)));
  for (const op of panelOperations) app.on(op.method.toUpperCase(), op.routePath, (c) => requestArrival.run(performance.now(), () => run(c, op)));

  app.all('/api/*', (c) => sendProblem(c, new HttpProblem(404, 'request.noSuchOperation', `No operation answers ${c.req.method} ${c.req.path}.`)));
  app.onError((error, c) => {
    logUnexpected(`${c.req.method} ${c.req.routePath}`, error);
    return sendProblem(c, new HttpProblem(500, 'server.unexpected', 'Something went wrong on the server; nothing was changed.'));
  });
  return app;
}
