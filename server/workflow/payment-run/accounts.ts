import { checkPayeeAccount, maskAccount, type AccountCheck, type AccountScheme, type PayeeAccount } from '@core/payments/accounts.ts';
import { isoExponent } from '@core/payments/currency.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, NotFoundError } from '../../errors.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow, auditWorkflowRead } from '../shared/audit.ts';

/**
 * Payee accounts (a policyholder's or a doctor's) and debtor accounts (the administrator's, per insurer and
 * currency). Both are checked with core/payments/accounts.ts before they are stored, so a bad account is a
 * 422 naming the field, never a file the bank refuses.
 */
export type AccountColumns = {
  scheme: string;
  number: string;
  bic: string | null;
  bank_code: string | null;
  holder_tax_id: string | null;
}

interface AccountBody {
  scheme: AccountScheme;
  number: string;
  bic?: string | null;
  bankCode?: string | null;
  holderTaxId?: string | null;
}

/** A stored account checked again (a rule may have changed since it was stored): the account or why not. */
export function checkStored(columns: AccountColumns): AccountCheck {
  return checkPayeeAccount({ scheme: columns.scheme as AccountScheme, number: columns.number, bic: columns.bic, bankCode: columns.bank_code, holderTaxId: columns.holder_tax_id });
}

function checked(body: AccountBody): PayeeAccount {
  const result = checkPayeeAccount(body);
  if (!result.valid) {
    throw new BusinessRuleError(`payeeAccount.${result.reason}`, `The account is not valid (${result.reason}).`, [{ path: `body/${result.field}`, keyword: result.reason }]);
  }
  return result.account;
}

export async function savePayeeAccount(
  tx: Queryable,
  body: AccountBody & { ownerType: 'HOLDER' | 'DOCTOR'; ownerId: number; holderName: string },
  actor: Actor,
) {
  const account = checked(body);
  const owner = body.ownerType === 'HOLDER' ? 'policyholder_id' : 'doctor_id';
  const table = body.ownerType === 'HOLDER' ? 'policyholders' : 'doctors';
  const [exists] = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [body.ownerId]);
  if (!exists) throw new NotFoundError(body.ownerType === 'HOLDER' ? 'policyholder' : 'doctor');
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO payee_accounts (${owner}, holder_name, scheme, number, bic, bank_code, holder_tax_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (${owner}) DO UPDATE SET holder_name = EXCLUDED.holder_name, scheme = EXCLUDED.scheme, number = EXCLUDED.number,
       bic = EXCLUDED.bic, bank_code = EXCLUDED.bank_code, holder_tax_id = EXCLUDED.holder_tax_id,
       needs_correction = false, correction_reason = NULL, version = payee_accounts.version + 1, updated_at = now()
     RETURNING id`,
    [body.ownerId, body.holderName.trim(), account.scheme, account.number, account.bic, account.bankCode, account.holderTaxId],
  );
  // The audit row names the account by its last digits only: the log is read by more people than treasury.
  await auditWorkflow(tx, 'payment_run', actor, 'UPDATE', undefined, { payeeAccount: row!.id, ownerType: body.ownerType, ownerId: body.ownerId, masked: maskAccount(account.number) });
  return {
    ownerType: body.ownerType,
    ownerId: body.ownerId,
    holderName: body.holderName.trim(),
    scheme: account.scheme,
    maskedNumber: maskAccount(account.number),
    needsCorrection: false,
    correctionReason: null,
  };
}

type PayeeRow = AccountColumns & { id: number; holder_name: string; needs_correction: boolean; correction_reason: string | null };
type Owner = { ownerType: 'HOLDER' | 'DOCTOR'; ownerId: number };

async function findPayee(q: Queryable, { ownerType, ownerId }: Owner): Promise<PayeeRow | null> {
  const table = ownerType === 'HOLDER' ? 'policyholders' : 'doctors';
  const [exists] = await q.query(`SELECT 1 FROM ${table} WHERE id = $1`, [ownerId]);
  if (!exists) throw new NotFoundError(ownerType === 'HOLDER' ? 'policyholder' : 'doctor');
  const [row] = await q.query<PayeeRow>(
    `SELECT id, holder_name, scheme, number, bic, bank_code, holder_tax_id, needs_correction, correction_reason
       FROM payee_accounts WHERE ${ownerType === 'HOLDER' ? 'policyholder_id' : 'doctor_id'} = $1`,
    [ownerId],
  );
  return row ?? null;
}

/** The payee's account masked, with the bank's reason when a payment to it was returned; null when none is on file. */
export async function getPayeeAccount(q: Queryable, owner: Owner) {
  const row = await findPayee(q, owner);
  if (!row) return null;
  return {
    ...owner,
    holderName: row.holder_name,
    scheme: row.scheme as AccountScheme,
    maskedNumber: maskAccount(row.number),
    needsCorrection: row.needs_correction,
    correctionReason: row.correction_reason,
  };
}

/** The payee's account in full; the reveal is audited like a run's. */
export async function revealPayeeAccount(db: Database, owner: Owner, actor: Actor) {
  const row = await findPayee(db, owner);
  if (!row) throw new NotFoundError('payeeAccount');
  await auditWorkflowRead(db, 'payment_run', actor, 'REVEAL', undefined, { payeeAccount: row.id, ...owner });
  return { scheme: row.scheme as AccountScheme, number: row.number, bic: row.bic, bankCode: row.bank_code, holderTaxId: row.holder_tax_id };
}

type DebtorRow = AccountColumns & { id: number; insurer_id: number; currency: string; name: string; pain_version: string };

const presentDebtor = (row: DebtorRow) => ({
  id: row.id,
  insurerId: row.insurer_id,
  currency: row.currency,
  name: row.name,
  scheme: row.scheme as AccountScheme,
  maskedNumber: maskAccount(row.number),
  painVersion: row.pain_version as '001.001.09' | '001.001.03',
});

export async function listDebtorAccounts(q: Queryable) {
  const rows = await q.query<DebtorRow>('SELECT id, insurer_id, currency, name, scheme, number, bic, bank_code, holder_tax_id, pain_version FROM debtor_accounts ORDER BY insurer_id, currency');
  return rows.map(presentDebtor);
}

export async function saveDebtorAccount(
  tx: Queryable,
  body: AccountBody & { insurerId: number; currency: string; name: string; painVersion?: '001.001.09' | '001.001.03' },
  actor: Actor,
) {
  const account = checked(body);
  if (isoExponent(body.currency) === null) {
    throw new BusinessRuleError('debtorAccount.currencyUnknown', `${body.currency} is not a currency a payment file can carry.`, [{ path: 'body/currency', keyword: 'currencyUnknown' }]);
  }
  const [insurer] = await tx.query('SELECT 1 FROM insurers WHERE id = $1', [body.insurerId]);
  if (!insurer) throw new NotFoundError('insurer');
  const [row] = await tx.query<DebtorRow>(
    `INSERT INTO debtor_accounts (insurer_id, currency, name, scheme, number, bic, bank_code, holder_tax_id, pain_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (insurer_id, currency) DO UPDATE SET name = EXCLUDED.name, scheme = EXCLUDED.scheme, number = EXCLUDED.number, bic = EXCLUDED.bic,
       bank_code = EXCLUDED.bank_code, holder_tax_id = EXCLUDED.holder_tax_id, pain_version = EXCLUDED.pain_version,
       version = debtor_accounts.version + 1, updated_at = now()
     RETURNING id, insurer_id, currency, name, scheme, number, bic, bank_code, holder_tax_id, pain_version`,
    [body.insurerId, body.currency, body.name.trim(), account.scheme, account.number, account.bic, account.bankCode, account.holderTaxId, body.painVersion ?? '001.001.09'],
  );
  await auditWorkflow(tx, 'payment_run', actor, 'UPDATE', undefined, { debtorAccount: row!.id, insurerId: body.insurerId, currency: body.currency });
  return presentDebtor(row!);
}
