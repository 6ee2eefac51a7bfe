import { expect, it } from 'vitest';
import { call, expectProblem, useServer } from './helpers.ts';

const server = useServer();

it('50 reset requests for one account send at most 3 mails, leave one live link, and all answer alike', async () => {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => call('POST', '/api/forgot-password', { body: { email: 'analista@demo.local' }, ip: `10.3.0.${i}` })),
  );
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
  const mails = await server.db.query('SELECT 1 FROM mail_outbox WHERE to_email = $1', ['analista@demo.local']);
  expect(mails.length).toBeLessThanOrEqual(3);
  expect(mails.length).toBeGreaterThanOrEqual(1);
  const live = await server.db.query(
    `SELECT 1 FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = 'analista@demo.local' AND r.used_at IS NULL AND r.expires_at > now()`,
  );
  expect(live.length).toBe(1);
});

it('one address asking resets for many accounts is throttled too, answering alike', async () => {
  const emails = ['admin', 'supervisor', 'verificador', 'auditor', 'tesoreria', 'consulta'].map((name) => `${name}@demo.local`);
  const before = (await server.db.query('SELECT 1 FROM mail_outbox')).length;
  for (let round = 0; round < 2; round++) {
    for (const email of emails) expect((await call('POST', '/api/forgot-password', { body: { email }, ip: '10.4.0.1' })).status).toBe(202);
  }
  expect((await server.db.query('SELECT 1 FROM mail_outbox')).length - before).toBe(10);
});

it('one address creates at most 10 accounts an hour; others still can', async () => {
  const answers = [];
  for (let i = 0; i < 12; i++) {
    answers.push(await call('POST', '/api/register', { body: { name: `Persona ${i}`, email: `persona${i}@demo.local`, password: 'long-enough-1' }, ip: '10.5.0.1' }));
  }
  expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(201), 429, 429]);
  expectProblem(answers[11], 429, 'auth.tooManyAttempts');
  expect(await server.db.query("SELECT 1 FROM users WHERE email IN ('persona10@demo.local', 'persona11@demo.local')")).toEqual([]);
  expect((await call('POST', '/api/register', { body: { name: 'Otra', email: 'otra@demo.local', password: 'long-enough-1' }, ip: '10.5.0.2' })).status).toBe(201);
});
