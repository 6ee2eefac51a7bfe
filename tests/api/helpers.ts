import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer } from '../../server/server.ts';
import { readConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { DEMO_PASSWORD } from '../../server/auth/roles.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { systemToday } from '../../server/clock.ts';
import { demoTemplate } from '../support/db-template.ts';
import { demoOnPostgres } from '../support/postgres-bin.ts';
import { postgresCopy } from '../support/postgres-server.ts';

type Api = Awaited<ReturnType<typeof createServer>>['api'];

export interface CallOptions {
  token?: string | null;
  /** An object is sent as JSON; a string is sent as it is (with the content-type from `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (the per-address sign-in limit keys on it). */
  ip?: string;
}

export interface CallResult<B = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: B;
  headers: Headers;
}

export const DEFAULT_IP = '127.0.0.1';

/** The database the suite's demo servers run on: PostgreSQL or the embedded one, as TestServer.start decides. */
export const SUITE_DATABASE = 'suite://';

/** One in-process server on its own copy of the demo database; no port is opened. */
export class TestServer {
  constructor(
    readonly api: Api,
    readonly db: Database,
    readonly config: Config,
    /** Where this server keeps attachment contents (a throw-away directory for an in-memory database). */
    readonly filesDir: string,
    /** Drops the copy the server's database and files were made into, once the server is closed. */
    private readonly release?: () => Promise<void>,
  ) {}

  /**
   * On the suite's database (SUITE_DATABASE, the default) the server starts from a copy of the run's demo template
   * of its seed date: on PostgreSQL when the suite runs there (tests/support/postgres-bin.ts), else on an in-memory
   * PGlite (tests/support/db-template.ts), as `memory://` always does. A PostgreSQL URL, or `fresh`, migrates and
   * seeds from nothing as a new install does.
   */
  static async start(env: NodeJS.ProcessEnv = {}, databaseTarget = SUITE_DATABASE, today?: () => string, fresh = false): Promise<TestServer> {
    if (databaseTarget === SUITE_DATABASE && !fresh && demoOnPostgres()) return TestServer.onPostgresCopy(env, today);
    if (databaseTarget === SUITE_DATABASE) databaseTarget = 'memory://';
    const config = readConfig(env);
    const template = databaseTarget === 'memory://' && !fresh ? await demoTemplate((today ?? systemToday)()) : undefined;
    const { api, db, files } = await createServer(config, { databaseTarget, seed: true, validateResponses: true, today, template });
    // An in-memory database's attachment contents are in a throw-away directory of their own: gone with the server.
    const release = databaseTarget === 'memory://' ? async () => fs.rmSync(files.dir, { recursive: true, force: true }) : undefined;
    return new TestServer(api, db, config, files.dir, release);
  }

  /** A server on a copy of the run's demo database on PostgreSQL, dropped with its files when the server closes. */
  static async onPostgresCopy(env: NodeJS.ProcessEnv = {}, today?: () => string): Promise<TestServer> {
    const copy = await postgresCopy((today ?? systemToday)());
    const server = await TestServer.start({ ...env, FILES_DIR: copy.filesDir }, copy.url, today);
    return new TestServer(server.api, server.db, server.config, server.filesDir, copy.stop);
  }

  async call<B = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<B>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = {};
    let body: string | FormData | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string' || options.body instanceof FormData) body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    // @hono/node-server's getConnInfo reads the remote address from the Node request in the env.
    const env = { incoming: { socket: { remoteAddress: options.ip ?? DEFAULT_IP, remotePort: 40000, remoteFamily: 'IPv4' } } };
    const response = await this.api.request(`http://localhost${path}`, { method, headers, body }, env);
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed = text === '' ? undefined : /\bjson\b/.test(type) ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as B, headers: response.headers };
  }

  /** Signs in and returns the bearer token; fails loudly when the sign-in does not succeed. */
  async signIn(email: string, password: string = DEMO_PASSWORD, ip?: string): Promise<string> {
    const { status, body } = await this.call('POST', '/api/login', { body: { email, password }, ip });
    if (status !== 200) throw new Error(`Sign-in of ${email} answered ${status}: ${JSON.stringify(body)}`);
    return body.authorisation.token as string;
  }

  async close() {
    await this.db.close();
    await this.release?.();
  }
}

let current: TestServer | undefined;

/**
 * Starts a fresh server for the calling test file (beforeAll) and closes it afterwards. The
 * returned handle, and the module-level `call` / `signIn`, talk to that server.
 */
export function useServer(env: NodeJS.ProcessEnv = {}, today?: () => string) {
  const handle = {
    get server(): TestServer {
      if (!current) throw new Error('The test server has not started yet (use it inside tests or hooks).');
      return current;
    },
    get db() {
      return handle.server.db;
    },
    get config() {
      return handle.server.config;
    },
  };
  beforeAll(async () => {
    current = await TestServer.start(env, SUITE_DATABASE, today);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return handle;
}

export const call = <B = any>(method: string, path: string, options?: CallOptions) => useCurrent().call<B>(method, path, options); // eslint-disable-line @typescript-eslint/no-explicit-any
export const signIn = (email: string, password?: string, ip?: string) => useCurrent().signIn(email, password, ip);

/**
 * Signs in a user an administrator created with the password `given` and chooses `own`, as the first sign-in demands
 * (issue 28, item 20); answers that session's token, which then reads what the user's roles allow.
 */
export async function signInChoosingOwn(email: string, given: string, own = `${given}-propia`): Promise<string> {
  const token = await signIn(email, given);
  const chosen = await call('POST', '/api/me/password', { token, body: { currentPassword: given, newPassword: own } });
  if (chosen.status !== 204) throw new Error(`${email} could not choose a password: ${chosen.status} ${JSON.stringify(chosen.body)}`);
  return token;
}

const WORKFLOW_TABLES = { verifications: 'verifications', reimbursements: 'reimbursements', 'orthodontic-plans': 'orthodontic_plans', policies: 'policies', patients: 'patients' } as const;

/**
 * Sends a workflow event as a client that has just loaded the record: with the record's current
 * version, unless the body names one (a stale one, to test conflicts).
 */
export async function sendEvent(kind: keyof typeof WORKFLOW_TABLES, id: number, body: Record<string, unknown>, token: string) {
  const rows = await useCurrent().db.query<{ version: number }>(`SELECT version FROM ${WORKFLOW_TABLES[kind]} WHERE id = $1`, [id]);
  return call('POST', `/api/${kind}/${id}/events`, { token, body: { version: rows[0]?.version ?? 1, ...body } });
}

function useCurrent(): TestServer {
  if (!current) throw new Error('Call useServer() in the test file first.');
  return current;
}

/**
 * Asserts an `application/problem+json` answer with this status and code (the body repeats the
 * status, carries a type and title) and returns its body for further checks.
 */
export function expectProblem(result: CallResult, status: number, code: string) {
  expect({ status: result.status, code: result.body?.code }).toEqual({ status, code });
  expect(result.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
  expect(result.body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String) });
  return result.body as { status: number; code: string; detail?: string; errors?: { path: string; keyword: string; params?: Record<string, unknown> }[] };
}

/** The `path keyword` pairs of a problem's field errors, sorted, for exact comparisons. */
export const fieldErrors = (body: { errors?: { path: string; keyword: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.keyword}`).sort();

/** Attaches a small PDF of `documentType` to a reimbursement, as the analyst's upload form does. */
export function attachToReimbursement(token: string, reimbursementId: number, documentType: string) {
  const form = new FormData();
  form.set('ownerType', 'reimbursement');
  form.set('ownerId', String(reimbursementId));
  form.set('documentType', documentType);
  form.set('file', new File([textPdf([documentType]).slice()], `${documentType}.pdf`));
  return call('POST', '/api/attachments', { token, body: form });
}

/**
 * A reimbursement brought into review the way the desk does it, for tests about approval and payment: the
 * analyst's draft (`body` as POST /api/reimbursements takes it) with every required document attached,
 * submitted (the automatic check moves it to review) and, when R12's 5 % sample picked it, medically reviewed
 * by the auditor (other reasons for the review are left to the test). Answers the claim as read after that.
 */
export async function claimInReview(tokens: { analyst: string; auditor: string }, body: Record<string, unknown>) {
  const created = await call('POST', '/api/reimbursements', { token: tokens.analyst, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id: number = created.body.id;
  for (const documentType of created.body.missingDocuments as string[]) expect((await attachToReimbursement(tokens.analyst, id, documentType)).status).toBe(201);
  await submitToReview(tokens, id);
  return (await call('GET', `/api/reimbursements/${id}`, { token: tokens.analyst })).body;
}

/**
 * The analyst's SUBMIT of a claim with its documents, and the auditor's review when R12's sample is the claim's only
 * reason for one. Only the sample's: which claims it picks depends on the folio, so on how many claims the file made
 * before; a claim the rules send to the auditor (a major procedure, the amount) keeps its review pending.
 */
export async function submitToReview(tokens: { analyst: string; auditor: string }, id: number): Promise<void> {
  const submitted = await sendEvent('reimbursements', id, { type: 'SUBMIT' }, tokens.analyst);
  expect(submitted.body.state, JSON.stringify(submitted.body)).toBe('inReview');
  if (submitted.body.medicalReview.reasons.join() === 'sample') {
    expect((await sendEvent('reimbursements', id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, tokens.auditor)).status).toBe(200);
  }
}

let freshPatients = 0;

/**
 * A verified verification of a new adult patient on an active euro policy, so each case starts from a
 * clean ledger. `tag` keeps the made-up documents of one test file apart from another's.
 */
export async function verifiedForFreshPatient(tag: string, options: { token: string; serviceDate: string; kind?: 'BENEFITS' | 'PREAUTHORIZATION' }): Promise<number> {
  const made = ++freshPatients;
  const [patient] = await useCurrent().db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
     SELECT po.id, 'OTHER_DEPENDENT', 'Prueba', $2 || ' ' || $1::int, '1980-05-05', '2024-01-01', 'DNI', $2 || '-' || $1::int, 'CRED-' || $2 || '-' || $1::int
       FROM policies po JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND i.currency = 'EUR' ORDER BY po.id LIMIT 1
     RETURNING id`,
    [made, tag],
  );
  const body = { patientId: patient!.id, kind: options.kind ?? 'BENEFITS', category: 'GENERAL', plannedServiceDate: options.serviceDate };
  const created = await call('POST', '/api/verifications', { token: options.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await sendEvent('verifications', created.body.id, { type: 'START' }, options.token);
  const done = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-${tag}-${made}` }, options.token);
  expect(done.body.state).toBe('verified');
  return created.body.id;
}

export interface DocumentRequirement {
  documentType: string;
  version: number;
  general: string;
  orthodonticInitial: string;
  orthodonticInstallment: string;
}

/** One row of Configuraciones' required-documents matrix, as the API serves it. */
export async function documentRequirement(type: string, token: string): Promise<DocumentRequirement> {
  const items = (await call('GET', '/api/settings/documents', { token })).body.items as DocumentRequirement[];
  return items.find((d) => d.documentType === type)!;
}
