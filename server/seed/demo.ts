import type { Database } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ROLE_PERMISSIONS } from '../auth/roles.ts';
import { seedDomain } from './domain.ts';
import { seedReimbursements } from './reimbursements.ts';
import { seedOrthodontics } from './orthodontic.ts';
import { seedCommunication } from './communication.ts';
import { seedPayments } from './payments.ts';
import type { FileStore } from '../files.ts';

/** Roles and their permissions are reference data: every start brings them up to date. */
export async function syncRoles(db: Database): Promise<void> {
  const stored = await db.query<{ code: string; permissions: string[] }>(
    `SELECT r.code, coalesce(array_agg(p.permission ORDER BY p.permission) FILTER (WHERE p.permission IS NOT NULL), '{}') AS permissions
       FROM roles r LEFT JOIN role_permissions p ON p.role_id = r.id WHERE r.system GROUP BY r.code`,
  );
  const current = new Map(stored.map((row) => [row.code, [...row.permissions].sort().join(' ')]));
  const changed = Object.entries(ROLE_PERMISSIONS).filter(([code, permissions]) => current.get(code) !== [...permissions].sort().join(' '));
  // A restart of the same version finds every system role as it is: nothing to write.
  if (!changed.length) return;
  await db.transaction(async (tx) => {
    for (const [code, permissions] of changed) {
      const [{ id }] = await tx.query<{ id: number }>(
        `INSERT INTO roles (code, system) VALUES ($1, true) ON CONFLICT (code) DO UPDATE SET system = true RETURNING id`,
        [code],
      );
      await tx.query('DELETE FROM role_permissions WHERE role_id = $1', [id]);
      await tx.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[])', [id, permissions]);
    }
  });
}

const DEMO_INSURERS: [code: string, name: string, country: string, currency: string, legalName: string][] = [
  ['SDS', 'Seguros Dentales del Sur', 'CL', 'CLP', 'Seguros Dentales del Sur S.A.'],
  ['ODM', 'OdontoMéxico', 'MX', 'MXN', 'OdontoMéxico Seguros S.A. de C.V.'],
  ['SONR', 'Sonrisa Plena', 'ES', 'EUR', 'Sonrisa Plena Aseguradora S.L.'],
  ['DNTA', 'Dentaria Salud', 'CO', 'COP', 'Dentaria Salud EPS S.A.S.'],
  ['ARGD', 'Argendent', 'AR', 'ARS', 'Argendent Compañía de Seguros S.A.'],
  ['PERU-D', 'Protección Dental Perú', 'PE', 'PEN', 'Protección Dental Perú S.A.'],
  ['URU1', 'Uruguay Odonto', 'UY', 'UYU', 'Uruguay Odonto S.A.'],
  ['MAPD', 'Mapa Dental', 'ES', 'EUR', 'Mapa Dental Seguros S.A.'],
  ['CRS', 'Caribe Salud Oral', 'DO', 'DOP', 'Caribe Salud Oral S.R.L.'],
  ['GTD', 'Guate Dental', 'GT', 'GTQ', 'Guate Dental S.A.'],
  ['ECU-S', 'Ecuasonrisa', 'EC', 'USD', 'Ecuasonrisa Seguros S.A.'],
  ['BOL', 'Bolivia Dental', 'BO', 'BOB', 'Bolivia Dental S.A.'],
  ['PARQ', 'Paraguay Odontológica', 'PY', 'PYG', 'Paraguay Odontológica S.A.'],
  ['CRD', 'Costa Rica Dental', 'CR', 'CRC', 'Costa Rica Dental S.A.'],
  ['PAN', 'Panamá Sonríe', 'PA', 'USD', 'Panamá Sonríe S.A.'],
  ['HND', 'Honduras Odonto', 'HN', 'HNL', 'Honduras Odonto S.A.'],
  ['SLV', 'El Salvador Dental', 'SV', 'USD', 'El Salvador Dental S.A. de C.V.'],
  ['NIC', 'Nica Dental', 'NI', 'NIO', 'Nica Dental S.A.'],
  ['VEN', 'Venedent', 'VE', 'VES', 'Venedent C.A.'],
  ['CUBA', 'Salud Bucal Caribe', 'CU', 'CUP', 'Salud Bucal Caribe'],
  ['IBER', 'Iberdental', 'ES', 'EUR', 'Iberdental Seguros S.A.'],
  ['ANDE', 'Andes Odontología', 'CL', 'CLP', 'Andes Odontología S.A.'],
  ['AZTD', 'Azteca Dental', 'MX', 'MXN', 'Azteca Dental S.A. de C.V.'],
  ['PAMP', 'Pampa Salud Dental', 'AR', 'ARS', 'Pampa Salud Dental S.A.'],
  ['CAND', 'Canarias Dental', 'ES', 'EUR', 'Canarias Dental S.L.'],
];

/** Demo users (one per role and a second analyst), insurers and the domain records; nothing when users already exist. Returns whether it seeded. */
export async function seedDemo(db: Database, today: string, files: FileStore): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const user of DEMO_ACCOUNTS) {
      await tx.query(
        `WITH u AS (INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id)
         INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, roles r WHERE r.code = $4`,
        [user.name, user.email, passwordHash, user.role],
      );
    }
    for (const [index, [code, name, country, currency, legalName]] of DEMO_INSURERS.entries()) {
      await tx.query(
        `INSERT INTO insurers (code, name, legal_name, country, currency, email, phone, claim_deadline_days, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
        [code, name, legalName, country, currency, `contacto@${code.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`, `+${50 + index} 555 0${100 + index}`, [90, 60, 120][index % 3], index % 7 !== 6],
      );
    }
    await seedDomain(tx, today);
    await seedReimbursements(tx, files, today);
    await seedOrthodontics(tx, files, today);
    await seedCommunication(tx);
    await seedPayments(tx);
  });
  return true;
}
