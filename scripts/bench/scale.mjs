// `npm run bench -- --scale` (or BENCH_SCALE=1): the million-patient benchmark. Starts the server on
// the PostgreSQL of DATABASE_URL, filled beforehand with `npm run seed -- --patients 1000000`, and
// measures the lists, searches and the patient view with search texts taken from the data itself, and
// the audit log's list queries (scale-audit.mjs).
// Printed, never asserted. BENCH_RUNS sets the requests per measure (default 200); BENCH_ONLY, a pattern of
// the measures' labels, runs only those. A run of every measure writes its table into docs/benchmarks.md
// (section scale; the audit list's, section scale-audit; report.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { conditions, table, writeIfWhole } from './report.mjs';
import { measureAuditList } from './scale-audit.mjs';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('The scale benchmark reads a seeded PostgreSQL: DATABASE_URL=postgres://… npm run bench -- --scale (seed it first with npm run seed -- --patients 1000000).');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const base = `http://127.0.0.1:${PORT}`;
const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dental-bench-scale-')), 'server.log');

const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async (query) => (await client.query(query)).rows[0];
const { patients } = await one('SELECT count(*)::int AS patients FROM patients');
if (patients < 1000) {
  console.error(`DATABASE_URL holds ${patients} patients: seed it first with npm run seed -- --patients 1000000.`);
  process.exit(2);
}
// Search texts from the data, spread over it (every 9 973rd patient): names, documents, policy numbers, folios.
const sample = (await client.query(
  `SELECT pa.id, pa.first_names, pa.last_name, pa.second_last_name, pa.document_number, pa.credential_number, po.number AS policy_number
   FROM patients pa JOIN policies po ON po.id = pa.policy_id WHERE pa.id % 9973 = 0 ORDER BY pa.id LIMIT 40`,
)).rows;
const doctors = (await client.query(`SELECT last_names, license_number FROM doctors WHERE id % 997 = 0 ORDER BY id LIMIT 40`)).rows;
// Doctors named on verifications, for the history's doctor filter.
const doctorIds = (await client.query(`SELECT DISTINCT doctor_id FROM verifications WHERE doctor_id IS NOT NULL AND id % 997 = 0 LIMIT 40`)).rows.map((r) => r.doctor_id);
const folios = (await client.query(`SELECT folio, invoice_number FROM reimbursements WHERE id % 997 = 0 ORDER BY id LIMIT 40`)).rows;
const verificationFolios = (await client.query(`SELECT folio FROM verifications WHERE id % 997 = 0 ORDER BY id LIMIT 40`)).rows;
await client.end();

const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
  stdio: ['ignore', fs.openSync(logFile, 'w'), fs.openSync(logFile, 'a')],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/**
 * p50 and p95 of sequential requests after a warm-up; the path may depend on the request's number. A
 * measure slower than a second a request gets fewer runs (at least 10), so one slow endpoint cannot
 * hold the benchmark for an hour.
 */
async function latency(label, pathOf, headers) {
  const warmStart = performance.now();
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${pathOf(i)}`, { headers })).arrayBuffer();
  const runs = Math.min(RUNS, Math.max(10, Math.floor(20_000 / ((performance.now() - warmStart) / 10))));
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(`${base}${pathOf(i)}`, { headers });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: ${response.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { label, p50: at(0.5), p95: at(0.95), runs };
}

const pick = (rows, i) => rows[i % rows.length];
const q = (text) => encodeURIComponent(text);

try {
  await waitForServer();
  const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }) });
  const { authorisation } = await signIn.json();
  const auth = { authorization: `Bearer ${authorisation.token}` };
  const exists = async (pathname) => (await fetch(`${base}${pathname}`, { headers: auth })).status !== 404;

  const measures = [
    ['patients: list page (pages 1–5, by name)', '/api/patients', (i) => `/api/patients?page=${(i % 5) + 1}&pageSize=20`],
    ['patients: search by surname', '/api/patients', (i) => `/api/patients?q=${q(pick(sample, i).last_name)}`],
    ['patients: search by full name', '/api/patients', (i) => `/api/patients?q=${q(`${pick(sample, i).first_names} ${pick(sample, i).last_name}`)}`],
    ['patients: search by document', '/api/patients', (i) => `/api/patients?q=${q(pick(sample, i).document_number)}`],
    ['patients: search by policy number', '/api/patients', (i) => `/api/patients?q=${q(pick(sample, i).policy_number)}`],
    ['patient view (overview)', '/api/patients/1/overview', (i) => `/api/patients/${pick(sample, i).id}/overview`],
    ['doctors: list search (surname, licence)', '/api/doctors', (i) => `/api/doctors?q=${q(i % 2 ? pick(doctors, i).license_number : pick(doctors, i).last_names.split(' ')[0])}`],
    ['policyholders: list search (document)', '/api/policyholders', (i) => `/api/policyholders?q=${q(pick(sample, i).document_number)}`],
    ['policies: list page (by number)', '/api/policies', (i) => `/api/policies?page=${(i % 5) + 1}&pageSize=20`],
    ['policies: search by number', '/api/policies', (i) => `/api/policies?q=${q(pick(sample, i).policy_number)}`],
    ['global search (name, document, folio)', '/api/search?q=ab', (i) => `/api/search?q=${q([`${pick(sample, i).first_names} ${pick(sample, i).last_name}`, pick(sample, i).document_number, pick(folios, i).folio][i % 3])}`],
    ['verifications: list page', '/api/verifications', (i) => `/api/verifications?page=${(i % 5) + 1}&pageSize=20`],
    ['verifications: search by folio', '/api/verifications', (i) => `/api/verifications?q=${q(pick(verificationFolios, i).folio)}`],
    ['reimbursements: list page', '/api/reimbursements', (i) => `/api/reimbursements?page=${(i % 5) + 1}&pageSize=20`],
    ['reimbursements: search by folio or invoice', '/api/reimbursements', (i) => `/api/reimbursements?q=${q(i % 2 ? pick(folios, i).invoice_number : pick(folios, i).folio)}`],
    // The guided workflow's lists (issue 9), as their screens ask for them.
    ['verifications: worklist (open, oldest first, pages 1–5)', '/api/verifications', (i) => `/api/verifications?group=open&sort=createdAt&page=${(i % 5) + 1}&pageSize=20`],
    ['verifications: worklist, unassigned / past due', '/api/verifications', (i) => `/api/verifications?group=open&sort=createdAt&${i % 2 ? 'assigned=unassigned' : 'pastDue=true'}`],
    ['verifications: worklist counts per state', '/api/verifications/counts', (i) => `/api/verifications/counts${['', '?assigned=unassigned', '?pastDue=true'][i % 3]}`],
    ['verifications: history by insurer / doctor / dates', '/api/verifications', (i) => `/api/verifications?group=history&sort=-plannedServiceDate&${[`insurerId=${(i % 36) + 1}`, `doctorId=${pick(doctorIds, i)}`, `from=2025-0${(i % 9) + 1}-01&to=2025-0${(i % 9) + 1}-28`][i % 3]}`],
    ['reimbursements: ready verifications (/reembolsos/nueva)', '/api/verifications', (i) => `/api/verifications?state=verified&page=${(i % 5) + 1}&pageSize=20`],
    ['reimbursements: analyst queues by kind', '/api/reimbursements', (i) => `/api/reimbursements?kind=${i % 2 ? 'ORTHODONTIC' : 'GENERAL'}&state=${['submitted,inReview', 'needsDocuments', 'approved,partiallyApproved', 'paid,rejected,cancelled'][i % 4]}`],
    ['orthodontic plans: list page', '/api/orthodontic-plans', (i) => `/api/orthodontic-plans?page=${(i % 3) + 1}&pageSize=20`],
  ];
  const results = [];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  for (const [label, probe, pathOf] of measures) {
    if (only && !only.test(label)) continue;
    if (!(await exists(probe))) {
      console.log(`${label}: no such endpoint yet`);
      continue;
    }
    const result = await latency(label, pathOf, auth);
    results.push(result);
    console.log(`${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.runs} requests)${result.p95 > 50 ? '  over the 50 ms budget' : ''}`);
  }
  writeIfWhole('scale', !only, 'BENCH_ONLY picked some measures', () =>
    `${conditions(`${patients.toLocaleString('en')} patients, PostgreSQL at ${new URL(url).host}, sequential requests`)}\n\n` +
      table(['request (1 M patients)', 'p50', 'p95', 'requests', 'budget'], results.map((r) => [r.label, `${r.p50.toFixed(1)} ms`, `${r.p95.toFixed(1)} ms`, r.runs, '≤ 50 ms p95'])),
  );
  await measureAuditList(url, { runs: RUNS, only });
  console.log(`\n${patients.toLocaleString('en')} patients, sequential requests, ${os.cpus().length} cores (load average ${os.loadavg()[0].toFixed(1)} at the end), PostgreSQL at ${new URL(url).host}`);
} catch (error) {
  console.error(error, fs.readFileSync(logFile, 'utf8').slice(-4000));
  process.exitCode = 1;
} finally {
  stop();
  // The server's log stays only when something failed.
  if (!process.exitCode) fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
}
