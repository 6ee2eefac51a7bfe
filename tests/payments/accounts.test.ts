import { describe, expect, it } from 'vitest';
import { checkPayeeAccount, cciCheckDigits, maskAccount, type PayeeAccountInput } from '@core/payments/accounts.ts';

// Valid examples are published ones where they exist (Banxico's CLABE example, BBVA Argentina's CBU, the NITs of
// Bancolombia, Ecopetrol and the DIAN, the RUT 12.345.678-5); each invalid row changes one character of a valid one.
const table: [string, PayeeAccountInput, string][] = [
  ['IBAN DE', { scheme: 'IBAN', number: 'DE89 3704 0044 0532 0130 00' }, 'valid'],
  ['IBAN ES with BIC', { scheme: 'IBAN', number: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' }, 'valid'],
  ['IBAN check digits', { scheme: 'IBAN', number: 'DE88370400440532013000' }, 'ibanInvalid'],
  ['IBAN country length', { scheme: 'IBAN', number: 'DE8937040044053201300' }, 'ibanInvalid'],
  ['BIC', { scheme: 'IBAN', number: 'DE89370400440532013000', bic: 'DEUT1EFF' }, 'bicInvalid'],
  ['CLABE', { scheme: 'CLABE', number: '032180000118359719' }, 'valid'],
  ['CLABE check digit', { scheme: 'CLABE', number: '032180000118359718' }, 'checkDigit'],
  ['CLABE length', { scheme: 'CLABE', number: '03218000011835971' }, 'numberFormat'],
  ['CBU', { scheme: 'CBU', number: '2850590940090418135201' }, 'valid'],
  ['CBU BBVA', { scheme: 'CBU', number: '0170099220000067797370' }, 'valid'],
  ['CBU first block', { scheme: 'CBU', number: '2850590840090418135201' }, 'checkDigit'],
  ['CBU second block', { scheme: 'CBU', number: '2850590940090418135202' }, 'checkDigit'],
  ['CCI', { scheme: 'CCI', number: '00219300123456789013' }, 'valid'],
  ['CCI first digit', { scheme: 'CCI', number: '00219300123456789003' }, 'checkDigit'],
  ['CCI second digit', { scheme: 'CCI', number: '00219300123456789012' }, 'checkDigit'],
  ['CCI letters', { scheme: 'CCI', number: '0021930012345678901A' }, 'numberFormat'],
  ['Chile', { scheme: 'CL', number: '00-123-45678-09', bankCode: '012', holderTaxId: '12.345.678-5' }, 'valid'],
  ['Chile RUT K', { scheme: 'CL', number: '1234567', bankCode: '001', holderTaxId: '10.000.013-K' }, 'valid'],
  ['Chile RUT check digit', { scheme: 'CL', number: '1234567', bankCode: '012', holderTaxId: '12.345.678-4' }, 'taxIdCheckDigit'],
  ['Chile bank code', { scheme: 'CL', number: '1234567', bankCode: '12', holderTaxId: '12.345.678-5' }, 'bankCodeFormat'],
  ['Chile no RUT', { scheme: 'CL', number: '1234567', bankCode: '012' }, 'taxIdFormat'],
  ['Colombia', { scheme: 'CO', number: '123456789', bankCode: '1007', holderTaxId: '890.903.938-8' }, 'valid'],
  ['Colombia NIT Ecopetrol', { scheme: 'CO', number: '123456789', bankCode: '1007', holderTaxId: '899999068-1' }, 'valid'],
  ['Colombia NIT check digit', { scheme: 'CO', number: '123456789', bankCode: '1007', holderTaxId: '800197268-5' }, 'taxIdCheckDigit'],
  ['Colombia account', { scheme: 'CO', number: '12A456', bankCode: '1007', holderTaxId: '800197268-4' }, 'numberFormat'],
  ['unknown scheme', { scheme: 'SWIFT' as never, number: '1' }, 'unknownScheme'],
];

describe('payee account validation', () => {
  it.each(table)('%s', (_name, input, expected) => {
    const result = checkPayeeAccount(input);
    expect(result.valid ? 'valid' : result.reason).toBe(expected);
  });

  it('normalises what the file writes', () => {
    expect(checkPayeeAccount({ scheme: 'IBAN', number: 'de89 3704 0044 0532 0130 00', bic: 'deutdeff' })).toEqual({
      valid: true,
      account: { scheme: 'IBAN', number: 'DE89370400440532013000', bic: 'DEUTDEFF', bankCode: null, holderTaxId: null },
    });
    const cl = checkPayeeAccount({ scheme: 'CL', number: '00-123', bankCode: '012', holderTaxId: '12.345.678-5' });
    expect(cl.valid && cl.account).toMatchObject({ number: '00123', bankCode: '012', holderTaxId: '12345678-5' });
  });

  it('computes CCI digits by the alternating 1-2 weights (worked example)', () => {
    // 002193: 0·1 0·2 2·1 1·2 9·1 3·2 = 0+0+2+2+9+6 = 19 → (10 − 9) = 1
    expect(cciCheckDigits('00219300123456789000')[0]).toBe(1);
  });

  it('masks all but the last four characters', () => {
    expect(maskAccount('DE89370400440532013000')).toBe('••••••••3000');
    expect(maskAccount('123')).toBe('123');
  });
});
