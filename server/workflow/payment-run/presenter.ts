import { minorToDecimalText } from '@core/benefits/currency.ts';
import { maskAccount } from '@core/payments/accounts.ts';
import { bankOutcome } from '@core/payments/status.ts';
import type { components } from '../../../openapi/schema';
import type { Evaluation, Presented } from '../shared/define-workflow.ts';
import { accountProblem, liquidationChanged, type PaymentRunContext } from './facts.ts';
import type { ItemRow, PaymentRunRow } from './repository.ts';

type PaymentRun = components['schemas']['PaymentRun'];
type PaymentRunItem = components['schemas']['PaymentRunItem'];

function presentItem(item: ItemRow): PaymentRunItem {
  // Once submitted the run pays the frozen account; before, the payee's account as it is now.
  const number = item.payee_number ?? item.account_number;
  const problem = item.holds_claim ? accountProblem(item) : null;
  return {
    reimbursementId: item.reimbursement_id,
    folio: item.folio,
    patientName: item.patient_name,
    currency: item.currency,
    amount: minorToDecimalText(item.amount_cents, item.currency),
    amountCents: item.amount_cents,
    payeeKind: item.payee,
    payeeName: item.payee_name ?? item.account_holder,
    payeeScheme: item.payee_scheme ?? item.account_scheme,
    maskedAccount: number ? maskAccount(number) : null,
    accountValid: problem === null,
    accountProblem: problem,
    bankStatus: item.bank_status,
    bankOutcome: item.bank_status ? bankOutcome(item.bank_status) : null,
    bankReasonCode: item.bank_reason_code,
    bankReasonText: item.bank_reason_text,
    liquidationChanged: liquidationChanged(item),
  };
}

/** Totals per currency in currency order, as decimal text and as integer minor units. */
export const presentTotals = (totals: Map<string, { count: number; cents: number }>) =>
  [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => ({ currency, count: t.count, amount: minorToDecimalText(t.cents, currency), amountCents: t.cents }));

export function presentRun(row: PaymentRunRow, { allowedEvents, context }: Evaluation<PaymentRunContext>, view: { inList: boolean }): Presented<PaymentRun> {
  return {
    id: row.id,
    folio: row.folio,
    version: row.version,
    state: row.state,
    executionDate: row.execution_date,
    createdBy: row.created_by,
    approvedBy: row.approved_by,
    itemCount: context.items.length,
    totals: presentTotals(context.totals),
    fileSha256: row.file_sha256,
    cancelReason: row.cancel_reason,
    ...(view.inList ? {} : { items: context.items.map(presentItem) }),
    allowedEvents,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
