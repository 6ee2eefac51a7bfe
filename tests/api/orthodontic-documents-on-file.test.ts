import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@core/benefits/dates.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { attachToReimbursement, call, documentRequirement, sendEvent, signIn, useServer } from './helpers.ts';

// Issue 28 item 12: a later instalment reuses what was given for the plan (research 4.3 "plan already on file").
const now = '2026-06-10';
const server = useServer({}, () => now);
let admin: string;
let analyst: string;
let supervisor: string;
let orthodontist: number;

type Installment = { id: number; number: number; dueDate: string; billableCents: number; state: string };

/** An active plan of a 12-year-old, banded 45 days ago: instalments 0 and 1 are claimable today. */
async function activePlan() {
  const { patientId } = await patientOnOwnPolicy(server.db, { birthDate: addMonths(now, -12 * 12) });
  const preauth = await call('POST', '/api/verifications', {
    token: admin,
    body: { patientId, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: now, doctorId: orthodontist },
  });
  await sendEvent('verifications', preauth.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', preauth.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-${patientId}` }, admin);
  const plan = await call('POST', '/api/orthodontic-plans', {
    token: analyst,
    body: { preauthorizationId: preauth.body.id, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000, firstDelayDays: 0 },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  await sendEvent('orthodontic-plans', plan.body.id, { type: 'APPROVE' }, supervisor);
  const active = await sendEvent('orthodontic-plans', plan.body.id, { type: 'ACTIVATE', bandingDate: addDays(now, -45) }, analyst);
  expect(active.body.state, JSON.stringify(active.body)).toBe('active');
  const installments = active.body.installments as Installment[];
  return { planId: plan.body.id as number, verificationId: preauth.body.id as number, installments };
}

async function claim(verificationId: number, installment: Installment) {
  const created = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId, doctorId: orthodontist, installmentId: installment.id, invoiceNumber: `F-${installment.id}`, invoiceDate: installment.dueDate, lines: [{ procedureCode: 'D8080', serviceDate: installment.dueDate, chargedCents: installment.billableCents }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; folio: string; missingDocuments: string[]; documentsOnFile: unknown[] };
}

const read = async (id: number) => (await call('GET', `/api/reimbursements/${id}`, { token: analyst })).body;

function attachToPlan(planId: number, documentType: string) {
  const form = new FormData();
  form.set('ownerType', 'orthodontic_plan');
  form.set('ownerId', String(planId));
  form.set('documentType', documentType);
  form.set('file', new File([textPdf([documentType]).slice()], `${documentType}.pdf`));
  return call('POST', '/api/attachments', { token: analyst, body: form });
}

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  analyst = await signIn('analista@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  [{ id: orthodontist }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' AND specialty = 'ORTHODONTICS' ORDER BY id LIMIT 1`);
  // An office that asks every instalment for the treatment plan and the signed claim form (the matrix is editable).
  for (const type of ['TREATMENT_PLAN', 'CLAIM_FORM']) {
    const row = await documentRequirement(type, admin);
    const put = await call('PUT', `/api/settings/documents/${type}`, { token: admin, body: { ...row, version: row.version, orthodonticInstallment: 'ALWAYS' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
});

describe('an instalment claim reuses the documents on file for its plan (issue 28 item 12)', () => {
  it('counts the first claim’s documents as given, names the folio they came from, and submits with the invoice and receipt alone', async () => {
    const { verificationId, installments } = await activePlan();
    const first = await claim(verificationId, installments[0]);
    for (const type of first.missingDocuments) expect((await attachToReimbursement(analyst, first.id, type)).status).toBe(201);
    expect((await sendEvent('reimbursements', first.id, { type: 'SUBMIT' }, analyst)).body.state).toBe('inReview');

    const later = await claim(verificationId, installments[1]);
    // The per-payment documents are the claim's own; the treatment's come from the first claim.
    expect(later.missingDocuments).toEqual(['INVOICE', 'PAYMENT_RECEIPT']);
    expect(later.documentsOnFile).toEqual(
      expect.arrayContaining([
        { documentType: 'TREATMENT_PLAN', source: 'REIMBURSEMENT', reimbursementId: first.id, folio: first.folio },
        { documentType: 'CLAIM_FORM', source: 'REIMBURSEMENT', reimbursementId: first.id, folio: first.folio },
      ]),
    );
    expect(later.documentsOnFile.map((d) => (d as { documentType: string }).documentType)).not.toContain('INVOICE');
    for (const type of ['INVOICE', 'PAYMENT_RECEIPT']) await attachToReimbursement(analyst, later.id, type);
    // The guard counts the documents on file: submitted goes to review, not to "needs documents".
    expect((await sendEvent('reimbursements', later.id, { type: 'SUBMIT' }, analyst)).body.state).toBe('inReview');
  });

  it('asks for what is not on file, takes a document attached to the plan itself, and drops a cancelled claim’s', async () => {
    const { planId, verificationId, installments } = await activePlan();
    const first = await claim(verificationId, installments[0]);
    await attachToReimbursement(analyst, first.id, 'CLAIM_FORM');
    expect((await sendEvent('reimbursements', first.id, { type: 'CANCEL', reason: 'Factura equivocada' }, analyst)).body.state).toBe('cancelled');

    const later = await claim(verificationId, installments[1]);
    expect(later.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'TREATMENT_PLAN', 'PAYMENT_RECEIPT']);
    expect(later.documentsOnFile).toEqual([]);
    expect((await attachToPlan(planId, 'TREATMENT_PLAN')).status).toBe(201);
    const reread = await read(later.id);
    expect(reread.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']);
    expect(reread.documentsOnFile).toEqual([{ documentType: 'TREATMENT_PLAN', source: 'ORTHODONTIC_PLAN', reimbursementId: null, folio: null }]);
    for (const type of ['INVOICE', 'PAYMENT_RECEIPT']) await attachToReimbursement(analyst, later.id, type);
    // The claim form is still missing: submitting asks for it instead of sending the claim to review.
    const submitted = await sendEvent('reimbursements', later.id, { type: 'SUBMIT' }, analyst);
    expect(submitted.body.state).toBe('needsDocuments');
    expect(submitted.body.missingDocuments).toEqual(['CLAIM_FORM']);
  });
});
