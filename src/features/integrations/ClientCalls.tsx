import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { clientQuery, type IntegrationClientDetail } from '../../api/resources/integration-clients.ts';

type Call = IntegrationClientDetail['recentCalls'][number];

function CallsTable({ calls, caption, testId }: { calls: Call[]; caption: string; testId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!calls.length) return <Text color="fg.muted">{t('integrations.calls.none')}</Text>;
  return (
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={caption}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('integrations.calls.at')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.calls.request')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('integrations.calls.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.calls.error')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {calls.map((call, index) => (
            <Table.Row key={`${call.at}-${index}`}>
              <Table.Cell>{intl.formatDate(call.at, { dateStyle: 'short', timeStyle: 'medium' })}</Table.Cell>
              <Table.Cell>
                <bdi dir="ltr">{`${call.method} ${call.path}`}</bdi>
              </Table.Cell>
              <Table.Cell textAlign="end">{call.status}</Table.Cell>
              <Table.Cell>
                <bdi dir="ltr">{call.error ?? ''}</bdi>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A client's last calls and last errors, as the server recorded them. */
export function ClientCalls({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { data } = useQuery(clientQuery(id));
  if (!data) return null;
  return (
    <Stack gap="3" data-testid="integration-calls">
      <Heading as="h3" size="sm">{t('integrations.calls.recent')}</Heading>
      <CallsTable calls={data.recentCalls} caption={t('integrations.calls.recent')} testId="integration-recent-calls" />
      <Heading as="h3" size="sm">{t('integrations.calls.errors')}</Heading>
      <CallsTable calls={data.recentErrors} caption={t('integrations.calls.errors')} testId="integration-recent-errors" />
    </Stack>
  );
}
