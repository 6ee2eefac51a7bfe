import { addDays } from '@core/benefits/dates.ts';
import type { ReplayContext } from './api-replay.ts';
import { doctor, setupEvent } from './people.ts';
import { attach } from './reimbursement-adapter.ts';

/**
 * A claim of the patient approved through the API (verified verification, documents attached, submitted, the
 * medical review closed when R12 asks for it, approved by the analyst): its reservation is in the ledger.
 * Answers the claim's id.
 */
export async function approvedClaim(ctx: ReplayContext, patientId: number): Promise<number> {
  const verification = await ctx.call('POST', '/api/verifications', {
    token: ctx.tokens.admin,
    body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: addDays(ctx.clock.today, -3) },
  });
  if (verification.status !== 201) throw new Error(`Creating the claim's verification answered ${verification.status}: ${JSON.stringify(verification.body)}`);
  await setupEvent(ctx, 'verifications', verification.body.id, { type: 'START' }, ctx.tokens.admin);
  await setupEvent(ctx, 'verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, ctx.tokens.admin);
  const created = await ctx.call('POST', '/api/reimbursements', {
    token: ctx.tokens.admin,
    body: {
      verificationId: verification.body.id,
      doctorId: await doctor(ctx, 'GENERAL'),
      invoiceNumber: `F-USED-${patientId}`,
      invoiceDate: addDays(ctx.clock.today, -1),
      lines: [{ procedureCode: 'D1110', serviceDate: addDays(ctx.clock.today, -1), chargedCents: 6000 }],
    },
  });
  if (created.status !== 201) throw new Error(`Creating the claim answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  for (const type of created.body.missingDocuments as string[]) await attach(ctx, id, type);
  await setupEvent(ctx, 'reimbursements', id, { type: 'ASSIGN', assigneeId: ctx.userIds.analyst }, ctx.tokens.admin);
  const submitted = await setupEvent(ctx, 'reimbursements', id, { type: 'SUBMIT' }, ctx.tokens.analyst);
  if ((submitted.medicalReview as { selected: boolean }).selected) await setupEvent(ctx, 'reimbursements', id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, ctx.tokens.auditor);
  const approved = await setupEvent(ctx, 'reimbursements', id, { type: 'APPROVE' }, ctx.tokens.analyst);
  if (approved.state !== 'approved') throw new Error(`The claim ${id} ended ${String(approved.state)}, not approved`);
  return id;
}
