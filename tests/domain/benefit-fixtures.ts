import {
  DEFAULT_RULES,
  NO_USAGE,
  liquidate,
  type BenefitRules,
  type BenefitUsage,
  type Claim,
  type ClaimFacts,
  type ClaimLine,
  type ClaimType,
  type LineLiquidation,
  type Liquidation,
  type InstallmentDueInput,
  type OrthodonticScheduleInput,
  type YearUsage,
} from '@core/benefits/index.ts';
import type { PolicyBenefitRule } from '@core/benefits/policy-rules.ts';

/** An adult enrolled long ago, covered without end, nothing used, filed on time in 2025. */
export const BASE_FACTS: ClaimFacts = {
  birthDate: '1990-06-15',
  enrolmentDate: '2020-01-01',
  coveragePeriods: [{ from: '2020-01-01', to: null }],
  usage: NO_USAGE,
  history: [],
  invoiceDate: '2025-03-01',
  submissionDate: '2025-03-10',
};

export function facts(over: Partial<ClaimFacts> = {}): ClaimFacts {
  return { ...BASE_FACTS, ...over };
}

let nextId = 0;

/** A line of 100.00 on 2025-03-01 for the given code (override anything). */
export function line(code: string, over: Partial<ClaimLine> = {}): ClaimLine {
  nextId += 1;
  return { lineId: `L${nextId}`, code, serviceDate: '2025-03-01', chargedCents: 10_000, ...over };
}

export function claim(lines: readonly ClaimLine[], type: ClaimType = 'GENERAL'): Claim {
  return { type, lines };
}

/** Usage of the 2025 calendar benefit year. */
export function used2025(u: Partial<YearUsage>, orthoLifetimeUsedCents = 0): BenefitUsage {
  return {
    benefitYears: { '2025-01-01': { deductibleUsedCents: 0, familyDeductibleUsedCents: 0, annualUsedCents: 0, ...u } },
    orthoLifetimeUsedCents,
  };
}

/** Liquidates a one-line claim and returns the line. */
export function one(l: ClaimLine, f: Partial<ClaimFacts> = {}, rules: BenefitRules = DEFAULT_RULES, type?: ClaimType): LineLiquidation {
  const result = liquidate(claim([l], type ?? (l.code.startsWith('D8') ? 'ORTHODONTIC' : 'GENERAL')), facts(f), rules);
  const [only] = result.lines;
  if (!only) throw new Error('no line');
  return only;
}

/** The facts for the next claim of the same patient: usage and history after `result`. */
export function after(f: ClaimFacts, result: Liquidation): ClaimFacts {
  return { ...f, usage: result.usageAfter, history: result.historyAfter };
}

/** Status and reason of a line, for compact table assertions. */
export function outcome(l: LineLiquidation): string {
  return l.status === 'APPROVED' ? 'APPROVED' : `REJECTED ${l.reason ?? '?'}`;
}

/** Deep-freezes a value so a test fails if the engine mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Research 3.3 worked fixture: 6,000.00, 50 %, lifetime 1,500.00, 20 % initial, 24 monthly. */
export const ORTHODONTIC_FIXTURE: OrthodonticScheduleInput = {
  feeCents: 600_000,
  coveragePercent: 50,
  lifetimeRemainingCents: 150_000,
  initialPercent: 20,
  months: 24,
  frequency: 'MONTHLY',
  bandingDate: '2025-03-10',
  firstDelayDays: 30,
};

/** A policy's row of benefit rules (research 2.2): only the kind and the fields given, the others empty. */
export const ruleRow = (over: Partial<PolicyBenefitRule> & Pick<PolicyBenefitRule, 'kind'>): PolicyBenefitRule => ({
  category: null,
  procedureCode: null,
  percent: null,
  months: null,
  amountCents: null,
  quantity: null,
  period: null,
  level: null,
  ...over,
});

/** An orthodontic installment of 200.00 due 2026-06-01 for a patient turning 19 on 2026-03-10, covered through 2026. */
export const INSTALLMENT_DUE: InstallmentDueInput = {
  billableCents: 20_000,
  dueDate: '2026-06-01',
  coveragePercent: 50,
  lifetimeRemainingCents: 150_000,
  birthDate: '2007-03-10',
  bandingDate: '2026-03-09',
  ageLimit: 19,
  stopAtAgeLimit: false,
  coveragePeriods: [{ from: '2020-01-01', to: '2026-12-31' }],
};
