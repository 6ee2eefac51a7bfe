import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { syncRoles } from '../../server/seed/demo.ts';
import { ROLE_PERMISSIONS } from '../../server/auth/roles.ts';
import { demoTemplate } from '../support/db-template.ts';

// A restart reads the migrations and the system roles once and writes nothing when they are current
// (issue 25 item 9); whatever differs is still brought up to date.
let db: Database;
beforeAll(async () => {
  db = await openDatabase('memory://', { loadDataDir: (await demoTemplate('2026-11-29')).dataDir });
});
afterAll(() => db?.close());

const permissionsOf = async (code: string) =>
  (
    await db.query<{ permission: string }>(
      'SELECT p.permission FROM role_permissions p JOIN roles r ON r.id = p.role_id WHERE r.code = $1 ORDER BY p.permission',
      [code],
    )
  ).map((row) => row.permission);

describe('a start on a database already up to date', () => {
  it('applies no migration again', async () => {
    const before = await db.query('SELECT name, applied_at FROM schema_migrations ORDER BY name');
    expect(await migrate(db)).toEqual([]);
    expect(await db.query('SELECT name, applied_at FROM schema_migrations ORDER BY name')).toEqual(before);
  });

  it('puts back a system role’s missing and extra permissions, and leaves a role of the office’s own alone', async () => {
    await db.query(`DELETE FROM role_permissions WHERE role_id = (SELECT id FROM roles WHERE code = 'supervisor') AND permission = 'settings:read'`);
    await db.query(`INSERT INTO role_permissions (role_id, permission) SELECT id, 'users:delete' FROM roles WHERE code = 'verifier'`);
    const [{ id }] = await db.query<{ id: number }>(`INSERT INTO roles (code, system) VALUES ('front-desk', false) RETURNING id`);
    await db.query(`INSERT INTO role_permissions (role_id, permission) VALUES ($1, 'patients:read')`, [id]);
    await syncRoles(db);
    for (const code of ['supervisor', 'verifier']) expect(await permissionsOf(code)).toEqual([...ROLE_PERMISSIONS[code]].sort());
    expect(await permissionsOf('front-desk')).toEqual(['patients:read']);
  });

  it('makes a role of that code a system role again', async () => {
    await db.query(`UPDATE roles SET system = false WHERE code = 'treasury'`);
    await syncRoles(db);
    expect(await db.query(`SELECT system FROM roles WHERE code = 'treasury'`)).toEqual([{ system: true }]);
    expect(await permissionsOf('treasury')).toEqual([...ROLE_PERMISSIONS.treasury].sort());
  });
});
