import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../form/BusyButton.tsx';

/**
 * Someone else saved first. A stale edit: reload the current version (dropping the edits) or overwrite it with
 * them. A stale workflow event (no `onOverwrite`: an event is not overwritten): the record is already shown as it
 * is now, and the user decides again from there.
 */
export function ConflictDialog({ open, busy = false, onReload, onOverwrite, onClose }: { open: boolean; busy?: boolean; onReload: () => void; onOverwrite?: () => void; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('conflict.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t(onOverwrite ? 'conflict.body' : 'conflict.eventBody')}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {onOverwrite && <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>}
              {onOverwrite && <BusyButton variant="outline" colorPalette="red" loading={busy} onClick={onOverwrite}>{t('conflict.overwrite')}</BusyButton>}
              <BusyButton colorPalette="blue" loading={busy} onClick={onReload}>{t(onOverwrite ? 'conflict.reload' : 'conflict.seeCurrent')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
