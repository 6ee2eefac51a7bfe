import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { reportQuery, type Announcement } from '../../api/resources/announcements.ts';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';

interface Props {
  /** The blocking announcement about to be published; null: closed. */
  announcement: Announcement | null;
  busy: boolean;
  onConfirm: (announcement: Announcement) => void;
  onClose: () => void;
}

/** A blocking announcement stops its whole audience at once: say how many before publishing it (issue 28 item 8). */
export function BlockingPublishDialog({ announcement, busy, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const report = useQuery({ ...reportQuery(announcement?.id ?? 0), enabled: announcement !== null, staleTime: 0 });
  const count = report.data?.audienceSize;
  return (
    <ConfirmDialog
      open={announcement !== null}
      title={t('announcements.blockingConfirm.title')}
      body={count === undefined ? t('announcements.blockingConfirm.counting') : t('announcements.blockingConfirm.body', { count })}
      confirmLabel={t('announcements.blockingConfirm.confirm')}
      busy={busy || count === undefined}
      onConfirm={() => announcement && onConfirm(announcement)}
      onClose={onClose}
    />
  );
}
