import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { useRecordLoader } from '../../components/edit/useEditController.ts';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { announcements } from '../../api/resources/announcements.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';

/** `/comunicados/ver/:id`: one announcement as its audience reads it (opening it records the reading). */
export default function ViewScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const loaded = useRecordLoader(announcements, Number(id));
  const listLabel = intl.formatMessage({ id: 'area.announcements.list' });
  if (loaded.status === 'loading') return <Loading />;
  if (loaded.status !== 'ready') return <RecordNotFound listLabel={listLabel} />;
  return (
    <Stack gap="4" maxW="4xl">
      <PageHeader title={intl.formatMessage({ id: 'area.announcements.view' })} />
      <AnnouncementCard announcement={loaded.record} />
    </Stack>
  );
}
