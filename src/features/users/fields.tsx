import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import type { ColumnDecl } from '../../components/list/columns.tsx';
import type { User } from '../../api/resources/users.ts';
import { LanguageName, RoleNames, StatusBadge } from './UserCells.tsx';

/** What the contract says of a user's fields and of the users' list (sorts, the role and status filters). */
export const USER_FIELDS = FIELD_SPECS.users;
export const USER_LIST = LIST_SPECS.users;

export const USER_COLUMNS: ColumnDecl<User>[] = [
  'name',
  'email',
  { name: 'roles', cell: (user) => <RoleNames codes={user.roles} /> },
  { name: 'status', cell: (user) => <StatusBadge user={user} /> },
  { name: 'locale', cell: (user) => <LanguageName locale={user.locale} /> },
  'updatedAt',
];
