import type { Database, Queryable } from '../db/database.ts';

/**
 * The scale seed's audit log: a year of an office's activity (every read of patient data leaves a row,
 * so a million patients make tens of millions of rows), written set-based inside the database and
 * chained exactly as server/audit.ts chains the server's own rows, so `npm run audit:verify` walks it.
 *
 * Each row's canonical JSON (what server/audit.ts's canonicalRest makes: `at` as JavaScript's
 * toISOString, the entity id as a string, object keys sorted, no spaces) is built as text; a running
 * aggregate over the rows in id order takes each SHA-256 over '["<previous hash>",' and that text, as
 * migration 020's audit_append does. Timestamps are whole milliseconds, as the verifier reads them back
 * through JavaScript dates.
 */
export interface AuditScaleOptions {
  rows: number;
  /** The year of activity ends the day before this one. */
  today: string;
  step: (label: string, work: () => Promise<unknown>) => Promise<void>;
  /** Rows per statement (default 500 000): each sorts its rows once for the running hash, in memory at that size. */
  batch?: number;
}

/** The running hash: its state is the previous row's hash followed by this row's (64 hex digits each). */
const FUNCTIONS = `
CREATE OR REPLACE FUNCTION pg_temp.audit_link(state text, start text, rest text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE prev text := coalesce(right(state, 64), start);
BEGIN
  RETURN prev || encode(sha256(convert_to('["' || prev || '",' || rest, 'UTF8')), 'hex');
END $$;
CREATE OR REPLACE AGGREGATE pg_temp.audit_chain(text, text) (SFUNC = pg_temp.audit_link, STYPE = text);
CREATE OR REPLACE FUNCTION pg_temp.audit_r(i bigint, salt int, n int) RETURNS int LANGUAGE sql IMMUTABLE AS
  $$ SELECT (abs(hashint8(i * 101 + salt)::bigint) % greatest(n, 1))::int $$;
`;

const json = (column: string) => `coalesce(to_json(${column})::text, 'null')`;

/**
 * What staff do, per thousand rows: mostly lists and record views (the reads of patient data), then
 * workflow steps, edits, sessions, downloads, and a few refusals; with the highest id of each kind of
 * record, for the rows that name one.
 */
const MIX = `
CREATE TEMP TABLE scale_audit_mix ON COMMIT DROP AS
SELECT m.mix, a.action, a.entity_type, a.with_id, a.result, a.detail, CASE a.entity_type
    WHEN 'patient' THEN (SELECT max(id) FROM patients) WHEN 'verification' THEN (SELECT max(id) FROM verifications)
    WHEN 'reimbursement' THEN (SELECT max(id) FROM reimbursements) WHEN 'policy' THEN (SELECT max(id) FROM policies)
    WHEN 'policyholder' THEN (SELECT max(id) FROM policyholders) WHEN 'doctor' THEN (SELECT max(id) FROM doctors)
    WHEN 'attachment' THEN (SELECT max(id) FROM attachments) END AS max_id
FROM generate_series(0, 999) AS m(mix)
CROSS JOIN LATERAL (
  SELECT * FROM (VALUES
    (0, 'LIST', 'patient', false, 'ALLOWED', 'ids'), (160, 'LIST', 'verification', false, 'ALLOWED', 'ids'),
    (270, 'LIST', 'reimbursement', false, 'ALLOWED', 'ids'), (360, 'LIST', 'policy', false, 'ALLOWED', 'ids'),
    (400, 'LIST', 'policyholder', false, 'ALLOWED', 'ids'), (425, 'LIST', 'doctor', false, 'ALLOWED', 'ids'),
    (450, 'VIEW', 'patient', true, 'ALLOWED', 'overview'), (650, 'VIEW', 'verification', true, 'ALLOWED', NULL),
    (715, 'VIEW', 'reimbursement', true, 'ALLOWED', NULL), (780, 'STATE_CHANGE', 'verification', true, 'ALLOWED', 'transition'),
    (815, 'STATE_CHANGE', 'reimbursement', true, 'ALLOWED', 'transition'), (860, 'CREATE', 'verification', true, 'ALLOWED', NULL),
    (880, 'CREATE', 'reimbursement', true, 'ALLOWED', NULL), (900, 'UPDATE', 'patient', true, 'ALLOWED', NULL),
    (920, 'UPDATE', 'policyholder', true, 'ALLOWED', NULL), (940, 'LOGIN', NULL, false, 'ALLOWED', NULL),
    (960, 'LOGOUT', NULL, false, 'ALLOWED', NULL), (975, 'DOWNLOAD', 'attachment', true, 'ALLOWED', NULL),
    (990, 'LOGIN_FAILED', NULL, false, 'DENIED', 'email'), (993, 'ACCESS_DENIED', 'payReimbursement', false, 'DENIED', 'permission'),
    (998, 'REVEAL', 'policyholder', true, 'ALLOWED', NULL)
  ) AS kinds(from_mix, action, entity_type, with_id, result, detail)
  WHERE kinds.from_mix <= m.mix ORDER BY kinds.from_mix DESC LIMIT 1
) AS a`;

/** The rows numbered $1 to $2 of $3, in a year ending the day before $4, by the users $5. Lists record the ids they showed, as the server's do. */
const ROWS = `
SELECT g.n, g.at, g.user_id, a.action, a.entity_type,
  CASE WHEN a.with_id THEN (1 + pg_temp.audit_r(g.n, 5, coalesce(a.max_id, 1)))::text END AS entity_id,
  a.result,
  '10.20.' || (g.user_id % 250) || '.' || (1 + pg_temp.audit_r(g.user_id * 1000 + g.day, 7, 250)) AS ip,
  (ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
         'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
         'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'])[1 + g.user_id % 3] AS user_agent,
  CASE a.detail
    WHEN 'ids' THEN (SELECT '{"ids":[' || string_agg((l.first + k * l.stride)::text, ',' ORDER BY k) || ']}'
                     FROM (SELECT 1 + pg_temp.audit_r(g.n, 3, 20) AS shown, 1 + pg_temp.audit_r(g.n, 4, greatest(1, a.max_id - 1000)) AS first,
                                  1 + pg_temp.audit_r(g.n, 8, 50) AS stride) AS l,
                          generate_series(0, l.shown - 1) AS k)
    WHEN 'overview' THEN '{"part":"overview"}'
    WHEN 'transition' THEN (ARRAY['{"event":"SUBMIT","from":"draft","to":"submitted"}', '{"event":"APPROVE","from":"inReview","to":"approved"}',
                                  '{"event":"START","from":"pending","to":"inProgress"}', '{"event":"PAY","from":"approved","to":"paid"}'])[1 + pg_temp.audit_r(g.n, 6, 4)]
    WHEN 'email' THEN '{"email":' || to_json((SELECT email FROM users WHERE id = g.user_id))::text || '}'
    WHEN 'permission' THEN '{"permission":"reimbursements:pay"}'
  END AS detail
FROM (
  SELECT n, users[1 + pg_temp.audit_r(n, 1, array_length(users, 1))] AS user_id, pg_temp.audit_r(n, 2, 1000) AS mix,
    -- A year of office hours, 08:00 to 20:00 UTC, in the rows' order; whole milliseconds.
    timestamptz 'epoch' + (start_ms + ((n - 1) * 365 / total) * 86400000 + 28800000
      + (((n - 1) * 365 % total) * 43200000) / total) * interval '1 millisecond' AS at,
    ((n - 1) * 365 / total)::int AS day
  FROM generate_series($1::bigint, $2::bigint) AS n,
    (SELECT $3::bigint AS total, (extract(epoch FROM $4::date - 365) * 1000)::bigint AS start_ms, $5::int[] AS users) AS p
) AS g
JOIN scale_audit_mix a ON a.mix = g.mix`;

/** One batch of rows, from row number $1 to $2, chained after the hash $6; ids follow $7. */
const INSERT = `
INSERT INTO audit_log (id, at, user_id, action, entity_type, entity_id, result, ip, user_agent, detail, prev_hash, hash)
SELECT $7::bigint + c.n - 1, c.at, c.user_id, c.action, c.entity_type, c.entity_id, c.result, c.ip, c.user_agent, c.detail::jsonb,
  left(c.link, 64), right(c.link, 64)
FROM (
  SELECT r.*, pg_temp.audit_chain($6::text,
    ${json(`to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)} || ',' || coalesce(r.user_id::text, 'null') || ',' || ${json('r.action')}
    || ',' || ${json('r.entity_type')} || ',' || ${json('r.entity_id')} || ',' || ${json('r.result')} || ',' || ${json('r.ip')}
    || ',' || ${json('r.user_agent')} || ',' || coalesce(r.detail, 'null') || ']') OVER (ORDER BY r.n ROWS UNBOUNDED PRECEDING) AS link
  -- OFFSET 0 keeps the rows a subquery of their own: each row's detail is made once, not again for its hash.
  FROM (${ROWS} OFFSET 0) AS r
) AS c`;

/** Appends `rows` audit rows inside the caller's transaction and moves the chain's head past them. */
export async function seedScaleAudit(tx: Queryable, { rows, today, step, batch = 500_000 }: AuditScaleOptions): Promise<void> {
  await tx.exec(FUNCTIONS);
  // The head row locked, as audit_append does: no server appends between our rows.
  const [head] = await tx.query<{ last_hash: string }>('SELECT last_hash FROM audit_head FOR UPDATE');
  const [{ first }] = await tx.query<{ first: string }>(
    `SELECT setval(pg_get_serial_sequence('audit_log', 'id'), nextval(pg_get_serial_sequence('audit_log', 'id')) + $1::bigint - 1) - $1::bigint + 1 AS first`,
    [rows],
  );
  const users = (await tx.query<{ id: number }>('SELECT id FROM users ORDER BY id')).map((u) => u.id);
  if (users.length === 0) throw new Error('the audit rows name the users, and there are none: seed the demo data first');
  await tx.exec(MIX);
  // The running hash sorts each batch's rows by number: in memory, not in temporary files.
  await tx.exec(`SET LOCAL work_mem = '256MB'`);
  // The hashes' uniqueness is checked once at the end, by building its index in one sort: kept while inserting,
  // its random keys made 5 M rows take 678 s instead of 327 s (PostgreSQL 15, both at load 16).
  const unique = await tx.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'audit_log'::regclass AND contype = 'u'`,
  );
  for (const { name } of unique) await tx.exec(`ALTER TABLE audit_log DROP CONSTRAINT "${name}"`);

  const base = Number(first);
  let prev = head.last_hash;
  for (let from = 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    await step(`audit log rows ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, () =>
      tx.query(INSERT, [from, to, rows, today, users, prev, base]),
    );
    [{ hash: prev }] = await tx.query<{ hash: string }>('SELECT hash FROM audit_log WHERE id = $1::bigint', [base + to - 1]);
  }
  await tx.query('UPDATE audit_head SET last_id = $1::bigint, last_hash = $2, row_count = row_count + $3::bigint', [base + rows - 1, prev, rows]);
  await step('audit log unique hashes', async () => {
    for (const { name, definition } of unique) await tx.exec(`ALTER TABLE audit_log ADD CONSTRAINT "${name}" ${definition}`);
  });
}

/**
 * `npm run seed -- --audit-rows N` on a database already seeded: the rows appended in one transaction,
 * the log's plain indexes dropped meanwhile and built once at the end (faster than row by row).
 */
export async function appendScaleAudit(db: Database, options: Omit<AuditScaleOptions, 'step'> & { log?: (line: string) => void }): Promise<void> {
  const log = options.log ?? (() => {});
  const step = async (label: string, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  await db.transaction(async (tx) => {
    const indexes = await tx.query<{ name: string; definition: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'audit_log'::regclass AND NOT i.indisunique AND NOT i.indisprimary`,
    );
    for (const index of indexes) await tx.exec(`DROP INDEX "${index.name}"`);
    await seedScaleAudit(tx, { ...options, step });
    await step(`audit log indexes (${indexes.length})`, async () => {
      for (const index of indexes) await tx.exec(index.definition);
    });
  });
  // VACUUM too: a fresh copy with 5 M rows just appended measured the date-range page at p95 1.35 s, and 10 ms once
  // vacuumed (likely the bounded count's index-only scan visiting the heap until its pages are marked all-visible).
  await step('vacuum and analyze audit log', () => db.exec('VACUUM (ANALYZE) audit_log'));
}
