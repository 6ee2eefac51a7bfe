import { describe, expect, it } from 'vitest';
import { csvCell, neutralised } from '../../server/exports/cells.ts';

// The API test (tests/api/downloads.test.ts) covers what a stored name can start with; these are the starts no form keeps.
describe('export cells a spreadsheet would evaluate', () => {
  it.each(['\tcmd', '\r=1+1', '-2+3+cmd', '-1', '=1', '+1', '@A1', '＝1', '＋1', '－1', '＠A1'])('%j is quoted', (text) => {
    expect(neutralised(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers, booleans and empty cells as they are', () => {
    expect([neutralised('Andes Salud'), neutralised(' =1'), neutralised(-12.5), neutralised(true), neutralised(null)]).toEqual(['Andes Salud', ' =1', -12.5, true, null]);
    expect([csvCell(-12.5), csvCell('-12.5'), csvCell('\r=1')]).toEqual(['-12.5', "'-12.5", `"'\r=1"`]);
  });
});
