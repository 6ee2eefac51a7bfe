import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, liquidate, resolveRules, type FrequencyPeriod, type FrequencyRule, type HistoryLine } from '@core/benefits/index.ts';
import { claim, facts, line, one, outcome } from './benefit-fixtures.ts';

// R6 as a policy can write it: each case states its own rule, so the outcome does not hang on the default list.
const onlyRule = (rule: Partial<FrequencyRule> & Pick<FrequencyRule, 'codes'>) =>
  resolveRules({ frequencies: [{ id: 'RULE', count: 1, period: { unit: 'BENEFIT_YEAR' }, ...rule }] });
const onePer = (period: FrequencyPeriod) => onlyRule({ codes: ['D0330'], period });
const panoramics = (...dates: string[]): HistoryLine[] => dates.map((serviceDate) => ({ code: 'D0330', serviceDate }));
// A panoramic on 2025-03-01, billed that day and filed on 2025-03-10.
const panoramic = () => line('D0330');

describe('the window a frequency counts in', () => {
  it.each([
    ['exactly a month before', '2025-02-01', 'APPROVED'],
    ['a month before less a day', '2025-02-02', 'REJECTED 05'],
    ['a month after less a day', '2025-03-31', 'REJECTED 05'],
    ['exactly a month after', '2025-04-01', 'APPROVED'],
  ])('one per month, rolling around the line: a service %s', (_label, previous, expected) => {
    // A later service already paid counts as well: the window is centred on the line being liquidated.
    expect(outcome(one(panoramic(), { history: panoramics(previous) }, onePer({ unit: 'MONTHS', months: 1 })))).toBe(expected);
  });

  it('one per lifetime counts a service of any year', () => {
    const lifetime = onePer({ unit: 'LIFETIME' });
    expect(outcome(one(panoramic(), { history: panoramics('2001-05-05') }, lifetime))).toBe('REJECTED 05');
    expect(outcome(one(panoramic(), {}, lifetime))).toBe('APPROVED');
  });

  it('one a benefit year counts in the anniversary year when the policy runs from an anniversary', () => {
    // From 2024-07-15, August 2024 and March 2025 are the same benefit year, though not the same calendar year.
    const anniversary = resolveRules({ benefitYear: 'ANNIVERSARY', frequencies: [{ id: 'RULE', codes: ['D0330'], count: 1, period: { unit: 'BENEFIT_YEAR' } }] });
    const f = { policyStartDate: '2024-07-15' };
    expect(outcome(one(panoramic(), { ...f, history: panoramics('2024-08-01') }, anniversary))).toBe('REJECTED 05');
    expect(outcome(one(panoramic(), { ...f, history: panoramics('2024-07-14') }, anniversary))).toBe('APPROVED');
  });

  it('counts the units of a service in the history, not its lines', () => {
    const twoExams = onlyRule({ codes: ['D0120'], count: 2 });
    const exams = (quantity: number) => ({ history: [{ code: 'D0120', serviceDate: '2025-01-10', quantity }] });
    expect(outcome(one(line('D0120'), exams(1), twoExams))).toBe('APPROVED');
    expect(outcome(one(line('D0120'), exams(2), twoExams))).toBe('REJECTED 05');
  });

  it('counts the units of an approved line for the lines after it, and records them in the history', () => {
    const twoExams = onlyRule({ codes: ['D0120'], count: 2 });
    const result = liquidate(claim([line('D0120', { quantity: 2, chargedCents: 10_000 }), line('D0120', { serviceDate: '2025-03-02' })]), facts(), twoExams);
    expect(result.lines.map(outcome)).toEqual(['APPROVED', 'REJECTED 05']);
    expect(result.historyAfter).toEqual([{ code: 'D0120', tooth: null, serviceDate: '2025-03-01', quantity: 2 }]);
  });
});

describe('frequencies bound to teeth', () => {
  it('a limit on listed teeth needs one of them', () => {
    const molarOnly = onlyRule({ codes: ['D1206'], count: 2, teeth: [16] });
    expect(outcome(one(line('D1206'), {}, molarOnly))).toBe('REJECTED 01');
    expect(outcome(one(line('D1206', { tooth: 26 }), {}, molarOnly))).toBe('REJECTED 01');
    expect(outcome(one(line('D1206', { tooth: 16 }), {}, molarOnly))).toBe('APPROVED');
  });

  it('a limit per tooth needs a tooth, and counts each tooth apart', () => {
    const perTooth = onlyRule({ codes: ['D1206'], period: { unit: 'LIFETIME' }, perTooth: true });
    const onSixteen = { history: [{ code: 'D1206', tooth: 16, serviceDate: '2024-01-10' }] };
    expect(outcome(one(line('D1206'), {}, perTooth))).toBe('REJECTED 01');
    expect(outcome(one(line('D1206', { tooth: 26 }), onSixteen, perTooth))).toBe('APPROVED');
    expect(outcome(one(line('D1206', { tooth: '16' }), onSixteen, perTooth))).toBe('REJECTED 05');
  });
});

describe('a tooth left blank', () => {
  it.each([
    ['an exam with no tooth (null)', line('D0120', { tooth: null }), 'APPROVED'],
    ['an exam with an empty tooth', line('D0120', { tooth: '' }), 'APPROVED'],
    ['a filling with an empty tooth (R19 needs one)', line('D2391', { tooth: '' }), 'REJECTED 01'],
    ['an exam with a tooth that is not one', line('D0120', { tooth: '1' }), 'REJECTED 01'],
  ])('%s', (_label, l, expected) => {
    expect(outcome(one(l, {}, DEFAULT_RULES))).toBe(expected);
  });
});
