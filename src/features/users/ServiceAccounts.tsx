import { Badge, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { clientsQuery } from '../../api/resources/integration-clients.ts';

/**
 * The FHIR integration clients beside the staff (issue 27): accounts that act on the panel without signing in to it,
 * listed with their state so an administrator reviewing who may act sees them too; they are managed in Integraciones.
 */
export function ServiceAccounts() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const clients = useQuery(clientsQuery());
  const items = clients.data?.items ?? [];
  if (!clients.data || items.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="service-accounts" gap="3" data-testid="service-accounts">
      <Heading as="h2" size="md" id="service-accounts">
        {t('users.serviceAccounts.title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('users.serviceAccounts.intro')}{' '}
        <ChakraLink asChild>
          <Link href="/usuarios/integraciones">{t('nav.integrations')}</Link>
        </ChakraLink>
      </Text>
      {/* A list, not a second table: the page's table is the staff's. */}
      <Stack as="ul" gap="2" m="0" p="0" listStyleType="none">
        {items.map((client) => (
          <HStack as="li" key={client.id} gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" px="3" py="2">
            <Text fontWeight="medium">
              <bdi>{client.name}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('integrations.field.clientId')}: <bdi dir="ltr">{client.clientId}</bdi>
            </Text>
            <Badge colorPalette={client.revoked ? 'red' : 'green'}>{t(client.revoked ? 'integrations.status.revoked' : 'integrations.status.active')}</Badge>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
