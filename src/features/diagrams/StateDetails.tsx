import { Badge, Box, Code, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useIntl, type IntlShape } from 'react-intl';
import { actionTextId, eventTextId } from '@core/workflows/texts.ts';
import type { ActionDescription, GuardNode, MachineDescription, StateDescription, TransitionDescription } from '../../statecharts/format.ts';
import type { DiagramView } from './diagram-data.ts';

/** A catalog entry in the user's language, or `fallback` when no catalog has the id (a machine newer than the catalogs). */
export const textOf = (intl: IntlShape, id: string | undefined, fallback: string): string =>
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

/** The reader's conditions: an `and` as one line per operand, each with the rule code the API answers when it refuses. */
function conditions(intl: IntlShape, node: GuardNode, description: MachineDescription): { text: string; rule?: string }[] {
  if (node.kind === 'and') return node.guards.flatMap((g) => conditions(intl, g, description));
  const rule = node.kind === 'named' ? description.guards.find((g) => g.name === node.name)?.rule : undefined;
  return [{ text: guardText(intl, node, description), ...(rule ? { rule } : {}) }];
}

/** A state's label in the user's language, else its key. */
export const stateLabel = (intl: IntlShape, state: StateDescription | undefined): string => (state ? textOf(intl, state.labelId, state.key) : '');

/** An event's name for readers: the catalog's, or the generic words for eventless and delayed transitions. */
export function eventName(intl: IntlShape, description: MachineDescription, t: Pick<TransitionDescription, 'kind' | 'event' | 'delay'>): string {
  if (t.kind === 'always') return intl.formatMessage({ id: 'diagrams.reader.always' });
  if (t.kind === 'after') return intl.formatMessage({ id: 'diagrams.reader.after' }, { delay: String(t.delay) });
  if (t.kind === 'done.state') return intl.formatMessage({ id: 'diagrams.reader.doneState' });
  return textOf(intl, eventTextId(description.id, t.event), t.event);
}

const actionName = (intl: IntlShape, description: MachineDescription, a: ActionDescription) => textOf(intl, actionTextId(description.id, a.name), a.name);

/** What a list of actions does: sentences for readers, names for engineers. */
function Actions({ label, actions, description, view }: { label: string; actions: ActionDescription[]; description: MachineDescription; view: DiagramView }) {
  const intl = useIntl();
  if (!actions.length) return null;
  if (view === 'engineer')
    return (
      <Text color="fg.muted">
        {label}: {actions.map((a) => a.name).join(', ')}
      </Text>
    );
  return (
    <Box color="fg.muted">
      <Text>{label}:</Text>
      <List.Root ps="4">
        {actions.map((a, i) => (
          <List.Item key={i}>{actionName(intl, description, a)}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/**
 * One state's rules and outgoing transitions, with guards and actions: in the reader's view every name and
 * sentence from the catalogs with the rule codes; in the engineer's view events and actions as in the code.
 */
export function StateDetails({ description, state, view }: { description: MachineDescription; state: StateDescription; view: DiagramView }) {
  const intl = useIntl();
  const byId = new Map(description.states.map((s) => [s.id, s]));
  const outgoing = description.transitions.filter((t) => t.source === state.id);
  const reader = view === 'reader';
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
      {(state.entry.length > 0 || state.exit.length > 0) && (
        <Box fontSize="sm">
          <Actions label={intl.formatMessage({ id: 'diagrams.entry' })} actions={state.entry} description={description} view={view} />
          <Actions label={intl.formatMessage({ id: 'diagrams.exit' })} actions={state.exit} description={description} view={view} />
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold" fontSize="sm" mb="2">{intl.formatMessage({ id: 'diagrams.transitions' })}</Text>
        {outgoing.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{intl.formatMessage({ id: 'diagrams.noTransitions' })}</Text>
        ) : (
          <Stack as="ul" gap="3" m="0" p="0" listStyleType="none">
            {outgoing.map((t) => (
              <Box as="li" key={t.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm" data-testid="transition">
                <Text>
                  <Text as="span" fontWeight="semibold">{reader ? eventName(intl, description, t) : t.event}</Text>
                  {' → '}
                  {t.targets.length ? t.targets.map((id) => stateLabel(intl, byId.get(id))).join(', ') : stateLabel(intl, state)}
                </Text>
                {t.guard &&
                  (reader ? (
                    <Box color="fg.muted">
                      <Text>{intl.formatMessage({ id: 'diagrams.guards' })}:</Text>
                      <List.Root ps="4">
                        {conditions(intl, t.guard, description).map((c, i) => (
                          <List.Item key={i}>
                            {c.text}
                            {c.rule && (
                              <>
                                {' '}
                                <Code size="sm" dir="ltr">{c.rule}</Code>
                              </>
                            )}
                          </List.Item>
                        ))}
                      </List.Root>
                    </Box>
                  ) : (
                    <Text color="fg.muted">
                      {intl.formatMessage({ id: 'diagrams.guards' })}: {guardText(intl, t.guard, description)}
                    </Text>
                  ))}
                <Actions label={intl.formatMessage({ id: 'diagrams.actions' })} actions={t.actions} description={description} view={view} />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
