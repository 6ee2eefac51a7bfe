import { beforeAll, describe, expect, it } from 'vitest';
import { attachToReimbursement, call, documentRequirement, expectProblem, fieldErrors, sendEvent, signIn, useServer, verifiedForFreshPatient } from './helpers.ts';

/**
 * Research 4.3: a general claim asks for the payment receipt "if the factura is not marked paid". The claim's
 * invoice carries the mark (invoicePaid), set at creation and while the claim can be edited; the documents matrix
 * says it with the INVOICE_NOT_PAID condition, whoever is paid.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let admin: string;
let doctorId: number;
let made = 0;


const checkup = { procedureCode: 'D0120', serviceDate, chargedCents: 6_000 };

async function claim(extra: Record<string, unknown>) {
  made += 1;
  const response = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId: await verifiedForFreshPatient('IPM', { token: admin, serviceDate }), doctorId, invoiceNumber: `F-IPM-${made}`, invoiceDate: serviceDate, lines: [checkup], ...extra },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; version: number; invoicePaid: boolean; missingDocuments: string[] };
}

const receipt = (type = 'PAYMENT_RECEIPT') => documentRequirement(type, admin);

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('the invoice’s paid mark and the payment receipt (research 4.3)', () => {
  it('puts the receipt under INVOICE_NOT_PAID in the general column of the matrix', async () => {
    expect(await receipt()).toMatchObject({ general: 'INVOICE_NOT_PAID', orthodonticInitial: 'ALWAYS', orthodonticInstallment: 'ALWAYS' });
  });

  it('asks no receipt of a claim whose invoice is marked paid, and it is submitted to review without one', async () => {
    const marked = await claim({ invoicePaid: true });
    expect(marked.invoicePaid).toBe(true);
    expect(marked.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM']);
    for (const type of marked.missingDocuments) expect((await attachToReimbursement(analyst, marked.id, type)).status).toBe(201);
    const submitted = await sendEvent('reimbursements', marked.id, { type: 'SUBMIT' }, analyst);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ state: 'inReview', invoicePaid: true, missingDocuments: [] });
  });

  it('asks the receipt when the invoice is not marked, whoever is paid; SUBMIT without it goes to needs-documents', async () => {
    const holder = await claim({ payee: 'HOLDER' });
    expect(holder.invoicePaid).toBe(false);
    expect(holder.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']);
    // Paid to the provider, an invoice not marked paid still leaves the payment to prove.
    const provider = await claim({ payee: 'PROVIDER', invoicePaid: false });
    expect(provider.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']);
    for (const type of ['INVOICE', 'CLAIM_FORM']) await attachToReimbursement(analyst, provider.id, type);
    const submitted = await sendEvent('reimbursements', provider.id, { type: 'SUBMIT' }, analyst);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ state: 'needsDocuments', requestedDocuments: ['PAYMENT_RECEIPT'], missingDocuments: ['PAYMENT_RECEIPT'] });
  });

  it('takes the mark on and off while the draft is edited, and refuses a mark that is not a boolean', async () => {
    const draft = await claim({});
    const body = { doctorId, invoiceNumber: `F-IPM-${made}`, invoiceDate: serviceDate, lines: [checkup] };
    const marked = await call('PUT', `/api/reimbursements/${draft.id}`, { token: analyst, body: { ...body, invoicePaid: true, version: draft.version } });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toMatchObject({ invoicePaid: true, missingDocuments: ['INVOICE', 'CLAIM_FORM'] });
    expect((await call('GET', `/api/reimbursements/${draft.id}`, { token: analyst })).body.invoicePaid).toBe(true);

    const bad = await call('PUT', `/api/reimbursements/${draft.id}`, { token: analyst, body: { ...body, invoicePaid: 'yes', version: marked.body.version } });
    expectProblem(bad, 400, 'request.invalid');
    expect(fieldErrors(bad.body)).toEqual(['body/invoicePaid type']);
    expect((await call('GET', `/api/reimbursements/${draft.id}`, { token: analyst })).body).toMatchObject({ invoicePaid: true, version: marked.body.version });

    // The edit replaces the invoice's details: sent without the mark, the invoice is unmarked again.
    const unmarked = await call('PUT', `/api/reimbursements/${draft.id}`, { token: analyst, body: { ...body, version: marked.body.version } });
    expect(unmarked.body).toMatchObject({ invoicePaid: false, missingDocuments: ['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT'] });
  });

  it('refuses a mark that is not a boolean on creation, and makes nothing', async () => {
    const verificationId = await verifiedForFreshPatient('IPM', { token: admin, serviceDate });
    const bad = await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId, doctorId, lines: [checkup], invoicePaid: 1 } });
    expectProblem(bad, 400, 'request.invalid');
    expect(fieldErrors(bad.body)).toEqual(['body/invoicePaid type']);
    expect((await server.db.query(`SELECT 1 FROM reimbursements WHERE verification_id = $1`, [verificationId])).length).toBe(0);
  });

  it('follows the matrix as an administrator sets it: INVOICE_NOT_PAID on another row, ALWAYS on the receipt', async () => {
    const [before, eob] = [await receipt(), await receipt('OTHER_INSURER_EOB')];
    const always = await call('PUT', '/api/settings/documents/PAYMENT_RECEIPT', { token: admin, body: { ...pick(before), general: 'ALWAYS', version: before.version } });
    expect(always.status, JSON.stringify(always.body)).toBe(200);
    const onEob = await call('PUT', '/api/settings/documents/OTHER_INSURER_EOB', { token: admin, body: { ...pick(eob), general: 'INVOICE_NOT_PAID', version: eob.version } });
    expect(onEob.status, JSON.stringify(onEob.body)).toBe(200);
    try {
      expect((await claim({ invoicePaid: true })).missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']);
      expect((await claim({ invoicePaid: false })).missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT', 'OTHER_INSURER_EOB']);
    } finally {
      await call('PUT', '/api/settings/documents/PAYMENT_RECEIPT', { token: admin, body: { ...pick(before), version: always.body.version } });
      await call('PUT', '/api/settings/documents/OTHER_INSURER_EOB', { token: admin, body: { ...pick(eob), version: onEob.body.version } });
    }
  });
});

const pick = ({ general, orthodonticInitial, orthodonticInstallment }: { general: string; orthodonticInitial: string; orthodonticInstallment: string }) => ({
  general,
  orthodonticInitial,
  orthodonticInstallment,
});
