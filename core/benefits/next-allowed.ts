import { addDays, addMonths, benefitYearEnd, type BenefitYearKind, type IsoDate } from './dates.ts';
import type { HistoryLine } from './liquidate.ts';
import { normalizeTooth } from './procedures.ts';
import type { FrequencyRule } from './rules.ts';

/** What the frequency windows of a code are read against: the policy's benefit year and the patient's services. */
export interface FrequencyWindowFacts {
  readonly benefitYear: BenefitYearKind;
  readonly policyStart: IsoDate;
  readonly frequencies: readonly FrequencyRule[];
  /** The patient's services that count (the engine's history: live, not rejected). */
  readonly history: readonly HistoryLine[];
}

/** Whether `other` counts toward `rule` for a service on `date` — the engine's own windows (liquidate.ts inPeriod). */
function sameWindow(facts: FrequencyWindowFacts, rule: FrequencyRule, date: IsoDate, other: IsoDate): boolean {
  switch (rule.period.unit) {
    case 'LIFETIME':
      return true;
    case 'BENEFIT_YEAR':
      return benefitYearEnd(facts.benefitYear, facts.policyStart, date) === benefitYearEnd(facts.benefitYear, facts.policyStart, other);
    case 'CALENDAR_YEAR':
      return date.slice(0, 4) === other.slice(0, 4);
    case 'MONTHS':
      return other > addMonths(date, -rule.period.months) && other < addMonths(date, rule.period.months);
  }
}

/** The earliest date after `date` on which the service that fills `rule` at `date` may no longer count. */
function windowEnd(facts: FrequencyWindowFacts, rule: FrequencyRule, date: IsoDate, counted: readonly HistoryLine[]): IsoDate | null {
  switch (rule.period.unit) {
    case 'LIFETIME':
      return null;
    case 'BENEFIT_YEAR':
      return addDays(benefitYearEnd(facts.benefitYear, facts.policyStart, date), 1);
    case 'CALENDAR_YEAR':
      return `${Number(date.slice(0, 4)) + 1}-01-01`;
    case 'MONTHS': {
      // A rolling window: the oldest service in it leaves it `months` later (at least a day on, whatever month ends do).
      const oldest = counted.map((p) => p.serviceDate).sort()[0]!;
      const out = addMonths(oldest, rule.period.months);
      return out > date ? out : addDays(date, 1);
    }
  }
}

/**
 * The first date on or after `from` on which one more service of `code` (on `tooth`) fits every frequency limit of
 * the code (R6), or null when a lifetime limit is used up. Rules counted per tooth are left out when no tooth is
 * given: the answer cannot name a date for every tooth at once.
 */
export function nextAllowedDate(facts: FrequencyWindowFacts, code: string, tooth: string | number | null, from: IsoDate): IsoDate | null {
  const wanted = normalizeTooth(tooth);
  const rules = facts.frequencies.filter((f) => f.codes.includes(code) && (!f.perTooth || wanted !== null));
  let date = from;
  // Each step moves past one full window; a few hundred steps cover any history a patient has.
  for (let step = 0; step < 400; step++) {
    let blockedUntil: IsoDate | null | undefined;
    for (const rule of rules) {
      const counted = facts.history.filter(
        (p) => rule.codes.includes(p.code) && (!rule.perTooth || normalizeTooth(p.tooth ?? null) === wanted) && sameWindow(facts, rule, date, p.serviceDate),
      );
      if (counted.reduce((sum, p) => sum + (p.quantity ?? 1), 0) < rule.count) continue;
      const end = windowEnd(facts, rule, date, counted);
      if (end === null) return null;
      if (blockedUntil === undefined || (blockedUntil !== null && end > blockedUntil)) blockedUntil = end;
    }
    if (blockedUntil === undefined) return date;
    date = blockedUntil!;
  }
  return null;
}
