import { useState } from 'react';
import { Send } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { announcementWorkflow, type Announcement } from '../../api/resources/announcements.ts';
import type { EditController } from '../../components/edit/useEditController.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowEvents } from '../../components/workflow/useWorkflowRecord.ts';
import { BlockingPublishDialog } from './BlockingPublishDialog.tsx';

/**
 * *Guardar y publicar* beside *Guardar* (which keeps a draft): saves, then publishes — a blocking one only after
 * the confirmation that says whom it stops. Declined or refused, the saved draft stays and opens for editing.
 */
export function SaveAndPublish({ edit }: { edit: EditController }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const workflow = useWorkflowEvents(announcementWorkflow);
  const [confirming, setConfirming] = useState<Announcement | null>(null);
  const keepDraft = (saved: Announcement) => {
    setConfirming(null);
    messenger.create({ type: 'info', title: t('announcements.created') });
    navigate(link('edit', { id: saved.id }) ?? edit.back);
  };
  const publish = (saved: Announcement) =>
    workflow.send(saved, { type: 'PUBLISH' }, {
      onSuccess: (published) => {
        setConfirming(null);
        messenger.create({ type: 'success', title: t('announcements.done.PUBLISH', { state: published.state }) });
        navigate(edit.back);
      },
      onFailure: () => navigate(link('edit', { id: saved.id }) ?? edit.back),
    });
  return (
    <>
      <BusyButton
        type="button"
        variant="outline"
        colorPalette="blue"
        loading={edit.saving || workflow.pending}
        loadingText={t('common.saving')}
        onClick={() =>
          edit.submitThen((record) => {
            const saved = record as Announcement;
            if (saved.blocking) setConfirming(saved);
            else publish(saved);
          })
        }
      >
        <Send aria-hidden size={16} />
        {t('announcements.saveAndPublish')}
      </BusyButton>
      <BlockingPublishDialog announcement={confirming} busy={workflow.pending} onConfirm={publish} onClose={() => confirming && keepDraft(confirming)} />
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
