import { Fragment, useState } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { clientsQuery, useClientAction, type ClientWithSecret, type IntegrationClient } from '../../api/resources/integration-clients.ts';
import { ClientCalls } from './ClientCalls.tsx';
import { CreateClientForm } from './CreateClientForm.tsx';
import { SecretDialog } from './SecretDialog.tsx';

/**
 * `/usuarios/integraciones`: the clients of the FHIR endpoint. An administrator creates one (its secret is shown once),
 * rotates its secret or revokes it at once, and sees each one's last calls and errors.
 */
export default function IntegrationClientsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data, isPending } = useQuery(clientsQuery());
  const action = useClientAction();
  const [shown, setShown] = useState<ClientWithSecret | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ kind: 'rotate' | 'revoke'; client: IntegrationClient } | null>(null);
  const run = () => {
    if (!confirming) return;
    const { kind, client } = confirming;
    action.mutate(
      { kind, id: client.id },
      {
        onSuccess: (result) => {
          setConfirming(null);
          if (kind === 'rotate') setShown(result as ClientWithSecret);
          else messenger.create({ type: 'success', title: t('integrations.revoked') });
        },
        onError: (error) => {
          setConfirming(null);
          notifyError(intl, error);
        },
      },
    );
  };
  return (
    <Stack gap="6">
      <PageHeader title={t('area.integrations.list')} />
      <Text color="fg.muted">
        {/* The sentence ends in a path: isolated, its full stop stays at its end right to left too. */}
        <bdi>{t('integrations.intro')}</bdi>
      </Text>
      <Card.Root>
        <Card.Header>
          <Card.Title>{t('integrations.new')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <CreateClientForm onCreated={setShown} />
        </Card.Body>
      </Card.Root>
      {isPending ? (
        <Loading />
      ) : (
        <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('area.integrations.list')}>
          <Table.Root size="sm" data-testid="integration-clients">
            <Table.Caption srOnly>{t('area.integrations.list')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('integrations.field.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.field.clientId')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.field.scopes')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.field.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.field.lastCall')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.field.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.items ?? []).map((client) => (
                <Fragment key={client.id}>
                  <Table.Row data-testid={`integration-client-${client.id}`}>
                    <Table.Cell>
                      <bdi>{client.name}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi dir="ltr">{client.clientId}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi dir="ltr">{client.scopes.join(' ')}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={client.revoked ? 'red' : 'green'}>{t(client.revoked ? 'integrations.status.revoked' : 'integrations.status.active')}</Badge>
                    </Table.Cell>
                    <Table.Cell>{client.lastCallAt ? intl.formatDate(client.lastCallAt, { dateStyle: 'short', timeStyle: 'short' }) : t('integrations.never')}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <Button size="xs" variant="outline" aria-expanded={open === client.id} onClick={() => setOpen(open === client.id ? null : client.id)}>
                          {t('integrations.calls.show')}
                        </Button>
                        {!client.revoked && (
                          <>
                            <Button size="xs" variant="outline" onClick={() => setConfirming({ kind: 'rotate', client })}>
                              {t('integrations.rotate')}
                            </Button>
                            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming({ kind: 'revoke', client })}>
                              {t('integrations.revoke')}
                            </Button>
                          </>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                  {open === client.id && (
                    <Table.Row>
                      <Table.Cell colSpan={6}>
                        <ClientCalls id={client.id} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <SecretDialog made={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`integrations.${confirming.kind}.title`, { name: confirming.client.name }) : ''}
        body={confirming ? t(`integrations.${confirming.kind}.body`) : ''}
        confirmLabel={confirming ? t(`integrations.${confirming.kind}`) : ''}
        busy={action.isPending}
        onConfirm={run}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
