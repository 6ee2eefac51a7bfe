import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, resolveRules, runningWaitingPeriods, waitingPeriodEnd } from '@core/benefits/index.ts';

// R5 with the defaults: basic care waits 6 months from enrolment, major care and orthodontics 12; 12 months of
// prior continuous coverage waive them.
const enrolled = { enrolmentDate: '2025-01-31' };

describe('the first covered day after a waiting period (R5)', () => {
  it.each([
    ['DIAGNOSTIC', null],
    ['PREVENTIVE', null],
    ['BASIC', '2025-07-31'],
    ['MAJOR', '2026-01-31'],
    ['ORTHODONTIC', '2026-01-31'],
  ] as const)('%s from an enrolment on 2025-01-31: %s', (category, end) => {
    expect(waitingPeriodEnd(DEFAULT_RULES, category, enrolled)).toBe(end);
  });

  it('clamps to the end of a shorter month', () => {
    const oneMonth = resolveRules({ waitingPeriods: { months: { BASIC: 1 } } });
    expect(waitingPeriodEnd(oneMonth, 'BASIC', enrolled)).toBe('2025-02-28');
  });

  it('is waived from exactly the prior coverage the rules ask for, not a month less', () => {
    expect(waitingPeriodEnd(DEFAULT_RULES, 'MAJOR', { ...enrolled, priorCoverageMonths: 12 })).toBeNull();
    expect(waitingPeriodEnd(DEFAULT_RULES, 'MAJOR', { ...enrolled, priorCoverageMonths: 11 })).toBe('2026-01-31');
    expect(waitingPeriodEnd(DEFAULT_RULES, 'MAJOR', { ...enrolled, priorCoverageMonths: 0 })).toBe('2026-01-31');
  });

  it('is never waived when the rules have no waiver', () => {
    const noWaiver = resolveRules({ waitingPeriods: { waiverPriorCoverageMonths: null } });
    expect(waitingPeriodEnd(noWaiver, 'BASIC', { ...enrolled, priorCoverageMonths: 600 })).toBe('2025-07-31');
  });

  it('waives a waiting period of 0 prior months when the waiver asks for none', () => {
    const always = resolveRules({ waitingPeriods: { waiverPriorCoverageMonths: 0 } });
    expect(waitingPeriodEnd(always, 'BASIC', enrolled)).toBeNull();
  });

  it('counts orthodontic prior coverage for orthodontics only, else the general prior coverage', () => {
    const orthoOnly = { ...enrolled, priorCoverageMonths: 0, priorOrthodonticCoverageMonths: 24 };
    expect(waitingPeriodEnd(DEFAULT_RULES, 'ORTHODONTIC', orthoOnly)).toBeNull();
    expect(waitingPeriodEnd(DEFAULT_RULES, 'MAJOR', orthoOnly)).toBe('2026-01-31');
    const generalOnly = { ...enrolled, priorCoverageMonths: 24, priorOrthodonticCoverageMonths: 0 };
    expect(waitingPeriodEnd(DEFAULT_RULES, 'ORTHODONTIC', generalOnly)).toBe('2026-01-31');
    expect(waitingPeriodEnd(DEFAULT_RULES, 'MAJOR', generalOnly)).toBeNull();
    expect(waitingPeriodEnd(DEFAULT_RULES, 'ORTHODONTIC', { ...enrolled, priorCoverageMonths: 24 })).toBeNull();
  });
});

describe('the waiting periods still running on a day', () => {
  it('lists each category on the last day it waits, with its months and first covered day', () => {
    expect(runningWaitingPeriods(DEFAULT_RULES, enrolled, '2025-07-30')).toEqual([
      { category: 'BASIC', months: 6, endsOn: '2025-07-31' },
      { category: 'MAJOR', months: 12, endsOn: '2026-01-31' },
      { category: 'ORTHODONTIC', months: 12, endsOn: '2026-01-31' },
    ]);
  });

  it('drops a category on its first covered day', () => {
    expect(runningWaitingPeriods(DEFAULT_RULES, enrolled, '2025-07-31').map((w) => w.category)).toEqual(['MAJOR', 'ORTHODONTIC']);
    expect(runningWaitingPeriods(DEFAULT_RULES, enrolled, '2026-01-30').map((w) => w.category)).toEqual(['MAJOR', 'ORTHODONTIC']);
    expect(runningWaitingPeriods(DEFAULT_RULES, enrolled, '2026-01-31')).toEqual([]);
  });

  it('lists none that prior coverage waived', () => {
    expect(runningWaitingPeriods(DEFAULT_RULES, { ...enrolled, priorCoverageMonths: 12 }, '2025-02-01')).toEqual([]);
  });
});
