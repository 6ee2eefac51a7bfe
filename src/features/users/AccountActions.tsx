import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LockOpen, UserCheck, UserX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useUserAction, type User, type UserAction } from '../../api/resources/users.ts';
import { StatusBadge } from './UserCells.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

const DONE: Record<UserAction, string> = { deactivate: 'users.deactivated', reactivate: 'users.reactivated', unlock: 'users.unlocked' };

/**
 * The account's state and what can be done about it: deactivate (its sessions end at once) or
 * reactivate, both confirmed first, and unlock a lock-out after failed sign-ins.
 */
export function AccountActions({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useUserAction();
  const [confirming, setConfirming] = useState<'deactivate' | 'reactivate' | null>(null);
  const run = (name: UserAction) =>
    action.mutate(
      { action: name, id: user.id },
      {
        onSuccess: (changed) => {
          setConfirming(null);
          messenger.create({ type: 'success', title: t(DONE[name]) });
          onChanged(changed);
        },
        onError: (error) => {
          setConfirming(null);
          notifyError(intl, error);
        },
      },
    );
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <StatusBadge user={user} />
        <Text fontSize="sm" aria-live="polite">
          <bdi>
            {!user.active
            ? t('users.inactiveNote')
            : user.locked && user.lockedUntil
              ? t('users.lockedUntil', { time: intl.formatTime(user.lockedUntil, { hour: '2-digit', minute: '2-digit' }) })
              : t('users.activeNote')}
          </bdi>
        </Text>
      </HStack>
      <HStack gap="3" wrap="wrap">
        {user.active ? (
          <Button type="button" variant="outline" colorPalette="red" onClick={() => setConfirming('deactivate')}>
            <UserX aria-hidden size={16} />
            {t('users.deactivate')}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => setConfirming('reactivate')}>
            <UserCheck aria-hidden size={16} />
            {t('users.reactivate')}
          </Button>
        )}
        {user.locked && (
          <BusyButton type="button" variant="outline" loading={action.isPending && action.variables?.action === 'unlock'} onClick={() => run('unlock')}>
            <LockOpen aria-hidden size={16} />
            {t('users.unlock')}
          </BusyButton>
        )}
      </HStack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`users.${confirming}.title`, { name: user.name }) : ''}
        body={confirming ? t(`users.${confirming}.body`) : ''}
        confirmLabel={confirming ? t(`users.${confirming}`) : ''}
        busy={action.isPending}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
