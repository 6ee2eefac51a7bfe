import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl, type IntlShape } from 'react-intl';
import type { GuardNode, MachineDescription, StateDescription } from '../../statecharts/format.ts';

/** A catalog entry in the user's language, or `fallback` when no catalog has the id (a machine newer than the catalogs). */
const textOf = (intl: IntlShape, id: string | undefined, fallback: string): string =>
  id !== undefined && Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }) : fallback;

/** A guard tree in words, each named guard by its description in the user's language. */
function guardText(intl: IntlShape, node: GuardNode, description: MachineDescription): string {
  switch (node.kind) {
    case 'named':
      return textOf(intl, description.guards.find((g) => g.name === node.name)?.textId, node.name);
    case 'and':
      return node.guards.map((g) => guardText(intl, g, description)).join(' · ');
    case 'or':
      return intl.formatList(node.guards.map((g) => guardText(intl, g, description)), { type: 'disjunction' });
    case 'not':
      return intl.formatMessage({ id: 'diagrams.guardNot' }, { guard: guardText(intl, node.guard, description) });
    default:
      return node.kind;
  }
}

/** A state's label in the user's language, else its key. */
export const stateLabel = (intl: IntlShape, state: StateDescription | undefined): string => (state ? textOf(intl, state.labelId, state.key) : '');

/** One state's rules and outgoing transitions, with guards and actions. */
export function StateDetails({ description, state }: { description: MachineDescription; state: StateDescription }) {
  const intl = useIntl();
  const byId = new Map(description.states.map((s) => [s.id, s]));
  const outgoing = description.transitions.filter((t) => t.source === state.id);
  return (
    <Stack gap="4" data-testid="state-details">
      <Stack gap="1">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{intl.formatMessage({ id: 'diagrams.state' })}</Text>
        <Heading as="h2" size="md">{stateLabel(intl, state)}</Heading>
        <HStack gap="2" wrap="wrap">
          {state.status && <Badge>{state.status}</Badge>}
          {state.final && <Badge colorPalette="gray">{intl.formatMessage({ id: 'diagrams.final' })}</Badge>}
          {byId.get(state.parent ?? '')?.initial === state.id && <Badge colorPalette="blue">{intl.formatMessage({ id: 'diagrams.initial' })}</Badge>}
        </HStack>
      </Stack>
      {state.rules.length > 0 && (
        <Box>
          <Text fontWeight="semibold" fontSize="sm">{intl.formatMessage({ id: 'diagrams.rules' })}</Text>
          <Text fontSize="sm">{state.rules.join(', ')}</Text>
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold" fontSize="sm" mb="2">{intl.formatMessage({ id: 'diagrams.transitions' })}</Text>
        {outgoing.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{intl.formatMessage({ id: 'diagrams.noTransitions' })}</Text>
        ) : (
          <Stack as="ul" gap="3" m="0" p="0" listStyleType="none">
            {outgoing.map((t) => (
              <Box as="li" key={t.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
                <Text>
                  <Text as="span" fontWeight="semibold">{t.event}</Text>
                  {' → '}
                  {t.targets.length ? t.targets.map((id) => stateLabel(intl, byId.get(id))).join(', ') : stateLabel(intl, state)}
                </Text>
                {t.guard && (
                  <Text color="fg.muted">
                    {intl.formatMessage({ id: 'diagrams.guards' })}: {guardText(intl, t.guard, description)}
                  </Text>
                )}
                {t.actions.length > 0 && (
                  <Text color="fg.muted">
                    {intl.formatMessage({ id: 'diagrams.actions' })}: {t.actions.map((a) => a.name).join(', ')}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
