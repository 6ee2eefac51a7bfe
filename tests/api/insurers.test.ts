import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';
import { verifyAuditChain } from '../../server/audit.ts';

const server = useServer();
const SEEDED = 25;

let admin: string;
let adminId: number;

interface Insurer {
  id: number;
  version: number;
  code: string;
  name: string;
  legalName: string | null;
  taxId: string | null;
  active: boolean;
  [field: string]: unknown;
}

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
});

const list = (query = '', token = admin) => call<{ items: Insurer[]; total: number; page: number; pageSize: number }>('GET', `/api/insurers${query}`, { token });

async function all(query = ''): Promise<Insurer[]> {
  const res = await list(`?pageSize=100${query}`);
  expect(res.status).toBe(200);
  expect(res.body.items).toHaveLength(res.body.total);
  return res.body.items;
}

/** The fields a client sends back on update (the read-only ones stripped). */
function editable(insurer: Insurer) {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, version: _version, ...fields } = insurer;
  return fields;
}

/**
 * Creates an insurer that goes again when the calling test ends (a test that deletes it itself finds it gone): the
 * paging, sorting and filter cases count the 25 seeded ones, whichever tests ran before them.
 */
async function create(body: Record<string, unknown>) {
  const res = await call<Insurer>('POST', '/api/insurers', { token: admin, body });
  if (res.status === 201) {
    onTestFinished(async () => {
      expect([204, 404]).toContain((await call('DELETE', `/api/insurers/${res.body.id}`, { token: admin })).status);
    });
  }
  return res;
}

const insurerAudit = (id: number) =>
  server.db.query<{ action: string; user_id: number; result: string; detail: Record<string, unknown> | null }>(
    "SELECT action, user_id, result, detail FROM audit_log WHERE entity_type = 'insurer' AND entity_id = $1 AND action IN ('CREATE', 'UPDATE', 'DELETE') ORDER BY id",
    [String(id)],
  );

describe('GET /api/insurers paging', () => {
  it('answers the first page with the default page size', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: SEEDED, page: 1, pageSize: 20 });
    expect(res.body.items).toHaveLength(20);
  });

  it('splits the 25 seeded insurers into pages that do not overlap', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await list(`?page=${page}&pageSize=10`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: SEEDED, page, pageSize: 10 });
      pages.push(res.body.items.map((item) => item.id));
    }
    expect(pages.map((ids) => ids.length)).toEqual([10, 10, 5]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(SEEDED);
    expect(ids).toEqual((await all()).map((item) => item.id));

    const beyond = await list('?page=4&pageSize=10');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ items: [], total: SEEDED, page: 4 });
  });

  it('refuses page sizes and pages out of range', async () => {
    expect(fieldErrors(expectProblem(await list('?pageSize=101'), 400, 'request.invalid'))).toEqual(['query/pageSize maximum']);
    expect(fieldErrors(expectProblem(await list('?pageSize=0'), 400, 'request.invalid'))).toEqual(['query/pageSize minimum']);
    expect(fieldErrors(expectProblem(await list('?page=0'), 400, 'request.invalid'))).toEqual(['query/page minimum']);
    expect(fieldErrors(expectProblem(await list('?page=two'), 400, 'request.invalid'))).toEqual(['query/page type']);
    expect((await list('?pageSize=100')).status).toBe(200);
  });
});

describe('GET /api/insurers sorting', () => {
  it('sorts by name by default', async () => {
    const names = (await all()).map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('sorts by code ascending and descending', async () => {
    const ascending = (await all('&sort=code')).map((item) => item.code);
    expect(ascending).toHaveLength(SEEDED);
    expect(ascending).toEqual([...ascending].sort());
    const descending = (await all('&sort=-code')).map((item) => item.code);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('sorts by several fields', async () => {
    const items = await all('&sort=country,-code');
    const pairs = items.map((item) => [item.country as string, item.code]);
    const expected = [...pairs].sort(([countryA, codeA], [countryB, codeB]) => (countryA === countryB ? (codeA < codeB ? 1 : -1) : countryA < countryB ? -1 : 1));
    expect(pairs).toEqual(expected);
  });

  it('refuses an unknown sort field', async () => {
    for (const sort of ['password', 'code;drop', 'code,', '--code']) {
      const res = await list(`?sort=${encodeURIComponent(sort)}`);
      expect(fieldErrors(expectProblem(res, 400, 'request.invalid'))).toEqual(['query/sort pattern']);
    }
  });
});

describe('GET /api/insurers filters', () => {
  const matches = (item: Insurer, text: string) =>
    [item.name, item.code, item.legalName, item.taxId].some((value) => value?.toLowerCase().includes(text.toLowerCase()));

  it('searches the name case-insensitively', async () => {
    const everything = await all();
    for (const q of ['sonrisa', 'SONRISA', 'dental']) {
      const found = await all(`&q=${q}`);
      const expected = everything.filter((item) => matches(item, q));
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort());
    }
    const names = (await all('&q=sonrisa')).map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Sonrisa Plena', 'Ecuasonrisa']));
  });

  it('searches the code', async () => {
    expect((await all('&q=PERU-D')).map((item) => item.code)).toEqual(['PERU-D']);
    expect((await all('&q=peru-d')).map((item) => item.code)).toEqual(['PERU-D']);
  });

  it('takes % and _ literally', async () => {
    expect(await all(`&q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await all('&q=_')).toEqual([]);
    const created = await create({ code: 'PCT_100', name: 'Cobertura 100% Dental', country: 'CL', currency: 'CLP' });
    expect(created.status).toBe(201);
    expect((await all(`&q=${encodeURIComponent('100%')}`)).map((item) => item.code)).toEqual(['PCT_100']);
    expect((await all(`&q=${encodeURIComponent('0%')}`)).map((item) => item.code)).toEqual(['PCT_100']);
    expect((await all('&q=T_1')).map((item) => item.code)).toEqual(['PCT_100']);
  });

  it('filters by active', async () => {
    const everything = await all();
    const inactive = await all('&active=false');
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((item) => item.active === false)).toBe(true);
    expect(inactive.map((item) => item.id).sort()).toEqual(everything.filter((item) => !item.active).map((item) => item.id).sort());
    expect(inactive.map((item) => item.code).sort()).toEqual(['CRD', 'IBER', 'URU1']);
    const active = await all('&active=true');
    expect(active.length + inactive.length).toBe(SEEDED);
    expect(active.every((item) => item.active === true)).toBe(true);
    expect(fieldErrors(expectProblem(await list('?active=maybe'), 400, 'request.invalid'))).toEqual(['query/active type']);
  });

  it('combines search, filter and paging in the total', async () => {
    const res = await list('?q=dental&active=true&pageSize=2');
    expect(res.status).toBe(200);
    const expected = (await all('&q=dental')).filter((item) => item.active);
    expect(res.body.total).toBe(expected.length);
    expect(res.body.items.map((item) => item.id)).toEqual(expected.slice(0, 2).map((item) => item.id));
  });

  it('needs a token', async () => {
    expectProblem(await call('GET', '/api/insurers'), 401, 'auth.unauthenticated');
  });
});

describe('POST /api/insurers', () => {
  it('creates an insurer with the defaults, version 1 and a Location', async () => {
    const res = await create({ code: 'NUEVA', name: '  Nueva Aseguradora  ', country: 'CL', currency: 'CLP', legalName: '   ', contactName: '', preauthorizationAbove: '150000' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      version: 1,
      code: 'NUEVA',
      name: 'Nueva Aseguradora',
      country: 'CL',
      currency: 'CLP',
      claimDeadlineDays: 90,
      cureDays: 10,
      slaBusinessDays: 10,
      verificationValidityDays: 30,
      active: true,
      legalName: null,
      contactName: null,
      taxId: null,
      phone: null,
      email: null,
      portalUrl: null,
      // Chilean pesos have no decimals: the threshold reads as whole pesos.
      preauthorizationAbove: '150000',
    });
    expect(Date.parse(res.body.createdAt as string)).not.toBeNaN();
    expect(res.headers.get('location')).toBe(`/api/insurers/${res.body.id}`);
    expect(res.headers.get('etag')).toBe('"1"');

    const read = await call<Insurer>('GET', res.headers.get('location')!, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    expect(read.headers.get('etag')).toBe('"1"');
    expect((await list()).body.total).toBe(SEEDED + 1);
    expect(await insurerAudit(res.body.id)).toEqual([{ action: 'CREATE', user_id: adminId, result: 'ALLOWED', detail: { code: 'NUEVA' } }]);
  });

  it('refuses a duplicate code with 409 on body/code', async () => {
    const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurers');
    const res = await create({ code: 'SDS', name: 'Otra del Sur', country: 'CL', currency: 'CLP' });
    const problem = expectProblem(res, 409, 'conflict.duplicate');
    expect(fieldErrors(problem)).toEqual(['body/code unique']);
    expect(problem).toMatchObject({ type: 'urn:problem:duplicate-value' });
    expect(await server.db.query('SELECT count(*)::int AS n FROM insurers')).toEqual([{ n }]);
  });

  it('refuses a duplicate tax id with 409 on body/taxId', async () => {
    expect((await create({ code: 'TAX1', name: 'Con RUT', country: 'CL', currency: 'CLP', taxId: '76.123.456-7' })).status).toBe(201);
    const problem = expectProblem(await create({ code: 'TAX2', name: 'Mismo RUT', country: 'CL', currency: 'CLP', taxId: '76.123.456-7' }), 409, 'conflict.duplicate');
    expect(fieldErrors(problem)).toEqual(['body/taxId unique']);
  });

  it('names every invalid field and creates nothing', async () => {
    const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurers');
    const res = await create({
      code: 'lower',
      name: 'Mala',
      country: 'Chile',
      currency: 'CLP',
      portalUrl: 'http://portal.example.com',
      email: 'not-an-email',
      claimDeadlineDays: 0,
      preauthorizationAbove: '12,50',
    });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual([
      'body/claimDeadlineDays minimum',
      'body/code pattern',
      'body/country pattern',
      'body/email format',
      'body/portalUrl pattern',
      'body/preauthorizationAbove pattern',
    ]);
    expect(await server.db.query('SELECT count(*)::int AS n FROM insurers')).toEqual([{ n }]);
  });

  it('names missing required fields and unknown ones', async () => {
    const problem = expectProblem(await create({ name: 'Sin código', id: 7, version: 3 }), 400, 'request.invalid');
    expect(fieldErrors(problem)).toEqual([
      'body/code required',
      'body/country required',
      'body/currency required',
      'body/id unevaluatedProperties',
      'body/version unevaluatedProperties',
    ]);
  });
});

describe('GET /api/insurers/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectProblem(await call('GET', '/api/insurers/999999', { token: admin }), 404, 'insurer.notFound');
    expect(fieldErrors(expectProblem(await call('GET', '/api/insurers/abc', { token: admin }), 400, 'request.invalid'))).toEqual(['path/id type']);
    expect(fieldErrors(expectProblem(await call('GET', '/api/insurers/0', { token: admin }), 400, 'request.invalid'))).toEqual(['path/id minimum']);
    expect(fieldErrors(expectProblem(await call('GET', '/api/insurers/99999999999', { token: admin }), 400, 'request.invalid'))).toEqual(['path/id maximum']);
  });
});

describe('PUT /api/insurers/{id}', () => {
  let made = 0;

  /** An insurer of the calling test's own, as created (version 1). */
  async function toEdit(): Promise<Insurer> {
    const res = await create({ code: `EDIT${++made}`, name: 'Para Editar', country: 'ES', currency: 'EUR', email: 'hola@editar.example' });
    expect(res.status).toBe(201);
    return res.body;
  }

  const firstEdit = (insurer: Insurer) =>
    call<Insurer>('PUT', `/api/insurers/${insurer.id}`, {
      token: admin,
      body: { ...editable(insurer), name: 'Editada', claimDeadlineDays: 45, portalUrl: 'https://portal.editar.example', version: 1 },
    });

  /** An insurer of the calling test's own after one update (version 2), so that version 1 is stale. */
  async function edited(): Promise<Insurer> {
    const res = await firstEdit(await toEdit());
    expect(res.status).toBe(200);
    return res.body;
  }

  it('updates with the current version and bumps it', async () => {
    const insurer = await toEdit();
    const res = await firstEdit(insurer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: insurer.id, version: 2, name: 'Editada', claimDeadlineDays: 45, portalUrl: 'https://portal.editar.example', email: 'hola@editar.example' });
    expect(res.headers.get('etag')).toBe('"2"');
    expect(Date.parse(res.body.updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(insurer.updatedAt as string));
    expect((await call('GET', `/api/insurers/${insurer.id}`, { token: admin })).body).toEqual(res.body);
  });

  it('refuses a stale version with 409 and leaves the record as it was', async () => {
    const insurer = await edited();
    const res = await call('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: { ...editable(insurer), name: 'Pisada', version: 1 } });
    const problem = expectProblem(res, 409, 'conflict.staleVersion');
    expect(problem.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: 2 } }]);
    const read = await call<Insurer>('GET', `/api/insurers/${insurer.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(insurer);
  });

  it('validates the body and needs the version', async () => {
    const insurer = await edited();
    const { version: _version, ...withoutVersion } = { ...editable(insurer), version: 2 };
    expect(fieldErrors(expectProblem(await call('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: withoutVersion }), 400, 'request.invalid'))).toEqual([
      'body/version required',
    ]);
    const bad = await call('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: { ...editable(insurer), country: 'es', version: 2 } });
    expect(fieldErrors(expectProblem(bad, 400, 'request.invalid'))).toEqual(['body/country pattern']);
    expect((await call<Insurer>('GET', `/api/insurers/${insurer.id}`, { token: admin })).body).toEqual(insurer);
  });

  it('answers 404 for an unknown insurer', async () => {
    const insurer = await toEdit();
    expectProblem(await call('PUT', '/api/insurers/999999', { token: admin, body: { ...editable(insurer), version: 1 } }), 404, 'insurer.notFound');
  });

  it('refuses a code another insurer has with 409', async () => {
    const insurer = await edited();
    const res = await call('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: { ...editable(insurer), code: 'SDS', version: insurer.version } });
    expect(fieldErrors(expectProblem(res, 409, 'conflict.duplicate'))).toEqual(['body/code unique']);
    expect((await call<Insurer>('GET', `/api/insurers/${insurer.id}`, { token: admin })).body).toEqual(insurer);
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const insurer = await edited();
    const put = (name: string) =>
      call<Insurer>('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: { ...editable(insurer), name, version: insurer.version } });
    const results = await Promise.all([put('Primera'), put('Segunda')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 409)!;
    expectProblem(loser, 409, 'conflict.staleVersion');
    expect(winner.body.version).toBe(insurer.version + 1);
    const read = await call<Insurer>('GET', `/api/insurers/${insurer.id}`, { token: admin });
    expect(read.body).toEqual(winner.body);
  });

  it('wrote one audit row per change', async () => {
    // The record goes through what the cases above do to theirs: only the creation and the two updates that won are changes.
    const insurer = await edited();
    const put = (body: Record<string, unknown>) => call('PUT', `/api/insurers/${insurer.id}`, { token: admin, body: { ...editable(insurer), ...body } });
    expectProblem(await put({ name: 'Pisada', version: 1 }), 409, 'conflict.staleVersion');
    expectProblem(await put({ country: 'es', version: 2 }), 400, 'request.invalid');
    expectProblem(await put({ code: 'SDS', version: 2 }), 409, 'conflict.duplicate');
    const racing = await Promise.all([put({ name: 'Primera', version: 2 }), put({ name: 'Segunda', version: 2 })]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await insurerAudit(insurer.id)).map(({ action, user_id, result }) => ({ action, user_id, result }))).toEqual([
      { action: 'CREATE', user_id: adminId, result: 'ALLOWED' },
      { action: 'UPDATE', user_id: adminId, result: 'ALLOWED' },
      { action: 'UPDATE', user_id: adminId, result: 'ALLOWED' },
    ]);
  });
});

describe('DELETE /api/insurers/{id}', () => {
  it('deletes, then answers 404 to reads and to a second delete', async () => {
    const created = await create({ code: 'BORRAR', name: 'Para Borrar', country: 'MX', currency: 'MXN' });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const updated = await call('PUT', `/api/insurers/${id}`, { token: admin, body: { ...editable(created.body), active: false, version: 1 } });
    expect(updated.status).toBe(200);

    const res = await call('DELETE', `/api/insurers/${id}`, { token: admin });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expectProblem(await call('GET', `/api/insurers/${id}`, { token: admin }), 404, 'insurer.notFound');
    expectProblem(await call('DELETE', `/api/insurers/${id}`, { token: admin }), 404, 'insurer.notFound');
    expect((await all('&q=BORRAR'))).toEqual([]);

    expect((await insurerAudit(id)).map(({ action, user_id }) => ({ action, user_id }))).toEqual([
      { action: 'CREATE', user_id: adminId },
      { action: 'UPDATE', user_id: adminId },
      { action: 'DELETE', user_id: adminId },
    ]);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });

  it('needs insurers:delete', async () => {
    const supervisor = await signIn('supervisor@demo.local');
    const [{ id }] = await server.db.query<{ id: number }>("SELECT id FROM insurers WHERE code = 'SDS'");
    expectProblem(await call('DELETE', `/api/insurers/${id}`, { token: supervisor }), 403, 'auth.forbidden');
    expect((await call('GET', `/api/insurers/${id}`, { token: supervisor })).status).toBe(200);
  });
});
