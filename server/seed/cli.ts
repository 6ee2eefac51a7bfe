import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import path from 'node:path';
import { migrate } from '../db/migrate.ts';
import { seedDemo, syncRoles } from './demo.ts';
import { seedScale } from './scale.ts';
import { appendScaleAudit } from './scale-audit.ts';
import { systemToday } from '../clock.ts';
import { fileStore } from '../files.ts';

/**
 * `npm run seed`: demo data into DATABASE_URL (or the embedded database when the server is stopped).
 * `npm run seed -- --patients 1000000`: the demo data and, beside it, a data set of that many patients
 * (only into an empty database), with five audit rows per patient unless `--audit-rows N` says otherwise.
 * `npm run seed -- --audit-rows 5000000` alone: that many audit rows appended to the database as it is
 * (one already seeded at scale), a year of activity ending yesterday.
 */
const args = process.argv.slice(2);
const patientsArg = args.indexOf('--patients');
const patients = patientsArg >= 0 ? Number(args[patientsArg + 1]) : null;
if (patients !== null && !(Number.isInteger(patients) && patients >= 1 && patients <= 20_000_000)) {
  console.error('--patients takes a whole number from 1 to 20 000 000, e.g. npm run seed -- --patients 1000000');
  process.exit(2);
}
const auditArg = args.indexOf('--audit-rows');
const auditRows = auditArg >= 0 ? Number(args[auditArg + 1]) : undefined;
if (auditRows !== undefined && !(Number.isInteger(auditRows) && auditRows >= 0 && auditRows <= 200_000_000)) {
  console.error('--audit-rows takes a whole number from 0 to 200 000 000, e.g. npm run seed -- --audit-rows 5000000');
  process.exit(2);
}
const config = readConfig();
const release = config.databaseUrl ? () => {} : await lockDataDir(config.dataDir);
const db = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pgdata'));
try {
  await migrate(db);
  await syncRoles(db);
  if (patients === null && auditRows !== undefined) {
    const start = performance.now();
    await appendScaleAudit(db, { rows: auditRows, today: systemToday(), log: (line) => console.log(line) });
    console.log(`${auditRows.toLocaleString('en')} audit rows appended in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  } else if (patients === null) {
    console.log((await seedDemo(db, systemToday(), fileStore(config.filesDir))) ? 'Demo data seeded.' : 'The database already has users; nothing seeded.');
  } else {
    const [{ users, people }] = await db.query<{ users: number; people: number }>('SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM patients) AS people');
    if (users > 0 || people > 0) {
      console.error(`The database is not empty (${users} users, ${people} patients): the scale seed fills only a new, empty database. Create one (createdb) or drop this one, then run it again.`);
      process.exitCode = 1;
    } else {
      const start = performance.now();
      await seedDemo(db, systemToday(), fileStore(config.filesDir));
      console.log(`demo data: ${((performance.now() - start) / 1000).toFixed(1)} s`);
      await seedScale(db, { patients, auditRows, today: systemToday(), log: (line) => console.log(line) });
      const [counts] = await db.query(
        `SELECT (SELECT count(*) FROM patients) AS patients, (SELECT count(*) FROM policyholders) AS policyholders, (SELECT count(*) FROM policies) AS policies,
           (SELECT count(*) FROM doctors) AS doctors, (SELECT count(*) FROM verifications) AS verifications, (SELECT count(*) FROM reimbursements) AS reimbursements,
           (SELECT count(*) FROM reimbursement_lines) AS lines, (SELECT count(*) FROM benefit_ledger) AS ledger, (SELECT count(*) FROM insurers) AS insurers,
           (SELECT count(*) FROM orthodontic_plans) AS "orthodontic plans", (SELECT count(*) FROM orthodontic_installments) AS instalments,
           (SELECT count(*) FROM reimbursements WHERE kind = 'ORTHODONTIC') AS "orthodontic claims", (SELECT count(*) FROM audit_log) AS "audit rows"`,
      );
      console.log(`Seeded in ${((performance.now() - start) / 1000).toFixed(0)} s:`, Object.entries(counts).map(([k, v]) => `${Number(v).toLocaleString('en')} ${k}`).join(', '));
    }
  }
} finally {
  await db.close();
  release();
}
