import type { PaymentRunFacts } from '@core/workflows/payment-run.machine.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../shared/actor.ts';
import { checkStored } from './accounts.ts';
import { itemsOf, PAYABLE_STATES, type ItemRow, type PaymentRunRow } from './repository.ts';

/** Why an item's payee cannot be paid now (`payeeAccount.<reason>`), or null. */
export type AccountOnFile = Pick<ItemRow, 'account_id' | 'account_needs_correction' | 'account_scheme' | 'account_number' | 'account_bic' | 'account_bank_code' | 'account_tax_id'>;

export function accountProblem(item: AccountOnFile): string | null {
  if (item.account_id === null) return 'payeeAccount.missing';
  if (item.account_needs_correction) return 'payeeAccount.needsCorrection';
  const check = checkStored({ scheme: item.account_scheme!, number: item.account_number!, bic: item.account_bic, bank_code: item.account_bank_code, holder_tax_id: item.account_tax_id });
  return check.valid ? null : `payeeAccount.${check.reason}`;
}

/**
 * The claim's liquidation is no longer what the run froze at submission (its amount, or it left approved):
 * only frozen items are compared, a draft's follow the claim.
 */
export const liquidationChanged = (item: ItemRow) =>
  item.holds_claim && item.payee_number !== null && (item.amount_cents !== item.claim_payable_cents || !PAYABLE_STATES.includes(item.claim_state));

export interface PaymentRunContext {
  items: ItemRow[];
  /** Per currency: claims and total in minor units. */
  totals: Map<string, { count: number; cents: number }>;
}

/** Items the run still pays or has paid: a claim the bank rejected is back to payable and no longer counts. */
const counted = (item: ItemRow) => item.bank_status !== 'RJCT';

/** Count and sum per currency, in each currency's minor unit (never added across currencies). */
export function sumByCurrency(rows: readonly { currency: string; amount_cents: number }[]) {
  const totals = new Map<string, { count: number; cents: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { count: 0, cents: 0 };
    total.count += 1;
    total.cents += row.amount_cents;
    totals.set(row.currency, total);
  }
  return totals;
}

export const totalsOf = (items: readonly ItemRow[]) => sumByCurrency(items.filter(counted));

/** The statechart's facts for each run, with a fixed number of queries however many runs. */
export async function paymentRunFacts(q: Queryable, rows: readonly PaymentRunRow[], actor: Actor) {
  const ids = rows.map((r) => r.id);
  const items = await itemsOf(q, ids);
  const thresholds = new Map(
    (await q.query<{ key: string; value: number }>(`SELECT key, value::int AS value FROM setting_defaults WHERE key LIKE 'approvalThresholdCents:%'`)).map((r) => [r.key.slice('approvalThresholdCents:'.length), Number(r.value)]),
  );
  const reports = new Map(
    (await q.query<{ run_id: number; n: number }>('SELECT run_id, count(*)::int AS n FROM payment_status_reports WHERE run_id = ANY($1::int[]) GROUP BY run_id', [ids])).map((r) => [r.run_id, r.n]),
  );
  const result = new Map<number, { facts: PaymentRunFacts; context: PaymentRunContext }>();
  for (const row of rows) {
    const own = items.filter((i) => i.run_id === row.id);
    const totals = totalsOf(own);
    // A currency without a threshold in Configuraciones has no approval limit to lift: R13 then always asks for the right.
    const atOrAbove = [...totals].some(([currency, t]) => t.cents >= (thresholds.get(currency) ?? 0));
    const facts: PaymentRunFacts = {
      actorId: actor.id ?? 0,
      creatorId: row.created_by,
      itemCount: own.length,
      invalidAccountCount: own.filter((i) => i.holds_claim && accountProblem(i) !== null).length,
      missingDebtorAccountCount: new Set(own.filter((i) => i.live_debtor_account_id === null).map((i) => `${i.insurer_id}/${i.currency}`)).size,
      atOrAboveApprovalThreshold: atOrAbove,
      actorCanApproveAboveThreshold: actor.permissions?.includes('reimbursements:approve_above_threshold') ?? false,
      bankReportsReceived: reports.get(row.id) ?? 0,
      changedLiquidationCount: own.filter(liquidationChanged).length,
    };
    result.set(row.id, { facts, context: { items: own, totals } });
  }
  return result;
}
