import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, liquidate, resolveRules, type ClaimFacts } from '@core/benefits/index.ts';
import { claim, facts, line, one, outcome } from './benefit-fixtures.ts';

// What a liquidation records besides the amounts: the benefit year each line counts in, the rejected
// lines as they are shown, the history it leaves; and the codes pre-authorisation and orthodontics turn on.
describe('the benefit year of each line (R4, anniversary years)', () => {
  const anniversary = resolveRules({ benefitYear: 'ANNIVERSARY' });
  const yearOf = (f: Partial<ClaimFacts>) => one(line('D0120'), f, anniversary).benefitYearStart;

  it('runs from the earliest coverage period when the policy start is not given, whatever order the periods come in', () => {
    const periods = [
      { from: '2024-07-15', to: null },
      { from: '2022-04-10', to: '2023-01-01' },
    ];
    expect(yearOf({ coveragePeriods: periods })).toBe('2024-04-10');
    expect(yearOf({ coveragePeriods: [...periods].reverse() })).toBe('2024-04-10');
  });

  it('runs from the policy start when given, and from the enrolment when there is no coverage at all', () => {
    expect(yearOf({ policyStartDate: '2023-09-01' })).toBe('2024-09-01');
    const uncovered = one(line('D0120'), { enrolmentDate: '2020-05-20', coveragePeriods: [] }, anniversary);
    expect(uncovered).toMatchObject({ status: 'REJECTED', reason: '07', benefitYearStart: '2024-05-20' });
  });
});

describe('rejected lines as the liquidation shows them', () => {
  it('keep the charge and the category, pay nothing, and have no benefit year when the date is impossible', () => {
    const result = liquidate(claim([line('D2391', { lineId: 'a', tooth: 16, serviceDate: '2025-02-30', chargedCents: 12_345 }), line('D0050', { lineId: 'b' })]), facts(), DEFAULT_RULES);
    expect(result.lines).toEqual([
      { lineId: 'a', code: 'D2391', category: 'BASIC', benefitYearStart: null, chargedCents: 12_345, allowedCents: 0, deductibleCents: 0, coveredCents: 0, excessCents: 0, otherInsurerPaidCents: 0, status: 'REJECTED', reason: '09' },
      { lineId: 'b', code: 'D0050', category: null, benefitYearStart: '2025-01-01', chargedCents: 10_000, allowedCents: 0, deductibleCents: 0, coveredCents: 0, excessCents: 0, otherInsurerPaidCents: 0, status: 'REJECTED', reason: '01' },
    ]);
    expect(result.totals).toMatchObject({ claimedCents: 22_345, payableCents: 0, patientShareCents: 22_345 });
    expect(result.status).toBe('REJECTED');
    expect(result.usageAfter).toEqual(facts().usage);
  });
});

describe('the history a liquidation leaves', () => {
  it('keeps the patient’s earlier history and adds the approved lines, tooth read as a number, units counted', () => {
    const earlier = { code: 'D1110', serviceDate: '2025-01-10' };
    const result = liquidate(
      claim([line('D2391', { tooth: '16', quantity: 2, chargedCents: 20_000 }), line('D0050')]),
      facts({ history: [earlier] }),
      DEFAULT_RULES,
    );
    expect(result.historyAfter).toEqual([earlier, { code: 'D2391', tooth: 16, serviceDate: '2025-03-01', quantity: 2 }]);
  });
});

describe('duplicates (06) and the tooth of a past service', () => {
  it('a past service whose tooth could not be read is not the same as one without a tooth', () => {
    const unreadable = { history: [{ code: 'D0120', tooth: '99', serviceDate: '2025-03-01' }] };
    expect(outcome(one(line('D0120'), unreadable))).toBe('APPROVED');
    expect(outcome(one(line('D0120'), { history: [{ code: 'D0120', serviceDate: '2025-03-01' }] }))).toBe('REJECTED 06');
  });
});

describe('implants need a pre-authorisation (R14: D6010–D6199)', () => {
  const notGranted = { preauthorization: { granted: false, aboveCents: null } };
  it.each([
    ['D6000', 'APPROVED'],
    ['D6010', 'REJECTED 34'],
    ['D6100', 'REJECTED 34'],
    ['D6199', 'REJECTED 34'],
    ['D6200', 'APPROVED'],
    ['D7010', 'APPROVED'],
  ])('%s without one: %s', (code, expected) => {
    expect(outcome(one(line(code, { tooth: 36 }), notGranted))).toBe(expected);
  });
});

describe('orthodontics and its limits', () => {
  it('a plan without orthodontics still pays general care', () => {
    const noOrtho = resolveRules({ orthodontic: { included: false } });
    expect(one(line('D0120'), {}, noOrtho)).toMatchObject({ status: 'APPROVED', coveredCents: 10_000 });
  });

  it('payments that stop at the age limit are still paid before the birthday', () => {
    const stopping = resolveRules({ orthodontic: { stopAtAgeLimit: true } });
    const f = { birthDate: '2007-03-10', orthoBandingDate: '2026-01-10', invoiceDate: '2026-03-09', submissionDate: '2026-03-09' };
    expect(one(line('D8670', { serviceDate: '2026-03-09', chargedCents: 20_000 }), f, stopping)).toMatchObject({ status: 'APPROVED', coveredCents: 10_000 });
  });


  it('pays an adult’s treatment at 50 %, where the default limit of 19 refuses it (04)', () => {
    const adult = { birthDate: '1985-01-01' };
    expect(one(line('D8080'), adult, resolveRules({ orthodontic: { ageLimit: null } }))).toMatchObject({ status: 'APPROVED', coveredCents: 5_000 });
    expect(outcome(one(line('D8080'), adult))).toBe('REJECTED 04');
  });
});
