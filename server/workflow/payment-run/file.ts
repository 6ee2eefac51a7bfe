import { createHash } from 'node:crypto';
import type { AccountScheme, PayeeAccount } from '@core/payments/accounts.ts';
import { writePain001, type CreditTransfer, type Pain001Version, type PaymentGroup } from '@core/payments/pain001.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessRuleError } from '../../errors.ts';
import type { PaymentRunRow } from './repository.ts';

/**
 * Writes a run's pain.001 once: one PmtInf per debtor account, currency and execution date (a run has one
 * date), counts and sums declared from SQL, transfers read a page at a time and streamed through the writer.
 * Only the finished bytes are kept (the file is stored once, immutable, with its SHA-256).
 */
const PAGE = 500;

type GroupRow = {
  debtor_account_id: number;
  currency: string;
  count: number;
  cents: string;
  name: string;
  scheme: string;
  number: string;
  bic: string | null;
  bank_code: string | null;
  holder_tax_id: string | null;
  pain_version: Pain001Version;
}

type TransferRow = {
  id: number;
  folio: string;
  amount_cents: number;
  payee_name: string;
  payee_scheme: string;
  payee_number: string;
  payee_bic: string | null;
  payee_bank_code: string | null;
  payee_tax_id: string | null;
  payee: 'HOLDER' | 'PROVIDER';
  patient_name: string;
  service_from: string;
  service_to: string;
}

const account = (scheme: string, number: string, bic: string | null, bankCode: string | null, holderTaxId: string | null): PayeeAccount => ({
  scheme: scheme as AccountScheme,
  number,
  bic,
  bankCode,
  holderTaxId,
});

async function* transfers(q: Queryable, runId: number, group: GroupRow): AsyncGenerator<CreditTransfer> {
  let after = 0;
  for (;;) {
    const rows = await q.query<TransferRow>(
      `SELECT i.id, r.folio, i.amount_cents, i.payee_name, i.payee_scheme, i.payee_number, i.payee_bic, i.payee_bank_code, i.payee_tax_id, r.payee,
              trim(p.first_names || ' ' || p.last_name || coalesce(' ' || p.second_last_name, '')) AS patient_name,
              (SELECT min(l.service_date)::text FROM reimbursement_lines l WHERE l.reimbursement_id = r.id) AS service_from,
              (SELECT max(l.service_date)::text FROM reimbursement_lines l WHERE l.reimbursement_id = r.id) AS service_to
         FROM payment_run_items i JOIN reimbursements r ON r.id = i.reimbursement_id JOIN patients p ON p.id = r.patient_id
        WHERE i.run_id = $1 AND i.holds_claim AND i.debtor_account_id = $2 AND i.currency = $3 AND i.id > $4
        ORDER BY i.id LIMIT ${PAGE}`,
      [runId, group.debtor_account_id, group.currency, after],
    );
    for (const row of rows) {
      yield {
        endToEndId: row.folio,
        amountMinor: row.amount_cents,
        payeeName: row.payee_name,
        payeeIsOrganisation: row.payee === 'PROVIDER' && row.payee_scheme === 'CO',
        account: account(row.payee_scheme, row.payee_number, row.payee_bic, row.payee_bank_code, row.payee_tax_id),
        remittance: { folio: row.folio, patient: row.patient_name, serviceFrom: row.service_from ?? '', serviceTo: row.service_to ?? row.service_from ?? '' },
      };
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

export async function generateFile(q: Queryable, run: PaymentRunRow, createdAt: string): Promise<{ bytes: Buffer; sha256: string }> {
  const groups = await q.query<GroupRow>(
    `SELECT i.debtor_account_id, i.currency, count(*)::int AS count, sum(i.amount_cents)::text AS cents,
            d.name, d.scheme, d.number, d.bic, d.bank_code, d.holder_tax_id, d.pain_version
       FROM payment_run_items i JOIN debtor_accounts d ON d.id = i.debtor_account_id
      WHERE i.run_id = $1 AND i.holds_claim
      GROUP BY i.debtor_account_id, i.currency, d.id
      ORDER BY i.currency, i.debtor_account_id`,
    [run.id],
  );
  const versions = new Set(groups.map((g) => g.pain_version));
  if (versions.size > 1) {
    throw new BusinessRuleError('paymentRun.mixedFileVersions', 'The run’s debtor accounts take different pain.001 versions: split the run by bank.', [{ path: 'body/type', keyword: 'mixedFileVersions' }]);
  }
  const ids = groups.map((_, n) => `${run.folio}-${String(n + 1).padStart(3, '0')}`);
  for (const [n, g] of groups.entries()) {
    await q.query('UPDATE payment_run_items SET payment_information_id = $4 WHERE run_id = $1 AND holds_claim AND debtor_account_id = $2 AND currency = $3', [run.id, g.debtor_account_id, g.currency, ids[n]]);
  }
  const paymentGroups: PaymentGroup[] = groups.map((g, n) => ({
    paymentInformationId: ids[n]!,
    debtor: { name: g.name, account: account(g.scheme, g.number, g.bic, g.bank_code, g.holder_tax_id) },
    currency: g.currency,
    executionDate: run.execution_date,
    count: g.count,
    sumMinor: BigInt(g.cents),
    transfers: transfers(q, run.id, g),
  }));
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for await (const text of writePain001({ version: [...versions][0] ?? '001.001.09', messageId: run.folio, createdAt, initiatingParty: groups[0]?.name ?? '-', groups: paymentGroups })) {
    const chunk = Buffer.from(text, 'utf8');
    hash.update(chunk);
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}
