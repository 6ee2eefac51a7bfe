import { beforeAll, describe, expect, it } from 'vitest';
import { call, documentRequirement, expectProblem, fieldErrors, sendEvent, signIn, useServer, verifiedForFreshPatient } from './helpers.ts';

/**
 * Research 4.3's matrix rows that needed conditions of their own: the prior authorisation "if R14 applies"
 * (PREAUTHORIZATION) and the laboratory cost breakdown "for prosthesis" (PROSTHETIC, with the LAB_BREAKDOWN
 * document type). Each is enforced where documents are required (the claim's missing documents, and SUBMIT
 * sends a claim lacking one to needs-documents) and editable in Configuraciones.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let admin: string;
let doctorId: number;
let made = 0;

type Kind = 'BENEFITS' | 'PREAUTHORIZATION';

async function claim(kind: Kind, lines: Record<string, unknown>[]): Promise<{ id: number; missingDocuments: string[] }> {
  made += 1;
  const response = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId: await verifiedForFreshPatient('M24', { token: admin, serviceDate, kind }), doctorId, invoiceNumber: `F-M24-${made}`, invoiceDate: serviceDate, lines },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const checkup = { procedureCode: 'D0120', serviceDate, chargedCents: 6_000 };
const denture = { procedureCode: 'D5110', serviceDate, chargedCents: 25_000 };
const implant = { procedureCode: 'D6010', tooth: '36', serviceDate, chargedCents: 20_000 };
const documents = async () => (await call('GET', '/api/settings/documents', { token: admin })).body.items as Record<string, string | number>[];
const row = (type: string) => documentRequirement(type, admin);

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('the documents matrix’s pre-authorisation and prosthesis conditions (research 4.3)', () => {
  it('seeds the prior authorisation when R14 applies and the laboratory breakdown for prostheses, before OTHER', async () => {
    const items = await documents();
    expect(items.map((d) => d.documentType).slice(-3)).toEqual(['IDENTIFICATION', 'LAB_BREAKDOWN', 'OTHER']);
    // The first orthodontic claim brings its prior authorisation (R7: mandatory for orthodontics).
    expect(await row('PRIOR_AUTHORIZATION')).toMatchObject({ general: 'PREAUTHORIZATION', orthodonticInitial: 'ALWAYS', orthodonticInstallment: 'NEVER' });
    expect(await row('LAB_BREAKDOWN')).toMatchObject({ general: 'PROSTHETIC', orthodonticInitial: 'NEVER', orthodonticInstallment: 'NEVER', version: 1 });
  });

  it('asks for the payment receipt on every orthodontic claim, and on a general one whose invoice is not marked paid', async () => {
    // Research 4.3 "Y" for the first and each later instalment, whoever is paid, and for a general claim "if factura
    // not marked paid" (tests/api/invoice-paid-mark.test.ts follows claims through it).
    expect(await row('PAYMENT_RECEIPT')).toMatchObject({ general: 'INVOICE_NOT_PAID', orthodonticInitial: 'ALWAYS', orthodonticInstallment: 'ALWAYS' });
  });

  it('asks for the laboratory breakdown only when a line is a prosthesis', async () => {
    expect((await claim('BENEFITS', [checkup, denture])).missingDocuments).toContain('LAB_BREAKDOWN');
    expect((await claim('BENEFITS', [checkup])).missingDocuments).not.toContain('LAB_BREAKDOWN');
  });

  it('asks for the prior authorisation when the claim is paid on one a line needs, not when the line is refused without it', async () => {
    // On a granted pre-authorisation the implant is paid, so the authorisation letter is part of the file.
    expect((await claim('PREAUTHORIZATION', [implant])).missingDocuments).toContain('PRIOR_AUTHORIZATION');
    // Above the 300 € threshold a plain line needs one too.
    expect((await claim('PREAUTHORIZATION', [{ ...checkup, chargedCents: 30_001 }])).missingDocuments).toContain('PRIOR_AUTHORIZATION');
    // Nothing in the claim needs one: no letter is asked for, even on a pre-authorisation.
    expect((await claim('PREAUTHORIZATION', [{ ...checkup, chargedCents: 30_000 }])).missingDocuments).not.toContain('PRIOR_AUTHORIZATION');
    // Without a pre-authorisation the engine refuses the implant (code 34), so there is no letter to ask for.
    expect((await claim('BENEFITS', [implant])).missingDocuments).not.toContain('PRIOR_AUTHORIZATION');
  });

  it('sends a claim lacking the breakdown to needs-documents on SUBMIT', async () => {
    const draft = await claim('BENEFITS', [checkup, denture]);
    const submitted = await sendEvent('reimbursements', draft.id, { type: 'SUBMIT' }, analyst);
    expect(submitted.status).toBe(200);
    expect(submitted.body.state).toBe('needsDocuments');
    expect(submitted.body.missingDocuments).toContain('LAB_BREAKDOWN');
  });

  it('lets an administrator set the new conditions on any row, with history; a later claim follows it', async () => {
    const report = await row('XRAY_INITIAL');
    const put = await call('PUT', '/api/settings/documents/XRAY_INITIAL', {
      token: admin,
      body: { version: report.version, general: 'PROSTHETIC', orthodonticInitial: 'PREAUTHORIZATION', orthodonticInstallment: 'NEVER' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ general: 'PROSTHETIC', orthodonticInitial: 'PREAUTHORIZATION', version: Number(report.version) + 1 });
    const history = await call('GET', '/api/settings/history?catalog=documents&key=XRAY_INITIAL', { token: admin });
    expect(history.body.items[0]).toMatchObject({ after: { general: 'PROSTHETIC', orthodonticInitial: 'PREAUTHORIZATION' } });
    expect((await claim('BENEFITS', [checkup, denture])).missingDocuments).toContain('XRAY_INITIAL');
    expect((await claim('BENEFITS', [checkup])).missingDocuments).not.toContain('XRAY_INITIAL');
  });

  it('refuses a condition the matrix does not know with 400 on the field, and only administrators edit it', async () => {
    const lab = await row('LAB_BREAKDOWN');
    const bad = await call('PUT', '/api/settings/documents/LAB_BREAKDOWN', {
      token: admin,
      body: { version: lab.version, general: 'INVOICE_UNPAID', orthodonticInitial: 'NEVER', orthodonticInstallment: 'NEVER' },
    });
    expectProblem(bad, 400, 'request.invalid');
    expect(fieldErrors(bad.body)).toEqual(['body/general enum']);
    const refused = await call('PUT', '/api/settings/documents/LAB_BREAKDOWN', {
      token: analyst,
      body: { version: lab.version, general: 'ALWAYS', orthodonticInitial: 'NEVER', orthodonticInstallment: 'NEVER' },
    });
    expectProblem(refused, 403, 'auth.forbidden');
    expect(await row('LAB_BREAKDOWN')).toMatchObject({ general: 'PROSTHETIC', version: lab.version });
  });
});
