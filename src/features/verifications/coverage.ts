import type { Schemas } from '../../api/client.ts';
import type { CoverageFacts } from '../../machines/verification-flow.machine.ts';

/** The facts a verification is checked against, read from the patient overview (coverage, benefits left, waiting periods). */
export const coverageFactsOf = (overview: Schemas['PatientOverview']): CoverageFacts => ({
  activeToday: overview.coverage.active,
  inactiveReason: overview.coverage.reason ?? null,
  policyEndsOn: overview.policy.endsOn,
  currency: overview.benefits.currency,
  annualMaximumRemainingCents: overview.benefits.annualMaximum.remainingCents,
  orthodonticRemainingCents: overview.benefits.orthodontic?.remainingCents ?? null,
  birthDate: overview.patient.birthDate,
  orthodonticAgeLimit: overview.benefits.orthodonticAgeLimit,
  waitingPeriods: overview.waitingPeriods.map(({ category, endsOn }) => ({ category, endsOn })),
});
