import { addMonths, type IsoDate } from './dates.ts';
import { CATEGORIES, type Category } from './procedures.ts';
import type { BenefitRules } from './rules.ts';

/** What a patient's waiting periods depend on (R5). */
export interface WaitingFacts {
  /** The patient's enrolment (fecha_alta): waiting periods run from it. */
  readonly enrolmentDate: IsoDate;
  /** Months of continuous prior coverage. Default 0. */
  readonly priorCoverageMonths?: number;
  /** Prior coverage that included orthodontics; default `priorCoverageMonths`. */
  readonly priorOrthodonticCoverageMonths?: number;
}

/**
 * The first day a category is covered after its waiting period from enrolment, or null when it has none
 * or prior continuous coverage waives it (R5). A service before that day is rejected with 17.
 */
export function waitingPeriodEnd(rules: BenefitRules, category: Category, facts: WaitingFacts): IsoDate | null {
  const months = rules.waitingPeriods.months[category];
  if (months <= 0) return null;
  const prior = category === 'ORTHODONTIC' ? (facts.priorOrthodonticCoverageMonths ?? facts.priorCoverageMonths ?? 0) : (facts.priorCoverageMonths ?? 0);
  const waiver = rules.waitingPeriods.waiverPriorCoverageMonths;
  if (waiver !== null && prior >= waiver) return null;
  return addMonths(facts.enrolmentDate, months);
}

/** The categories whose waiting period still runs on `date`, with the day each becomes covered. */
export function runningWaitingPeriods(rules: BenefitRules, facts: WaitingFacts, date: IsoDate): { category: Category; months: number; endsOn: IsoDate }[] {
  return CATEGORIES.flatMap((category) => {
    const endsOn = waitingPeriodEnd(rules, category, facts);
    return endsOn !== null && date < endsOn ? [{ category, months: rules.waitingPeriods.months[category], endsOn }] : [];
  });
}
