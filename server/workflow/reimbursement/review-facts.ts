import type { ClaimFacts, Liquidation } from '@core/benefits/liquidate.ts';
import { medicalReviewReasons, type MedicalReviewReason } from '@core/benefits/review-sampling.ts';
import type { ReimbursementFacts } from '@core/workflows/reimbursement.machine.ts';
import type { EngineInputs } from '../../settings/engine-inputs.ts';
import type { Actor } from '../shared/actor.ts';
import type { ClaimBasis, LineRow, ReimbursementRow } from './repository.ts';

export const APPROVE_ABOVE_THRESHOLD = 'reimbursements:approve_above_threshold';

/** R14 for the engine: a claim made on a verified pre-authorisation has one; the insurer's threshold wins over the settings'. */
export function preauthorizationOf(row: Pick<ClaimBasis, 'verification_kind' | 'preauthorization_above_cents'>, settings: EngineInputs): NonNullable<ClaimFacts['preauthorization']> {
  return { granted: row.verification_kind === 'PREAUTHORIZATION', aboveCents: row.preauthorization_above_cents ?? settings.thresholds.preauthorizationAboveCents };
}

/** R12: why the claim goes to the dental auditor (empty: it does not). */
export const medicalReviewOf = (row: ReimbursementRow, lines: readonly LineRow[], liquidation: Liquidation, settings: EngineInputs): MedicalReviewReason[] =>
  medicalReviewReasons({
    folio: row.folio,
    categories: liquidation.lines.map((l) => l.category),
    installmentNumber: row.kind === 'ORTHODONTIC' ? row.installment_number : null,
    claimedCents: lines.reduce((sum, l) => sum + l.charged_cents, 0),
    thresholdCents: settings.thresholds.approvalCents,
  });

/**
 * The facts of who may decide and pay (R12, R13, research 2.12), in the claim's currency: the approval
 * threshold, the approver (who may not pay), and whether the claim waits for its medical review.
 */
export function reviewFacts(
  row: ReimbursementRow,
  reasons: readonly MedicalReviewReason[],
  actor: Actor,
  settings: EngineInputs,
): Pick<ReimbursementFacts, 'approvalThresholdCents' | 'actorCanApproveAboveThreshold' | 'approverId' | 'medicalReviewRequired' | 'medicalReviewDone'> {
  return {
    approvalThresholdCents: settings.thresholds.approvalCents,
    actorCanApproveAboveThreshold: actor.permissions?.includes(APPROVE_ABOVE_THRESHOLD) ?? false,
    approverId: row.approved_by,
    medicalReviewRequired: reasons.length > 0,
    medicalReviewDone: row.medical_reviewed_by !== null,
  };
}
