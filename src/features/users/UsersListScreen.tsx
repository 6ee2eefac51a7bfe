import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Link as ChakraLink, Stack } from '@chakra-ui/react';
import { allRolesQuery } from '../../api/resources/roles.ts';
import { fieldColumns } from '../../components/list/columns.tsx';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { users, type User } from '../../api/resources/users.ts';
import { USER_COLUMNS, USER_FIELDS, USER_LIST } from './fields.tsx';
import { ServiceAccounts } from './ServiceAccounts.tsx';

const columns = fieldColumns<User>('users', USER_FIELDS, USER_LIST, USER_COLUMNS);

/** `/usuarios`: search by name or e-mail, filters by role and status, sorting and paging, all in the URL. */
export default function UsersListScreen() {
  const intl = useIntl();
  const list = useListController(users, USER_LIST);
  // The contract types `role` as any role code: the choices are the roles there are, by their names.
  const { data: roles } = useQuery(allRolesQuery());
  const roleOptions = (roles?.items ?? []).map((role) => ({ value: role.code, label: intl.formatMessage({ id: `role.${role.code}`, defaultMessage: role.code }) }));
  return (
    <Stack gap="8">
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.users.list' })}
      columns={columns}
      rowLabel={(user) => user.name}
      createLabel={intl.formatMessage({ id: 'area.users.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'users.search' })}
      filterOptions={{ role: roleOptions }}
      // The FHIR endpoint's clients are administered beside the users (issue 27).
      intro={
        <ChakraLink asChild data-testid="integrations-link">
          <Link href="/usuarios/integraciones">{intl.formatMessage({ id: 'nav.integrations' })}</Link>
        </ChakraLink>
      }
    />
      <ServiceAccounts />
    </Stack>
  );
}
