import { orthodonticSchedule } from '@core/benefits/orthodontic.ts';
import type { InstallmentFrequency } from '@core/benefits/rules.ts';
import type { Installment, Plan } from '../../api/resources/orthodontic-plans.ts';

/** One row of the schedule as the screen shows it: the stored instalment, or the engine's projection before banding. */
export interface ScheduleRow {
  number: number;
  dueDate: string;
  billableCents: number;
  benefitCents: number;
  state: string;
  reason: string | null;
  installment: Installment | null;
}

export interface ScheduleTerms {
  feeCents: number;
  months: number;
  initialPercent: number;
  frequency: InstallmentFrequency;
  firstDelayDays: number;
}

/**
 * The schedule the engine (R7) would make if banding were on `bandingDate`, with the plan's coverage and
 * what is left of the patient's lifetime maximum now: the same function the server runs at activation.
 * Null when the terms are not a valid schedule (a form being typed).
 */
export function projectedSchedule(plan: Pick<Plan, 'coveragePercent' | 'lifetimeRemainingCents'>, terms: ScheduleTerms, bandingDate: string): ScheduleRow[] | null {
  try {
    const { installments } = orthodonticSchedule({ ...terms, coveragePercent: plan.coveragePercent, lifetimeRemainingCents: plan.lifetimeRemainingCents, bandingDate });
    return installments.map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      billableCents: i.billableCents,
      benefitCents: i.benefitCents,
      state: i.status === 'SKIPPED' ? 'skipped' : 'scheduled',
      reason: i.reason ?? null,
      installment: null,
    }));
  } catch {
    return null;
  }
}

export const storedSchedule = (installments: readonly Installment[]): ScheduleRow[] =>
  [...installments].sort((a, b) => a.number - b.number).map((i) => ({ number: i.number, dueDate: i.dueDate, billableCents: i.billableCents, benefitCents: i.benefitCents, state: i.state, reason: i.reason ?? null, installment: i }));

/** What the schedule pays, in the words of the worked fixture: the initial payment, then n periodic benefits of an amount. */
export interface ScheduleSummary {
  initialCents: number;
  periodicCount: number;
  /** The first periodic benefit (the others are the same but for a last, capped one). */
  periodicCents: number;
  /** The last periodic benefit when it differs from the others (capped by the lifetime maximum): null when all are alike. */
  lastPeriodicCents: number | null;
  /** How many periodic benefits are `periodicCents`: all of them, or all but a different last one. */
  alikeCount: number;
  totalCents: number;
  /** The instalment with which the lifetime maximum is used up, when the schedule skips the rest for it (31). */
  exhaustedWith: number | null;
  skippedFrom: number | null;
  lastNumber: number;
}

export function summarize(rows: readonly ScheduleRow[]): ScheduleSummary {
  const paying = (r: ScheduleRow) => r.benefitCents > 0 && r.state !== 'skipped' && r.state !== 'cancelled' && r.state !== 'rejected';
  const initial = rows.find((r) => r.number === 0);
  const periodic = rows.filter((r) => r.number > 0 && paying(r));
  const last = periodic.at(-1);
  const lastDiffers = periodic.length > 1 && last!.benefitCents !== periodic[0]!.benefitCents;
  const skippedForLifetime = rows.filter((r) => r.state === 'skipped' && r.reason === '31');
  const skippedFrom = skippedForLifetime.length ? Math.min(...skippedForLifetime.map((r) => r.number)) : null;
  const exhaustedWith = skippedFrom === null ? null : Math.max(-1, ...rows.filter((r) => r.number < skippedFrom && paying(r)).map((r) => r.number));
  return {
    initialCents: initial && paying(initial) ? initial.benefitCents : 0,
    periodicCount: periodic.length,
    periodicCents: periodic[0]?.benefitCents ?? 0,
    lastPeriodicCents: lastDiffers ? last!.benefitCents : null,
    alikeCount: lastDiffers ? periodic.length - 1 : periodic.length,
    totalCents: rows.filter(paying).reduce((t, r) => t + r.benefitCents, 0),
    exhaustedWith: exhaustedWith !== null && exhaustedWith >= 0 ? exhaustedWith : null,
    skippedFrom,
    lastNumber: rows.length ? Math.max(...rows.map((r) => r.number)) : 0,
  };
}
