import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectProblem, fieldErrors, TestServer } from './helpers.ts';
import { describeOnPostgres, usePostgresServer } from './postgres-cluster.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';

const LISTS = ['/api/users', '/api/insurers', '/api/verifications', '/api/orthodontic-plans', '/api/reimbursements'];

/**
 * Text PostgreSQL cannot store answers 400 at the edge, on every operation, before any handler runs — the
 * same cases on PGlite and on PostgreSQL 15, whose drivers both failed with a 500 on such text before.
 */
function badTextCases(target: () => TestServer) {
  let admin: string;
  const call = (...args: Parameters<TestServer['call']>) => target().call(...args);

  beforeAll(async () => {
    admin = await target().signIn('admin@demo.local');
  });

  /** Row counts and the newest audit entry: what a refused request must leave as it was. */
  async function snapshot() {
    const [counts] = await target().db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM insurers) AS insurers, (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM attachments) AS attachments,
              (SELECT coalesce(max(id), 0)::int FROM audit_log) AS "lastAudit"`,
    );
    return counts;
  }

  describe('a NUL character in the query', () => {
    it.each(LISTS)('GET %s?q=%%00 answers 400 request.invalid naming query/q', async (list) => {
      for (const q of ['%00', 'Andes%00Salud']) {
        const problem = expectProblem(await call('GET', `${list}?q=${q}`, { token: admin }), 400, 'request.invalid');
        expect(fieldErrors(problem)).toEqual(['query/q nulCharacter']);
        expect(problem.detail).toContain('NUL');
      }
    });

    it('is caught in any query parameter, not only the search', async () => {
      const problem = expectProblem(await call('GET', '/api/insurers?sort=name%00&q=a%00', { token: admin }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['query/q nulCharacter', 'query/sort nulCharacter']);
    });

    it('is caught in a path parameter', async () => {
      const problem = expectProblem(await call('GET', '/api/insurers/1%00', { token: admin }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['path/id nulCharacter']);
    });

    it('leaves ordinary searches working', async () => {
      const res = await call('GET', '/api/insurers?q=Andes', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.total).toBeGreaterThan(0);
    });
  });

  describe('bad text in a body', () => {
    const insurer = { code: 'NUL1', name: 'Aseguradora Nula', country: 'AR', currency: 'ARS' };

    it('a NUL in a JSON string field answers 400 naming the field and creates nothing', async () => {
      const before = await snapshot();
      const problem = expectProblem(await call('POST', '/api/insurers', { token: admin, body: { ...insurer, name: 'Aseguradora\u0000Nula' } }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['body/name nulCharacter']);
      expect(await snapshot()).toEqual(before);
      expect((await call('GET', '/api/insurers?q=NUL1', { token: admin })).body.total).toBe(0);
    });

    it('a NUL in a registration name answers 400 and creates no account (nor logs its password hash)', async () => {
      const before = await snapshot();
      const problem = expectProblem(await call('POST', '/api/register', { body: { name: 'Nuria\u0000Nula', email: 'nuria.nula@example.com', password: 'clave-segura-1' } }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['body/name nulCharacter']);
      expect(await snapshot()).toEqual(before);
    });

    it('a NUL in an update changes nothing', async () => {
      const existing = (await call('GET', '/api/insurers?pageSize=1', { token: admin })).body.items[0];
      const { id, createdAt: _c, updatedAt: _u, ...fields } = existing;
      const before = await snapshot();
      const problem = expectProblem(await call('PUT', `/api/insurers/${id}`, { token: admin, body: { ...fields, legalName: 'x\u0000' } }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['body/legalName nulCharacter']);
      expect(await snapshot()).toEqual(before);
      expect((await call('GET', `/api/insurers/${id}`, { token: admin })).body).toEqual(existing);
    });

    it('a lone surrogate is refused instead of being stored as U+FFFD', async () => {
      const raw = JSON.stringify({ ...insurer, name: 'Aseguradora ' }).replace('Aseguradora ', 'Aseguradora \\ud800');
      const before = await snapshot();
      const problem = expectProblem(await call('POST', '/api/insurers', { token: admin, body: raw, headers: { 'content-type': 'application/json' } }), 400, 'request.invalid');
      expect(fieldErrors(problem)).toEqual(['body/name unpairedSurrogate']);
      expect(await snapshot()).toEqual(before);
    });

    it('a NUL in an upload form field or file name stores no attachment', async () => {
      const [{ id: verificationId }] = await target().db.query<{ id: number }>('SELECT id FROM verifications ORDER BY id LIMIT 1');
      const form = (documentType: string, fileName: string) => {
        const data = new FormData();
        data.set('ownerType', 'verification');
        data.set('ownerId', String(verificationId));
        data.set('documentType', documentType);
        data.set('file', new File([textPdf(['Factura']).slice()], fileName));
        return data;
      };
      const before = await snapshot();
      const badField = expectProblem(await call('POST', '/api/attachments', { token: admin, body: form('INVOICE\u0000', 'factura.pdf') }), 400, 'request.invalid');
      expect(fieldErrors(badField)).toEqual(['body/documentType nulCharacter']);
      const badName = expectProblem(await call('POST', '/api/attachments', { token: admin, body: form('INVOICE', 'fac\u0000tura.pdf') }), 400, 'request.invalid');
      expect(fieldErrors(badName)).toEqual(['body/file nulCharacter']);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('JSON nested too deep', () => {
    const nested = (depth: number, inner: string) => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
    const deepInsurer = () => JSON.stringify({ code: 'DEEP', name: 'Profunda', legalName: 'Profunda SA', country: 'ES', currency: 'EUR', extra: JSON.parse(nested(1999, '1')) });

    it('2,000 levels answer 400 request.tooDeep on sign-in and on a create, log nothing and change nothing', async () => {
      const logged = vi.spyOn(console, 'error');
      try {
        const before = await snapshot();
        for (const [path, body, token] of [
          ['/api/login', nested(2000, '"x"'), null],
          ['/api/login', `[${'['.repeat(1999)}${']'.repeat(1999)}]`, null],
          ['/api/insurers', deepInsurer(), admin],
        ] as const) {
          const problem = expectProblem(await call('POST', path, { token, body, headers: { 'content-type': 'application/json' } }), 400, 'request.tooDeep');
          expect(problem.errors).toEqual([{ path: 'body', keyword: 'maxDepth', params: { limit: 64 } }]);
        }
        expect(await snapshot()).toEqual(before);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it('64 levels, and brackets inside strings, are read as usual', async () => {
      const within = await call('POST', '/api/login', { body: `{"email":"a@b.c","password":"x","deep":${nested(63, '1')}}`, headers: { 'content-type': 'application/json' } });
      expect(within.status).toBe(400);
      expect(within.body.code).toBe('request.invalid');
      const bracketsInText = await call('POST', '/api/login', { body: { email: 'nobody-deep@demo.local', password: `${'{['.repeat(20)}\\"${'['.repeat(50)}` } });
      expectProblem(bracketsInText, 401, 'auth.invalidCredentials');
    });
  });
}

describe('bad text on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start({}, 'memory://');
  });
  afterAll(() => server?.close());
  badTextCases(() => server);
});

describeOnPostgres('bad text on PostgreSQL 15', () => {
  const postgres = usePostgresServer();
  badTextCases(() => postgres.server);
});
