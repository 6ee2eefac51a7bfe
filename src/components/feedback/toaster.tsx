import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

// Below the header (53 px, sticky) rather than over its controls; 24 px from the other edges.
const OFFSETS = { top: '72px', right: '24px', bottom: '24px', left: '24px' };

/** Notifications: top-right, 4.5 s, 24 px from the edge (the specification's values), under the header. */
export const notifier = createToaster({ placement: 'top-end', duration: 4500, offsets: OFFSETS, pauseOnPageIdle: true, max: 5 });
/** Short messages: top centre, 3 s, under the header. */
export const messenger = createToaster({ placement: 'top', duration: 3000, offsets: OFFSETS, max: 3 });

function Toasts({ toaster }: { toaster: typeof notifier }) {
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }}>
          {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger />}
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}

export function Toasters() {
  return (
    <Portal>
      <Toasts toaster={notifier} />
      <Toasts toaster={messenger} />
    </Portal>
  );
}
