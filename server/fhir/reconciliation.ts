import { minorToMajor } from '@core/benefits/currency.ts';
import { bankOutcome } from '@core/payments/status.ts';
import type { PaymentRunState } from '@core/workflows/payment-run.machine.ts';
import type { Queryable } from '../db/database.ts';
import type { CallingClient } from './clients.ts';
import { coding } from './claim-response.ts';
import { fhirError } from './outcome.ts';

/**
 * The one table from a payment run's statechart state to its PaymentReconciliation's `status` (fm-status) and
 * `outcome` (remittance-outcome): a run not yet answered by the bank is queued; the bank's answer completes it, or
 * leaves it partial when some transfers were rejected; a cancelled run paid nothing.
 */
export const RECONCILIATION: Record<PaymentRunState, { status: 'draft' | 'active' | 'cancelled'; outcome: 'queued' | 'complete' | 'partial' | 'error' }> = {
  draft: { status: 'draft', outcome: 'queued' },
  submitted: { status: 'active', outcome: 'queued' },
  approved: { status: 'active', outcome: 'queued' },
  generated: { status: 'active', outcome: 'queued' },
  sent: { status: 'active', outcome: 'queued' },
  settled: { status: 'active', outcome: 'complete' },
  partiallyRejected: { status: 'active', outcome: 'partial' },
  cancelled: { status: 'cancelled', outcome: 'error' },
};

type Row = {
  run_id: number;
  folio: string;
  state: PaymentRunState;
  execution_date: string;
  settlement_reference: string | null;
  cancel_reason: string | null;
  created_at: Date;
  item_id: number;
  reimbursement_id: number;
  claim_folio: string;
  currency: string;
  amount_cents: number;
  payee_name: string | null;
  bank_status: string | null;
  bank_reason_code: string | null;
  bank_status_at: string | null;
};

/** A run pays claims in several currencies; a reconciliation is one currency's payments of one run (`{run}-{currency}`). */
const ID = /^([1-9][0-9]{0,9})-([A-Z]{3})$/;

const SELECT = `SELECT pr.id AS run_id, pr.folio, pr.state, pr.execution_date::text AS execution_date, pr.settlement_reference, pr.cancel_reason, pr.created_at,
    i.id AS item_id, i.reimbursement_id, r.folio AS claim_folio, trim(i.currency) AS currency, i.amount_cents, i.payee_name, i.bank_status, i.bank_reason_code,
    i.bank_status_at::date::text AS bank_status_at
  FROM payment_run_items i JOIN payment_runs pr ON pr.id = i.run_id JOIN reimbursements r ON r.id = i.reimbursement_id`;

/** Only the client's own claims: another practice's payments in the same run are none of its business. */
const OWN = 'r.integration_client_id = $1';

function present(rows: Row[]) {
  const first = rows[0]!;
  const mapping = RECONCILIATION[first.state];
  const money = (cents: number) => ({ value: minorToMajor(cents, first.currency), currency: first.currency });
  const rejected = rows.filter((r) => r.bank_status && bankOutcome(r.bank_status) === 'rejected');
  const paid = rows.filter((r) => !rejected.includes(r));
  return {
    resourceType: 'PaymentReconciliation',
    id: `${first.run_id}-${first.currency}`,
    identifier: [{ system: 'urn:dental-backoffice:payment-run', value: first.folio }],
    status: mapping.status,
    created: new Date(first.created_at).toISOString(),
    outcome: mapping.outcome,
    disposition: `${first.folio}: ${first.state}${first.cancel_reason ? ` (${first.cancel_reason})` : ''}`,
    paymentDate: first.execution_date,
    // A cancelled run paid nothing; otherwise what it pays (or paid) the client's claims but the rejected transfers.
    paymentAmount: money(first.state === 'cancelled' ? 0 : paid.reduce((sum, r) => sum + r.amount_cents, 0)),
    paymentIdentifier: { system: 'urn:dental-backoffice:payment-run', value: first.settlement_reference ?? first.folio },
    detail: rows.map((r) => ({
      identifier: { system: 'urn:dental-backoffice:payment-run-item', value: `${first.folio}-${r.item_id}` },
      type: coding('http://terminology.hl7.org/CodeSystem/payment-type', 'payment'),
      request: { reference: `Claim/${r.reimbursement_id}`, display: r.claim_folio },
      response: { reference: `ClaimResponse/${r.reimbursement_id}` },
      date: r.bank_status_at ?? first.execution_date,
      ...(r.payee_name ? { payee: { display: r.payee_name } } : {}),
      // A rejected transfer paid nothing: its detail stays, without an amount, and a note says why.
      ...(rejected.includes(r) ? {} : { amount: money(r.amount_cents) }),
    })),
    ...(rejected.length
      ? { processNote: rejected.map((r) => ({ type: 'display', text: `${r.claim_folio}: the bank rejected the transfer (${r.bank_reason_code ?? r.bank_status}).` })) }
      : {}),
  };
}

/** Groups a run's rows by currency, each group one reconciliation, newest run first. */
function group(rows: Row[]) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.run_id}-${row.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map(present);
}

export async function findReconciliation(q: Queryable, client: CallingClient, id: string) {
  const match = ID.exec(id);
  if (!match) throw fhirError(404, 'not-found', `No payment reconciliation ${id}: its id is the payment run's and a currency, e.g. 7-CLP.`);
  const rows = await q.query<Row>(`${SELECT} WHERE ${OWN} AND i.run_id = $2 AND trim(i.currency) = $3 ORDER BY i.id`, [client.id, Number(match[1]), match[2]]);
  if (!rows.length) throw fhirError(404, 'not-found', `No payment run ${match[1]} paying this client's claims in ${match[2]}.`);
  return present(rows);
}

export interface ReconciliationSearch {
  created?: { op: string; date: string };
  status?: string;
  count: number;
}

export async function searchReconciliations(q: Queryable, client: CallingClient, search: ReconciliationSearch) {
  const where = [OWN];
  const values: unknown[] = [client.id];
  if (search.status) where.push(`pr.state = ANY($${values.push(Object.entries(RECONCILIATION).filter(([, m]) => m.status === search.status).map(([state]) => state))}::text[])`);
  if (search.created) {
    const op = { eq: '=', ge: '>=', le: '<=', gt: '>', lt: '<' }[search.created.op]!;
    where.push(`pr.created_at::date ${op} $${values.push(search.created.date)}::date`);
  }
  const all = group(await q.query<Row>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY pr.id DESC, i.id`, values));
  return { resources: all.slice(0, search.count), total: all.length };
}
