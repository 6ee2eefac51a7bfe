import { beforeAll, describe, expect, it } from 'vitest';
import { attachToReimbursement, call, claimInReview, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';
import { liquidationTexts } from '../../server/exports/liquidation-pdf.ts';

/**
 * Issue 28 item 5: the dental auditor's review carries its result, findings, an optional document of the claim and
 * the lines it changes; the server refuses an incomplete or contradictory review with nothing stored, stores it with
 * the claim and its history row, applies its line changes to the liquidation and keeps them at approval.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let supervisor: string;
let admin: string;
let doctorId: number;
let made = 0;

const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
const get = async (id: number, token = auditor) => (await call('GET', `/api/reimbursements/${id}`, { token })).body;

/** A claim with a crown (a major procedure: always sent to the auditor, R12) and a cleaning, in review. */
async function sampledClaim() {
  made += 1;
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
     SELECT po.id, 'OTHER_DEPENDENT', 'Prueba', 'Auditoría ' || $1::int, '1980-05-05', '2024-01-01', 'DNI', 'MR28-' || $1::int, 'CRED-MR28-' || $1::int
       FROM policies po JOIN insurers i ON i.id = po.insurer_id WHERE po.state = 'ACTIVE' AND i.currency = 'EUR' ORDER BY po.id LIMIT 1
     RETURNING id`,
    [made],
  );
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: serviceDate } });
  expect(verification.status, JSON.stringify(verification.body)).toBe(201);
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-MR28-${made}` }, admin);
  const lines = [
    { procedureCode: 'D2740', tooth: '16', serviceDate, chargedCents: 60_000 },
    { procedureCode: 'D1110', serviceDate, chargedCents: 9_000 },
  ];
  const claim = await claimInReview({ analyst, auditor }, { verificationId: verification.body.id, doctorId, invoiceNumber: `F-MR28-${made}`, invoiceDate: serviceDate, lines });
  expect(claim.allowedEvents).not.toContain('APPROVE');
  const full = await get(claim.id);
  expect(full.allowedEvents).toContain('COMPLETE_MEDICAL_REVIEW');
  return full as { id: number; version: number; payableCents: number; lines: { id: number; coveredCents: number; excessCents: number }[] };
}

const unchanged = async (id: number) => {
  const [row] = await server.db.query<{ medical_reviewed_by: number | null; medical_review: unknown }>('SELECT medical_reviewed_by, medical_review FROM reimbursements WHERE id = $1', [id]);
  expect(row).toEqual({ medical_reviewed_by: null, medical_review: null });
  const history = await call('GET', `/api/reimbursements/${id}/history`, { token: auditor });
  expect(history.body.items.map((h: { event: string }) => h.event)).not.toContain('COMPLETE_MEDICAL_REVIEW');
};

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('the medical review is a review, not a click (issue 28 item 5)', () => {
  it('refuses a review without its result (400), a cut without findings or lines, a bad line, a foreign document — storing nothing', async () => {
    const claim = await sampledClaim();
    const [crown, cleaning] = claim.lines;
    expect(fieldErrors(expectProblem(await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW' }, auditor), 400, 'request.invalid'))).toContain('body/result required');
    const reduce = { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'Corona sobre pieza con pronóstico reservado', lines: [{ lineId: crown!.id, decision: 'REDUCE', amountCents: 10_000, reasonCode: '05' }] };
    expectProblem(await event(claim.id, { ...reduce, findings: '   ' }, auditor), 409, 'reimbursement.reviewFindingsRequired');
    expectProblem(await event(claim.id, { ...reduce, lines: [] }, auditor), 409, 'reimbursement.reviewChangesMismatch');
    expectProblem(await event(claim.id, { ...reduce, result: 'AGREE' }, auditor), 409, 'reimbursement.reviewChangesMismatch');
    const tooMuch = crown!.coveredCents + crown!.excessCents;
    expectProblem(await event(claim.id, { ...reduce, lines: [{ lineId: crown!.id, decision: 'REDUCE', amountCents: tooMuch, reasonCode: '05' }] }, auditor), 409, 'reimbursement.reviewLineChangesInvalid');
    expectProblem(await event(claim.id, { ...reduce, lines: [{ lineId: cleaning!.id, decision: 'REDUCE', amountCents: 100 }] }, auditor), 409, 'reimbursement.reviewLineChangesInvalid');
    expectProblem(await event(claim.id, { ...reduce, result: 'REJECT_LINES', lines: [{ lineId: 999_999, decision: 'REJECT', reasonCode: '01' }] }, auditor), 409, 'reimbursement.reviewLineChangesInvalid');
    expectProblem(await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', findings: 'Falta radiografía', documents: [] }, auditor), 409, 'reimbursement.documentsRequired');
    // A document of another claim: 422 on the field, and the transaction undone.
    const other = await sampledClaim();
    const [foreign] = (await call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${other.id}`, { token: auditor })).body.items as { id: number }[];
    const refused = expectProblem(await event(claim.id, { ...reduce, attachmentId: foreign!.id }, auditor), 422, 'reimbursement.reviewAttachmentUnknown');
    expect(fieldErrors(refused)).toEqual(['body/attachmentId exists']);
    await unchanged(claim.id);
  });

  it('stores a reduction with the claim and its history row, applies it to the liquidation, keeps it at approval and prints it', async () => {
    const claim = await sampledClaim();
    const [crown, cleaning] = claim.lines;
    const documents = (await call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${claim.id}`, { token: auditor })).body.items as { id: number; fileName: string }[];
    const body = {
      type: 'COMPLETE_MEDICAL_REVIEW',
      result: 'REDUCE',
      findings: 'Corona sobre pieza con pronóstico reservado: se cubre una incrustación',
      attachmentId: documents[0]!.id,
      lines: [{ lineId: crown!.id, decision: 'REDUCE', amountCents: 10_000, reasonCode: '05' }],
    };
    const reviewed = await event(claim.id, body, auditor);
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.state).toBe('inReview');
    expect(reviewed.body.medicalReview).toMatchObject({
      done: true,
      review: { result: 'REDUCE', findings: body.findings, attachmentId: documents[0]!.id, attachmentName: documents[0]!.fileName, reviewerName: expect.any(String), lines: body.lines },
    });
    const history = (await call('GET', `/api/reimbursements/${claim.id}/history`, { token: analyst })).body.items;
    expect(history.at(-1)).toMatchObject({ event: 'COMPLETE_MEDICAL_REVIEW', payload: { result: 'REDUCE', findings: body.findings, lines: body.lines } });
    // The liquidation pays the crown at most what the auditor left.
    const line = reviewed.body.lines.find((l: { id: number }) => l.id === crown!.id);
    expect(line.coveredCents).toBeLessThanOrEqual(10_000);
    expect(reviewed.body.payableCents).toBeLessThan(claim.payableCents);

    // The approver decides the other lines, never the auditor's again; the approval is partial and keeps the cut.
    expectProblem(await event(claim.id, { type: 'APPROVE', lines: [{ lineId: crown!.id, decision: 'APPROVE' }] }, supervisor), 409, 'reimbursement.lineDecisionsInvalid');
    const approved = await event(claim.id, { type: 'APPROVE', lines: [{ lineId: cleaning!.id, decision: 'APPROVE' }] }, supervisor);
    expect(approved.body.state, JSON.stringify(approved.body)).toBe('partiallyApproved');
    const reducedLine = approved.body.lines.find((l: { id: number }) => l.id === crown!.id);
    // Issue 28 item 6: the line says it was reduced, why, and what the review took off what the engine covers.
    expect(reducedLine).toMatchObject({ status: 'APPROVED', reviewDecision: 'REDUCE', reviewAmountCents: 10_000, reviewReason: '05', reviewCutCents: crown!.coveredCents - reducedLine.coveredCents });
    expect(reducedLine.reviewCutCents).toBeGreaterThan(0);
    expect(approved.body.lines.find((l: { id: number }) => l.id === cleaning!.id)).toMatchObject({ reviewCutCents: null, reviewReason: null });

    // The liquidation summary tells the review, in Spanish and in English.
    const es = liquidationTexts(approved.body, 'es', new Date());
    expect(es.review?.title).toBe('Revisión odontológica');
    expect(es.review?.facts).toEqual(expect.arrayContaining([['Resultado', 'Reducir líneas'], ['Hallazgos', body.findings]]));
    expect(es.review?.facts.some(([, value]) => value.startsWith('Reducida a') && value.includes('05'))).toBe(true);
    const crownRow = es.rows[approved.body.lines.findIndex((l: { id: number }) => l.id === crown!.id)]!;
    expect(crownRow.at(-1)).toMatch(/^Reducida \(05: .+; Recortado por la revisión: /);
    const english = liquidationTexts(approved.body, 'en', new Date());
    expect(english.review?.facts).toEqual(expect.arrayContaining([['Result', 'Reduce lines']]));
    expect(english.rows.map((row) => row.at(-1))).toEqual(expect.arrayContaining([expect.stringMatching(/^Reduced \(05: /), 'Approved']));
    const pdf = await call('GET', `/api/reimbursements/${claim.id}/liquidation-summary`, { token: analyst });
    expect(pdf.status).toBe(200);
  });

  it('asking for documents sends the claim back for them and leaves the review pending for after the resubmission', async () => {
    const claim = await sampledClaim();
    const asked = await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REQUEST_DOCUMENTS', findings: 'Falta la radiografía final', documents: ['XRAY_FINAL'] }, auditor);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ state: 'needsDocuments', requestedDocuments: ['XRAY_FINAL'], medicalReview: { done: false, review: { result: 'REQUEST_DOCUMENTS', documents: ['XRAY_FINAL'] } } });
    expect((await attachToReimbursement(analyst, claim.id, 'XRAY_FINAL')).status).toBe(201);
    const back = await event(claim.id, { type: 'RESUBMIT' }, analyst);
    expect(back.body.state, JSON.stringify(back.body)).toBe('inReview');
    expect((await get(claim.id)).allowedEvents).toContain('COMPLETE_MEDICAL_REVIEW');
    expectProblem(await event(claim.id, { type: 'APPROVE' }, supervisor), 409, 'reimbursement.medicalReviewPending');
    expect((await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).body.medicalReview).toMatchObject({ done: true, review: { result: 'AGREE', findings: null } });
  });
});
