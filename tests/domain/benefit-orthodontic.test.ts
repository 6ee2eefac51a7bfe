import { describe, expect, it } from 'vitest';
import {
  BenefitInputError,
  DEFAULT_RULES,
  NO_USAGE,
  liquidate,
  orthodonticInstallmentDue,
  orthodonticSchedule,
  orthodonticScheduleInput,
  resolveRules,
  type ClaimFacts,
} from '@core/benefits/index.ts';
import { after, claim, facts, line, outcome, ORTHODONTIC_FIXTURE, INSTALLMENT_DUE } from './benefit-fixtures.ts';


describe('orthodontic schedule — the worked fixture (research 3.3)', () => {
  const schedule = orthodonticSchedule(ORTHODONTIC_FIXTURE);
  const rows = schedule.installments;

  it('has installment 0 and 24 monthly installments', () => {
    expect(rows.map((i) => i.number)).toEqual(Array.from({ length: 25 }, (_, n) => n));
    expect(schedule.periodicCount).toBe(24);
  });

  it('bills 1,200.00 at banding and pays 600.00 for it', () => {
    expect(rows[0]).toEqual({ number: 0, dueDate: '2025-03-10', billableCents: 120_000, benefitCents: 60_000, status: 'SCHEDULED' });
  });

  it.each(Array.from({ length: 9 }, (_, n) => n + 1))('installment %i bills 200.00 and pays 100.00', (n) => {
    expect(rows[n]).toMatchObject({ number: n, billableCents: 20_000, benefitCents: 10_000, status: 'SCHEDULED' });
    expect(rows[n]?.reason).toBeUndefined();
  });

  it.each(Array.from({ length: 15 }, (_, n) => n + 10))('installment %i bills 200.00 and is SKIPPED with 31', (n) => {
    expect(rows[n]).toMatchObject({ number: n, billableCents: 20_000, benefitCents: 0, status: 'SKIPPED', reason: '31' });
  });

  it('reaches the lifetime maximum with the 9th installment, exactly 1,500.00 in all', () => {
    expect(schedule.lifetimeReachedWith).toBe(9);
    expect(schedule.totalBenefitCents).toBe(150_000);
    expect(rows.reduce((t, i) => t + i.benefitCents, 0)).toBe(150_000);
    expect(schedule.totalBillableCents).toBe(600_000);
  });

  it('dates the first periodic installment on the 1st of the month after banding + 30 days, then monthly', () => {
    // 2025-03-10 + 30 days = 2025-04-09 → 2025-05-01.
    expect(rows.slice(1).map((i) => i.dueDate)).toEqual(
      Array.from({ length: 24 }, (_, k) => {
        const month = 4 + k; // May 2025 = month index 4 (0-based)
        return `${2025 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
      }),
    );
    expect(rows[1]?.dueDate).toBe('2025-05-01');
    expect(rows[24]?.dueDate).toBe('2027-04-01');
  });

  it('comes out of the default rules too', () => {
    const input = orthodonticScheduleInput(DEFAULT_RULES, { feeCents: 600_000, bandingDate: '2025-03-10', lifetimeUsedCents: 0 });
    expect(input).toEqual(ORTHODONTIC_FIXTURE);
    expect(orthodonticScheduleInput(DEFAULT_RULES, { feeCents: 600_000, bandingDate: '2025-03-10', lifetimeUsedCents: 200_000 }).lifetimeRemainingCents).toBe(0);
    expect(orthodonticScheduleInput(resolveRules({ orthodontic: { months: 12 } }), { feeCents: 1, bandingDate: '2025-03-10', lifetimeUsedCents: 0, frequency: 'QUARTERLY' })).toMatchObject({ months: 12, frequency: 'QUARTERLY' });
  });

  it('pays the same installment by installment through liquidate, then rejects with 31', () => {
    let f: ClaimFacts = facts({ birthDate: '2012-05-01', orthoBandingDate: '2025-03-10', usage: NO_USAGE });
    const paid: number[] = [];
    const reasons: string[] = [];
    for (const i of rows) {
      const c = claim([line(i.number === 0 ? 'D8080' : 'D8670', { serviceDate: i.dueDate, chargedCents: i.billableCents })], 'ORTHODONTIC');
      f = { ...f, invoiceDate: i.dueDate, submissionDate: i.dueDate };
      const result = liquidate(c, f, DEFAULT_RULES);
      paid.push(result.totals.payableCents);
      reasons.push(outcome(result.lines[0]!));
      f = after(f, result);
    }
    expect(paid).toEqual(rows.map((i) => i.benefitCents));
    expect(reasons).toEqual(rows.map((i) => (i.status === 'SKIPPED' ? 'REJECTED 31' : 'APPROVED')));
    expect(f.usage.orthoLifetimeUsedCents).toBe(150_000);
  });
});

describe('orthodontic schedule — other shapes', () => {
  it('spreads the odd cents so the billable amounts add up to the fee exactly', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, feeCents: 100_001, lifetimeRemainingCents: 1_000_000 });
    expect(s.installments[0]?.billableCents).toBe(20_000); // 20,000.2 → 20,000
    const periodic = s.installments.slice(1).map((i) => i.billableCents);
    expect(periodic.slice(0, 9)).toEqual(Array(9).fill(3_334)); // 80,001 = 24 × 3,333 + 9
    expect(periodic.slice(9)).toEqual(Array(15).fill(3_333));
    expect(s.totalBillableCents).toBe(100_001);
  });

  it.each([
    ['QUARTERLY', 24, 8, 3],
    ['SEMIANNUAL', 24, 4, 6],
    ['ANNUAL', 24, 2, 12],
    ['QUARTERLY', 10, 4, 3],
    ['MONTHLY', 1, 1, 1],
  ] as const)('%s over %i months: %i installments %i months apart', (frequency, months, count, step) => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, frequency, months });
    expect(s.periodicCount).toBe(count);
    const dates = s.installments.slice(1).map((i) => i.dueDate);
    expect(dates).toHaveLength(count);
    dates.forEach((d, k) => {
      const monthIndex = Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
      expect(monthIndex).toBe(2025 * 12 + 4 + k * step);
      expect(d.endsWith('-01')).toBe(true);
    });
    expect(s.totalBillableCents).toBe(600_000);
  });

  it.each([
    ['2025-03-01', 0, '2025-04-01'],
    ['2025-01-31', 0, '2025-02-01'],
    ['2025-01-31', 1, '2025-03-01'],
    ['2025-12-15', 30, '2026-02-01'],
    ['2025-12-01', 30, '2026-01-01'],
  ])('banding %s + %i days → first periodic installment %s', (bandingDate, firstDelayDays, first) => {
    expect(orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, bandingDate, firstDelayDays }).installments[1]?.dueDate).toBe(first);
  });

  it('leaves out installment 0 when nothing is billed at banding', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, initialPercent: 0 });
    expect(s.installments[0]).toMatchObject({ number: 1, billableCents: 25_000, benefitCents: 12_500 });
    expect(s.installments).toHaveLength(24);
  });

  it('caps the installment that crosses the maximum and skips the rest', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, lifetimeRemainingCents: 65_000 });
    expect(s.installments.slice(0, 3).map((i) => [i.benefitCents, i.status])).toEqual([
      [60_000, 'SCHEDULED'],
      [5_000, 'SCHEDULED'],
      [0, 'SKIPPED'],
    ]);
    expect(s.lifetimeReachedWith).toBe(1);
    expect(s.totalBenefitCents).toBe(65_000);
  });

  it('skips everything when the lifetime maximum is already used up', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, lifetimeRemainingCents: 0 });
    expect(s.installments.every((i) => i.status === 'SKIPPED' && i.reason === '31' && i.benefitCents === 0)).toBe(true);
    expect(s.lifetimeReachedWith).toBeNull();
  });

  it('never reaches a maximum larger than the benefit', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, lifetimeRemainingCents: 500_000 });
    expect(s.totalBenefitCents).toBe(300_000);
    expect(s.lifetimeReachedWith).toBeNull();
    expect(s.installments.every((i) => i.status === 'SCHEDULED')).toBe(true);
  });

  it.each([
    ['a zero fee', { feeCents: 0 }, 'feeCents'],
    ['fractional cents', { feeCents: 100.5 }, 'feeCents'],
    ['a percentage above 100', { coveragePercent: 150 }, 'coveragePercent'],
    ['37 months', { months: 37 }, 'months'],
    ['0 months', { months: 0 }, 'months'],
    ['an unknown frequency', { frequency: 'WEEKLY' as never }, 'frequency'],
    ['a malformed banding date', { bandingDate: '2025-02-30' }, 'bandingDate'],
    ['a negative delay', { firstDelayDays: -1 }, 'firstDelayDays'],
  ])('throws on %s', (_label, over, path) => {
    expect(() => orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, ...over })).toThrow(BenefitInputError);
    expect(() => orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, ...over })).toThrow(path);
  });
});

describe('an installment falling due', () => {

  it.each([
    ['claimable', {}, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['claimable on its due date', { asOf: '2026-06-01' }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['not due the day before', { asOf: '2026-05-31' }, { status: 'NOT_DUE' }],
    ['capped by what is left', { lifetimeRemainingCents: 2_500 }, { status: 'CLAIMABLE', benefitCents: 2_500 }],
    ['one cent left', { lifetimeRemainingCents: 1 }, { status: 'CLAIMABLE', benefitCents: 1 }],
    ['lifetime maximum used up', { lifetimeRemainingCents: 0 }, { status: 'SKIPPED', reason: '31' }],
    ['coverage ended the day before', { coveragePeriods: [{ from: '2020-01-01', to: '2026-05-31' }] }, { status: 'SKIPPED', reason: '07' }],
    ['coverage ends on the due date (inclusive)', { coveragePeriods: [{ from: '2020-01-01', to: '2026-06-01' }] }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['19 at banding', { bandingDate: '2026-03-10' }, { status: 'SKIPPED', reason: '04' }],
    ['turned 19 after banding, payments continue', {}, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['turned 19 after banding, payments stop at the limit', { stopAtAgeLimit: true }, { status: 'SKIPPED', reason: '04' }],
    ['18 on the due date, payments stop at the limit', { stopAtAgeLimit: true, dueDate: '2026-03-09' }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['no age limit', { ageLimit: null, bandingDate: '2040-01-01' }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
  ])('%s', (_label, over, expected) => {
    expect(orthodonticInstallmentDue({ ...INSTALLMENT_DUE, ...over })).toEqual(expected);
  });

  it('throws on malformed input', () => {
    expect(() => orthodonticInstallmentDue({ ...INSTALLMENT_DUE, dueDate: '2026-6-1' })).toThrow(BenefitInputError);
    expect(() => orthodonticInstallmentDue({ ...INSTALLMENT_DUE, lifetimeRemainingCents: -1 })).toThrow(BenefitInputError);
  });
});
