import type { paymentRunMachine } from '@core/workflows/payment-run.machine.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import type { Effects } from '../shared/define-workflow.ts';
import { reimbursementWorkflow } from '../reimbursement/service.ts';
import type { PaymentRunContext } from './facts.ts';
import { generateFile } from './file.ts';
import { addItems, removeItems, type PaymentRunRow } from './repository.ts';
import { appendHistory } from '../shared/history.ts';
import { bankOutcome } from '@core/payments/status.ts';

type Changes = Record<string, unknown>;

/** Items the bank has answered for but whose claims the run still holds: the effects below settle them. */
async function answered(tx: Queryable, runId: number, outcome: 'accepted' | 'rejected') {
  const rows = await tx.query<{ id: number; reimbursement_id: number; folio: string; bank_status: string; bank_reason_code: string | null; bank_reason_text: string | null }>(
    `SELECT i.id, i.reimbursement_id, r.folio, i.bank_status, i.bank_reason_code, i.bank_reason_text
       FROM payment_run_items i JOIN reimbursements r ON r.id = i.reimbursement_id
      WHERE i.run_id = $1 AND i.holds_claim AND i.bank_status IS NOT NULL ORDER BY i.id`,
    [runId],
  );
  return rows.filter((r) => bankOutcome(r.bank_status) === outcome);
}

/** The claim is paid through its own statechart (PAY: recorded, settled in the ledger, its instalment paid). */
async function pay(tx: Queryable, run: PaymentRunRow, item: { id: number; reimbursement_id: number; folio: string }, actor: Actor, today: string, reference: string) {
  // The item lets go of the claim first: a claim held by an open run is not paid by hand, the run pays it.
  await tx.query('UPDATE payment_run_items SET holds_claim = false WHERE id = $1', [item.id]);
  await reimbursementWorkflow.send(tx, item.reimbursement_id, { type: 'PAY', reference, paymentRun: run.folio }, { actor, today, cause: { paymentRunId: run.id } });
}

/** What the payment run machine's named actions mean for the run, its claims, their payees and the ledger. */
export const paymentRunEffects: Effects<typeof paymentRunMachine, PaymentRunRow, PaymentRunContext, Changes> = {
  async recordItems({ tx, row, event }) {
    if (event.type !== 'EDIT') return;
    await removeItems(tx, row.id, event.remove ?? []);
    await addItems(tx, row.id, event.add ?? []);
  },
  async freezeItems({ tx, row }) {
    // What the file will pay: the claim's amount and its payee's account as they are at submission.
    await tx.query(
      `UPDATE payment_run_items i
          SET amount_cents = r.payable_cents, payee_name = pa.holder_name, payee_scheme = pa.scheme, payee_number = pa.number,
              payee_bic = pa.bic, payee_bank_code = pa.bank_code, payee_tax_id = pa.holder_tax_id, debtor_account_id = da.id
         FROM reimbursements r
         JOIN policies po ON po.id = r.policy_id
         LEFT JOIN payee_accounts pa ON (r.payee = 'HOLDER' AND pa.policyholder_id = po.policyholder_id) OR (r.payee = 'PROVIDER' AND pa.doctor_id = r.doctor_id)
         LEFT JOIN debtor_accounts da ON da.insurer_id = r.insurer_id AND da.currency = r.currency
        WHERE i.run_id = $1 AND r.id = i.reimbursement_id`,
      [row.id],
    );
  },
  recordApproval({ actor, changes }) {
    changes.approved_by = actor.id;
    changes.approved_at = new Date();
  },
  async writeFile({ tx, row, actor, changes }) {
    const { bytes, sha256 } = await generateFile(tx, row, new Date().toISOString().slice(0, 19));
    changes.file_bytes = bytes;
    changes.file_sha256 = sha256;
    changes.generated_by = actor.id;
    changes.generated_at = new Date();
    await auditWorkflow(tx, 'payment_run', actor, 'CREATE', row.id, { file: 'pain.001', sha256, bytes: bytes.length });
  },
  recordSent({ actor, changes }) {
    changes.sent_by = actor.id;
    changes.sent_at = new Date();
  },
  async applyBankStatuses({ tx, row, actor, today }) {
    for (const item of await answered(tx, row.id, 'accepted')) await pay(tx, row, item, actor, today, `${row.folio} ${item.folio}`);
  },
  async returnRejectedClaims({ tx, row, actor, today }) {
    for (const item of await answered(tx, row.id, 'rejected')) {
      // Back to payable (the claim never left approved) and its payee's account marked for correction.
      await tx.query('UPDATE payment_run_items SET holds_claim = false WHERE id = $1', [item.id]);
      const reason = [item.bank_reason_code, item.bank_reason_text].filter(Boolean).join(' ') || item.bank_status;
      await tx.query(
        `UPDATE payee_accounts pa SET needs_correction = true, correction_reason = $2, updated_at = now()
           FROM reimbursements r JOIN policies po ON po.id = r.policy_id
          WHERE r.id = $1 AND ((r.payee = 'HOLDER' AND pa.policyholder_id = po.policyholder_id) OR (r.payee = 'PROVIDER' AND pa.doctor_id = r.doctor_id))`,
        [item.reimbursement_id, reason],
      );
      // The claim's own history says it too: its page shows "Pago devuelto: AC04 …" from this row until it is paid.
      const [claim] = await tx.query<{ state: string }>('SELECT state FROM reimbursements WHERE id = $1', [item.reimbursement_id]);
      await appendHistory(tx, { entity: 'reimbursement', id: item.reimbursement_id, event: 'PAYMENT_RETURNED', from: claim!.state, to: claim!.state, actorId: actor.id, payload: { reason, code: item.bank_reason_code, paymentRun: row.folio }, on: today });
    }
  },
  async settleAll({ tx, row, event, actor, today, changes }) {
    if (event.type !== 'CONFIRM_SETTLEMENT') return;
    changes.settlement_reference = event.reference.trim();
    const held = await tx.query<{ id: number; reimbursement_id: number; folio: string }>(
      'SELECT i.id, i.reimbursement_id, r.folio FROM payment_run_items i JOIN reimbursements r ON r.id = i.reimbursement_id WHERE i.run_id = $1 AND i.holds_claim ORDER BY i.id',
      [row.id],
    );
    for (const item of held) await pay(tx, row, item, actor, today, `${row.folio} ${event.reference.trim()}`);
  },
  async releaseClaims({ tx, row, event, changes }) {
    if (event.type === 'CANCEL') changes.cancel_reason = event.reason.trim();
    await tx.query('UPDATE payment_run_items SET holds_claim = false WHERE run_id = $1', [row.id]);
  },
};
