import { describe, expect, it } from 'vitest';
import { REJECTION_CODES, isRejectionCode, reasonTextId } from '@core/benefits/index.ts';

// Research 2.7's rejection codes: every screen reads one list, and each code's text is `reason.<code>` in the catalogs.
describe('rejection reason codes', () => {
  it('are the seventeen codes of research 2.7, in order', () => {
    expect(REJECTION_CODES).toEqual(['01', '03', '04', '05', '06', '07', '09', '16', '17', '30', '31', '32', '33', '34', '35', '36', '37']);
  });

  it('name their catalog text', () => {
    expect(reasonTextId('30')).toBe('reason.30');
    expect(REJECTION_CODES.map(reasonTextId).at(0)).toBe('reason.01');
  });

  it.each([
    ['01', true],
    ['37', true],
    ['02', false],
    ['1', false],
    ['', false],
    [1, false],
    [30, false],
    [null, false],
    [['30'], false],
  ])('isRejectionCode(%j) is %s', (value, expected) => {
    expect(isRejectionCode(value)).toBe(expected);
  });
});
