import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  orthodonticInstallmentDue,
  orthodonticSchedule,
  orthodonticScheduleInput,
  resolveRules,
  type InstallmentDueInput,
  type OrthodonticScheduleInput,
} from '@core/benefits/index.ts';
import { ORTHODONTIC_FIXTURE, INSTALLMENT_DUE } from './benefit-fixtures.ts';


/** The path and message of what orthodonticSchedule refuses, or 'accepted'. */
function refusal(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the worked fixture as one table (research 3.3)', () => {
  it('bills 1,200.00 then 24 × 200.00, pays 600.00 + 9 × 100.00, and skips #10–#24 with 31', () => {
    const s = orthodonticSchedule(ORTHODONTIC_FIXTURE);
    expect(s.installments.map((i) => [i.number, i.billableCents, i.benefitCents, i.status, i.reason ?? null])).toEqual([
      [0, 120_000, 60_000, 'SCHEDULED', null],
      ...Array.from({ length: 9 }, (_, k) => [k + 1, 20_000, 10_000, 'SCHEDULED', null]),
      ...Array.from({ length: 15 }, (_, k) => [k + 10, 20_000, 0, 'SKIPPED', '31']),
    ]);
    expect([s.periodicCount, s.totalBillableCents, s.totalBenefitCents, s.lifetimeReachedWith]).toEqual([24, 600_000, 150_000, 9]);
  });

  it('reaches the maximum with installment 0 when it alone uses it up', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, lifetimeRemainingCents: 60_000 });
    expect(s.lifetimeReachedWith).toBe(0);
    expect(s.installments[0]).toMatchObject({ benefitCents: 60_000, status: 'SCHEDULED' });
    expect(s.installments[1]).toMatchObject({ benefitCents: 0, status: 'SKIPPED', reason: '31' });
  });

  it('bills the whole fee at banding at 100 % initial, every periodic installment 0.00 and skipped once the benefit is paid', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, initialPercent: 100, lifetimeRemainingCents: 300_000 });
    expect(s.installments[0]).toMatchObject({ billableCents: 600_000, benefitCents: 300_000 });
    expect(s.installments.slice(1).every((i) => i.billableCents === 0 && i.status === 'SKIPPED')).toBe(true);
    expect(s.lifetimeReachedWith).toBe(0);
  });

  it('pays nothing at 0 % coverage without ever reaching the maximum', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, coveragePercent: 0 });
    expect(s.totalBenefitCents).toBe(0);
    expect(s.lifetimeReachedWith).toBeNull();
    expect(s.installments.every((i) => i.status === 'SCHEDULED')).toBe(true);
  });

  it('spreads the odd cents of a one-month plan into its single installment', () => {
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, feeCents: 1_001, months: 1, initialPercent: 0 });
    expect(s.installments).toEqual([{ number: 1, dueDate: '2025-05-01', billableCents: 1_001, benefitCents: 501, status: 'SCHEDULED' }]);
  });

  it('gives one odd cent each to the first installments only', () => {
    // 10.03 over 3 quarters after 0 % initial: 3.35, 3.34, 3.34.
    const s = orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, feeCents: 1_003, months: 9, frequency: 'QUARTERLY', initialPercent: 0 });
    expect(s.installments.map((i) => [i.dueDate, i.billableCents])).toEqual([
      ['2025-05-01', 335],
      ['2025-08-01', 334],
      ['2025-11-01', 334],
    ]);
  });
});

describe('schedule input at its limits', () => {
  it.each<[string, Partial<OrthodonticScheduleInput>, string]>([
    ['a fee of one cent', { feeCents: 1 }, 'accepted'],
    ['36 months', { months: 36 }, 'accepted'],
    ['one month', { months: 1 }, 'accepted'],
    ['a delay of ten years', { firstDelayDays: 3650 }, 'accepted'],
    ['no delay', { firstDelayDays: 0 }, 'accepted'],
    ['no lifetime maximum left', { lifetimeRemainingCents: 0 }, 'accepted'],
    ['a zero fee', { feeCents: 0 }, 'feeCents: expected a positive fee'],
    ['a negative fee', { feeCents: -1 }, 'feeCents: expected integer cents in 0..1000000000000, got -1'],
    ['a coverage of 101 %', { coveragePercent: 101 }, 'coveragePercent: expected an integer percentage 0..100, got 101'],
    ['a negative lifetime maximum', { lifetimeRemainingCents: -1 }, 'lifetimeRemainingCents: expected integer cents in 0..1000000000000, got -1'],
    ['an initial share of 101 %', { initialPercent: 101 }, 'initialPercent: expected an integer percentage 0..100, got 101'],
    ['37 months', { months: 37 }, 'months: expected an integer in 1..36, got 37'],
    ['0 months', { months: 0 }, 'months: expected an integer in 1..36, got 0'],
    ['half a month', { months: 1.5 }, 'months: expected an integer in 1..36, got 1.5'],
    ['months as text', { months: '12' as never }, 'months: expected an integer in 1..36, got 12'],
    ['a weekly plan', { frequency: 'WEEKLY' as never }, 'frequency: unknown frequency WEEKLY'],
    ['a frequency from the object prototype', { frequency: 'toString' as never }, 'frequency: unknown frequency toString'],
    ['an impossible banding date', { bandingDate: '2025-02-29' }, 'bandingDate: expected a date YYYY-MM-DD, got 2025-02-29'],
    ['a delay over ten years', { firstDelayDays: 3651 }, 'firstDelayDays: expected an integer in 0..3650, got 3651'],
    ['a negative delay', { firstDelayDays: -1 }, 'firstDelayDays: expected an integer in 0..3650, got -1'],
  ])('%s: %s', (_label, over, outcome) => {
    expect(refusal(() => orthodonticSchedule({ ...ORTHODONTIC_FIXTURE, ...over }))).toBe(outcome);
  });
});

describe('the schedule input from the rules and the plan', () => {
  it('takes the plan’s own months, frequency, initial share and delay over the rules', () => {
    const rules = resolveRules({ coveragePercent: { ORTHODONTIC: 60 }, orthodontic: { lifetimeMaximumCents: 200_000, initialPercent: 25, months: 30, frequency: 'QUARTERLY', firstDelayDays: 10 } });
    const plan = { feeCents: 500_000, bandingDate: '2025-06-02', lifetimeUsedCents: 50_000 };
    expect(orthodonticScheduleInput(rules, plan)).toEqual({
      feeCents: 500_000,
      coveragePercent: 60,
      lifetimeRemainingCents: 150_000,
      initialPercent: 25,
      months: 30,
      frequency: 'QUARTERLY',
      bandingDate: '2025-06-02',
      firstDelayDays: 10,
    });
    expect(orthodonticScheduleInput(rules, { ...plan, months: 12, frequency: 'SEMIANNUAL', initialPercent: 0, firstDelayDays: 0 })).toMatchObject({
      months: 12,
      frequency: 'SEMIANNUAL',
      initialPercent: 0,
      firstDelayDays: 0,
    });
  });

  it('refuses a used lifetime amount that is not whole minor units', () => {
    expect(refusal(() => orthodonticScheduleInput(DEFAULT_RULES, { feeCents: 1, bandingDate: '2025-06-02', lifetimeUsedCents: -1 }))).toBe(
      'lifetimeUsedCents: expected integer cents in 0..1000000000000, got -1',
    );
  });
});

describe('an installment falling due, at its edges', () => {

  it.each<[string, Partial<InstallmentDueInput>, unknown]>([
    ['coverage open-ended (no end)', { coveragePeriods: [{ from: '2026-01-01' }] }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['coverage open-ended (null end)', { coveragePeriods: [{ from: '2026-01-01', to: null }] }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['coverage starting on the due date', { coveragePeriods: [{ from: '2026-06-01', to: null }] }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['coverage starting the day after', { coveragePeriods: [{ from: '2026-06-02', to: null }] }, { status: 'SKIPPED', reason: '07' }],
    ['no coverage at all', { coveragePeriods: [] }, { status: 'SKIPPED', reason: '07' }],
    ['the second period covers it', { coveragePeriods: [{ from: '2020-01-01', to: '2025-12-31' }, { from: '2026-05-01', to: '2026-06-30' }] }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['evaluated after its date', { asOf: '2026-09-01' }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
    ['not due, whatever else is wrong', { asOf: '2026-05-01', coveragePeriods: [], lifetimeRemainingCents: 0 }, { status: 'NOT_DUE' }],
    ['out of coverage before the age limit is looked at', { coveragePeriods: [], bandingDate: '2030-01-01' }, { status: 'SKIPPED', reason: '07' }],
    ['past the age limit before the maximum is looked at', { bandingDate: '2030-01-01', lifetimeRemainingCents: 0 }, { status: 'SKIPPED', reason: '04' }],
    ['an age limit of 0 refuses everyone', { ageLimit: 0 }, { status: 'SKIPPED', reason: '04' }],
    ['an odd billable amount rounds half up', { billableCents: 20_001 }, { status: 'CLAIMABLE', benefitCents: 10_001 }],
    ['the benefit exactly what is left', { lifetimeRemainingCents: 10_000 }, { status: 'CLAIMABLE', benefitCents: 10_000 }],
  ])('%s', (_label, over, expected) => {
    expect(orthodonticInstallmentDue({ ...INSTALLMENT_DUE, ...over })).toEqual(expected);
  });

  it.each<[string, Partial<InstallmentDueInput>, string]>([
    ['a negative billable amount', { billableCents: -1 }, 'billableCents: expected integer cents'],
    ['an impossible due date', { dueDate: '2026-02-29' }, 'dueDate: expected a date YYYY-MM-DD, got 2026-02-29'],
    ['a coverage of 101 %', { coveragePercent: 101 }, 'coveragePercent: expected an integer percentage'],
    ['a fractional lifetime amount', { lifetimeRemainingCents: 0.5 }, 'lifetimeRemainingCents: expected integer cents'],
    ['an impossible birth date', { birthDate: '2007-02-29' }, 'birthDate: expected a date'],
    ['an impossible banding date', { bandingDate: '2026-13-01' }, 'bandingDate: expected a date'],
    ['an age limit above 150', { ageLimit: 151 }, 'ageLimit: expected an integer in 0..150, got 151'],
    ['a negative age limit', { ageLimit: -1 }, 'ageLimit: expected an integer in 0..150, got -1'],
    ['a coverage period with an impossible start', { coveragePeriods: [{ from: '2020-01-01' }, { from: '2020-1-1' }] }, 'coveragePeriods.1.from: expected a date'],
    ['a coverage period with an impossible end', { coveragePeriods: [{ from: '2020-01-01', to: '2026-06-31' }] }, 'coveragePeriods.0.to: expected a date'],
    ['an impossible evaluation date', { asOf: 'today' }, 'asOf: expected a date'],
  ])('refuses %s', (_label, over, message) => {
    expect(refusal(() => orthodonticInstallmentDue({ ...INSTALLMENT_DUE, ...over }))).toContain(message);
  });

  it('accepts an age limit of 150', () => {
    expect(orthodonticInstallmentDue({ ...INSTALLMENT_DUE, ageLimit: 150 })).toEqual({ status: 'CLAIMABLE', benefitCents: 10_000 });
  });
});
