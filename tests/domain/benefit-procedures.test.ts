import { describe, expect, it } from 'vitest';
import {
  PERMANENT_MOLARS,
  PROCEDURE_CATALOG,
  catalogLookup,
  categoryOf,
  isPermanentTooth,
  isPrimaryTooth,
  isValidProcedureCode,
  isValidTooth,
  normalizeTooth,
  procedureInfo,
  rangeLookup,
  requiresTooth,
} from '@core/benefits/index.ts';

// Research 1.3: the category follows from the CDT range; R19: which codes need an FDI tooth.
describe('the category of a code by its CDT range', () => {
  it.each([
    ['D0100', 'DIAGNOSTIC'],
    ['D0999', 'DIAGNOSTIC'],
    ['D1110', 'PREVENTIVE'],
    ['D2140', 'BASIC'],
    ['D2699', 'BASIC'],
    ['D2700', 'MAJOR'],
    ['D2799', 'MAJOR'],
    ['D2800', 'BASIC'],
    ['D3330', 'BASIC'],
    ['D4341', 'BASIC'],
    ['D5110', 'MAJOR'],
    ['D6010', 'MAJOR'],
    ['D7140', 'BASIC'],
    ['D8080', 'ORTHODONTIC'],
    ['D9110', 'BASIC'],
  ])('%s is %s', (code, category) => {
    expect(categoryOf(code)).toBe(category);
    expect(isValidProcedureCode(code)).toBe(true);
  });

  it.each([['D0000'], ['D0099'], ['d0120'], ['D012'], ['D01200'], ['XD0120'], ['D0120 '], [' D0120'], ['E0120'], ['']])('%j has none', (code) => {
    expect(categoryOf(code)).toBeNull();
    expect(isValidProcedureCode(code)).toBe(false);
    expect(rangeLookup(code)).toBeNull();
    expect(procedureInfo(code)).toBeNull();
  });

  it('has none for a value that is not text, even one that reads as a code', () => {
    expect(categoryOf(120 as never)).toBeNull();
    expect(categoryOf(new String('D0120') as never)).toBeNull();
  });
});

describe('codes that need a tooth (R19)', () => {
  it.each([
    ['D2140', true],
    ['D2740', true],
    ['D3330', true],
    ['D7140', true],
    ['D7210', true],
    ['D6010', true],
    ['D6099', true],
    ['D6100', false],
    ['D6200', false],
    ['D7310', false],
    ['D7010', false],
    ['D0120', false],
    ['D1351', false],
    ['D4341', false],
    ['D5110', false],
    ['D8080', false],
    ['D9110', false],
    ['D2', false],
    ['X2140', false],
  ])('%s: %s', (code, needed) => {
    expect(requiresTooth(code)).toBe(needed);
  });

  it('the ranges give both at once', () => {
    expect(rangeLookup('D2740')).toEqual({ category: 'MAJOR', requiresTooth: true });
    expect(rangeLookup('D0120')).toEqual({ category: 'DIAGNOSTIC', requiresTooth: false });
  });
});

describe('the editable catalog over the ranges', () => {
  it('refuses a listed code while inactive, and a listed code that is not a CDT code even when active', () => {
    const lookup = catalogLookup([
      { code: 'D2140', category: 'BASIC', requiresTooth: true, active: false },
      { code: 'D0050', category: 'DIAGNOSTIC', requiresTooth: false, active: true },
      { code: 'D7310', category: 'MAJOR', requiresTooth: true, active: true },
    ]);
    expect(lookup('D2140')).toBeNull();
    expect(lookup('D0050')).toBeNull();
    expect(lookup('D7310')).toEqual({ category: 'MAJOR', requiresTooth: true });
    expect(lookup('D2150')).toEqual({ category: 'BASIC', requiresTooth: true });
  });

  it('with no entries is the ranges alone', () => {
    expect(catalogLookup([])('D2740')).toEqual(rangeLookup('D2740'));
    expect(catalogLookup([])('D0050')).toBeNull();
  });
});

describe('FDI teeth', () => {
  it.each([
    [11, true, false],
    [18, true, false],
    [21, true, false],
    [48, true, false],
    [51, false, true],
    [55, false, true],
    [85, false, true],
    [10, false, false],
    [19, false, false],
    [49, false, false],
    [50, false, false],
    [56, false, false],
    [86, false, false],
    [90, false, false],
    [1, false, false],
    [0, false, false],
    [-11, false, false],
    [16.5, false, false],
    [111, false, false],
  ])('%d: permanent %s, primary %s', (tooth, permanent, primary) => {
    expect(isPermanentTooth(tooth)).toBe(permanent);
    expect(isPrimaryTooth(tooth)).toBe(primary);
    expect(isValidTooth(tooth)).toBe(permanent || primary);
  });

  it.each([
    [16, 16],
    ['16', 16],
    ['85', 85],
    ['19', null],
    ['016', null],
    [' 16', null],
    ['1', null],
    ['ab', null],
    ['', null],
    [null, null],
    [undefined, null],
    [16.5, null],
    [['16'] as never, null],
  ])('normalizeTooth(%j) = %j', (tooth, expected) => {
    expect(normalizeTooth(tooth)).toBe(expected);
  });

  it('the permanent molars are the twelve of R6', () => {
    expect(PERMANENT_MOLARS).toEqual([16, 17, 18, 26, 27, 28, 36, 37, 38, 46, 47, 48]);
  });
});

describe('the named common codes', () => {
  it('lists 23 codes with their category, tooth requirement and names in Spanish and English', () => {
    expect(PROCEDURE_CATALOG.map((p) => `${p.code} ${p.category}${p.requiresTooth ? ' tooth' : ''}`)).toEqual([
      'D0120 DIAGNOSTIC',
      'D0150 DIAGNOSTIC',
      'D0210 DIAGNOSTIC',
      'D0274 DIAGNOSTIC',
      'D0330 DIAGNOSTIC',
      'D1110 PREVENTIVE',
      'D1120 PREVENTIVE',
      'D1206 PREVENTIVE',
      'D1208 PREVENTIVE',
      'D1351 PREVENTIVE',
      'D2140 BASIC tooth',
      'D2330 BASIC tooth',
      'D2391 BASIC tooth',
      'D2740 MAJOR tooth',
      'D3310 BASIC tooth',
      'D3330 BASIC tooth',
      'D4341 BASIC',
      'D5110 MAJOR',
      'D6010 MAJOR tooth',
      'D7140 BASIC tooth',
      'D8070 ORTHODONTIC',
      'D8080 ORTHODONTIC',
      'D8090 ORTHODONTIC',
    ]);
    expect(PROCEDURE_CATALOG[0]).toEqual({
      code: 'D0120',
      category: 'DIAGNOSTIC',
      requiresTooth: false,
      description: { es: 'Evaluación oral periódica', en: 'Periodic oral evaluation' },
    });
    expect(PROCEDURE_CATALOG.find((p) => p.code === 'D2740')).toEqual({
      code: 'D2740',
      category: 'MAJOR',
      requiresTooth: true,
      description: { es: 'Corona de porcelana/cerámica', en: 'Crown, porcelain/ceramic' },
    });
    expect(PROCEDURE_CATALOG.every((p) => p.description && p.description.es !== '' && p.description.en !== '')).toBe(true);
  });

  it('describes a named code by name, any other valid code by its range alone', () => {
    expect(procedureInfo('D7140')).toEqual({
      code: 'D7140',
      category: 'BASIC',
      requiresTooth: true,
      description: { es: 'Extracción de pieza erupcionada o raíz expuesta', en: 'Extraction, erupted tooth or exposed root' },
    });
    expect(procedureInfo('D2750')).toEqual({ code: 'D2750', category: 'MAJOR', requiresTooth: true });
    expect(procedureInfo('D9110')).toEqual({ code: 'D9110', category: 'BASIC', requiresTooth: false });
  });
});
