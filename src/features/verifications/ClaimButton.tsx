import { Hand } from 'lucide-react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { verificationWorkflow, type Verification } from '../../api/resources/verifications.ts';

/** A worklist row's "Tomar": ASSIGN to oneself with the row's version, as the verification's own screen sends it. */
export function ClaimButton({ row }: { row: Verification }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { userId } = useScreen();
  const workflow = useWorkflowRecord(row, verificationWorkflow);
  const claim = () =>
    workflow.send({ type: 'ASSIGN', assigneeId: userId! }, { onSuccess: () => messenger.create({ type: 'success', title: t('verifications.claimed', { folio: row.folio }) }) });
  return (
    <>
      <BusyButton size="xs" variant="outline" loading={workflow.pending} aria-label={t('verifications.claimRow', { folio: row.folio })} onKeyDown={(e) => e.stopPropagation()} onClick={claim}>
        <Hand aria-hidden size={14} />
        {t('verifications.claim')}
      </BusyButton>
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
