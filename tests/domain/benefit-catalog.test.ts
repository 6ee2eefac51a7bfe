import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, catalogLookup, liquidate, rangeLookup, resolveRules, type CatalogProcedure } from '@core/benefits/index.ts';
import { claim, facts, line, used2025 } from './benefit-fixtures.ts';

// The engine reads the procedure catalog and the defaults it is given (Configuraciones), staying pure.
const deductibleMet = facts({ usage: used2025({ deductibleUsedCents: 5_000 }) });
const entry = (code: string, over: Partial<CatalogProcedure> = {}): CatalogProcedure => ({ code, category: 'BASIC', requiresTooth: false, active: true, ...over });

describe('the procedure catalog', () => {
  it('classifies a listed code as the catalog says, any other well-formed code by its CDT range', () => {
    const lookup = catalogLookup([entry('D0120', { category: 'MAJOR' }), entry('D2391', { requiresTooth: false })]);
    expect(lookup('D0120')).toEqual({ category: 'MAJOR', requiresTooth: false });
    expect(lookup('D2391')).toEqual({ category: 'BASIC', requiresTooth: false });
    expect(lookup('D1110')).toEqual(rangeLookup('D1110'));
    expect(lookup('D0050')).toBeNull();
    expect(lookup('X1234')).toBeNull();
  });

  it('liquidates by the catalog: a recategorised code pays its new category, an inactive one is rejected with 01, a tooth no longer required is not asked for', () => {
    const lookup = catalogLookup([entry('D0120', { category: 'MAJOR' }), entry('D1110', { active: false }), entry('D2391', { requiresTooth: false })]);
    const lines = [line('D0120'), line('D1110'), line('D2391')];
    const byRanges = liquidate(claim(lines), deductibleMet, DEFAULT_RULES);
    const byCatalog = liquidate(claim(lines), deductibleMet, DEFAULT_RULES, lookup);
    expect(byRanges.lines.map((l) => [l.category, l.status, l.reason ?? null, l.coveredCents])).toEqual([
      ['DIAGNOSTIC', 'APPROVED', null, 10_000],
      ['PREVENTIVE', 'APPROVED', null, 10_000],
      ['BASIC', 'REJECTED', '01', 0],
    ]);
    expect(byCatalog.lines.map((l) => [l.category, l.status, l.reason ?? null, l.coveredCents])).toEqual([
      ['MAJOR', 'APPROVED', null, 5_000],
      [null, 'REJECTED', '01', 0],
      ['BASIC', 'APPROVED', null, 8_000],
    ]);
  });
});

describe('the defaults under policy and insurer', () => {
  it('fill what neither sets, and never override what they set', () => {
    const defaults = { ...DEFAULT_RULES, annualMaximumCents: 200_000, coveragePercent: { ...DEFAULT_RULES.coveragePercent, BASIC: 70 } };
    expect(resolveRules({}, {}, defaults)).toMatchObject({ annualMaximumCents: 200_000, coveragePercent: { BASIC: 70, MAJOR: 50 } });
    expect(resolveRules({ annualMaximumCents: 100_000 }, { coveragePercent: { BASIC: 90 } }, defaults)).toMatchObject({ annualMaximumCents: 100_000, coveragePercent: { BASIC: 90 } });
    expect(resolveRules()).toEqual(resolveRules({}, {}, DEFAULT_RULES));
  });
});
