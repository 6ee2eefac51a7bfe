import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { GuardNode, MachineDescription, StateDescription } from '../../statecharts/describe.ts';

type Lang = 'es' | 'en';

/** A guard tree in words, each named guard by its description in the user's language. */
function guardText(node: GuardNode, lang: Lang): string {
  switch (node.kind) {
    case 'named':
      return node[lang] ?? node.name;
    case 'and':
      return node.guards.map((g) => guardText(g, lang)).join(' · ');
    case 'or':
      return node.guards.map((g) => guardText(g, lang)).join(lang === 'es' ? ' o ' : ' or ');
    case 'not':
      return `${lang === 'es' ? 'no' : 'not'}: ${guardText(node.guard, lang)}`;
    default:
      return node.kind;
  }
}

export const stateLabel = (state: StateDescription | undefined, lang: Lang) => state?.label?.[lang] ?? state?.key ?? '';

/** One state's rules and outgoing transitions, with guards and actions. */
export function StateDetails({ description, state }: { description: MachineDescription; state: StateDescription }) {
  const intl = useIntl();
  // Guard and label texts exist in Spanish and English; other languages read the English ones.
  const lang: Lang = intl.locale === 'es' ? 'es' : 'en';
  const byId = new Map(description.states.map((s) => [s.id, s]));
  const outgoing = description.transitions.filter((t) => t.source === state.id);
  return (
    <Stack gap="4" data-testid="state-details">
      <Stack gap="1">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{intl.formatMessage({ id: 'diagrams.state' })}</Text>
        <Heading as="h2" size="md">{stateLabel(state, lang)}</Heading>
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
                  {t.targets.length ? t.targets.map((id) => stateLabel(byId.get(id), lang)).join(', ') : stateLabel(state, lang)}
                </Text>
                {t.guard && (
                  <Text color="fg.muted">
                    {intl.formatMessage({ id: 'diagrams.guards' })}: {guardText(t.guard, lang)}
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
