import { addDays } from '@core/benefits/dates.ts';
import type { ReimbursementEvent } from '@core/workflows/reimbursement.machine.ts';
import { loadUser } from '../auth/sessions.ts';
import type { FileStore } from '../files.ts';
import type { LineInput } from '../workflow/reimbursement/repository.ts';
import { reimbursementService, reimbursementWorkflow } from '../workflow/reimbursement/service.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import type { Queryable } from '../db/database.ts';
import { textPdf } from './demo-documents.ts';
import { perEuroCent } from './scale-people.ts';
import { SECOND_ANALYST } from '../auth/roles.ts';
import { insertAttachment } from '../workflow/attachments/repository.ts';

/**
 * Demo reimbursements in every lasting state, made the way staff make them: created by one of the analysts,
 * documents attached, submitted, reviewed by the auditor and paid by treasury, so amounts, lines
 * and ledger are what the benefit engine computes. (`submitted` is never lasting: the automatic
 * check runs as soon as a reimbursement is submitted.)
 */
export async function seedReimbursements(tx: Queryable, files: FileStore, today: string): Promise<void> {
  const actor = async (email: string): Promise<Actor & { id: number }> => {
    const [{ id }] = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const user = (await loadUser(tx, id))!;
    return { id: user.id, roles: user.roles, permissions: user.permissions };
  };
  const [analyst, secondAnalyst, auditor, treasury] = await Promise.all(['analista@demo.local', SECOND_ANALYST.email, 'auditor@demo.local', 'tesoreria@demo.local'].map(actor));
  const verifications = await tx.query<{ id: number; doctor_id: number; country: string }>(
    `SELECT v.id, v.doctor_id, i.country FROM verifications v JOIN insurers i ON i.id = v.insurer_id
      WHERE v.state = 'verified' AND v.category = 'GENERAL' ORDER BY v.id LIMIT 3`,
  );
  const day = (n: number) => addDays(today, -n);
  const line = (procedureCode: string, daysAgo: number, chargedCents: number, tooth: string | null = null): LineInput => ({
    procedureCode,
    tooth,
    serviceDate: day(daysAgo),
    quantity: 1,
    chargedCents,
    otherInsurerPaidCents: 0,
  });
  // Each claim's creator submits it; the second analyst's claims in review are the first analyst's to approve, and
  // the other way round (R13: never one's own).
  const plan: [verification: number, creator: Actor & { id: number }, lines: LineInput[], events: [ReimbursementEvent, Actor][]][] = [
    [0, analyst, [line('D0120', 20, 6000), line('D1110', 20, 9000)], [[{ type: 'SUBMIT' }, analyst], [{ type: 'APPROVE' }, auditor], [{ type: 'PAY', reference: 'TRF-2026-0001', reason: 'Pago excepcional' }, treasury]]],
    [1, secondAnalyst, [line('D2330', 15, 15000, '11')], [[{ type: 'SUBMIT' }, secondAnalyst], [{ type: 'APPROVE' }, auditor]]],
    [2, analyst, [line('D0120', 30, 5000), line('D0120', 25, 5000), line('D0120', 10, 5000)], [[{ type: 'SUBMIT' }, analyst], [{ type: 'APPROVE' }, auditor]]],
    [0, secondAnalyst, [line('D2140', 12, 11000, '36')], [[{ type: 'SUBMIT' }, secondAnalyst]]],
    [1, analyst, [line('D1110', 9, 8000)], [[{ type: 'SUBMIT' }, analyst], [{ type: 'REQUEST_DOCUMENTS', documents: ['XRAY_FINAL'] }, auditor]]],
    [2, analyst, [line('D8080', 8, 50000)], [[{ type: 'SUBMIT' }, analyst]]],
    [0, analyst, [line('D0274', 6, 4000)], [[{ type: 'CANCEL', reason: 'Presentado por error.' }, analyst]]],
    [1, analyst, [line('D0274', 3, 4500)], []],
  ];
  for (const [index, [v, creator, lines, events]] of plan.entries()) {
    const verification = verifications[v];
    // The plan's fees are in euro cents: each claim is in its insurer's money (CLP 6.000 for an exam, not CLP 60).
    const local = lines.map((l) => ({ ...l, chargedCents: l.chargedCents * perEuroCent(verification.country) }));
    const row = await reimbursementService.create(
      tx,
      { verificationId: verification.id, doctorId: verification.doctor_id, payee: 'HOLDER', invoiceNumber: `F-${2026}-${String(4100 + index)}`, invoiceDate: lines[0].serviceDate, lines: local },
      creator,
      today,
    );
    if (events.some(([e]) => e.type === 'SUBMIT')) {
      // What research 4.3 asks of a holder reimbursed for basic treatment.
      for (const documentType of ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT']) {
        const bytes = textPdf([`${documentType} - ${row.folio}`, `Paciente: ${row.patient_name}`, `Fecha: ${lines[0].serviceDate}`, 'Documento de demostración.']);
        const stored = await files.put(bytes);
        await insertAttachment(tx, {
          owner_type: 'reimbursement',
          owner_id: row.id,
          document_type: documentType,
          file_name: `${documentType.toLowerCase()}-${row.folio}.pdf`,
          mime: 'application/pdf',
          size_bytes: bytes.length,
          sha256: stored.sha256,
          storage_key: stored.key,
          clinical: documentType === 'DENTAL_REPORT',
          uploaded_by: creator.id,
        });
      }
    }
    for (const [event, by] of events) {
      // R12: a claim sampled for medical review is reviewed by the auditor before anyone approves it.
      const [evaluation] = (await reimbursementWorkflow.evaluate(tx, [await reimbursementWorkflow.find(tx, row.id)], auditor, today)).values();
      if (event.type === 'APPROVE' && evaluation!.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) {
        await reimbursementService.send(tx, row.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, { actor: auditor, today });
      }
      await reimbursementService.send(tx, row.id, event, { actor: by, today });
    }
  }
}
