import type { PaymentRunState } from '@core/workflows/payment-run.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessRuleError, StateConflictError } from '../../errors.ts';

/** The run's own columns the workflow reads. */
export type PaymentRunRow = {
  id: number;
  folio: string;
  state: PaymentRunState;
  execution_date: string;
  created_by: number;
  approved_by: number | null;
  file_sha256: string | null;
  cancel_reason: string | null;
  version: number;
  created_at: Date | string;
}

const RUN_COLUMNS = `id, folio, state, execution_date::text AS execution_date, created_by, approved_by, file_sha256, cancel_reason, version, created_at`;

export async function findRun(q: Queryable, id: number, lock = false): Promise<PaymentRunRow | undefined> {
  const [row] = await q.query<PaymentRunRow>(`SELECT ${RUN_COLUMNS} FROM payment_runs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row;
}

export async function pageRuns(q: Queryable, filter: { page: number; pageSize: number; state?: string }) {
  const where = filter.state ? 'WHERE state = $3' : '';
  const params: unknown[] = [filter.pageSize, (filter.page - 1) * filter.pageSize, ...(filter.state ? [filter.state] : [])];
  const rows = await q.query<PaymentRunRow>(`SELECT ${RUN_COLUMNS} FROM payment_runs ${where} ORDER BY id DESC LIMIT $1 OFFSET $2`, params);
  const [{ total }] = (await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM payment_runs ${filter.state ? 'WHERE state = $1' : ''}`, filter.state ? [filter.state] : [])) as [{ total: number }];
  return { rows, total, totalIsLowerBound: false };
}

/** A run's claim with its payee's account as it is now and the debtor account its insurer pays it from. */
export type ItemRow = {
  id: number;
  run_id: number;
  reimbursement_id: number;
  holds_claim: boolean;
  currency: string;
  amount_cents: number;
  payment_information_id: string | null;
  bank_status: string | null;
  bank_reason_code: string | null;
  bank_reason_text: string | null;
  folio: string;
  claim_state: string;
  /** The claim's amount to pay now (the item's amount_cents is what the run froze at submission). */
  claim_payable_cents: number;
  payee: 'HOLDER' | 'PROVIDER';
  insurer_id: number;
  patient_name: string;
  service_from: string | null;
  service_to: string | null;
  /** Frozen at submission (what the file pays); null in draft. */
  payee_name: string | null;
  payee_scheme: string | null;
  payee_number: string | null;
  payee_bic: string | null;
  payee_bank_code: string | null;
  payee_tax_id: string | null;
  debtor_account_id: number | null;
  /** The payee's account today. */
  account_id: number | null;
  account_holder: string | null;
  account_scheme: string | null;
  account_number: string | null;
  account_bic: string | null;
  account_bank_code: string | null;
  account_tax_id: string | null;
  account_needs_correction: boolean | null;
  live_debtor_account_id: number | null;
}

export async function itemsOf(q: Queryable, runIds: readonly number[]): Promise<ItemRow[]> {
  if (!runIds.length) return [];
  return q.query<ItemRow>(
    `SELECT i.id, i.run_id, i.reimbursement_id, i.holds_claim, i.currency, i.amount_cents, i.payment_information_id,
            i.bank_status, i.bank_reason_code, i.bank_reason_text, i.payee_name, i.payee_scheme, i.payee_number, i.payee_bic,
            i.payee_bank_code, i.payee_tax_id, i.debtor_account_id,
            r.folio, r.state AS claim_state, r.payable_cents AS claim_payable_cents, r.payee, r.insurer_id,
            trim(pat.first_names || ' ' || pat.last_name || coalesce(' ' || pat.second_last_name, '')) AS patient_name,
            (SELECT min(l.service_date)::text FROM reimbursement_lines l WHERE l.reimbursement_id = r.id) AS service_from,
            (SELECT max(l.service_date)::text FROM reimbursement_lines l WHERE l.reimbursement_id = r.id) AS service_to,
            pa.id AS account_id, pa.holder_name AS account_holder, pa.scheme AS account_scheme, pa.number AS account_number,
            pa.bic AS account_bic, pa.bank_code AS account_bank_code, pa.holder_tax_id AS account_tax_id, pa.needs_correction AS account_needs_correction,
            da.id AS live_debtor_account_id
       FROM payment_run_items i
       JOIN reimbursements r ON r.id = i.reimbursement_id
       JOIN patients pat ON pat.id = r.patient_id
       JOIN policies po ON po.id = r.policy_id
       LEFT JOIN payee_accounts pa ON (r.payee = 'HOLDER' AND pa.policyholder_id = po.policyholder_id) OR (r.payee = 'PROVIDER' AND pa.doctor_id = r.doctor_id)
       LEFT JOIN debtor_accounts da ON da.insurer_id = r.insurer_id AND da.currency = r.currency
      WHERE i.run_id = ANY($1::int[])
      ORDER BY i.run_id, i.id`,
    [runIds],
  );
}

/** Only an approved claim (in full or in part), not paid, may enter a run. */
export const PAYABLE_STATES = ['approved', 'partiallyApproved'];

/**
 * Adds claims to a run. A claim already held by an open run is refused: first by a read (a clear answer
 * naming the claim), and under a race by the partial unique index `payment_run_items_one_open_run`.
 */
export async function addItems(tx: Queryable, runId: number, reimbursementIds: readonly number[]): Promise<void> {
  if (!reimbursementIds.length) return;
  const claims = await tx.query<{ id: number; state: string; currency: string; payable_cents: number }>(
    'SELECT id, state, currency, payable_cents FROM reimbursements WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [reimbursementIds],
  );
  const found = new Map(claims.map((c) => [c.id, c]));
  const notPayable = reimbursementIds.map((id, n) => ({ id, n })).filter(({ id }) => !PAYABLE_STATES.includes(found.get(id)?.state ?? '') || !(found.get(id)!.payable_cents > 0));
  if (notPayable.length) {
    throw new BusinessRuleError(
      'paymentRun.claimNotPayable',
      `Only approved, unpaid claims with an amount to pay enter a run: ${notPayable.map(({ id }) => id).join(', ')}.`,
      notPayable.map(({ n }) => ({ path: `body/reimbursementIds/${n}`, keyword: 'notPayable' })),
    );
  }
  const held = await tx.query<{ reimbursement_id: number; folio: string }>(
    `SELECT i.reimbursement_id, p.folio FROM payment_run_items i JOIN payment_runs p ON p.id = i.run_id
      WHERE i.holds_claim AND i.reimbursement_id = ANY($1::int[]) AND i.run_id <> $2`,
    [reimbursementIds, runId],
  );
  if (held.length) throw inOpenRun(held.map((h) => `${h.reimbursement_id} (${h.folio})`).join(', '));
  // Items take their ids in the order of the claims' ids: without the ORDER BY the plan chose it (heap order on a bitmap scan), and a
  // run's transfers, its bank file and its FHIR details came out in another order from one run to the next.
  try {
    await tx.query(
      `INSERT INTO payment_run_items (run_id, reimbursement_id, currency, amount_cents)
       SELECT $1, r.id, r.currency, r.payable_cents FROM reimbursements r WHERE r.id = ANY($2::int[]) ORDER BY r.id
       ON CONFLICT (run_id, reimbursement_id) DO NOTHING`,
      [runId, reimbursementIds],
    );
  } catch (error) {
    const pg = error as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'payment_run_items_one_open_run') throw inOpenRun('one of them');
    throw error;
  }
}

const inOpenRun = (which: string) => new StateConflictError('paymentRun.claimInOpenRun', `A claim is in at most one open payment run: ${which} already is.`, [{ path: 'body/reimbursementIds', keyword: 'claimInOpenRun' }]);

/** Takes claims out of a draft run: they are free again. */
export async function removeItems(tx: Queryable, runId: number, reimbursementIds: readonly number[]): Promise<void> {
  if (reimbursementIds.length) await tx.query('DELETE FROM payment_run_items WHERE run_id = $1 AND reimbursement_id = ANY($2::int[])', [runId, reimbursementIds]);
}

export async function insertRun(tx: Queryable, folio: string, executionDate: string, createdBy: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>('INSERT INTO payment_runs (folio, execution_date, created_by) VALUES ($1, $2, $3) RETURNING id', [folio, executionDate, createdBy]);
  return row!.id;
}

export async function saveRun(tx: Queryable, id: number, changes: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(changes);
  const sets = keys.map((key, n) => `${key} = $${n + 2}`);
  await tx.query(`UPDATE payment_runs SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1`, [id, ...keys.map((k) => changes[k])]);
}
