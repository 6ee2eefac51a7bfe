import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  liquidate,
  normalizeTooth,
  orthodonticSchedule,
  percentOf,
  resolveRules,
  type BenefitRules,
  type BenefitUsage,
  type Claim,
  type ClaimFacts,
  type ClaimLine,
  type IsoDate,
  type Liquidation,
} from '@core/benefits/index.ts';

// Codes across every category, plus invalid ones; teeth valid, primary, missing and invalid.
const GENERAL_CODES = ['D0120', 'D0150', 'D0210', 'D0274', 'D0330', 'D1110', 'D1206', 'D1351', 'D2140', 'D2391', 'D2740', 'D3330', 'D4341', 'D5110', 'D6010', 'D7140', 'D9110', 'D0050', 'X1'];
const ORTHO_CODES = ['D8080', 'D8670', 'D8680', 'D0120'];
const TEETH = [null, null, 11, 16, 26, 36, 46, 85, '16', 19];

const dateBetween = (from: IsoDate, days: number) => fc.integer({ min: 0, max: days }).map((n) => addDays(from, n));
const cents = (max: number) => fc.integer({ min: 0, max });

const rulesArb: fc.Arbitrary<BenefitRules> = fc
  .record({
    annualMaximumCents: cents(300_000),
    individualCents: cents(10_000),
    familyCents: fc.option(cents(30_000), { nil: null }),
    coverage: fc.tuple(cents(100), cents(100), cents(100), cents(100), cents(100)),
    benefitYear: fc.constantFrom('CALENDAR' as const, 'ANNIVERSARY' as const),
    lifetimeMaximumCents: cents(150_000),
    ageLimit: fc.option(fc.integer({ min: 10, max: 30 }), { nil: null }),
    stopAtAgeLimit: fc.boolean(),
    waiveOrthoDeductible: fc.boolean(),
    feeSchedule: fc.option(cents(200_000), { nil: undefined }),
  })
  .map((r) =>
    resolveRules({
      annualMaximumCents: r.annualMaximumCents,
      deductible: {
        individualCents: r.individualCents,
        familyCents: r.familyCents,
        waivedCategories: r.waiveOrthoDeductible ? ['PREVENTIVE', 'DIAGNOSTIC', 'ORTHODONTIC'] : ['PREVENTIVE', 'DIAGNOSTIC'],
      },
      coveragePercent: { DIAGNOSTIC: r.coverage[0], PREVENTIVE: r.coverage[1], BASIC: r.coverage[2], MAJOR: r.coverage[3], ORTHODONTIC: r.coverage[4] },
      benefitYear: r.benefitYear,
      orthodontic: { lifetimeMaximumCents: r.lifetimeMaximumCents, ageLimit: r.ageLimit, stopAtAgeLimit: r.stopAtAgeLimit },
      feeSchedule: r.feeSchedule === undefined ? {} : { D2391: r.feeSchedule, D2740: r.feeSchedule },
    }),
  );

/** Lines of a claim invoiced on `invoiceDate`, served up to ~7 months before it (a few after). */
const lineArb = (codes: readonly string[], invoiceDate: IsoDate) =>
  fc.record({
    code: fc.constantFrom(...codes),
    tooth: fc.constantFrom(...TEETH),
    serviceDate: fc.integer({ min: -200, max: 5 }).map((n) => addDays(invoiceDate, n)),
    quantity: fc.constantFrom(1, 1, 1, 2),
    chargedCents: cents(300_000),
    allowableCents: fc.option(cents(300_000), { nil: undefined }),
    otherInsurerPaidCents: fc.option(cents(300_000), { nil: undefined }),
  });

const claimArb: fc.Arbitrary<{ claim: Claim; invoiceDate: IsoDate; delay: number }> = dateBetween('2023-06-01', 1_300).chain((invoiceDate) =>
  fc.record({
    claim: fc
      .oneof(
        fc.record({ type: fc.constant('GENERAL' as const), lines: fc.array(lineArb(GENERAL_CODES, invoiceDate), { maxLength: 8 }) }),
        fc.record({ type: fc.constant('ORTHODONTIC' as const), lines: fc.array(lineArb(ORTHO_CODES, invoiceDate), { maxLength: 4 }) }),
      )
      .map((c): Claim => ({ type: c.type, lines: c.lines.map((l, n): ClaimLine => ({ lineId: `line-${n}`, ...l })) })),
    invoiceDate: fc.constant(invoiceDate),
    delay: fc.integer({ min: 0, max: 100 }),
  }),
);

/** Claims in sequence, some of them filed again later. */
const claimsArb = fc
  .array(claimArb, { minLength: 1, maxLength: 5 })
  .chain((claims) => fc.subarray(claims).map((again) => [...claims, ...again]));

const factsArb: fc.Arbitrary<ClaimFacts> = fc.record({
  birthDate: fc.oneof(dateBetween('1960-01-01', 16_000), dateBetween('2004-01-01', 5_000)),
  enrolmentDate: dateBetween('2022-01-01', 900),
  policyStartDate: dateBetween('2021-01-01', 400),
  priorCoverageMonths: fc.constantFrom(0, 6, 12),
  coveragePeriods: fc.constantFrom(
    [{ from: '2021-01-01', to: null }],
    [{ from: '2021-01-01', to: '2024-06-30' }, { from: '2024-09-01', to: null }],
    [{ from: '2024-01-01', to: '2025-12-31' }],
  ),
  usage: fc.constant<BenefitUsage>({ benefitYears: {}, orthoLifetimeUsedCents: 0 }),
  history: fc.array(
    fc.record({ code: fc.constantFrom(...GENERAL_CODES, 'D8080'), tooth: fc.constantFrom(...TEETH), serviceDate: dateBetween('2021-01-01', 1_000) }),
    { maxLength: 6 },
  ),
  invoiceDate: fc.constant('2025-01-01'),
  submissionDate: fc.constant('2025-01-01'),
});

/** Liquidates the claims one after another, each seeing the usage and history the previous left. */
function runSequence(rules: BenefitRules, start: ClaimFacts, claims: ReadonlyArray<{ claim: Claim; invoiceDate: IsoDate; delay: number }>): Liquidation[] {
  let f = start;
  const results: Liquidation[] = [];
  for (const c of claims) {
    f = { ...f, invoiceDate: c.invoiceDate, submissionDate: addDays(c.invoiceDate, c.delay) };
    const result = liquidate(c.claim, f, rules);
    results.push(result);
    f = { ...f, usage: result.usageAfter, history: result.historyAfter };
  }
  return results;
}

describe('liquidation invariants over random sequences of claims', () => {
  it('never pays above the annual maximum per benefit year or the lifetime orthodontic maximum', () => {
    fc.assert(
      fc.property(rulesArb, factsArb, claimsArb, (rules, f, claims) => {
        const results = runSequence(rules, f, claims);
        const paidPerYear = new Map<string, number>();
        const deductiblePerYear = new Map<string, number>();
        let ortho = 0;
        for (const r of results) {
          for (const l of r.lines) {
            if (l.status !== 'APPROVED') continue;
            if (l.category === 'ORTHODONTIC') ortho += l.coveredCents;
            else paidPerYear.set(l.benefitYearStart!, (paidPerYear.get(l.benefitYearStart!) ?? 0) + l.coveredCents);
            deductiblePerYear.set(l.benefitYearStart!, (deductiblePerYear.get(l.benefitYearStart!) ?? 0) + l.deductibleCents);
          }
        }
        for (const paid of paidPerYear.values()) expect(paid).toBeLessThanOrEqual(rules.annualMaximumCents);
        for (const d of deductiblePerYear.values()) {
          expect(d).toBeLessThanOrEqual(rules.deductible.individualCents);
          if (rules.deductible.familyCents !== null) expect(d).toBeLessThanOrEqual(rules.deductible.familyCents);
        }
        expect(ortho).toBeLessThanOrEqual(rules.orthodontic.lifetimeMaximumCents);

        // The usage handed to the ledger is exactly what was paid.
        const last = results.at(-1)!;
        expect(last.usageAfter.orthoLifetimeUsedCents).toBe(ortho);
        for (const [year, paid] of paidPerYear) expect(last.usageAfter.benefitYears[year]?.annualUsedCents ?? 0).toBe(paid);
      }),
      { numRuns: 400 },
    );
  });

  it('pays per line between 0 and the allowed amount, the allowed amount within the charge, and COB within 100 %', () => {
    fc.assert(
      fc.property(rulesArb, factsArb, claimsArb, (rules, f, claims) => {
        for (const r of runSequence(rules, f, claims)) {
          for (const l of r.lines) {
            for (const v of [l.allowedCents, l.deductibleCents, l.coveredCents, l.excessCents, l.otherInsurerPaidCents]) {
              expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
            }
            expect(l.allowedCents).toBeLessThanOrEqual(l.chargedCents);
            expect(l.coveredCents).toBeLessThanOrEqual(l.allowedCents);
            expect(l.deductibleCents).toBeLessThanOrEqual(l.allowedCents);
            // Both insurers together never pay more than 100 % of the allowed amount.
            expect(l.coveredCents).toBeLessThanOrEqual(Math.max(0, l.allowedCents - l.otherInsurerPaidCents));
            // Never more than the category's percentage of what is left after the deductible.
            if (l.category !== null) expect(l.coveredCents).toBeLessThanOrEqual(percentOf(l.allowedCents - l.deductibleCents, rules.coveragePercent[l.category]));
            if (l.status === 'REJECTED') {
              expect(l.reason).toBeDefined();
              expect([l.allowedCents, l.deductibleCents, l.coveredCents]).toEqual([0, 0, 0]);
            }
          }
          const sum = (k: 'chargedCents' | 'coveredCents' | 'allowedCents' | 'deductibleCents') => r.lines.reduce((t, l) => t + l[k], 0);
          expect(r.totals.claimedCents).toBe(sum('chargedCents'));
          expect(r.totals.payableCents).toBe(sum('coveredCents'));
          expect(r.totals.allowedCents).toBe(sum('allowedCents'));
          expect(r.totals.deductibleCents).toBe(sum('deductibleCents'));
          expect(r.totals.patientShareCents).toBe(r.totals.claimedCents - r.totals.payableCents);
          expect(r.totals.patientShareCents).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('liquidating the same claim again against the usage and history it left pays nothing new (06)', () => {
    fc.assert(
      fc.property(rulesArb, factsArb, claimArb, (rules, f0, c) => {
        const f = { ...f0, invoiceDate: c.invoiceDate, submissionDate: addDays(c.invoiceDate, c.delay) };
        const first = liquidate(c.claim, f, rules);
        const second = liquidate(c.claim, { ...f, usage: first.usageAfter, history: first.historyAfter }, rules);
        expect(second.totals.payableCents).toBe(0);
        expect(second.usageAfter).toEqual(first.usageAfter);
        second.lines.forEach((l, n) => {
          expect(l.status).toBe('REJECTED');
          if (first.lines[n]!.status === 'APPROVED') expect(l.reason).toBe('06');
        });
      }),
      { numRuns: 400 },
    );
  });

  it('does not depend on how the usage is split between claims: one claim or the same lines one by one', () => {
    fc.assert(
      fc.property(rulesArb, factsArb, claimArb, (rules, f0, c) => {
        const f = { ...f0, invoiceDate: c.invoiceDate, submissionDate: addDays(c.invoiceDate, c.delay) };
        // Identical lines (same code, tooth and date) are left out: in one claim the second is a
        // duplicate of the first whatever became of it, across claims only approved ones count.
        const seen = new Set<string>();
        const lines = c.claim.lines.filter((l) => {
          const key = `${l.code}|${normalizeTooth(l.tooth) ?? String(l.tooth)}|${l.serviceDate}`;
          return seen.has(key) ? false : (seen.add(key), true);
        });
        const whole = liquidate({ ...c.claim, lines }, f, rules);
        const pieces = runSequence(
          rules,
          f,
          lines.map((l) => ({ claim: { type: c.claim.type, lines: [l] }, invoiceDate: c.invoiceDate, delay: c.delay })),
        );
        expect(pieces.map((p) => p.lines[0]!.coveredCents)).toEqual(whole.lines.map((l) => l.coveredCents));
        expect(pieces.map((p) => p.lines[0]!.status)).toEqual(whole.lines.map((l) => l.status));
      }),
      { numRuns: 300 },
    );
  });
});

describe('orthodontic schedule invariants', () => {
  const inputArb = fc.record({
    feeCents: fc.integer({ min: 1, max: 5_000_000 }),
    coveragePercent: cents(100),
    lifetimeRemainingCents: cents(1_000_000),
    initialPercent: cents(100),
    months: fc.integer({ min: 1, max: 36 }),
    frequency: fc.constantFrom('MONTHLY' as const, 'QUARTERLY' as const, 'SEMIANNUAL' as const, 'ANNUAL' as const),
    bandingDate: dateBetween('2020-01-01', 3_000),
    firstDelayDays: fc.integer({ min: 0, max: 90 }),
  });

  it('bills the fee exactly, pays at most the lifetime maximum, and skips only after it is reached', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = orthodonticSchedule(input);
        const rows = s.installments;
        expect(rows.reduce((t, i) => t + i.billableCents, 0)).toBe(input.feeCents);
        expect(s.totalBillableCents).toBe(input.feeCents);
        const uncapped = rows.reduce((t, i) => t + percentOf(i.billableCents, input.coveragePercent), 0);
        expect(s.totalBenefitCents).toBe(Math.min(uncapped, input.lifetimeRemainingCents));
        const periodic = rows.filter((i) => i.number > 0);
        expect(periodic).toHaveLength(Math.ceil(input.months / { MONTHLY: 1, QUARTERLY: 3, SEMIANNUAL: 6, ANNUAL: 12 }[input.frequency]));
        const amounts = periodic.map((i) => i.billableCents);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        let skipped = false;
        let previous = '';
        for (const i of rows) {
          expect(i.benefitCents).toBeGreaterThanOrEqual(0);
          expect(i.benefitCents).toBeLessThanOrEqual(i.billableCents);
          if (i.status === 'SKIPPED') {
            skipped = true;
            expect(i).toMatchObject({ benefitCents: 0, reason: '31' });
          } else {
            expect(skipped).toBe(false);
          }
          expect(i.dueDate > previous).toBe(true);
          if (i.number > 0) expect(i.dueDate.endsWith('-01')).toBe(true);
          previous = i.dueDate;
        }
        if (skipped) expect(s.totalBenefitCents).toBe(input.lifetimeRemainingCents);
      }),
      { numRuns: 500 },
    );
  });
});
