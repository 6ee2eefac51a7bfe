import { useIntl } from 'react-intl';
import { fieldColumns } from '../../components/list/columns.tsx';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { users, type User } from './api.ts';
import { USER_COLUMNS, USER_FIELDS, USER_LIST } from './fields.tsx';
import { useUserListSpec } from './useUserListSpec.ts';

const columns = fieldColumns<User>('users', USER_FIELDS, USER_LIST, USER_COLUMNS);

/** `/usuarios`: search by name or e-mail, filters by role and status, sorting and paging, all in the URL. */
export default function UsersListScreen() {
  const intl = useIntl();
  const list = useListController(users, useUserListSpec());
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.users.list' })}
      columns={columns}
      rowLabel={(user) => user.name}
      createLabel={intl.formatMessage({ id: 'area.users.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'users.search' })}
    />
  );
}
