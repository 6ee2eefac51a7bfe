import { randomBytes } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/passwords.ts';
import { BusinessRuleError, NotFoundError, StaleVersionError } from '../errors.ts';
import type { SmartScope } from './scopes.ts';

type IntegrationClient = components['schemas']['IntegrationClient'];
type IntegrationCall = components['schemas']['IntegrationCall'];
export type ClientInput = components['schemas']['IntegrationClientInput'];

/** Access tokens last five minutes, as SMART's backend services advise: a revoked or rotated client loses them anyway. */
export const TOKEN_SECONDS = 300;

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

type ClientRow = {
  id: number;
  version: number;
  client_id: string;
  name: string;
  scopes: string[];
  rate_limit_per_minute: number;
  revoked_at: Date | null;
  secret_issued_at: Date;
  created_at: Date;
  updated_at: Date;
  doctor_ids: number[];
  insurer_ids: number[];
  last_call_at: Date | null;
  user_id: number;
};

const CLIENT_SELECT = `SELECT c.*,
    ARRAY(SELECT doctor_id FROM integration_client_doctors d WHERE d.client_id = c.id ORDER BY doctor_id) AS doctor_ids,
    ARRAY(SELECT insurer_id FROM integration_client_insurers i WHERE i.client_id = c.id ORDER BY insurer_id) AS insurer_ids,
    (SELECT max(at) FROM integration_calls k WHERE k.client_id = c.id) AS last_call_at
  FROM integration_clients c`;

function present(row: ClientRow): IntegrationClient {
  return {
    id: row.id,
    version: row.version,
    clientId: row.client_id,
    name: row.name,
    scopes: row.scopes as SmartScope[],
    doctorIds: row.doctor_ids.map(Number),
    insurerIds: row.insurer_ids.map(Number),
    rateLimitPerMinute: row.rate_limit_per_minute,
    revoked: row.revoked_at !== null,
    revokedAt: iso(row.revoked_at),
    secretIssuedAt: iso(row.secret_issued_at)!,
    lastCallAt: iso(row.last_call_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export async function listClients(q: Queryable): Promise<IntegrationClient[]> {
  return (await q.query<ClientRow>(`${CLIENT_SELECT} ORDER BY c.created_at DESC, c.id DESC`)).map(present);
}

async function findClientRow(q: Queryable, id: number, lock = false): Promise<ClientRow> {
  const [row] = await q.query<ClientRow>(`${CLIENT_SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
  if (!row) throw new NotFoundError('integrationClient');
  return row;
}

export const findClient = async (q: Queryable, id: number) => present(await findClientRow(q, id));

/** The last calls and the last errors, newest first. */
export async function recentCalls(q: Queryable, id: number, limit = 20): Promise<{ recentCalls: IntegrationCall[]; recentErrors: IntegrationCall[] }> {
  type CallRow = { at: Date; method: string; path: string; status: number; error: string | null };
  const map = (rows: CallRow[]) => rows.map((r) => ({ at: iso(r.at)!, method: r.method, path: r.path, status: r.status, error: r.error }));
  const columns = 'at, method, path, status, error';
  const calls = await q.query<CallRow>(`SELECT ${columns} FROM integration_calls WHERE client_id = $1 ORDER BY at DESC, id DESC LIMIT $2`, [id, limit]);
  const errors = await q.query<CallRow>(`SELECT ${columns} FROM integration_calls WHERE client_id = $1 AND status >= 400 ORDER BY at DESC, id DESC LIMIT $2`, [id, limit]);
  return { recentCalls: map(calls), recentErrors: map(errors) };
}

/** Every id that names no row of `table` is said on its field, as the users' insurers are. */
async function requireExisting(q: Queryable, table: 'doctors' | 'insurers', field: 'doctorIds' | 'insurerIds', ids: number[]) {
  const found = ids.length ? await q.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]) : [];
  const unknown = ids.filter((id) => !found.some((row) => row.id === id));
  if (unknown.length) {
    throw new BusinessRuleError(
      `integrationClient.unknown${table === 'doctors' ? 'Doctor' : 'Insurer'}`,
      `No ${table === 'doctors' ? 'doctor' : 'insurer'} has the id ${unknown.join(', ')}.`,
      unknown.map((id) => ({ path: `body/${field}/${ids.indexOf(id)}`, keyword: 'exists', params: { id } })),
    );
  }
}

async function bind(tx: Queryable, id: number, input: ClientInput) {
  await requireExisting(tx, 'doctors', 'doctorIds', input.doctorIds);
  await requireExisting(tx, 'insurers', 'insurerIds', input.insurerIds);
  await tx.query('DELETE FROM integration_client_doctors WHERE client_id = $1', [id]);
  await tx.query('DELETE FROM integration_client_insurers WHERE client_id = $1', [id]);
  await tx.query('INSERT INTO integration_client_doctors (client_id, doctor_id) SELECT $1, unnest($2::int[])', [id, input.doctorIds]);
  await tx.query('INSERT INTO integration_client_insurers (client_id, insurer_id) SELECT $1, unnest($2::int[])', [id, input.insurerIds]);
}

/** A secret long enough not to need a lock-out: 256 random bits. */
const newSecret = () => newToken();

/**
 * Creates the client and the user it acts as (no role, no password anyone can type: the hash is of random bytes
 * never shown), and answers its secret, which is not kept.
 */
export async function createClient(tx: Queryable, input: ClientInput, createdBy: number): Promise<{ client: IntegrationClient; clientSecret: string }> {
  const clientId = `cli_${randomBytes(12).toString('base64url')}`;
  const secret = newSecret();
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, locale) VALUES ($1, $2, $3, 'es') RETURNING id`,
    [input.name.trim(), `${clientId.toLowerCase()}@integration.invalid`, await hashPassword(newToken())],
  );
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO integration_clients (client_id, name, secret_hash, scopes, rate_limit_per_minute, user_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [clientId, input.name.trim(), await hashPassword(secret), input.scopes, input.rateLimitPerMinute ?? 120, user.id, createdBy],
  );
  await bind(tx, row.id, input);
  return { client: await findClient(tx, row.id), clientSecret: secret };
}

/** Changes what the client may do; its tokens go, so the next token carries the new scopes. */
export async function updateClient(tx: Queryable, id: number, input: ClientInput & { version: number }): Promise<IntegrationClient> {
  const row = await findClientRow(tx, id, true);
  if (row.version !== input.version) throw new StaleVersionError('integrationClient', row.version);
  await tx.query(
    `UPDATE integration_clients SET name = $2, scopes = $3, rate_limit_per_minute = $4, version = version + 1, updated_at = now() WHERE id = $1`,
    [id, input.name.trim(), input.scopes, input.rateLimitPerMinute ?? 120],
  );
  await tx.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [row.user_id, input.name.trim()]);
  await bind(tx, id, input);
  await tx.query('DELETE FROM integration_tokens WHERE client_id = $1', [id]);
  return findClient(tx, id);
}

export async function rotateSecret(tx: Queryable, id: number): Promise<{ client: IntegrationClient; clientSecret: string }> {
  const row = await findClientRow(tx, id, true);
  if (row.revoked_at) throw new BusinessRuleError('integrationClient.revoked', 'A revoked client gets no new secret.');
  const secret = newSecret();
  await tx.query(`UPDATE integration_clients SET secret_hash = $2, secret_issued_at = now(), version = version + 1, updated_at = now() WHERE id = $1`, [
    id,
    await hashPassword(secret),
  ]);
  await tx.query('DELETE FROM integration_tokens WHERE client_id = $1', [id]);
  return { client: await findClient(tx, id), clientSecret: secret };
}

export async function revokeClient(tx: Queryable, id: number): Promise<IntegrationClient> {
  await findClientRow(tx, id, true);
  await tx.query(`UPDATE integration_clients SET revoked_at = coalesce(revoked_at, now()), version = version + 1, updated_at = now() WHERE id = $1`, [id]);
  await tx.query('DELETE FROM integration_tokens WHERE client_id = $1', [id]);
  await tx.query('UPDATE users SET active = false, updated_at = now() WHERE id = (SELECT user_id FROM integration_clients WHERE id = $1)', [id]);
  return findClient(tx, id);
}

/** What a request made with a client's token acts as. */
export interface CallingClient {
  id: number;
  clientId: string;
  name: string;
  userId: number;
  scopes: SmartScope[];
  doctorIds: number[];
  insurerIds: number[];
  rateLimitPerMinute: number;
}

const calling = (row: ClientRow, scopes: string[]): CallingClient => ({
  id: row.id,
  clientId: row.client_id,
  name: row.name,
  userId: row.user_id,
  scopes: scopes as SmartScope[],
  doctorIds: row.doctor_ids.map(Number),
  insurerIds: row.insurer_ids.map(Number),
  rateLimitPerMinute: row.rate_limit_per_minute,
});

let dummyHash: Promise<string> | undefined;

/** The client a client_id and secret name, if the secret is right and the client not revoked. */
export async function authenticateSecret(q: Queryable, clientId: string, secret: string): Promise<CallingClient | null> {
  const [row] = await q.query<ClientRow & { secret_hash: string }>(`${CLIENT_SELECT} WHERE c.client_id = $1`, [clientId]);
  // An unknown client costs the same hash as a known one, so timing does not tell which client_ids exist.
  const ok = await verifyPassword(secret, row?.secret_hash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex')))));
  if (!row || !ok || row.revoked_at) return null;
  return calling(row, row.scopes);
}

export async function issueToken(q: Queryable, client: CallingClient, scopes: SmartScope[]): Promise<string> {
  const token = newToken();
  await q.query(`INSERT INTO integration_tokens (token_hash, client_id, scopes, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
    hashToken(token),
    client.id,
    scopes,
    TOKEN_SECONDS,
  ]);
  // Expired tokens of this client go as it gets a new one, so the table holds a handful per client.
  await q.query('DELETE FROM integration_tokens WHERE client_id = $1 AND expires_at < now()', [client.id]);
  return token;
}

/** One statement: the token's client with its bindings, only while the token lasts and the client is not revoked. */
export async function authenticateToken(q: Queryable, token: string): Promise<CallingClient | null> {
  const [row] = await q.query<ClientRow & { token_scopes: string[] }>(
    `${CLIENT_SELECT.replace('SELECT c.*', 'SELECT c.*, t.scopes AS token_scopes')}
     JOIN integration_tokens t ON t.client_id = c.id
     WHERE t.token_hash = $1 AND t.expires_at > now() AND c.revoked_at IS NULL`,
    [hashToken(token)],
  );
  return row ? calling(row, row.token_scopes.filter((scope) => row.scopes.includes(scope))) : null;
}

export async function recordCall(q: Queryable, clientId: number, call: { method: string; path: string; status: number; error: string | null }) {
  await q.query('INSERT INTO integration_calls (client_id, method, path, status, error) VALUES ($1, $2, $3, $4, $5)', [
    clientId,
    call.method,
    call.path.slice(0, 500),
    call.status,
    call.error?.slice(0, 1000) ?? null,
  ]);
}


/** How long a client's calls are kept: enough for the panel's last calls and errors and a quarter's questions. */
export const CALLS_KEPT_DAYS = 90;

/** The clients with calls older than `days` before the business date `today` (the daily job's work). */
export async function clientsWithOldCalls(q: Queryable, today: string, days = CALLS_KEPT_DAYS): Promise<number[]> {
  const rows = await q.query<{ client_id: number }>(`SELECT DISTINCT client_id FROM integration_calls WHERE at < $1::date - $2::int`, [today, days]);
  return rows.map((row) => row.client_id);
}

/** Deletes one client's calls older than `days` (its audit rows stay: the audit log is the record, this is the panel's view). */
export async function pruneCalls(q: Queryable, clientId: number, today: string, days = CALLS_KEPT_DAYS): Promise<void> {
  await q.query(`DELETE FROM integration_calls WHERE client_id = $1 AND at < $2::date - $3::int`, [clientId, today, days]);
}
