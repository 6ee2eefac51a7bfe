import { useIntl } from 'react-intl';
import type { useLeaveGuard } from '../edit/useLeaveGuard.ts';
import { ConfirmDialog } from '../feedback/ConfirmDialog.tsx';

/** Asks before leaving a flow with unsaved changes (the question of `useLeaveGuard`). */
export function LeaveGuardDialog({ guard }: { guard: ReturnType<typeof useLeaveGuard> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ConfirmDialog
      open={guard.pending !== null}
      title={t('leave.title')}
      body={t('leave.body')}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('leave.stay')}
      onConfirm={guard.leave}
      onClose={guard.stay}
    />
  );
}
