import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ReasonDialog } from '../../../components/workflow/ReasonDialog.tsx';
import type { Reimbursement, ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { PayReasonField } from './PayReasonField.tsx';
import { PaySummary } from './PaySummary.tsx';
import { ReasonCodeField } from './ReasonCodeField.tsx';

/** The events whose payload is words: a cancellation's reason, a rejection's code and explanation, the payment's reference and reason. */
export const REASON_EVENTS = new Set(['CANCEL', 'REJECT', 'PAY']);

interface Props {
  event: string;
  /** The claim, for the pay dialog's summary of what is paid to whom. */
  record: Reimbursement;
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

export function EventReasonDialog({ event, record, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [reasonCode, setReasonCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  // A payment by hand is the exception to payment runs: it says why (the statechart refuses it otherwise).
  const [payReason, setPayReason] = useState('');
  const [payReasonMissing, setPayReasonMissing] = useState(false);
  const label = t(event === 'PAY' ? 'reimbursements.review.paymentReference' : event === 'REJECT' ? 'reimbursements.review.explanation' : 'reimbursements.review.reason');
  const send = (text: string) => {
    if (event === 'PAY') {
      setPayReasonMissing(!payReason.trim());
      return payReason.trim() && onSend({ type: 'PAY', reference: text, reason: payReason.trim() });
    }
    if (event === 'CANCEL') return onSend({ type: 'CANCEL', reason: text });
    setCodeMissing(!reasonCode);
    if (reasonCode) onSend(text ? { type: 'REJECT', reasonCode, reason: text } : { type: 'REJECT', reasonCode });
  };
  return (
    <ReasonDialog
      open
      title={t(`reimbursements.event.${event}`)}
      body={t(`reimbursements.eventHelp.${event}`)}
      label={label}
      confirmLabel={t(`reimbursements.event.${event}`)}
      tone={event === 'PAY' ? 'primary' : 'danger'}
      maxLength={event === 'PAY' ? 60 : 1000}
      required={event !== 'REJECT'}
      busy={busy}
      error={error}
      onConfirm={send}
      onClose={onClose}
    >
      {event === 'PAY' && (
        <>
          <PaySummary record={record} />
          <PayReasonField value={payReason} onChange={setPayReason} invalid={payReasonMissing} />
        </>
      )}
      {event === 'REJECT' && (
        <ReasonCodeField value={reasonCode} onChange={setReasonCode} required invalid={codeMissing} />
      )}
    </ReasonDialog>
  );
}
