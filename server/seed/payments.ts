import { composeIBAN } from 'ibantools';
import { cbuCheckDigits, cciCheckDigits, checkPayeeAccount, clabeCheckDigit, nitCheckDigit, rutCheckDigit, type PayeeAccountInput } from '@core/payments/accounts.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Demo bank accounts for payment runs (issue 26): a debtor account for each demo insurer whose country the
 * panel knows the bank format of, and an account for every demo policyholder (in the format of their policy's
 * country) and doctor (a Spanish IBAN). Every number is built with its real check digits and checked again.
 */
const SPAIN_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** A Spanish IBAN: bank 2100, branch 0418, the two national control digits, a ten-digit account. */
function spanishIban(n: number): string {
  const control = (digits: string) => {
    const r = 11 - ([...digits].reduce((s, d, i) => s + Number(d) * SPAIN_WEIGHTS[i]!, 0) % 11);
    return r === 11 ? 0 : r === 10 ? 1 : r;
  };
  const account = String(1_000_000 + n).padStart(10, '0');
  return composeIBAN({ countryCode: 'ES', bban: `21000418${control('0021000418')}${control(account)}${account}` })!;
}

/** An account of the country's own format for the n-th demo payee. */
export function demoAccount(country: string, n: number): PayeeAccountInput {
  switch (country) {
    case 'CL': {
      const rut = String(10_000_000 + n * 7_919);
      return { scheme: 'CL', number: String(20_000_000 + n), bankCode: '012', holderTaxId: `${rut}-${rutCheckDigit(rut)}` };
    }
    case 'MX': {
      const first = `002180${String(70_000_000_000 + n).padStart(11, '0')}`;
      return { scheme: 'CLABE', number: `${first}${clabeCheckDigit(first)}` };
    }
    case 'AR': {
      const partial = `0170099${0}${String(4_000_000_000_000 + n).padStart(13, '0')}0`;
      const [a, b] = cbuCheckDigits(partial);
      return { scheme: 'CBU', number: `${partial.slice(0, 7)}${a}${partial.slice(8, 21)}${b}` };
    }
    case 'PE': {
      const partial = `002193${String(300_000_000_000 + n).padStart(12, '0')}00`;
      const [a, b] = cciCheckDigits(partial);
      return { scheme: 'CCI', number: `${partial.slice(0, 18)}${a}${b}` };
    }
    case 'CO': {
      const nit = String(900_100_000 + n * 13);
      return { scheme: 'CO', number: String(40_000_000 + n), bankCode: '1007', holderTaxId: `${nit}-${nitCheckDigit(nit)}` };
    }
    default:
      return { scheme: 'IBAN', number: spanishIban(n), bic: 'CAIXESBBXXX' };
  }
}

function checked(input: PayeeAccountInput) {
  const result = checkPayeeAccount(input);
  if (!result.valid) throw new Error(`demo account ${JSON.stringify(input)} is invalid: ${result.reason}`);
  return result.account;
}

export async function seedPayments(tx: Queryable): Promise<void> {
  const insurers = await tx.query<{ id: number; country: string; currency: string; legal_name: string | null; name: string }>(
    'SELECT id, country, currency, legal_name, name FROM insurers ORDER BY id',
  );
  for (const [n, insurer] of insurers.entries()) {
    const a = checked(demoAccount(insurer.country, 900 + n));
    await tx.query(
      `INSERT INTO debtor_accounts (insurer_id, currency, name, scheme, number, bic, bank_code, holder_tax_id, pain_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '001.001.09') ON CONFLICT DO NOTHING`,
      [insurer.id, insurer.currency, (insurer.legal_name ?? insurer.name).slice(0, 70), a.scheme, a.number, a.bic, a.bankCode, a.holderTaxId],
    );
  }
  const holders = await tx.query<{ id: number; name: string; country: string | null }>(
    `SELECT h.id, trim(coalesce(h.company_name, h.first_names || ' ' || h.last_names)) AS name,
            (SELECT i.country FROM policies p JOIN insurers i ON i.id = p.insurer_id WHERE p.policyholder_id = h.id ORDER BY p.id LIMIT 1) AS country
       FROM policyholders h ORDER BY h.id`,
  );
  for (const h of holders) {
    const a = checked(demoAccount(h.country ?? 'ES', h.id));
    await tx.query('INSERT INTO payee_accounts (policyholder_id, holder_name, scheme, number, bic, bank_code, holder_tax_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      h.id, h.name, a.scheme, a.number, a.bic, a.bankCode, a.holderTaxId,
    ]);
  }
  const doctors = await tx.query<{ id: number; name: string }>(`SELECT id, first_names || ' ' || last_names AS name FROM doctors ORDER BY id`);
  for (const d of doctors) {
    const a = checked(demoAccount('ES', 5_000 + d.id));
    await tx.query('INSERT INTO payee_accounts (doctor_id, holder_name, scheme, number, bic) VALUES ($1, $2, $3, $4, $5)', [d.id, d.name, a.scheme, a.number, a.bic]);
  }
}
