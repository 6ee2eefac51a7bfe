import { useState } from 'react';
import { HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Archive, Send, Undo2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { messenger } from '../../components/feedback/toaster.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { WorkflowActions } from '../../components/workflow/WorkflowActions.tsx';
import { announcementMachine } from '@core/workflows/announcement.machine.ts';
import { announcements, announcementWorkflow, type Announcement, type AnnouncementEventType } from '../../api/resources/announcements.ts';
import { BlockingPublishDialog } from './BlockingPublishDialog.tsx';
import { StateBadge } from './fields.tsx';

/**
 * The announcement's state and what may happen to it now, as the statechart answers for this user:
 * publish (or schedule, when its window begins later), retract a scheduled one, archive. Events act on
 * what is saved, so unsaved edits are saved first.
 */
export function AnnouncementStatePanel({ record, dirty, onChanged }: { record: Announcement; dirty: boolean; onChanged: (a: Announcement) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data: announcement = record } = useQuery(announcements.oneQuery(record.id));
  const workflow = useWorkflowRecord(announcement, announcementWorkflow);
  // "Cannot be scheduled" only explains a refused publication when nothing else does.
  const blocked = announcement.blockedEvents.map((b) => ({ ...b, guards: b.guards.length > 1 ? b.guards.filter((g) => g !== 'startsLater') : b.guards }));
  const [confirming, setConfirming] = useState(false);
  const run = (type: string) =>
    workflow.send(
      { type: type as AnnouncementEventType },
      {
        onSuccess: (changed) => {
          setConfirming(false);
          messenger.create({ type: 'success', title: t(`announcements.done.${type}`, { state: changed.state }) });
          onChanged(changed);
        },
      },
    );
  const onAction = (type: string) => (type === 'PUBLISH' && announcement.blocking ? setConfirming(true) : run(type));
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <StateBadge state={announcement.state} />
        <Text fontSize="sm" color="fg.muted">
          {t('announcements.versionNote', { version: announcement.bodyVersion })}
        </Text>
      </HStack>
      {dirty && <Text fontSize="sm">{t('announcements.saveFirst')}</Text>}
      <WorkflowActions
        machine={announcementMachine}
        allowedEvents={dirty ? [] : announcement.allowedEvents}
        blockedEvents={blocked}
        label={t('announcements.actions')}
        busy={workflow.busy}
        onAction={onAction}
        actions={[
          { type: 'PUBLISH', label: t('announcements.event.PUBLISH'), icon: Send, tone: 'primary' },
          { type: 'RETRACT', label: t('announcements.event.RETRACT'), icon: Undo2 },
          { type: 'ARCHIVE', label: t('announcements.event.ARCHIVE'), icon: Archive, tone: 'danger' },
        ]}
      />
      <BlockingPublishDialog announcement={confirming ? announcement : null} busy={workflow.pending} onConfirm={() => run('PUBLISH')} onClose={() => setConfirming(false)} />
      <StaleVersionDialog {...workflow.stale} />
    </Stack>
  );
}
