import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './helpers.ts';
import { describeOnPostgres, usePostgresServer } from './postgres-cluster.ts';

// Simultaneous attempts: each is counted before its password is checked, so a burst cannot outrun the limits.
// The count is the database's own (an atomic upsert), so the same bursts run on PGlite and on PostgreSQL 15,
// where the attempts really overlap on a pool of connections.
const login = (server: TestServer, email: string, password: string, ip: string) => server.call('POST', '/api/login', { body: { email, password }, ip });

async function accountBurst(server: TestServer) {
  const burst = await Promise.all([
    ...Array.from({ length: 40 }, (_, i) => login(server, 'verificador@demo.local', `wrong-${i}`, `10.1.0.${i}`)),
    login(server, 'verificador@demo.local', 'demo1234', '10.1.1.1'),
  ]);
  const statuses = burst.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
  expect(statuses.every((s) => [200, 401, 429].includes(s))).toBe(true);
  const evaluated = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log a JOIN users u ON u.id = a.user_id WHERE u.email = 'verificador@demo.local' AND a.action IN ('LOGIN', 'LOGIN_FAILED') AND (a.detail->>'reason') IS DISTINCT FROM 'locked'`,
  );
  expect(evaluated[0].n).toBeLessThanOrEqual(5);
  // Whatever the burst's order, the account ends locked unless the right password was among the five evaluated.
  const after = await login(server, 'verificador@demo.local', 'demo1234', '10.1.2.1');
  if (!statuses.includes(200)) expect(after.status).toBe(429);
}

async function addressBurst(server: TestServer) {
  const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login(server, `nobody-${i}@demo.local`, 'whatever-1', '10.2.0.1')));
  const statuses = burst.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
  expect((await login(server, 'admin@demo.local', 'demo1234', '10.2.0.1')).status).toBe(429);
  expect((await login(server, 'admin@demo.local', 'demo1234', '10.2.0.2')).status).toBe(200);
}

// Many tabs or colleagues behind one office address signing in at once with the right password: none is refused.
async function rightPasswordBurst(server: TestServer) {
  const burst = await Promise.all(Array.from({ length: 20 }, () => login(server, 'supervisor@demo.local', 'demo1234', '10.3.0.1')));
  expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
  // Nor is the account left any nearer a lock: five wrong passwords still lock it, four do not.
  for (let i = 0; i < 4; i++) expect((await login(server, 'supervisor@demo.local', `wrong-${i}`, '10.3.0.2')).status).toBe(401);
  expect((await login(server, 'supervisor@demo.local', 'demo1234', '10.3.0.2')).status).toBe(200);
}

const ACCOUNT = 'a 40-way burst of wrong passwords evaluates at most 5 and leaves the account locked, right password included';
const ADDRESS = 'a 60-way burst from one address evaluates at most the address limit (20)';
const RIGHT = '20 simultaneous sign-ins with the right password from one address all succeed';

describe('sign-in bursts on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start({}, 'memory://');
  });
  afterAll(() => server?.close());
  it(ACCOUNT, () => accountBurst(server));
  it(ADDRESS, () => addressBurst(server));
  it(RIGHT, () => rightPasswordBurst(server));
});

describeOnPostgres('sign-in bursts on PostgreSQL 15', () => {
  const postgres = usePostgresServer();
  it(ACCOUNT, () => accountBurst(postgres.server));
  it(ADDRESS, () => addressBurst(postgres.server));
  it(RIGHT, () => rightPasswordBurst(postgres.server));
});
