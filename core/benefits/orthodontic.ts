import { addDays, addMonths, ageOn, firstDayOfNextMonth, isIsoDate, type IsoDate } from './dates.ts';
import { BenefitInputError } from './errors.ts';
import type { CoveragePeriod } from './liquidate.ts';
import { assertCents, assertPercent, percentOf } from './money.ts';
import { MONTHS_PER_PERIOD, type BenefitRules, type InstallmentFrequency } from './rules.ts';

export interface OrthodonticScheduleInput {
  /** Total treatment fee (costo_total), > 0. */
  readonly feeCents: number;
  /** Orthodontic coverage percentage (R1/R7, default 50). */
  readonly coveragePercent: number;
  /** Lifetime orthodontic maximum still available to the patient. */
  readonly lifetimeRemainingCents: number;
  /** Share of the fee billed at banding (default 20). */
  readonly initialPercent: number;
  /** Estimated treatment length, 1–36 months. */
  readonly months: number;
  readonly frequency: InstallmentFrequency;
  readonly bandingDate: IsoDate;
  /** The first periodic installment is due on the 1st of the month after banding + this many days. */
  readonly firstDelayDays: number;
}

export type InstallmentStatus = 'SCHEDULED' | 'SKIPPED';

export interface OrthodonticInstallment {
  /** 0 = the initial payment at banding, then 1..n. */
  readonly number: number;
  readonly dueDate: IsoDate;
  readonly billableCents: number;
  /** billable × coverage %, capped by what is left of the lifetime maximum; 0 when SKIPPED. */
  readonly benefitCents: number;
  readonly status: InstallmentStatus;
  /** '31' when SKIPPED: the lifetime maximum was already reached. */
  readonly reason?: '31';
}

export interface OrthodonticSchedule {
  readonly installments: readonly OrthodonticInstallment[];
  /** Number of periodic installments: ceil(months / months per period). */
  readonly periodicCount: number;
  /** Always equals feeCents. */
  readonly totalBillableCents: number;
  /** Never above lifetimeRemainingCents. */
  readonly totalBenefitCents: number;
  /** The installment whose benefit uses up the lifetime maximum; null when the schedule does not reach it. */
  readonly lifetimeReachedWith: number | null;
}

function assertInt(value: unknown, path: string, min: number, max: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BenefitInputError(path, `expected an integer in ${min}..${max}, got ${String(value)}`);
  }
}

function assertDate(value: unknown, path: string): asserts value is IsoDate {
  if (!isIsoDate(value)) throw new BenefitInputError(path, `expected a date YYYY-MM-DD, got ${String(value)}`);
}

/**
 * The installment plan of an orthodontic case (research 3.3, R7). Installment 0, due on the banding
 * date, bills fee × initial %; then n = ceil(months / months per period) periodic installments share
 * the rest — the odd cents go one each to the first installments, so the billable amounts add up to
 * the fee exactly — due on the 1st of the month after banding + firstDelayDays, then every period.
 * Each benefit is billable × coverage %, capped by what is left of the lifetime maximum; once it is
 * used up the remaining installments are SKIPPED with reason '31'. Installment 0 is left out when
 * the initial percentage bills nothing. Throws BenefitInputError on invalid input.
 *
 * Worked fixture: 6,000.00, 50 %, 1,500.00 left, 20 %, 24 monthly → #0 bills 1,200.00 / pays 600.00;
 * #1–#24 bill 200.00 / pay 100.00; the maximum is reached with #9; #10–#24 SKIPPED ('31').
 */
export function orthodonticSchedule(input: OrthodonticScheduleInput): OrthodonticSchedule {
  assertCents(input.feeCents, 'feeCents');
  if (input.feeCents <= 0) throw new BenefitInputError('feeCents', 'expected a positive fee');
  assertPercent(input.coveragePercent, 'coveragePercent');
  assertCents(input.lifetimeRemainingCents, 'lifetimeRemainingCents');
  assertPercent(input.initialPercent, 'initialPercent');
  assertInt(input.months, 'months', 1, 36);
  if (!Object.hasOwn(MONTHS_PER_PERIOD, input.frequency)) {
    throw new BenefitInputError('frequency', `unknown frequency ${String(input.frequency)}`);
  }
  assertDate(input.bandingDate, 'bandingDate');
  assertInt(input.firstDelayDays, 'firstDelayDays', 0, 3650);

  const monthsPerPeriod = MONTHS_PER_PERIOD[input.frequency];
  const periodicCount = Math.ceil(input.months / monthsPerPeriod);
  const initialCents = percentOf(input.feeCents, input.initialPercent);
  const restCents = input.feeCents - initialCents;
  const baseCents = Math.floor(restCents / periodicCount);
  const oddCents = restCents - baseCents * periodicCount;
  const firstDue = firstDayOfNextMonth(addDays(input.bandingDate, input.firstDelayDays));

  const billing: Array<{ number: number; dueDate: IsoDate; billableCents: number }> = [];
  if (initialCents > 0) billing.push({ number: 0, dueDate: input.bandingDate, billableCents: initialCents });
  for (let k = 1; k <= periodicCount; k += 1) {
    billing.push({
      number: k,
      dueDate: addMonths(firstDue, (k - 1) * monthsPerPeriod),
      billableCents: baseCents + (k <= oddCents ? 1 : 0),
    });
  }

  let remaining = input.lifetimeRemainingCents;
  let lifetimeReachedWith: number | null = null;
  const installments = billing.map((b): OrthodonticInstallment => {
    if (remaining === 0) return { ...b, benefitCents: 0, status: 'SKIPPED', reason: '31' };
    const benefitCents = Math.min(percentOf(b.billableCents, input.coveragePercent), remaining);
    remaining -= benefitCents;
    if (remaining === 0) lifetimeReachedWith = b.number;
    return { ...b, benefitCents, status: 'SCHEDULED' };
  });

  return {
    installments,
    periodicCount,
    totalBillableCents: installments.reduce((t, i) => t + i.billableCents, 0),
    totalBenefitCents: installments.reduce((t, i) => t + i.benefitCents, 0),
    lifetimeReachedWith,
  };
}

/**
 * The schedule input for a case under `rules` (R7 defaults: 50 %, 20 % initial, 24 monthly, 30 days),
 * with the plan's own choices (months, frequency, initial %, delay) taking precedence.
 */
export function orthodonticScheduleInput(
  rules: BenefitRules,
  plan: {
    readonly feeCents: number;
    readonly bandingDate: IsoDate;
    /** Lifetime orthodontic benefit already used by the patient. */
    readonly lifetimeUsedCents: number;
    readonly months?: number;
    readonly frequency?: InstallmentFrequency;
    readonly initialPercent?: number;
    readonly firstDelayDays?: number;
  },
): OrthodonticScheduleInput {
  assertCents(plan.lifetimeUsedCents, 'lifetimeUsedCents');
  return {
    feeCents: plan.feeCents,
    coveragePercent: rules.coveragePercent.ORTHODONTIC,
    lifetimeRemainingCents: Math.max(0, rules.orthodontic.lifetimeMaximumCents - plan.lifetimeUsedCents),
    initialPercent: plan.initialPercent ?? rules.orthodontic.initialPercent,
    months: plan.months ?? rules.orthodontic.months,
    frequency: plan.frequency ?? rules.orthodontic.frequency,
    bandingDate: plan.bandingDate,
    firstDelayDays: plan.firstDelayDays ?? rules.orthodontic.firstDelayDays,
  };
}

export interface InstallmentDueInput {
  readonly billableCents: number;
  readonly dueDate: IsoDate;
  readonly coveragePercent: number;
  /** Lifetime orthodontic maximum still available now (after everything paid so far). */
  readonly lifetimeRemainingCents: number;
  readonly birthDate: IsoDate;
  readonly bandingDate: IsoDate;
  /** Covered only if age < ageLimit at banding; null = no limit. */
  readonly ageLimit: number | null;
  /** True: also not covered once the patient has reached ageLimit on the due date. */
  readonly stopAtAgeLimit: boolean;
  /** The patient's active coverage; the due date must fall in one of them. */
  readonly coveragePeriods: readonly CoveragePeriod[];
  /** Evaluation date (the job's "today"); when before dueDate the outcome is NOT_DUE. Default dueDate. */
  readonly asOf?: IsoDate;
}

export type InstallmentDueOutcome =
  | { readonly status: 'NOT_DUE' }
  | { readonly status: 'CLAIMABLE'; readonly benefitCents: number }
  | { readonly status: 'SKIPPED'; readonly reason: '04' | '07' | '31' };

/**
 * Re-checks one scheduled installment when it falls due (research 3.3 "cuota vence"): NOT_DUE before
 * its date; SKIPPED '07' when coverage is not active on the due date, '04' when the patient is past
 * the age limit (at banding, or on the due date if payments stop at the limit), '31' when nothing is
 * left of the lifetime maximum; otherwise CLAIMABLE with benefit = billable × % capped by what is left.
 */
export function orthodonticInstallmentDue(input: InstallmentDueInput): InstallmentDueOutcome {
  assertCents(input.billableCents, 'billableCents');
  assertDate(input.dueDate, 'dueDate');
  assertPercent(input.coveragePercent, 'coveragePercent');
  assertCents(input.lifetimeRemainingCents, 'lifetimeRemainingCents');
  assertDate(input.birthDate, 'birthDate');
  assertDate(input.bandingDate, 'bandingDate');
  if (input.ageLimit !== null) assertInt(input.ageLimit, 'ageLimit', 0, 150);
  input.coveragePeriods.forEach((p, n) => {
    assertDate(p.from, `coveragePeriods.${n}.from`);
    if (p.to !== undefined && p.to !== null) assertDate(p.to, `coveragePeriods.${n}.to`);
  });
  if (input.asOf !== undefined) assertDate(input.asOf, 'asOf');

  if (input.asOf !== undefined && input.asOf < input.dueDate) return { status: 'NOT_DUE' };
  const due = input.dueDate;
  const active = input.coveragePeriods.some((p) => p.from <= due && (p.to === undefined || p.to === null || due <= p.to));
  if (!active) return { status: 'SKIPPED', reason: '07' };
  if (input.ageLimit !== null) {
    if (ageOn(input.birthDate, input.bandingDate) >= input.ageLimit) return { status: 'SKIPPED', reason: '04' };
    if (input.stopAtAgeLimit && ageOn(input.birthDate, due) >= input.ageLimit) return { status: 'SKIPPED', reason: '04' };
  }
  if (input.lifetimeRemainingCents === 0) return { status: 'SKIPPED', reason: '31' };
  return { status: 'CLAIMABLE', benefitCents: Math.min(percentOf(input.billableCents, input.coveragePercent), input.lifetimeRemainingCents) };
}
