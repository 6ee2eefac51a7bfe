import { addMonths, ageOn, isIsoDate } from '@core/benefits/dates.ts';
import { orthodonticInstallmentDue } from '@core/benefits/orthodontic.ts';
import type { BenefitRules } from '@core/benefits/rules.ts';
import type { OrthodonticInstallmentFacts } from '@core/workflows/orthodontic-installment.machine.ts';
import type { OrthodonticPlanEvent, OrthodonticPlanFacts } from '@core/workflows/orthodontic-plan.machine.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../shared/actor.ts';
import { APPROVE_ABOVE_THRESHOLD } from '../reimbursement/review-facts.ts';
import { estimatedBenefitOf } from './estimate.ts';
import { engineInputsByCurrency } from '../../settings/engine-inputs.ts';
import { coverageActiveOn, coveragePeriods, ledgerOf, rulesOf, usageOf, type CoverageRow, type Ledger } from '../shared/coverage.ts';
import {
  OPEN_INSTALLMENT_STATES,
  installmentsOfPlans,
  paidBenefitsOf,
  plansByIds,
  type InstallmentRecord,
  type InstallmentRow,
  type PlanRow,
} from './repository.ts';

/**
 * The patient's orthodontic lifetime maximum: the rules (over the settings' defaults), what the ledger
 * says was paid (ORTHO_LIFETIME), and what is left.
 */
export function lifetimeOf(ledger: Ledger, row: CoverageRow, defaults?: BenefitRules): { rules: BenefitRules; usedCents: number; remainingCents: number } {
  const rules = rulesOf(row, defaults);
  const usedCents = usageOf(ledger, row).orthoLifetimeUsedCents;
  return { rules, usedCents, remainingCents: Math.max(0, rules.orthodontic.lifetimeMaximumCents - usedCents) };
}

/**
 * R5 [S34]: the orthodontic waiting period from enrolment is over on `date`, or waived by prior continuous cover
 * that included orthodontics (prior dental cover alone does not waive it).
 */
function waitingPeriodMetOn(row: CoverageRow, rules: BenefitRules, date: string): boolean {
  const waiver = rules.waitingPeriods.waiverPriorCoverageMonths;
  if (waiver !== null && row.prior_orthodontic_coverage_months >= waiver) return true;
  return addMonths(row.enrolled_on, rules.waitingPeriods.months.ORTHODONTIC) <= date;
}

/** The settings' defaults in each currency of `rows` (amount defaults are kept per currency, in its minor unit). */
export async function defaultsByCurrency(q: Queryable): Promise<(currency: string) => BenefitRules> {
  const inputsIn = await engineInputsByCurrency(q);
  return (currency) => inputsIn(currency).defaults;
}

/** What the facts of a plan were built from, which its effects and presenter use too. */
export interface PlanContext {
  lifetime: ReturnType<typeof lifetimeOf>;
  installments: InstallmentRow[];
  paidBenefitCents: number;
}

/**
 * The plans' facts for the statechart, with three queries however many plans. The age at banding is
 * taken on the ACTIVATE event's date (on the stored banding date, else today, for other events); the
 * waiting period on the banding date, else on the preauthorization's planned service date.
 */
export async function planFacts(q: Queryable, rows: readonly PlanRow[], actor: Actor, today: string, event?: OrthodonticPlanEvent) {
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction they share one connection.
  const ledger = await ledgerOf(q, rows);
  const installments = await installmentsOfPlans(q, ids);
  const paid = await paidBenefitsOf(q, ids);
  const inputsIn = await engineInputsByCurrency(q);
  return new Map(
    rows.map((row) => {
      const inputs = inputsIn(row.currency);
      const lifetime = lifetimeOf(ledger, row, inputs.defaults);
      const own = installments.filter((i) => i.plan_id === row.id);
      const paidBenefitCents = paid.get(row.id) ?? 0;
      const bandingDate = event?.type === 'ACTIVATE' ? event.bandingDate : (row.banding_date ?? today);
      const waitingOn = event?.type === 'ACTIVATE' && isIsoDate(event.bandingDate) ? event.bandingDate : (row.banding_date ?? row.preauthorization_date);
      const facts: OrthodonticPlanFacts = {
        preauthorizationVerified: row.preauthorization_state === 'verified',
        authorizationNumber: row.authorization_number,
        patientAgeAtBanding: isIsoDate(bandingDate) ? ageOn(row.birth_date, bandingDate) : null,
        ageLimit: lifetime.rules.orthodontic.ageLimit ?? Number.POSITIVE_INFINITY,
        waitingPeriodMet: waitingPeriodMetOn(row, lifetime.rules, waitingOn),
        coverageActive: coverageActiveOn(row, today),
        lifetimeRemainingCents: lifetime.remainingCents,
        openInstallments: own.filter((i) => OPEN_INSTALLMENT_STATES.includes(i.state)).length,
        today,
        // R13, as for claims: the proposer may not approve; the insurer's share at or over the threshold needs the right.
        actorId: actor.id ?? 0,
        creatorId: row.created_by,
        insurerShareCents: estimatedBenefitOf(row, { lifetime, installments: own, paidBenefitCents }, today),
        approvalThresholdCents: inputs.thresholds.approvalCents,
        actorCanApproveAboveThreshold: actor.permissions?.includes(APPROVE_ABOVE_THRESHOLD) ?? false,
      };
      const context: PlanContext = { lifetime, installments: own, paidBenefitCents };
      return [row.id, { facts, context }];
    }),
  );
}

export interface InstallmentContext {
  outcome: ReturnType<typeof orthodonticInstallmentDue>;
}

/**
 * The instalments' facts when they fall due, from the engine's `orthodonticInstallmentDue` (coverage on
 * the due date, age, lifetime left): the machine then makes one claimable, or skipped with the engine's
 * reason. While the plan is suspended the instalments falling due are skipped as not covered (07).
 */
export async function installmentFacts(q: Queryable, rows: readonly InstallmentRecord[], _actor: Actor, today: string) {
  const plans = await plansByIds(q, [...new Set(rows.map((r) => r.plan_id))]);
  const ledger = await ledgerOf(q, plans);
  const defaultsOf = await defaultsByCurrency(q);
  return new Map(
    rows.map((installment) => {
      const plan = plans.find((p) => p.id === installment.plan_id)!;
      const { rules, remainingCents } = lifetimeOf(ledger, plan, defaultsOf(plan.currency));
      const outcome = orthodonticInstallmentDue({
        billableCents: installment.billable_cents,
        dueDate: installment.due_date,
        coveragePercent: rules.coveragePercent.ORTHODONTIC,
        lifetimeRemainingCents: remainingCents,
        birthDate: plan.birth_date,
        bandingDate: plan.banding_date ?? installment.due_date,
        ageLimit: rules.orthodontic.ageLimit,
        stopAtAgeLimit: rules.orthodontic.stopAtAgeLimit,
        coveragePeriods: plan.state === 'suspended' ? [] : coveragePeriods(plan),
        asOf: today,
      });
      const skipped = outcome.status === 'SKIPPED' ? outcome.reason : null;
      const facts: OrthodonticInstallmentFacts = {
        today,
        dueDate: installment.due_date,
        coverageActive: skipped !== '07',
        patientUnderAgeLimit: skipped !== '04',
        lifetimeRemainingCents: skipped === '31' ? 0 : remainingCents,
      };
      const context: InstallmentContext = { outcome };
      return [installment.id, { facts, context }];
    }),
  );
}
