import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/**
 * Someone else moved the record while this user looked at it: the event was not sent, the screen now shows the
 * record as it is, and the user decides again from there.
 */
export function StaleVersionDialog({ open, close }: { open: boolean; close: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('conflict.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t('conflict.eventBody')}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={close}>{t('conflict.seeCurrent')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
