import { describe, expect, it } from 'vitest';
import { nextAllowedDate, type FrequencyWindowFacts } from '../../core/benefits/next-allowed.ts';
import type { FrequencyRule } from '../../core/benefits/rules.ts';

const rule = (period: FrequencyRule['period'], count: number, extra: Partial<FrequencyRule> = {}): FrequencyRule => ({ id: 'r', codes: ['D1110', 'D1120'], count, period, ...extra });
const facts = (frequencies: FrequencyRule[], history: FrequencyWindowFacts['history'], benefitYear: 'CALENDAR' | 'ANNIVERSARY' = 'CALENDAR'): FrequencyWindowFacts => ({
  benefitYear,
  policyStart: '2024-04-15',
  frequencies,
  history,
});

describe('the next date a service fits its frequency windows (R6)', () => {
  it('is the asked date while the window has room, and a code without rules is always allowed', () => {
    const f = facts([rule({ unit: 'BENEFIT_YEAR' }, 2)], [{ code: 'D1110', serviceDate: '2026-02-01' }]);
    expect(nextAllowedDate(f, 'D1110', null, '2026-11-25')).toBe('2026-11-25');
    expect(nextAllowedDate(f, 'D0120', null, '2026-11-25')).toBe('2026-11-25');
  });

  it('is the next benefit year once the year is used up, counting every code of the group and quantities', () => {
    const history = [{ code: 'D1110', serviceDate: '2026-02-01' }, { code: 'D1120', serviceDate: '2026-08-01' }];
    expect(nextAllowedDate(facts([rule({ unit: 'BENEFIT_YEAR' }, 2)], history), 'D1110', null, '2026-11-25')).toBe('2027-01-01');
    expect(nextAllowedDate(facts([rule({ unit: 'BENEFIT_YEAR' }, 2)], [{ code: 'D1110', serviceDate: '2026-02-01', quantity: 2 }]), 'D1110', null, '2026-11-25')).toBe('2027-01-01');
    // An anniversary year ends the day before the policy's anniversary.
    expect(nextAllowedDate(facts([rule({ unit: 'BENEFIT_YEAR' }, 2)], [{ code: 'D1110', serviceDate: '2026-05-01' }, { code: 'D1110', serviceDate: '2026-06-01' }], 'ANNIVERSARY'), 'D1110', null, '2026-11-25')).toBe('2027-04-15');
  });

  it('in a rolling window, is when the oldest service in it leaves it; a later service in the window counts too', () => {
    const every6 = rule({ unit: 'MONTHS', months: 6 }, 1);
    expect(nextAllowedDate(facts([every6], [{ code: 'D1110', serviceDate: '2026-09-10' }]), 'D1110', null, '2026-11-25')).toBe('2027-03-10');
    expect(nextAllowedDate(facts([every6], [{ code: 'D1110', serviceDate: '2026-03-10' }]), 'D1110', null, '2026-11-25')).toBe('2026-11-25');
    // A service booked after the asked date blocks the window around it as the engine's centred window does.
    expect(nextAllowedDate(facts([every6], [{ code: 'D1110', serviceDate: '2027-01-10' }]), 'D1110', null, '2026-11-25')).toBe('2027-07-10');
  });

  it('takes the latest of several full windows, is null once a lifetime limit is used, and counts per tooth only with a tooth', () => {
    const both = [rule({ unit: 'CALENDAR_YEAR' }, 1), rule({ unit: 'MONTHS', months: 12 }, 1)];
    expect(nextAllowedDate(facts(both, [{ code: 'D1110', serviceDate: '2026-06-01' }]), 'D1110', null, '2026-11-25')).toBe('2027-06-01');
    expect(nextAllowedDate(facts([rule({ unit: 'LIFETIME' }, 1)], [{ code: 'D1110', serviceDate: '2020-01-01' }]), 'D1110', null, '2026-11-25')).toBeNull();
    const perTooth = facts([rule({ unit: 'LIFETIME' }, 1, { codes: ['D2740'], perTooth: true })], [{ code: 'D2740', tooth: '36', serviceDate: '2025-01-01' }]);
    expect(nextAllowedDate(perTooth, 'D2740', '36', '2026-11-25')).toBeNull();
    expect(nextAllowedDate(perTooth, 'D2740', '46', '2026-11-25')).toBe('2026-11-25');
    expect(nextAllowedDate(perTooth, 'D2740', null, '2026-11-25')).toBe('2026-11-25');
  });
});
