import { useIntl } from 'react-intl';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { announcements } from '../../api/resources/announcements.ts';
import { ANNOUNCEMENT_COLUMNS, ANNOUNCEMENT_LIST } from './fields.tsx';

/**
 * `/comunicados`: those who write announcements see every one, with its state; everyone else the
 * published ones addressed to them. A row opens the announcement (edit for writers, reading otherwise).
 */
export default function AnnouncementsListScreen() {
  const intl = useIntl();
  const { link } = useScreen();
  const list = useListController(announcements, ANNOUNCEMENT_LIST);
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.announcements.list' })}
      columns={ANNOUNCEMENT_COLUMNS}
      rowLabel={(a) => a.title}
      createLabel={intl.formatMessage({ id: 'area.announcements.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'announcements.search' })}
      open={{ screen: link('edit', { id: 0 }) ? 'edit' : 'view' }}
    />
  );
}
