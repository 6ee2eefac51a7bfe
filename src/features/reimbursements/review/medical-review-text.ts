import { useIntl } from 'react-intl';
import { money } from '../../../components/format/money.ts';
import type { Reimbursement } from '../../../api/resources/reimbursements.ts';
import { useReasonText } from '../../../api/resources/settings.ts';

/**
 * The medical review's change to each line it changed, in words ("Revisión odontológica: reducida a 250,00 EUR —
 * motivo"), for the lines the approval keeps as the auditor left them. Only a recorded review that decided the
 * claim changes lines; one that asked for documents changes none.
 */
export function useMedicalChanges(record: Reimbursement): ReadonlyMap<number, string> {
  const intl = useIntl();
  const reasonText = useReasonText();
  const review = record.medicalReview.review;
  if (!review || !record.medicalReview.done) return new Map();
  return new Map(
    review.lines.map((change) => [
      change.lineId,
      intl.formatMessage(
        { id: change.decision === 'REDUCE' ? 'reimbursements.medical.lineReduced' : 'reimbursements.medical.lineRejected' },
        { amount: money(intl, change.amountCents ?? 0, record.currency), reason: reasonText(change.reasonCode) },
      ),
    ]),
  );
}
