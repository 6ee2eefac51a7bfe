import { Card, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Session } from '../../app/session.tsx';
import { useAccountName } from '../../app/useAccountName.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';

export default function DashboardScreen() {
  const intl = useIntl();
  const user = Session.useSelector((s) => s.context.user);
  const name = useAccountName();
  const roles = user?.roles ?? [];
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'nav.dashboard' })} />
      <Card.Root maxW="xl">
        <Card.Body gap="3">
          <Card.Title>{intl.formatMessage({ id: 'dashboard.welcome' }, { name })}</Card.Title>
          {roles.length ? (
            <Text data-testid="roles">
              {intl.formatMessage({ id: 'dashboard.roles' }, { roles: roles.map((role) => intl.formatMessage({ id: `role.${role}`, defaultMessage: role })).join(', ') })}
            </Text>
          ) : (
            <Text>{intl.formatMessage({ id: 'dashboard.noRole' })}</Text>
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}
