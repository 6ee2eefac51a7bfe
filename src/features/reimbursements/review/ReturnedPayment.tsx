import { useIntl } from 'react-intl';
import { useWorkflowHistory } from '../../../api/resources/workflow-history.ts';
import { Notice } from '../../../components/feedback/Notice.tsx';

/** States in which a returned payment is still to be paid again (a paid or cancelled claim no longer says it). */
const PAYABLE = new Set(['approved', 'partiallyApproved']);

/**
 * "Pago devuelto: AC04 cuenta cerrada": the bank's last return of this claim's payment, from its history (the payment
 * run writes PAYMENT_RETURNED there), the ISO reason code with its text in the reader's language where the catalog
 * has it, else the bank's own words.
 */
export function ReturnedPayment({ reimbursementId, state }: { reimbursementId: number; state: string }) {
  const intl = useIntl();
  const history = useWorkflowHistory('reimbursement', PAYABLE.has(state) ? reimbursementId : null);
  const last = history.data?.items.findLast((item) => item.event === 'PAYMENT_RETURNED');
  if (!PAYABLE.has(state) || !last) return null;
  const payload = (last.payload ?? {}) as { reason?: string; code?: string | null };
  const code = payload.code ?? '';
  const known = code && intl.messages[`bankReason.${code}`];
  const reason = known ? `${code} ${intl.formatMessage({ id: `bankReason.${code}` })}` : (payload.reason ?? code);
  return (
    <div data-testid="returned-payment">
      <Notice tone="warning">{intl.formatMessage({ id: 'reimbursements.returnedPayment' }, { reason })}</Notice>
    </div>
  );
}
