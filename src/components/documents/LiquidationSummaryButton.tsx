import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useIntl } from 'react-intl';
import { liquidationSummaryPdf } from '../../api/resources/reimbursements.ts';
import { saveBlob } from '../../api/save-blob.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { BusyButton } from '../form/BusyButton.tsx';

/**
 * "Download liquidation (PDF)" for a reimbursement screen: the server writes the summary in the reader's
 * language and audits the download. Offer it once the claim has been liquidated (the server answers 409 before).
 */
export function LiquidationSummaryButton({ reimbursementId, folio }: { reimbursementId: number; folio: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await liquidationSummaryPdf(reimbursementId), `liquidacion-${folio}.pdf`);
    } catch (error) {
      notifyError(intl, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton variant="outline" size="sm" loading={busy} onClick={() => void download()} data-testid="liquidation-summary">
      <FileText aria-hidden size={16} />
      {intl.formatMessage({ id: 'reimbursements.liquidationPdf' })}
    </BusyButton>
  );
}
