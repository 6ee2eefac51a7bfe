import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { Session } from '../../session/session.tsx';
import { useAccountName } from '../../session/useAccountName.ts';
import { Icon } from '../../components/layout/icons.tsx';

/** The signed-in user's menu: profile and log-out. */
export function UserMenu() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const session = Session.useActorRef();
  const name = useAccountName();
  return (
    <Menu.Root
      // Its button sits in the sticky header: placed against the window, the menu stays under it as the page scrolls,
      // where an absolute one went up with the page until placed again, a frame later (a click split between the two).
      positioning={{ strategy: 'fixed' }}
      onSelect={({ value }) => {
        if (value === 'profile') navigate('~/app/perfil');
        if (value === 'logout') {
          session.send({ type: 'LOG_OUT' });
          navigate('~/log-in', { replace: true });
        }
      }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={intl.formatMessage({ id: 'header.userMenu' }, { name })}>
          <Icon name="user" />
          <Text as="span" hideBelow="md">{name}</Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">{intl.formatMessage({ id: 'header.profile' })}</Menu.Item>
            <Menu.Item value="logout">{intl.formatMessage({ id: 'header.logout' })}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
