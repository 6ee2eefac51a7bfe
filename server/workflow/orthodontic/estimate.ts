import { orthodonticSchedule, orthodonticScheduleInput } from '@core/benefits/orthodontic.ts';
import type { BenefitRules } from '@core/benefits/rules.ts';
import { OPEN_INSTALLMENT_STATES, type InstallmentRow, type PlanRow } from './repository.ts';

/** What the estimate reads of the plan's facts (facts.ts PlanContext). */
interface EstimateBasis {
  lifetime: { rules: BenefitRules; remainingCents: number };
  installments: readonly InstallmentRow[];
  paidBenefitCents: number;
}

// The plan's insurer share, shown on the plan and read by R13's approval guard: one figure for both.
/** What the plan is expected to pay: before banding the engine's estimate (min(fee × %, lifetime left)), then paid + open instalments. */
export function estimatedBenefitOf(row: PlanRow, { lifetime, installments, paidBenefitCents }: EstimateBasis, today: string): number {
  if (installments.length === 0 && ['proposed', 'approved'].includes(row.state)) {
    const { rules, remainingCents } = lifetime;
    return orthodonticSchedule(
      orthodonticScheduleInput(rules, {
        feeCents: row.fee_cents,
        bandingDate: row.banding_date ?? today,
        lifetimeUsedCents: rules.orthodontic.lifetimeMaximumCents - remainingCents,
        months: row.months,
        frequency: row.frequency,
        initialPercent: row.initial_percent,
        firstDelayDays: row.first_delay_days,
      }),
    ).totalBenefitCents;
  }
  return paidBenefitCents + installments.filter((i) => OPEN_INSTALLMENT_STATES.includes(i.state)).reduce((t, i) => t + i.benefit_cents, 0);
}

