import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { call, expectProblem, fieldErrors, signIn, useServer } from './helpers.ts';

// Búsqueda: one box over patients, policyholders, policies, doctors, verifications and reimbursements,
// grouped by kind, a few per kind, each kind only for those who may read it; patients shown are audited.
const server = useServer();
const tokens: Record<string, string> = {};
let admin: string;
let adminId: number;

type Group = { kind: string; more: boolean; items: { id: number; title: string; subtitle: string | null; matched: string; link: string; state: string | null }[] };
const search = async (q: string, token = admin, extra = '') => {
  const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.groups as Group[];
};
const group = (groups: Group[], kind: string) => groups.find((g) => g.kind === kind);
const newestAudit = async () =>
  (await server.db.query<{ id: number; action: string; entity_type: string; user_id: number; detail: Record<string, unknown> | null }>(
    'SELECT id, action, entity_type, user_id, detail FROM audit_log ORDER BY id DESC LIMIT 1',
  ))[0];

beforeAll(async () => {
  for (const user of DEMO_USERS) tokens[user.role] = await signIn(user.email);
  admin = tokens.administrator;
  adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
});

describe('search', () => {
  it('finds a patient by document, first and audited with the ids it returned', async () => {
    const [patient] = await server.db.query<{ id: number; document_number: string; last_name: string }>(
      `SELECT id, document_number, last_name FROM patients WHERE document_number IS NOT NULL AND state = 'ACTIVE' ORDER BY id DESC LIMIT 1`,
    );
    const groups = await search(patient.document_number.toLowerCase());
    expect(groups[0].kind).toBe('patient');
    expect(groups[0].items[0]).toMatchObject({ id: patient.id, matched: 'document', link: `/pacientes/ver/${patient.id}`, state: 'ACTIVE' });
    expect(groups[0].items[0].title).toContain(patient.last_name);
    expect(await newestAudit()).toMatchObject({ action: 'LIST', entity_type: 'patient', user_id: adminId, detail: { search: patient.document_number.toLowerCase(), ids: [patient.id] } });
  });

  it('finds patients by part of a name, a reimbursement by folio or invoice number, a verification by folio, a doctor by licence, a policy by number', async () => {
    const [patient] = await server.db.query<{ id: number; last_name: string }>(`SELECT id, last_name FROM patients WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    const byName = group(await search(patient.last_name.slice(0, 4).toUpperCase()), 'patient');
    expect(byName?.items.every((i) => i.matched === 'name')).toBe(true);
    expect(byName?.items.length).toBeGreaterThan(0);
    // First names and surnames together, as a user types a whole name.
    const [named] = await server.db.query<{ id: number; first_names: string; last_name: string }>(`SELECT id, first_names, last_name FROM patients WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    expect(group(await search(`${named.first_names} ${named.last_name}`.toLowerCase(), admin, '&limit=20'), 'patient')?.items.map((i) => i.id)).toContain(named.id);
    const [credential] = await server.db.query<{ id: number; credential_number: string }>('SELECT id, credential_number FROM patients WHERE credential_number IS NOT NULL ORDER BY id LIMIT 1');
    expect(group(await search(credential.credential_number), 'patient')?.items[0]).toMatchObject({ id: credential.id, matched: 'credentialNumber' });

    const [reimbursement] = await server.db.query<{ id: number; folio: string; verification_id: number; invoice_number: string; patient_id: number }>(
      'SELECT id, folio, verification_id, invoice_number, patient_id FROM reimbursements WHERE invoice_number IS NOT NULL ORDER BY id LIMIT 1',
    );
    const byFolio = await search(reimbursement.folio);
    expect(byFolio.map((g) => g.kind)).toEqual(['reimbursement']);
    expect(byFolio[0].items).toEqual([
      expect.objectContaining({ kind: 'reimbursement', id: reimbursement.id, title: reimbursement.folio, matched: 'folio', link: `/reembolsos/editar/${reimbursement.verification_id}/${reimbursement.id}` }),
    ]);
    // The patient behind the reimbursement is shown (its name), so the read is audited.
    expect((await newestAudit()).detail).toMatchObject({ ids: [reimbursement.patient_id] });
    expect(group(await search(reimbursement.invoice_number), 'reimbursement')?.items[0]).toMatchObject({ id: reimbursement.id, matched: 'invoiceNumber' });

    const [verification] = await server.db.query<{ id: number; folio: string }>('SELECT id, folio FROM verifications ORDER BY id LIMIT 1');
    expect(group(await search(verification.folio), 'verification')?.items[0]).toMatchObject({ id: verification.id, matched: 'folio', link: `/verificaciones/editar/${verification.id}` });

    const [doctor] = await server.db.query<{ id: number; license_number: string }>('SELECT id, license_number FROM doctors ORDER BY id LIMIT 1');
    expect(group(await search(doctor.license_number), 'doctor')?.items[0]).toMatchObject({ id: doctor.id, matched: 'licenseNumber', link: `/doctores/editar/${doctor.id}` });

    const [policy] = await server.db.query<{ id: number; number: string }>('SELECT id, number FROM policies ORDER BY id LIMIT 1');
    expect(group(await search(policy.number), 'policy')?.items[0]).toMatchObject({ id: policy.id, title: policy.number, matched: 'policyNumber', link: `/pacientes/${policy.id}` });

    const [holder] = await server.db.query<{ id: number; member_number: string }>('SELECT id, member_number FROM policyholders ORDER BY id LIMIT 1');
    expect(group(await search(holder.member_number), 'policyholder')?.items[0]).toMatchObject({ id: holder.id, matched: 'memberNumber', link: `/titulares/editar/${holder.id}` });
  });

  it('returns a few per kind, says when there are more, and finds nothing for text nobody has', async () => {
    const folios = await search('REE-', admin, '&limit=2');
    expect(group(folios, 'reimbursement')).toMatchObject({ more: true });
    expect(group(folios, 'reimbursement')?.items).toHaveLength(2);
    const before = await newestAudit();
    expect(await search('zzqx-nobody')).toEqual([]);
    // Nothing about a patient was shown, so nothing was audited.
    expect((await newestAudit()).id).toBe(before.id);
  });

  it('searches only the kinds the user may read', async () => {
    const [reimbursement] = await server.db.query<{ folio: string }>('SELECT folio FROM reimbursements ORDER BY id LIMIT 1');
    const [patient] = await server.db.query<{ document_number: string }>(`SELECT document_number FROM patients WHERE document_number IS NOT NULL ORDER BY id LIMIT 1`);
    // Treasury reads reimbursements but not patients; verifiers read patients but not reimbursements.
    expect((await search(reimbursement.folio, tokens.treasury)).map((g) => g.kind)).toEqual(['reimbursement']);
    expect(group(await search(patient.document_number, tokens.treasury), 'patient')).toBeUndefined();
    expect(await search(reimbursement.folio, tokens.verifier)).toEqual([]);
    expect(group(await search(patient.document_number, tokens.verifier), 'patient')?.items.length).toBeGreaterThan(0);
    expectProblem(await call('GET', '/api/search?q=abc'), 401, 'auth.unauthenticated');
  });

  it('refuses a missing, one-letter, blank or over-long text and a bad limit', async () => {
    expect(fieldErrors(expectProblem(await call('GET', '/api/search', { token: admin }), 400, 'request.invalid'))).toEqual(['query/q required']);
    expect(fieldErrors(expectProblem(await call('GET', '/api/search?q=a', { token: admin }), 400, 'request.invalid'))).toEqual(['query/q minLength']);
    expect(fieldErrors(expectProblem(await call('GET', '/api/search?q=%20%20%20', { token: admin }), 400, 'request.invalid'))).toEqual(['query/q pattern']);
    expect(fieldErrors(expectProblem(await call('GET', `/api/search?q=${'x'.repeat(101)}`, { token: admin }), 400, 'request.invalid'))).toEqual(['query/q maxLength']);
    expect(fieldErrors(expectProblem(await call('GET', '/api/search?q=abc&limit=21', { token: admin }), 400, 'request.invalid'))).toEqual(['query/limit maximum']);
    // Wildcards are searched for literally.
    expect(await search('%_%')).toEqual([]);
  });
});
