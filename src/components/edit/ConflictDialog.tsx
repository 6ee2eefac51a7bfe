import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../form/BusyButton.tsx';

/** A stale save: reload the current version (dropping the edits) or overwrite it with them. */
export function ConflictDialog({ open, busy, onReload, onOverwrite, onClose }: { open: boolean; busy: boolean; onReload: () => void; onOverwrite: () => void; onClose: () => void }) {
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
            <Dialog.Body>{t('conflict.body')}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
              <BusyButton variant="outline" colorPalette="red" loading={busy} onClick={onOverwrite}>{t('conflict.overwrite')}</BusyButton>
              <BusyButton colorPalette="blue" loading={busy} onClick={onReload}>{t('conflict.reload')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
