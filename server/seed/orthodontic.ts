import { addDays } from '@core/benefits/dates.ts';
import type { OrthodonticPlanEvent } from '@core/workflows/orthodontic-plan.machine.ts';
import type { VerificationEvent } from '@core/workflows/verification.machine.ts';
import { loadUser } from '../auth/sessions.ts';
import type { FileStore } from '../files.ts';
import { installmentWorkflow } from '../workflow/orthodontic/installment-workflow.ts';
import { installmentsFallingDue } from '../workflow/orthodontic/repository.ts';
import { planService } from '../workflow/orthodontic/service.ts';
import { reimbursementService } from '../workflow/reimbursement/service.ts';
import { verificationService } from '../workflow/verification/service.ts';
import { SYSTEM, type Actor } from '../workflow/shared/actor.ts';
import type { Queryable } from '../db/database.ts';
import { textPdf } from './demo-documents.ts';
import { perEuroCent } from './scale-people.ts';
import { insertAttachment } from '../workflow/attachments/repository.ts';

/**
 * Demo orthodontic plans in every state of research 3.3, each on its own pre-authorisation verified through
 * the verification workflow, moved by the workflow: an active plan whose initial instalment was paid through a reimbursement and
 * whose first monthly one is claimed, an exhausted one, and proposed, approved, suspended, completed
 * and cancelled plans.
 */
export async function seedOrthodontics(tx: Queryable, files: FileStore, today: string): Promise<void> {
  const actor = async (email: string): Promise<Actor & { id: number }> => {
    const [{ id }] = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const user = (await loadUser(tx, id))!;
    return { id: user.id, roles: user.roles, permissions: user.permissions };
  };
  const [admin, analyst, auditor, supervisor, treasury, verifier] = await Promise.all(
    ['admin', 'analista', 'auditor', 'supervisor', 'tesoreria', 'verificador'].map((u) => actor(`${u}@demo.local`)),
  );
  const [orthodontist] = await tx.query<{ id: number }>(`SELECT id FROM doctors WHERE specialty = 'ORTHODONTICS' AND state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const children = await tx.query<{ id: number; policy_id: number; insurer_id: number; country: string }>(
    `SELECT p.id, p.policy_id, po.insurer_id, i.country FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE p.relationship = 'CHILD' AND po.state = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM orthodontic_plans o WHERE o.patient_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.kind = 'PREAUTHORIZATION' AND v.state IN ('pending', 'inProgress', 'needsInfo'))
      ORDER BY p.id`,
  );
  // Banded two months ago: the initial instalment and the first monthly one have fallen due.
  const banding = addDays(today, -62);
  const active: OrthodonticPlanEvent[] = [{ type: 'APPROVE' }, { type: 'ACTIVATE', bandingDate: banding }];
  /** Events, fee, and what happens to its instalments after: pay #0, claim #1, and whether #0 used the lifetime maximum up. */
  const plans: [OrthodonticPlanEvent[], number, { payInitial?: boolean; claimFirst?: boolean; exhaust?: boolean }][] = [
    [active, 600_000, { payInitial: true, claimFirst: true }],
    [[], 600_000, {}],
    [[{ type: 'APPROVE' }], 600_000, {}],
    [[...active, { type: 'SUSPEND', reason: 'Póliza en revisión por cambio de titular.' }], 600_000, {}],
    [[...active, { type: 'REGISTER_DEBOND', date: addDays(today, -5) }], 600_000, {}],
    [[{ type: 'CANCEL', reason: 'La familia eligió otro tratamiento.' }], 600_000, {}],
    // A 15,000.00 treatment: the initial instalment alone pays the whole lifetime maximum.
    [active, 1_500_000, { payInitial: true, exhaust: true }],
  ];
  /**
   * The plan's pre-authorisation, made the way staff make it (created by the administrator, assigned by the
   * supervisor, worked and recorded eligible by the verifier), so it carries its history: verified on the day
   * that leaves it valid for 20 more days, as the plans' claims need.
   */
  const preauthorization = async (patientId: number, authorizationNumber: string) => {
    const row = await verificationService.create(
      tx,
      { patientId, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: addDays(today, -80), doctorId: orthodontist.id },
      admin,
      today,
    );
    const verifiedOn = addDays(today, 20 - row.verification_validity_days);
    const events: [VerificationEvent, Actor][] = [
      [{ type: 'ASSIGN', assigneeId: verifier.id }, supervisor],
      [{ type: 'START' }, verifier],
      [{ type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber }, verifier],
    ];
    for (const [event, by] of events) await verificationService.send(tx, row.id, event, { actor: by, today: verifiedOn });
    return row;
  };
  const claimInstallment = async (planId: number, preauthId: number, number: number) => {
    const [installment] = await tx.query<{ id: number; billable_cents: number; due_date: string }>(
      `SELECT id, billable_cents, due_date::text AS due_date FROM orthodontic_installments WHERE plan_id = $1 AND number = $2`,
      [planId, number],
    );
    const claim = await reimbursementService.create(
      tx,
      {
        verificationId: preauthId,
        doctorId: orthodontist.id,
        installmentId: installment.id,
        payee: 'HOLDER',
        invoiceNumber: `F-ORT-${planId}-${number}`,
        invoiceDate: addDays(today, -3),
        lines: [{ procedureCode: 'D8080', serviceDate: installment.due_date, quantity: 1, chargedCents: installment.billable_cents, otherInsurerPaidCents: 0 }],
      },
      analyst,
      today,
    );
    // What research 4.3 asks of the treatment's first claim (its prior authorisation too) and of each later instalment.
    for (const documentType of number === 0 ? ['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL', 'PAYMENT_RECEIPT', 'PRIOR_AUTHORIZATION'] : ['INVOICE', 'PAYMENT_RECEIPT']) {
      const bytes = textPdf([`${documentType} - ${claim.folio}`, `Paciente: ${claim.patient_name}`, `Ortodoncia: cuota ${number}`, 'Documento de demostración.']);
      const stored = await files.put(bytes);
      await insertAttachment(tx, {
        owner_type: 'reimbursement',
        owner_id: claim.id,
        document_type: documentType,
        file_name: `${documentType.toLowerCase()}-${claim.folio}.pdf`,
        mime: 'application/pdf',
        size_bytes: bytes.length,
        sha256: stored.sha256,
        storage_key: stored.key,
        clinical: ['TREATMENT_PLAN', 'DENTAL_REPORT', 'XRAY_INITIAL'].includes(documentType),
        uploaded_by: analyst.id,
      });
    }
    await reimbursementService.send(tx, claim.id, { type: 'SUBMIT' }, { actor: analyst, today });
    return claim.id;
  };
  for (const [index, [events, feeCents, after]] of plans.entries()) {
    const child = children[index % children.length];
    const preauth = await preauthorization(child.id, `AUT-ORT-${300 + index}`);
    // Fees are in euro cents: each plan is in its insurer's money.
    const fee = feeCents * perEuroCent(child.country);
    const plan = await planService.create(tx, { preauthorizationId: preauth.id, doctorId: orthodontist.id, treatmentCode: 'D8080', feeCents: fee }, analyst);
    // R13 for plans: the analyst proposed it, so the supervisor (who may approve above the threshold) approves it.
    for (const event of events) await planService.send(tx, plan.id, event, { actor: event.type === 'APPROVE' ? supervisor : auditor, today });
    if (!after.payInitial) continue;
    for (const installmentId of await installmentsFallingDue(tx, today)) {
      const [{ plan_id }] = await tx.query<{ plan_id: number }>('SELECT plan_id FROM orthodontic_installments WHERE id = $1', [installmentId]);
      if (plan_id === plan.id) await installmentWorkflow.send(tx, installmentId, { type: 'FALL_DUE' }, { actor: SYSTEM, today });
    }
    const initial = await claimInstallment(plan.id, preauth.id, 0);
    // Every first instalment goes to the dental auditor (R12); from 1,000.00 the approval needs the supervisor (R13).
    await reimbursementService.send(tx, initial, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, { actor: auditor, today });
    await reimbursementService.send(tx, initial, { type: 'APPROVE' }, { actor: after.exhaust ? supervisor : auditor, today });
    await reimbursementService.send(tx, initial, { type: 'PAY', reference: `TRF-ORT-${plan.id}`, reason: 'Pago excepcional' }, { actor: treasury, today });
    if (after.claimFirst) await claimInstallment(plan.id, preauth.id, 1);
    if (after.exhaust) await planService.send(tx, plan.id, { type: 'LIFETIME_MAXIMUM_REACHED' }, { actor: SYSTEM, today });
  }
}
