import { api, call } from '../../../api/client.ts';
import type { FlowLine, SaveInput } from '../../../machines/reimbursement-flow.machine.ts';
import { updateReimbursement, type Reimbursement, type ReimbursementLineInput } from '../../../api/resources/reimbursements.ts';

/** A line of the flow as the API takes it. */
export const lineInput = (line: FlowLine): ReimbursementLineInput => ({
  procedureCode: line.procedureCode,
  tooth: line.tooth || null,
  surfaces: line.surfaces || null,
  serviceDate: line.serviceDate,
  quantity: line.quantity,
  chargedCents: line.chargedCents,
  otherInsurerPaidCents: 0,
});

/**
 * The flow's `saveDraft` actor: the first save creates the draft with the flow's Idempotency-Key; the same key
 * answered again (a reload after the draft was made, a retry after a lost answer) is the same record, which then
 * takes what was typed since with its version, as every later save does.
 */
export async function saveDraft({ verificationId, idempotencyKey, invoice, lines, record }: SaveInput): Promise<Reimbursement> {
  const details = {
    doctorId: invoice.doctorId!,
    payee: invoice.payee,
    invoiceNumber: invoice.invoiceNumber.trim(),
    invoiceDate: invoice.invoiceDate,
    invoicePaid: invoice.invoicePaid,
    lines: lines.map(lineInput),
  };
  let saved = record as Reimbursement | null;
  if (!saved) {
    const pending = api.POST('/api/reimbursements', { body: { verificationId, ...details }, headers: { 'Idempotency-Key': idempotencyKey } });
    const { response } = await pending;
    saved = await call(pending);
    if (response.status === 201) return saved;
  }
  return updateReimbursement(saved.id, { ...details, version: saved.version });
}
