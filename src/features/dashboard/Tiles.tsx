import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { money } from '../../components/format/money.ts';
import type { Dashboard } from '../../api/resources/dashboard.ts';

type Section = Dashboard['sections'][number];

/** One section of figures; each tile opens the list filtered to the rows it counts. */
export function TileSection({ section }: { section: Section }) {
  const intl = useIntl();
  const headingId = `dashboard-section-${section.key}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" data-testid={`dashboard-section-${section.key}`}>
      <Heading as="h2" size="md" id={headingId}>
        {intl.formatMessage({ id: `dashboard.section.${section.key}` })}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 4 }} gap="3" listStyleType="none">
        {section.tiles.map((tile) => (
          <li key={tile.key}>
            <Card.Root asChild size="sm" h="full" _hover={{ borderColor: 'border.emphasized', bg: 'bg.muted' }} data-testid={`tile-${tile.key}`}>
              <Link href={tile.link}>
                <Card.Body gap="1">
                  <Text fontSize="3xl" fontWeight="bold" lineHeight="1" data-testid="tile-count">
                    {intl.formatNumber(tile.count)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {intl.formatMessage({ id: `dashboard.tile.${tile.key}` }, { count: tile.count })}
                  </Text>
                  {tile.amounts?.map((amount) => (
                    <Box key={amount.currency} fontSize="sm" fontWeight="semibold">
                      <bdi>{money(intl, amount.cents, amount.currency)}</bdi>
                    </Box>
                  ))}
                </Card.Body>
              </Link>
            </Card.Root>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
