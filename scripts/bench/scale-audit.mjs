// The audit log's list at scale (part of `npm run bench -- --scale`): the queries an audit screen asks
// of tens of millions of rows (the scale seed's year of activity), newest first, a page of 50 with the
// list's bounded count (10 000, as the other lists count). There is no audit list API yet, so each measure
// is the two statements' time on one PostgreSQL connection: what such an endpoint would add to its request.
import pg from 'pg';
import { conditions, table, writeIfWhole } from './report.mjs';

const PAGE = 50;
const BOUND = 10_000;
const COLUMNS = 'a.id, a.at, a.user_id, u.name AS user_name, a.action, a.entity_type, a.entity_id, a.result, a.ip';

/** One page and the bounded count of the rows `where` (with its parameters) picks, newest first. */
async function listPage(client, where, params, page) {
  const rows = await client.query(
    `SELECT ${COLUMNS} FROM audit_log a LEFT JOIN users u ON u.id = a.user_id WHERE ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`,
    params,
  );
  const [{ total }] = (await client.query(`SELECT count(*)::int AS total FROM (SELECT 1 FROM audit_log a WHERE ${where} LIMIT ${BOUND + 1}) AS counted`, params)).rows;
  return { rows: rows.rows.length, total };
}

/** As the API measures: a measure slower than a second a request gets fewer runs (at least 10). */
async function latency(label, run, most) {
  const warmStart = performance.now();
  for (let i = 0; i < 5; i++) await run(i);
  const runs = Math.min(most, Math.max(10, Math.floor(20_000 / ((performance.now() - warmStart) / 5))));
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { label, p50: at(0.5), p95: at(0.95), runs };
}

/** The list's common filters, each a function of the sample (users, records, date ranges) to the i-th request. */
const MEASURES = [
  ['audit: newest first (pages 1–5)', ({ client }) => (i) => listPage(client, 'true', [], (i % 5) + 1)],
  ['audit: date range (a day, a week, a month), newest first', ({ client, range }) => (i) => listPage(client, 'a.at >= $1 AND a.at < $2', range(i), (i % 3) + 1)],
  ['audit: by user (all time, or a month)', ({ client, users, range, pick }) => (i) =>
    i % 2 ? listPage(client, 'a.user_id = $1', [pick(users, i)], 1) : listPage(client, 'a.user_id = $1 AND a.at >= $2 AND a.at < $3', [pick(users, i), ...range(3 * i + 2)], 1)],
  ['audit: by record (a patient, claim or verification)', ({ client, records, pick }) => (i) =>
    listPage(client, 'a.entity_type = $1 AND a.entity_id = $2', [pick(records, i).entity_type, pick(records, i).entity_id], 1)],
  ['audit: by action (common and rare, all time or a week)', ({ client, range, pick }) => (i) => {
    const action = pick(['STATE_CHANGE', 'ACCESS_DENIED', 'LOGIN_FAILED', 'REVEAL', 'VIEW'], i);
    return i % 2 ? listPage(client, 'a.action = $1', [action], 1) : listPage(client, 'a.action = $1 AND a.at >= $2 AND a.at < $3', [action, ...range(3 * i + 1)], 1);
  }],
];

/** Measures the audit list's queries on DATABASE_URL; prints one line each, like the API measures. */
export async function measureAuditList(url, { runs, only }) {
  const wanted = MEASURES.filter(([label]) => !only || only.test(label));
  if (wanted.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (query) => (await client.query(query)).rows[0];
    const { rows } = await one(`SELECT row_count::int AS rows FROM audit_head`);
    if (rows < 100_000) {
      console.log(`audit list: the log holds ${rows} rows; seed it first with npm run seed -- --audit-rows 5000000`);
      return;
    }
    const { first, last } = await one(`SELECT min(at) AS first, max(at) AS last FROM audit_log`);
    const users = (await client.query(`SELECT DISTINCT user_id FROM audit_log WHERE id % 10007 = 0 AND user_id IS NOT NULL ORDER BY user_id`)).rows.map((r) => r.user_id);
    // Records that have audit rows, spread over the log: patients, claims and verifications.
    const records = (await client.query(
      `SELECT entity_type, entity_id FROM audit_log WHERE id % 9973 = 0 AND entity_type IN ('patient', 'reimbursement', 'verification') AND entity_id IS NOT NULL ORDER BY id LIMIT 60`,
    )).rows;
    const day = 86_400_000;
    const span = new Date(last).getTime() - new Date(first).getTime();
    // The i-th date range: a day, a week or a month, ending somewhere in the year.
    const range = (i) => {
      const length = [day, 7 * day, 30 * day][i % 3];
      const end = new Date(new Date(first).getTime() + length + ((i * 7_919 * day) % Math.max(day, span - length)));
      return [new Date(end.getTime() - length).toISOString(), end.toISOString()];
    };
    const pick = (items, i) => items[i % items.length];
    const results = [];
    for (const [label, measure] of wanted) {
      const run = measure({ client, users, records, range, pick });
      const result = await latency(label, run, runs);
      results.push(result);
      console.log(`${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.runs} page + bounded count, SQL)${result.p95 > 50 ? '  over the 50 ms budget' : ''}`);
    }
    const extent = `${rows.toLocaleString('en')} rows from ${new Date(first).toISOString().slice(0, 10)} to ${new Date(last).toISOString().slice(0, 10)}`;
    console.log(`audit log: ${extent}`);
    writeIfWhole('scale-audit', !only, 'BENCH_ONLY picked some measures', () =>
      `${conditions(`audit log of ${extent}, PostgreSQL at ${new URL(url).host}; a page of ${PAGE} plus the count bounded at ${BOUND.toLocaleString('en')}, as SQL on one connection`)}\n\n` +
        table(['audit list query', 'p50', 'p95', 'queries', 'budget'], results.map((r) => [r.label.replace(/^audit: /, ''), `${r.p50.toFixed(1)} ms`, `${r.p95.toFixed(1)} ms`, r.runs, '≤ 50 ms p95'])),
    );
  } finally {
    await client.end();
  }
}
