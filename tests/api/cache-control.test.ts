import { beforeAll, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

useServer();
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

it('no answer with records, not even a refusal, may be kept by a browser or proxy', async () => {
  const answers = [
    await call('GET', '/api/verifications?pageSize=5', { token: admin }),
    await call('GET', '/api/users/1', { token: admin }),
    await call('GET', '/api/me', { token: admin }),
    await call('GET', '/api/reimbursements/99999', { token: admin }),
    await call('GET', '/api/insurers'),
    await call('POST', '/api/login', { body: { email: 'admin@demo.local', password: 'demo1234' } }),
  ];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 401, 200]);
  for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
});
