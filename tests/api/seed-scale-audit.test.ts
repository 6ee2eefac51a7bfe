import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, checkAuditChain } from '../../server/audit.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { appendScaleAudit } from '../../server/seed/scale-audit.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/**
 * The scale seed's audit rows, hashed in SQL, on PGlite: appended after rows the server wrote and
 * followed by another, in several statements (batches of 500), they form one chain the verifier of
 * `npm run audit:verify` accepts, and a row edited among them is caught.
 */
const ROWS = 1_800;
const TODAY = '2026-11-22';

describe('the scale seed’s audit rows', () => {
  let db: Database;
  let seededFrom = 0;
  let before = 0;
  beforeAll(async () => {
    db = await openDatabase('memory://');
    await migrate(db);
    await db.query(
      `INSERT INTO users (name, email, password_hash) VALUES ('Valeria Verificadora', 'verificador@demo.local', 'x'), ('Andrés Analista', 'analista@demo.local', 'x'), ('Olga Auditora', 'auditor@demo.local', 'x')`,
    );
    await appendAudit(db, { userId: 1, action: 'LOGIN', result: 'ALLOWED', ip: '10.0.0.1', userAgent: 'Firefox' }, { userId: 2, action: 'VIEW', entityType: 'patient', entityId: 7, result: 'ALLOWED', detail: { part: 'overview' } });
    [{ next: seededFrom, before }] = await db.query<{ next: number; before: number }>('SELECT max(id)::int + 1 AS next, count(*)::int AS before FROM audit_log');
    await appendScaleAudit(db, { rows: ROWS, today: TODAY, batch: 500 });
    // The server goes on appending after the seeded rows.
    await appendAudit(db, { userId: 3, action: 'LOGOUT', result: 'ALLOWED', detail: { ñandú: 'sí', a: [1, 'ü'] } });
  }, hangLimit(120_000));
  afterAll(() => db.close());

  it('chains the seeded rows between the server’s own into one chain the verifier accepts, with the head at its end', async () => {
    expect(await checkAuditChain(db)).toEqual({ intact: true, rows: before + ROWS + 1 });
    const [head] = await db.query<{ last_id: string; row_count: string; newest: string }>('SELECT last_id::text, row_count::text, (SELECT max(id) FROM audit_log)::text AS newest FROM audit_head');
    expect(head).toEqual({ last_id: head.newest, row_count: String(before + ROWS + 1), newest: String(seededFrom + ROWS) });
  });

  it('spreads the rows over the users, actions, records and a year of office hours before today, in time order', async () => {
    const [spread] = await db.query<Record<string, string | number | boolean>>(
      `SELECT count(DISTINCT user_id)::int AS users, count(DISTINCT action)::int AS actions, count(DISTINCT entity_type)::int AS kinds,
              count(*) FILTER (WHERE result = 'DENIED')::int AS denied, count(*) FILTER (WHERE action = 'LIST' AND jsonb_array_length(detail->'ids') BETWEEN 1 AND 20)::int AS lists,
              count(*) FILTER (WHERE action = 'LIST')::int AS all_lists,
              min(at) >= timestamptz '${TODAY}' - interval '365 days' AND max(at) < timestamptz '${TODAY}' AS within_the_year,
              max(at) - min(at) > interval '360 days' AS spans_the_year,
              bool_and(extract(hour FROM at AT TIME ZONE 'UTC') BETWEEN 8 AND 19) AS office_hours
       FROM audit_log WHERE id BETWEEN $1 AND $1 + $2 - 1`,
      [seededFrom, ROWS],
    );
    expect(spread).toMatchObject({ users: 3, within_the_year: true, spans_the_year: true, office_hours: true });
    expect(spread.actions).toBeGreaterThanOrEqual(9);
    expect(spread.kinds).toBeGreaterThanOrEqual(6);
    expect(spread.denied).toBeGreaterThan(0);
    expect(spread.lists).toBe(spread.all_lists);
    const [order] = await db.query<{ backwards: number }>(
      `SELECT count(*)::int AS backwards FROM (SELECT at < lag(at) OVER (ORDER BY id) AS earlier FROM audit_log WHERE id BETWEEN $1 AND $1 + $2 - 1) AS t WHERE earlier`,
      [seededFrom, ROWS],
    );
    expect(order.backwards).toBe(0);
  });

  it('is caught by the verifier when one of the seeded rows is edited', async () => {
    const edited = seededFrom + 777;
    const rolledBack = new Error('roll back');
    let report: Awaited<ReturnType<typeof checkAuditChain>> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
        await tx.query(`UPDATE audit_log SET ip = ip || '0' WHERE id = $1`, [edited]);
        report = await checkAuditChain(tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(report).toMatchObject({ intact: false, reason: 'edited', firstBrokenId: edited });
  });
});
