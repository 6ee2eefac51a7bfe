import type { FormEvent, ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { usePreferences } from '../../app/preferences.tsx';

interface Props {
  title: string;
  open: boolean;
  saving: boolean;
  /** The item changed meanwhile: the edits stay, and the user reloads or overwrites. */
  stale: boolean;
  onClose: () => void;
  onSave: () => void;
  onReload: () => void;
  onOverwrite: () => void;
  children: ReactNode;
}

/** One catalog item's form in a dialog: Save and Cancel, and the stale-version choice in place of Save. */
export function EditDialog({ title, open, saving, stale, onClose, onSave, onReload, onOverwrite, children }: Props) {
  const intl = useIntl();
  // Full screen on a phone; a responsive size object would keep the full height on wider screens too.
  // Ark's dialogs lay out left to right unless told the page's direction.
  const { direction } = usePreferences();
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const) ?? 'lg';
  const t = (id: string) => intl.formatMessage({ id });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size={size} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate dir={direction}>
              <Dialog.Header pe="12">
                <Dialog.Title>
                  <bdi>{title}</bdi>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  {stale && (
                    <Text role="alert" color={{ base: 'red.700', _dark: 'fg.error' }}>
                      {t('conflict.body')}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                {stale ? (
                  <>
                    <Button variant="outline" colorPalette="red" loading={saving} onClick={onOverwrite}>
                      {t('conflict.overwrite')}
                    </Button>
                    <Button colorPalette="blue" loading={saving} onClick={onReload}>
                      {t('conflict.reload')}
                    </Button>
                  </>
                ) : (
                  <Button type="submit" colorPalette="blue" loading={saving} loadingText={t('common.saving')}>
                    {t('common.save')}
                  </Button>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
