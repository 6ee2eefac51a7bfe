import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { useServer } from './helpers.ts';

// Migration 036 (issue 24, item 2) posts a CATEGORY_<category> row for every approved general line of the claims
// approved before it. Replayed on the demo database, whose claims the engine approved through the services, the
// backfill must write exactly the rows the engine posts: same claim, category, benefit year, amount and status.
const server = useServer();

const categoryRows = () =>
  server.db.query<{ reimbursement_id: number; kind: string; benefit_year_start: string; amount_cents: number; status: string }>(
    `SELECT reimbursement_id, kind, benefit_year_start::text, amount_cents, status FROM benefit_ledger
      WHERE kind LIKE 'CATEGORY\\_%' ORDER BY reimbursement_id, kind, benefit_year_start`,
  );

describe('migration 036: category use of the claims approved before it', () => {
  it('writes, from their lines, the category rows the engine posts when it approves', async () => {
    const posted = await categoryRows();
    // The demo's approved and paid general claims: reserved rows and settled ones.
    expect(new Set(posted.map((row) => row.status))).toEqual(new Set(['RESERVED', 'SETTLED']));

    await server.db.query(`DELETE FROM benefit_ledger WHERE kind LIKE 'CATEGORY\\_%'`);
    await server.db.query(`DELETE FROM schema_migrations WHERE name LIKE '036\\_%'`);
    expect(await migrate(server.db)).toEqual(['036_benefit_ledger_category_use.sql']);

    expect(await categoryRows()).toEqual(posted);
  });

  it('keeps a row a claim already posted, and applies once', async () => {
    const [row] = await categoryRows();
    const change = (cents: number) =>
      server.db.query('UPDATE benefit_ledger SET amount_cents = amount_cents + $3 WHERE reimbursement_id = $1 AND kind = $2', [row.reimbursement_id, row.kind, cents]);
    await change(1);
    // The backfill test compares with the engine's own amounts: the row goes back to what the engine posted.
    onTestFinished(async () => {
      await change(-1);
    });
    await server.db.query(`DELETE FROM schema_migrations WHERE name LIKE '036\\_%'`);
    await migrate(server.db);
    const [again] = await categoryRows();
    expect(again.amount_cents).toBe(row.amount_cents + 1);
    expect(await migrate(server.db)).toEqual([]);
  });
});
