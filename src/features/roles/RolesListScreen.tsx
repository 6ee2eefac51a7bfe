import { useIntl } from 'react-intl';
import { fieldColumns } from '../../components/list/columns.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { roles, type Role } from '../../api/resources/roles.ts';
import { Count, RoleKind, RoleName } from './RoleCells.tsx';

// The roles' list operation takes no paging, sort, search or filter: every role on one page.
const ROLE_LIST: ListSpec = { sortable: [], defaultSort: '', filters: {} };

const columns = fieldColumns<Role>('roles', {}, ROLE_LIST, [
  { name: 'name', cell: (role) => <RoleName code={role.code} /> },
  { name: 'system', cell: (role) => <RoleKind system={role.system} /> },
  { name: 'userCount', cell: (role) => <Count value={role.userCount} /> },
  { name: 'permissionCount', cell: (role) => <Count value={role.permissions.length} /> },
]);

/** `/roles`: every role with its kind, how many users hold it and how many permissions it grants. */
export default function RolesListScreen() {
  const intl = useIntl();
  const list = useListController(roles, ROLE_LIST);
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.roles.list' })}
      columns={columns}
      rowLabel={(role) => intl.formatMessage({ id: `role.${role.code}`, defaultMessage: role.code })}
      paged={false}
    />
  );
}
