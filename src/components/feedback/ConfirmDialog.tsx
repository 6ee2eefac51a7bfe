import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../form/BusyButton.tsx';

interface Props {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; Cancel has the focus, so Enter never destroys by accident. */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, busy, onConfirm, onClose }: Props) {
  const intl = useIntl();
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && onClose()} initialFocusEl={() => document.getElementById('confirm-cancel')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button id="confirm-cancel" variant="outline" onClick={onClose}>{cancelLabel ?? intl.formatMessage({ id: 'common.cancel' })}</Button>
              <BusyButton colorPalette="red" loading={busy} onClick={onConfirm}>{confirmLabel}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
