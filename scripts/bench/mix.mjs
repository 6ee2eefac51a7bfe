// The staff mix that `npm run bench` and `npm run soak` put on a running server: each virtual user
// signs in as one of the demo staff and loops over list reads, searches, /me, and every tenth turn
// a create followed by an update of the same record. With `periodMs` each user sends one request
// per period (a real office); without it, the next request leaves as soon as the last answered.
const PASSWORD = 'demo1234';
const STAFF = ['admin@demo.local', 'supervisor@demo.local', 'verificador@demo.local', 'analista@demo.local', 'auditor@demo.local', 'tesoreria@demo.local', 'consulta@demo.local'];

export async function request(base, method, pathname, token, body) {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined, ms: performance.now() - started };
}

export async function signIn(base, email) {
  const { status, body } = await request(base, 'POST', '/api/login', null, { email, password: PASSWORD });
  if (status !== 200) throw new Error(`sign-in of ${email} answered ${status}`);
  return body.authorisation.token;
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/** Latency figures of one kind of request, in ms. */
function figures(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN, over2s: sorted.filter((t) => t > 2000).length };
}

export async function staffMix({ base, users = 200, seconds = 60, periodMs = 0, tag = 'mix' }) {
  const tokens = Object.fromEntries(await Promise.all(STAFF.map(async (email) => [email, await signIn(base, email)])));
  const admin = tokens['admin@demo.local'];
  const times = { read: [], write: [] };
  let errors = 0;
  let serial = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const reads = [
    (t) => request(base, 'GET', '/api/insurers?page=1&pageSize=20&sort=name', t),
    (t) => request(base, 'GET', '/api/insurers?q=seg', t),
    (t) => request(base, 'GET', '/api/verifications?group=open&pageSize=25', t),
    (t) => request(base, 'GET', '/api/reimbursements?pageSize=25', t),
    (t) => request(base, 'GET', '/api/me', t),
  ];
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  async function user(index) {
    const token = tokens[STAFF[index % STAFF.length]];
    // Users of an office do not all click in the same millisecond: each starts at its own moment of the period.
    if (periodMs) await pause(Math.random() * periodMs);
    for (let turn = index; Date.now() < deadline; turn++) {
      const turnStarted = Date.now();
      if (turn % 10 === 3) {
        const code = `${tag}${index}-${serial++}`.slice(0, 16);
        const created = await request(base, 'POST', '/api/insurers', admin, { code, name: `Bench ${code}`, country: 'ES', currency: 'EUR' });
        times.write.push(created.ms);
        if (created.status >= 500) errors++;
        if (created.status === 201) {
          if (periodMs) await pause(periodMs);
          const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = created.body;
          const updated = await request(base, 'PUT', `/api/insurers/${created.body.id}`, admin, { ...fields, name: `Bench ${code} bis` });
          times.write.push(updated.ms);
          if (updated.status >= 500) errors++;
        }
      } else {
        const result = await reads[turn % reads.length](token);
        times.read.push(result.ms);
        if (result.status >= 500) errors++;
      }
      if (periodMs) await pause(Math.max(0, turnStarted + periodMs - Date.now()));
    }
  }
  await Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  const elapsed = (Date.now() - started) / 1000;
  return { users, seconds, periodMs, elapsed, errors, all: figures([...times.read, ...times.write]), read: figures(times.read), write: figures(times.write) };
}

const ms = (value) => `${Math.round(value)} ms`;

/** One line: what docs/benchmarks.md's request-path table reports for a mix. */
export function describeMix(label, r) {
  return (
    `${label}: ${r.users} users, ${r.seconds} s, ${r.all.count} requests (${Math.round(r.all.count / r.elapsed)}/s), ` +
    `p50 ${ms(r.all.p50)}, p95 ${ms(r.all.p95)}, p99 ${ms(r.all.p99)}, max ${ms(r.all.max)}, over 2 s ${r.all.over2s}; ` +
    `writes ${r.write.count}, p95 ${ms(r.write.p95)}, max ${ms(r.write.max)}; 5xx ${r.errors}`
  );
}
