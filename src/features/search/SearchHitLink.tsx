import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { SearchHit } from '../../api/resources/search.ts';

/** The workflows' states have catalog texts (`machine.<machine>.state.<state>`); other kinds show none. */
const STATE_TEXT: Partial<Record<SearchHit['kind'], string>> = { verification: 'machine.verification.state.', reimbursement: 'machine.reimbursement.state.' };

/** One result: what it is (name or number), what goes with it, what the text matched, and its state. */
export function SearchHitLink({ hit }: { hit: SearchHit }) {
  const intl = useIntl();
  const stateId = hit.state && STATE_TEXT[hit.kind] ? `${STATE_TEXT[hit.kind]}${hit.state}` : null;
  return (
    <Box
      asChild
      display="block"
      borderRadius="md"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg.panel"
      px="3"
      py="2"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '1px' }}
    >
      <Link href={hit.link} data-hit="">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" color="fg" truncate>
            <bdi>{hit.title}</bdi>
          </Text>
          {hit.subtitle && (
            <Text fontSize="sm" color="fg.muted" truncate>
              <bdi>{hit.subtitle}</bdi>
            </Text>
          )}
        </Stack>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" color="fg.muted">
            <bdi>{intl.formatMessage({ id: 'search.matched' }, { field: intl.formatMessage({ id: `search.field.${hit.matched}` }) })}</bdi>
          </Text>
          {stateId && intl.messages[stateId] && <Badge variant="outline">{intl.formatMessage({ id: stateId })}</Badge>}
        </Flex>
      </Flex>
      </Link>
    </Box>
  );
}
