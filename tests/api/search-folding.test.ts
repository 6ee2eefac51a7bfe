import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// Issue 28, item 9: every text search ignores accents and case (migration 043's search_fold), on the suite's
// database: PostgreSQL when installed, PGlite with TEST_DATABASE=memory. Before it, "mateo rodriguez" found nobody.
const server = useServer();
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

const get = async (path: string) => {
  const response = await call('GET', path, { token: admin });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const searchIds = async (q: string, kind: string) =>
  ((await get(`/api/search?q=${encodeURIComponent(q)}&limit=20`)).groups as { kind: string; items: { id: number }[] }[]).find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];

/** The text as people type it: no accents, lower case; all capitals; full-width (a Japanese or Chinese IME); decomposed (NFD). */
const typings = (text: string) => [
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
  text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase(),
  text.toUpperCase(),
  text.replace(/[A-Za-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)),
  text.normalize('NFD'),
];

describe('search ignores accents and case', () => {
  let patient: { id: number; first_names: string; last_name: string };
  beforeAll(async () => {
    [patient] = await server.db.query<{ id: number; first_names: string; last_name: string }>(
      `SELECT id, first_names, last_name FROM patients WHERE state = 'ACTIVE' AND last_name ~ '[áéíóúñ]' AND first_names !~ ' ' ORDER BY id LIMIT 1`,
    );
    expect(patient.last_name).toMatch(/[áéíóúñ]/);
  });

  it('Búsqueda finds "Mateo Rodríguez" typed "mateo rodriguez", in capitals, full-width or decomposed', async () => {
    for (const typed of typings(`${patient.first_names} ${patient.last_name}`)) expect(await searchIds(typed, 'patient'), typed).toContain(patient.id);
  });

  it('the patients list and the verification and reimbursement lists find the patient by the unaccented name', async () => {
    const typed = typings(`${patient.first_names} ${patient.last_name}`)[0];
    const patients = await get(`/api/patients?q=${encodeURIComponent(typed)}&pageSize=100`);
    expect(patients.items.map((p: { id: number }) => p.id)).toContain(patient.id);
    const [verification] = await server.db.query<{ id: number; patient_id: number }>('SELECT v.id, v.patient_id FROM verifications v ORDER BY v.id LIMIT 1');
    const [owner] = await server.db.query<{ first_names: string; last_name: string }>('SELECT first_names, last_name FROM patients WHERE id = $1', [verification.patient_id]);
    const verifications = await get(`/api/verifications?q=${encodeURIComponent(typings(`${owner.first_names} ${owner.last_name}`)[1])}&pageSize=100`);
    expect(verifications.items.map((v: { id: number }) => v.id)).toContain(verification.id);
  });

  it('the insurers list finds "Compañía" typed "COMPANIA" and a doctor by an unaccented surname', async () => {
    const insurers = await get(`/api/insurers?q=${encodeURIComponent('COMPANIA DE SEGUROS')}&pageSize=100`);
    expect(insurers.items.some((i: { legalName?: string }) => i.legalName?.includes('Compañía'))).toBe(true);
    const [doctor] = await server.db.query<{ id: number; last_names: string }>(`SELECT id, last_names FROM doctors WHERE last_names ~ '[áéíóúñ]' ORDER BY id LIMIT 1`);
    const doctors = await get(`/api/doctors?q=${encodeURIComponent(typings(doctor.last_names)[0])}&pageSize=100`);
    expect(doctors.items.map((d: { id: number }) => d.id)).toContain(doctor.id);
  });

  it('the policy picker finds a holder by an unaccented name', async () => {
    const [holder] = await server.db.query<{ id: number; name: string }>(
      `SELECT po.id, ph.first_names || ' ' || ph.last_names AS name FROM policies po JOIN policyholders ph ON ph.id = po.policyholder_id
       WHERE ph.company_name IS NULL AND ph.last_names ~ '[áéíóúñ]' ORDER BY po.id LIMIT 1`,
    );
    const found = await get(`/api/policy-summaries?q=${encodeURIComponent(typings(holder.name)[0])}&limit=50`);
    expect(found.items.map((p: { id: number }) => p.id)).toContain(holder.id);
  });

  it('folds identically in SQL on either database and keeps % and _ literal', async () => {
    const [row] = await server.db.query<{ folded: string; literal: boolean }>(
      `SELECT search_fold('Ñandú ÇA Œuvre Straße ＡＢｃ１２ Ǘ ' || U&'e\\0301') AS folded, search_fold('50%') LIKE search_fold('%\\%%') AS literal`,
    );
    expect(row).toEqual({ folded: 'nandu ca oeuvre strasse abc12 u e', literal: true });
    const names = await get(`/api/patients?q=${encodeURIComponent('zz_%')}`);
    expect(names.total).toBe(0);
  });
});
