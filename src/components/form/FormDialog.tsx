import type { ComponentProps, ReactNode } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { BusyButton } from './BusyButton.tsx';

type RootProps = ComponentProps<typeof Dialog.Root>;

interface Props {
  open?: boolean;
  title: ReactNode;
  submitLabel: string;
  /** The submit button's palette: blue to save, green to confirm a good outcome, red for what cannot be undone. */
  palette?: 'blue' | 'green' | 'red';
  busy?: boolean;
  /** The server's refusal in words, shown as an alert under the fields. */
  error?: string | null;
  /** alertdialog when the dialog confirms a workflow event rather than editing a record. */
  role?: 'dialog' | 'alertdialog';
  size?: RootProps['size'];
  scrollBehavior?: RootProps['scrollBehavior'];
  /** False for long forms, so a stray click outside does not throw away what was typed. */
  closeOnInteractOutside?: boolean;
  initialFocusEl?: RootProps['initialFocusEl'];
  /** Clears the fields once the closing animation ends, so they do not flash empty while fading out. */
  onExitComplete?: () => void;
  testId?: string;
  /**
   * Buttons in place of the submit button, for a choice the form cannot make by submitting (reload or
   * overwrite after a version conflict); Cancel stays.
   */
  actions?: ReactNode;
  children: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
}

/** A form in a dialog: title, the fields, the server's refusal, cancel and submit; Enter submits, Escape cancels. */
export function FormDialog({
  open = true,
  title,
  submitLabel,
  palette = 'blue',
  busy,
  error,
  role = 'dialog',
  size,
  scrollBehavior,
  closeOnInteractOutside,
  initialFocusEl,
  onExitComplete,
  testId,
  actions,
  children,
  onSubmit,
  onClose,
}: Props) {
  const intl = useIntl();
  return (
    <Dialog.Root
      role={role}
      open={open}
      size={size}
      scrollBehavior={scrollBehavior}
      closeOnInteractOutside={closeOnInteractOutside}
      initialFocusEl={initialFocusEl}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={onExitComplete}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              noValidate
              data-testid={testId}
              onSubmit={(e) => {
                e.preventDefault();
                // The dialog sits in a portal, but React bubbles its submit to the page's own form behind it.
                e.stopPropagation();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  {error && (
                    <Text role="alert" fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>
                      <bdi>{error}</bdi>
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button type="button" variant="outline" onClick={onClose}>
                  {intl.formatMessage({ id: 'common.cancel' })}
                </Button>
                {actions ?? (
                  <BusyButton type="submit" colorPalette={palette} loading={busy} loadingText={submitLabel}>
                    {submitLabel}
                  </BusyButton>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
