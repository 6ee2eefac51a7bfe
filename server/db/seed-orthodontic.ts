import { addDays } from '../../src/domain/benefits/dates.ts';
import type { OrthodonticPlanEvent } from '../../src/machines/orthodontic-plan.machine.ts';
import { loadUser } from '../auth/sessions.ts';
import type { FileStore } from '../files.ts';
import { createPlan, installmentsFallingDue, sendInstallmentEvent, sendPlanEvent } from '../workflow/orthodontic.ts';
import { createReimbursement, sendReimbursementEvent } from '../workflow/reimbursement.ts';
import type { Actor } from '../workflow/verification.ts';
import type { Queryable } from './database.ts';
import { textPdf } from './demo-documents.ts';

/**
 * Demo orthodontic plans in the states of research 3.3, each on its own verified pre-authorisation,
 * moved by the workflow: an active plan with its initial instalment paid through a reimbursement
 * and the next ones falling due, plus proposed, approved, suspended, completed and cancelled plans.
 */
export async function seedOrthodontics(tx: Queryable, files: FileStore, today: string): Promise<void> {
  const actor = async (email: string): Promise<Actor> => {
    const [{ id }] = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const user = (await loadUser(tx, id))!;
    return { id: user.id, roles: user.roles, permissions: user.permissions };
  };
  const [admin, analyst, auditor, treasury] = await Promise.all(['admin', 'analista', 'auditor', 'tesoreria'].map((u) => actor(`${u}@demo.local`)));
  const [orthodontist] = await tx.query<{ id: number }>(`SELECT id FROM doctors WHERE specialty = 'ORTHODONTICS' AND state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const children = await tx.query<{ id: number; policy_id: number; insurer_id: number }>(
    `SELECT p.id, p.policy_id, po.insurer_id FROM patients p JOIN policies po ON po.id = p.policy_id
      WHERE p.relationship = 'CHILD' AND po.state = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM orthodontic_plans o WHERE o.patient_id = p.id) ORDER BY p.id`,
  );
  const banding = addDays(today, -40);
  const plans: [OrthodonticPlanEvent[], boolean][] = [
    [[{ type: 'APPROVE' }, { type: 'ACTIVATE', bandingDate: banding }], true],
    [[], false],
    [[{ type: 'APPROVE' }], false],
    [[{ type: 'APPROVE' }, { type: 'ACTIVATE', bandingDate: banding }, { type: 'SUSPEND', reason: 'Póliza en revisión por cambio de titular.' }], false],
    [[{ type: 'APPROVE' }, { type: 'ACTIVATE', bandingDate: addDays(today, -60) }, { type: 'REGISTER_DEBOND', date: addDays(today, -5) }], false],
    [[{ type: 'CANCEL', reason: 'La familia eligió otro tratamiento.' }], false],
  ];
  for (const [index, [events, payInitial]] of plans.entries()) {
    const child = children[index % children.length];
    const [preauth] = await tx.query<{ id: number }>(
      `INSERT INTO verifications (folio, patient_id, policy_id, insurer_id, doctor_id, kind, category, planned_service_date, state, channel,
         authorization_number, coverage_active, valid_until, verified_at, verified_by, created_by)
       VALUES ('VER-' || $1 || '-' || lpad(nextval('folio_seq')::text, 6, '0'), $2, $3, $4, $5, 'PREAUTHORIZATION', 'ORTHODONTIC', $6, 'verified', 'PORTAL',
         $7, true, $8, now(), $9, $9) RETURNING id`,
      [today.slice(0, 4), child.id, child.policy_id, child.insurer_id, orthodontist.id, addDays(today, -80), `AUT-ORT-${300 + index}`, addDays(today, 20), admin.id],
    );
    const plan = await createPlan(tx, { preauthorizationId: preauth.id, doctorId: orthodontist.id, treatmentCode: 'D8080', feeCents: 600_000 }, analyst.id!);
    for (const event of events) await sendPlanEvent(tx, plan.id, event, auditor, today);
    if (!payInitial) continue;
    for (const installmentId of await installmentsFallingDue(tx, today)) {
      const [{ plan_id }] = await tx.query<{ plan_id: number }>('SELECT plan_id FROM orthodontic_installments WHERE id = $1', [installmentId]);
      if (plan_id === plan.id) await sendInstallmentEvent(tx, installmentId, { type: 'FALL_DUE' }, { id: null, roles: [] }, today);
    }
    const [initial] = await tx.query<{ id: number; billable_cents: number; due_date: string }>(
      `SELECT id, billable_cents, due_date::text AS due_date FROM orthodontic_installments WHERE plan_id = $1 AND number = 0`,
      [plan.id],
    );
    const claim = await createReimbursement(
      tx,
      {
        verificationId: preauth.id,
        doctorId: orthodontist.id,
        installmentId: initial.id,
        payee: 'HOLDER',
        invoiceNumber: 'F-ORT-0001',
        invoiceDate: initial.due_date,
        lines: [{ procedureCode: 'D8080', serviceDate: initial.due_date, quantity: 1, chargedCents: initial.billable_cents, otherInsurerPaidCents: 0 }],
      },
      analyst.id!,
      null,
      today,
    );
    for (const documentType of ['INVOICE', 'CLAIM_FORM', 'TREATMENT_PLAN']) {
      const bytes = textPdf([`${documentType} - ${claim.folio}`, `Paciente: ${claim.patient_name}`, 'Ortodoncia: pago inicial', 'Documento de demostracion.']);
      const stored = await files.put(bytes);
      await tx.query(
        `INSERT INTO attachments (owner_type, owner_id, document_type, file_name, mime, size_bytes, sha256, storage_key, clinical, uploaded_by)
         VALUES ('reimbursement', $1, $2, $3, 'application/pdf', $4, $5, $6, $7, $8)`,
        [claim.id, documentType, `${documentType.toLowerCase()}-${claim.folio}.pdf`, bytes.length, stored.sha256, stored.key, documentType === 'TREATMENT_PLAN', analyst.id],
      );
    }
    await sendReimbursementEvent(tx, claim.id, { type: 'SUBMIT' }, analyst, today);
    await sendReimbursementEvent(tx, claim.id, { type: 'APPROVE' }, auditor, today);
    await sendReimbursementEvent(tx, claim.id, { type: 'PAY', reference: 'TRF-ORT-0001' }, treasury, today);
  }
}
