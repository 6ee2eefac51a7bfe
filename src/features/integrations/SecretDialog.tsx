import { Button, Code, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { ClientWithSecret } from '../../api/resources/integration-clients.ts';

/** The client's id and secret, shown this once: the server keeps only a hash of the secret. */
export function SecretDialog({ made, onClose }: { made: ClientWithSecret | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Dialog.Root role="alertdialog" open={made !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="integration-secret">
            <Dialog.Header>
              <Dialog.Title>{made ? t('integrations.secret.title', { name: made.client.name }) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('integrations.secret.once')}</Text>
                <Text fontWeight="semibold">{t('integrations.field.clientId')}</Text>
                <Code dir="ltr" data-testid="integration-client-id" wordBreak="break-all">{made?.client.clientId}</Code>
                <Text fontWeight="semibold">{t('integrations.field.secret')}</Text>
                <Code dir="ltr" data-testid="integration-client-secret" wordBreak="break-all">{made?.clientSecret}</Code>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('integrations.secret.done')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
