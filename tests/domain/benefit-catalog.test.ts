import { describe, expect, it } from 'vitest';
import {
  BenefitInputError,
  DEFAULT_RULES,
  PROCEDURE_CATALOG,
  REJECTION_CODES,
  reasonTextId,
  categoryOf,
  isRejectionCode,
  isValidProcedureCode,
  isValidTooth,
  procedureInfo,
  requiresTooth,
  resolveRules,
} from '../../src/domain/benefits/index.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };

const CATALOGS: Record<string, Record<string, string>> = { es, en, fr, zh, ja };

describe('procedure catalog', () => {
  it.each([
    ['D0120', 'DIAGNOSTIC'],
    ['D0100', 'DIAGNOSTIC'],
    ['D0999', 'DIAGNOSTIC'],
    ['D1110', 'PREVENTIVE'],
    ['D1999', 'PREVENTIVE'],
    ['D2140', 'BASIC'],
    ['D2391', 'BASIC'],
    ['D2699', 'BASIC'],
    ['D2700', 'MAJOR'],
    ['D2740', 'MAJOR'],
    ['D2799', 'MAJOR'],
    ['D2800', 'BASIC'],
    ['D3310', 'BASIC'],
    ['D4341', 'BASIC'],
    ['D5110', 'MAJOR'],
    ['D5999', 'MAJOR'],
    ['D6010', 'MAJOR'],
    ['D6240', 'MAJOR'],
    ['D7140', 'BASIC'],
    ['D8080', 'ORTHODONTIC'],
    ['D8670', 'ORTHODONTIC'],
    ['D9110', 'BASIC'],
  ] as const)('%s is %s', (code, category) => {
    expect(categoryOf(code)).toBe(category);
    expect(isValidProcedureCode(code)).toBe(true);
  });

  it.each(['D0000', 'D0099', 'D012', 'D01200', 'd0120', 'X0120', '0120', '', ' D0120'])('%j is not a valid code', (code) => {
    expect(categoryOf(code)).toBeNull();
    expect(isValidProcedureCode(code)).toBe(false);
    expect(procedureInfo(code)).toBeNull();
  });

  it.each([
    ['D2140', true], // restorative
    ['D2391', true],
    ['D2740', true], // crown
    ['D3310', true], // endodontics
    ['D7140', true], // extraction
    ['D7240', true], // impacted tooth
    ['D6010', true], // implant
    ['D0120', false],
    ['D1110', false],
    ['D4341', false],
    ['D5110', false],
    ['D6240', false],
    ['D7310', false],
    ['D8080', false],
    ['D9110', false],
    ['nonsense', false],
  ] as const)('R19: %s requires a tooth: %s', (code, expected) => {
    expect(requiresTooth(code)).toBe(expected);
  });

  it.each([
    [11, true],
    [18, true],
    [21, true],
    [38, true],
    [48, true],
    [51, true],
    [55, true],
    [65, true],
    [85, true],
    ['16', true],
    ['75', true],
    [10, false],
    [19, false],
    [49, false],
    [50, false],
    [56, false],
    [86, false],
    [91, false],
    [9, false],
    [16.5, false],
    ['6', false],
    ['016', false],
    ['1a', false],
    [null, false],
    [undefined, false],
  ] as const)('FDI tooth %j valid: %s', (tooth, expected) => {
    expect(isValidTooth(tooth)).toBe(expected);
  });

  it('names the common codes in Spanish and English', () => {
    const codes = PROCEDURE_CATALOG.map((p) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'D0120', 'D0150', 'D0274', 'D0330', 'D0210', 'D1110', 'D1120', 'D1206', 'D1208', 'D1351', 'D2140', 'D2330',
        'D2391', 'D2740', 'D3310', 'D3330', 'D4341', 'D5110', 'D6010', 'D7140', 'D8070', 'D8080', 'D8090',
      ]),
    );
    for (const p of PROCEDURE_CATALOG) {
      expect(p.description?.es).toBeTruthy();
      expect(p.description?.en).toBeTruthy();
      expect(p.category).toBe(categoryOf(p.code));
      expect(p.requiresTooth).toBe(requiresTooth(p.code));
    }
    expect(procedureInfo('D2740')).toMatchObject({ category: 'MAJOR', requiresTooth: true, description: { en: 'Crown, porcelain/ceramic' } });
    expect(procedureInfo('D2750')).toEqual({ code: 'D2750', category: 'MAJOR', requiresTooth: true });
  });
});

describe('rejection reasons', () => {
  it('are exactly the codes of research 2.7, each with a one-line text in every catalog', () => {
    expect(REJECTION_CODES).toEqual(['01', '03', '04', '05', '06', '07', '09', '16', '17', '30', '31', '32', '33', '34', '35', '36', '37']);
    for (const catalog of Object.values(CATALOGS)) {
      for (const code of REJECTION_CODES) {
        expect(catalog[reasonTextId(code)]?.length, `${code}`).toBeGreaterThan(1);
        expect(catalog[reasonTextId(code)]).not.toContain('\n');
      }
    }
    expect(CATALOGS.es['reason.31']).toBe('Tope vitalicio de ortodoncia agotado');
    expect(isRejectionCode('30')).toBe(true);
    expect(isRejectionCode('02')).toBe(false);
    expect(isRejectionCode('toString')).toBe(false);
  });
});

describe('rules and defaults (research 4.1)', () => {
  it('has the research defaults', () => {
    expect(DEFAULT_RULES.coveragePercent).toEqual({ DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 80, MAJOR: 50, ORTHODONTIC: 50 }); // R1
    expect(DEFAULT_RULES.deductible).toMatchObject({ individualCents: 5_000, familyCents: 15_000 }); // R2
    expect(DEFAULT_RULES.deductible.waivedCategories).toEqual(expect.arrayContaining(['PREVENTIVE', 'DIAGNOSTIC']));
    expect(DEFAULT_RULES.annualMaximumCents).toBe(150_000); // R3
    expect(DEFAULT_RULES.benefitYear).toBe('CALENDAR'); // R4
    expect(DEFAULT_RULES.waitingPeriods).toEqual({
      months: { DIAGNOSTIC: 0, PREVENTIVE: 0, BASIC: 6, MAJOR: 12, ORTHODONTIC: 12 },
      waiverPriorCoverageMonths: 12,
    }); // R5
    expect(DEFAULT_RULES.frequencies.map((f) => [f.id, f.count])).toEqual([
      ['EXAM', 2],
      ['PROPHYLAXIS', 2],
      ['FLUORIDE', 2],
      ['BITEWINGS', 1],
      ['FULL_MOUTH_OR_PANORAMIC', 1],
      ['SEALANT', 1],
    ]); // R6
    expect(DEFAULT_RULES.orthodontic).toEqual({
      included: true,
      lifetimeMaximumCents: 150_000,
      ageLimit: 19,
      stopAtAgeLimit: false,
      initialPercent: 20,
      months: 24,
      frequency: 'MONTHLY',
      firstDelayDays: 30,
    }); // R7
    expect(DEFAULT_RULES.filingDeadlineDays).toBe(90); // R9
    expect(DEFAULT_RULES.exclusions).toEqual([]);
    expect(resolveRules()).toEqual(DEFAULT_RULES);
  });

  it('takes each value from the policy, else the insurer, else the defaults', () => {
    const rules = resolveRules(
      { annualMaximumCents: 200_000, coveragePercent: { MAJOR: 60 }, orthodontic: { ageLimit: 18 }, feeSchedule: { D2740: 90_000 } },
      {
        annualMaximumCents: 100_000,
        coveragePercent: { MAJOR: 40, BASIC: 70 },
        deductible: { individualCents: 10_000 },
        benefitYear: 'ANNIVERSARY',
        orthodontic: { ageLimit: 17, lifetimeMaximumCents: 200_000 },
        feeSchedule: { D2740: 80_000, D2391: 12_000 },
        exclusions: ['D9972'],
      },
    );
    expect(rules.annualMaximumCents).toBe(200_000);
    expect(rules.coveragePercent).toEqual({ DIAGNOSTIC: 100, PREVENTIVE: 100, BASIC: 70, MAJOR: 60, ORTHODONTIC: 50 });
    expect(rules.deductible).toEqual({ ...DEFAULT_RULES.deductible, individualCents: 10_000 });
    expect(rules.benefitYear).toBe('ANNIVERSARY');
    expect(rules.orthodontic).toEqual({ ...DEFAULT_RULES.orthodontic, ageLimit: 18, lifetimeMaximumCents: 200_000 });
    expect(rules.feeSchedule).toEqual({ D2740: 90_000, D2391: 12_000 });
    expect(rules.exclusions).toEqual(['D9972']);
    expect(rules.frequencies).toBe(DEFAULT_RULES.frequencies);
  });

  it('treats undefined as "not set", null as a value, replaces lists and ignores unknown keys', () => {
    const rules = resolveRules(
      { deductible: { familyCents: null, individualCents: undefined }, frequencies: [], coveragePercent: { BASIC: undefined } },
      { deductible: { individualCents: 2_500 }, coveragePercent: { BASIC: 90, SURGERY: 10 } as never, orthodontic: { ageLimit: null } },
    );
    expect(rules.deductible.familyCents).toBeNull();
    expect(rules.deductible.individualCents).toBe(2_500);
    expect(rules.frequencies).toEqual([]);
    expect(rules.coveragePercent).toEqual({ ...DEFAULT_RULES.coveragePercent, BASIC: 90 });
    expect(rules.orthodontic.ageLimit).toBeNull();
  });

  it.each([
    ['a percentage above 100', { coveragePercent: { BASIC: 101 } }, 'coveragePercent.BASIC'],
    ['a fractional percentage', { coveragePercent: { BASIC: 80.5 } }, 'coveragePercent.BASIC'],
    ['a negative maximum', { annualMaximumCents: -1 }, 'annualMaximumCents'],
    ['fractional cents', { deductible: { individualCents: 49.99 } }, 'deductible.individualCents'],
    ['an unknown benefit year', { benefitYear: 'FISCAL' as never }, 'benefitYear'],
    ['an invalid excluded code', { exclusions: ['X1'] }, 'exclusions.0'],
    ['ortho months out of 1–36', { orthodontic: { months: 48 } }, 'orthodontic.months'],
    ['an unknown instalment frequency', { orthodontic: { frequency: 'WEEKLY' as never } }, 'orthodontic.frequency'],
    ['a frequency rule without codes', { frequencies: [{ id: 'X', codes: [], count: 1, period: { unit: 'LIFETIME' as const } }] }, 'frequencies.0.codes'],
    ['a waived category that does not exist', { deductible: { waivedCategories: ['COSMETIC' as never] } }, 'deductible.waivedCategories.0'],
  ])('refuses %s', (_label, override, path) => {
    expect(() => resolveRules(override)).toThrow(BenefitInputError);
    try {
      resolveRules(override);
    } catch (error) {
      expect((error as BenefitInputError).path).toBe(path);
    }
  });
});
