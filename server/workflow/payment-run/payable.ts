import { minorToDecimalText } from '@core/benefits/currency.ts';
import { paymentRunGuardRules } from '@core/workflows/payment-run.machine.ts';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db/database.ts';
import { HttpProblem } from '../../http/problem.ts';
import { accountProblem, sumByCurrency, type AccountOnFile } from './facts.ts';
import { presentTotals } from './presenter.ts';
import { PAYABLE_STATES } from './repository.ts';

type PayableClaim = components['schemas']['PayableClaim'];
type Exclusion = components['schemas']['PayableClaimExclusion'];

export interface PayableFilter {
  page: number;
  pageSize: number;
  insurerId?: number;
  currency?: string;
  payee?: 'HOLDER' | 'PROVIDER';
  from?: string;
  to?: string;
}

/** How many excluded claims the answer names; `excludedTotal` counts them all. */
const EXCLUDED_SHOWN = 100;

type Row = AccountOnFile & {
  id: number;
  folio: string;
  currency: string;
  amount_cents: number;
  payee: 'HOLDER' | 'PROVIDER';
  insurer_id: number;
  insurer_name: string;
  patient_name: string;
  approved_on: string | null;
  held_by: string | null;
  debtor_account_id: number | null;
};

/**
 * Why a run would refuse the claim, with the rule codes its guards answer (and addItems for a claim held
 * elsewhere): the same facts the run reads (facts.ts), so the screen says beforehand what SUBMIT would say.
 */
function exclusions(row: Row): Exclusion[] {
  const reasons: Exclusion[] = [];
  if (row.held_by) reasons.push({ rule: 'paymentRun.claimInOpenRun', detail: row.held_by });
  const account = accountProblem(row);
  if (account) reasons.push({ rule: paymentRunGuardRules.payeeAccountsValid.rule, detail: account });
  if (row.debtor_account_id === null) reasons.push({ rule: paymentRunGuardRules.debtorAccountsConfigured.rule, detail: null });
  return reasons;
}

const present = (row: Row): PayableClaim => ({
  reimbursementId: row.id,
  folio: row.folio,
  patientName: row.patient_name,
  insurerId: row.insurer_id,
  insurerName: row.insurer_name,
  currency: row.currency,
  amount: minorToDecimalText(row.amount_cents, row.currency),
  amountCents: row.amount_cents,
  payeeKind: row.payee,
  approvedOn: row.approved_on,
});

/**
 * The claims treasury may put in a new run, filtered by the server: a page of those that can enter, the whole
 * selection's totals per currency (exact integers in minor units), and those the filters match that cannot.
 * Which can enter is decided per claim in code (the account checks are core's), so the whole filtered set is
 * read; it is the approved-but-unpaid claims only, a working set, not the archive.
 */
export async function listPayableClaims(q: Queryable, filter: PayableFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new HttpProblem(400, 'request.invalid', 'The approval date range starts after it ends (`from` is after `to`).', [{ path: 'query/to', keyword: 'formatMinimum', params: { limit: filter.from } }]);
  }
  const params: unknown[] = [PAYABLE_STATES];
  const where = ['r.state = ANY($1::text[])', 'r.payable_cents > 0'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.insurerId) add('r.insurer_id = ?', filter.insurerId);
  if (filter.currency) add('r.currency = ?', filter.currency);
  if (filter.payee) add('r.payee = ?', filter.payee);
  if (filter.from) add('approval.on_date >= ?::date', filter.from);
  if (filter.to) add('approval.on_date <= ?::date', filter.to);
  const rows = await q.query<Row>(
    `SELECT r.id, r.folio, r.currency, r.payable_cents AS amount_cents, r.payee, r.insurer_id, ins.name AS insurer_name,
            trim(pat.first_names || ' ' || pat.last_name || coalesce(' ' || pat.second_last_name, '')) AS patient_name,
            approval.on_date::text AS approved_on, held.folio AS held_by,
            pa.id AS account_id, pa.scheme AS account_scheme, pa.number AS account_number, pa.bic AS account_bic, pa.bank_code AS account_bank_code,
            pa.holder_tax_id AS account_tax_id, pa.needs_correction AS account_needs_correction,
            da.id AS debtor_account_id
       FROM reimbursements r
       JOIN insurers ins ON ins.id = r.insurer_id
       JOIN patients pat ON pat.id = r.patient_id
       JOIN policies po ON po.id = r.policy_id
       -- The approval's business date: the last history row that brought the claim to approved.
       LEFT JOIN LATERAL (SELECT h.on_date FROM workflow_history h
                           WHERE h.entity_type = 'reimbursement' AND h.entity_id = r.id AND h.to_state = ANY($1::text[]) AND h.from_state <> h.to_state
                           ORDER BY h.id DESC LIMIT 1) approval ON true
       LEFT JOIN LATERAL (SELECT p.folio FROM payment_run_items i JOIN payment_runs p ON p.id = i.run_id
                           WHERE i.reimbursement_id = r.id AND i.holds_claim LIMIT 1) held ON true
       LEFT JOIN payee_accounts pa ON (r.payee = 'HOLDER' AND pa.policyholder_id = po.policyholder_id) OR (r.payee = 'PROVIDER' AND pa.doctor_id = r.doctor_id)
       LEFT JOIN debtor_accounts da ON da.insurer_id = r.insurer_id AND da.currency = r.currency
      WHERE ${where.join(' AND ')}
      ORDER BY r.folio, r.id`,
    params,
  );
  const eligible: Row[] = [];
  const excluded: (PayableClaim & { reasons: Exclusion[] })[] = [];
  for (const row of rows) {
    const reasons = exclusions(row);
    if (reasons.length) excluded.push({ ...present(row), reasons });
    else eligible.push(row);
  }
  const start = (filter.page - 1) * filter.pageSize;
  return {
    items: eligible.slice(start, start + filter.pageSize).map(present),
    total: eligible.length,
    page: filter.page,
    pageSize: filter.pageSize,
    totals: presentTotals(sumByCurrency(eligible)),
    excluded: excluded.slice(0, EXCLUDED_SHOWN),
    excludedTotal: excluded.length,
  };
}
