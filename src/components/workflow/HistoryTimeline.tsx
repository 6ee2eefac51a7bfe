import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { AnyStateMachine } from 'xstate';
import { useWorkflowHistory, type HistoryEntity, type HistoryItem } from '../../api/resources/workflow-history.ts';
import { stateTextId } from '@core/workflows/texts.ts';
import { Loading } from '../feedback/Loading.tsx';

interface Props {
  entity: HistoryEntity;
  id: number;
  /** The record's statechart: state names are its catalog entries. */
  machine: AnyStateMachine;
  /** The event's name as the screen's buttons say it (the item, for a history that mixes several records); an
   * ASSIGN reads as taking the record when the actor assigned it to themself, as assigning it otherwise. */
  eventLabel: (type: string, item: HistoryItem) => string;
  /** The state's name when the history mixes records of several statecharts (a plan and its instalments). */
  stateLabel?: (item: HistoryItem) => string;
  heading: string;
}

/** What the payload says in words a person wrote (a note, a reason, an authorisation number). */
const WRITTEN = ['note', 'reason', 'authorizationNumber', 'reference', 'paymentReference'] as const;

/** A record's accepted events, newest first: when, who, what, and the state it moved to. */
export function HistoryTimeline({ entity, id, machine, eventLabel, stateLabel, heading }: Props) {
  const intl = useIntl();
  const history = useWorkflowHistory(entity, id);
  const state = (value: string) => intl.formatMessage({ id: stateTextId(machine.id, [value]) });
  const items = [...(history.data?.items ?? [])].reverse();
  return (
    <Stack gap="3" as="section" aria-labelledby={`history-${entity}-${id}`}>
      <Heading as="h2" size="md" id={`history-${entity}-${id}`}>
        {heading}
      </Heading>
      {history.isPending ? (
        <Loading cover="inline" />
      ) : items.length === 0 ? (
        <Text color="fg.muted">
          <bdi>{intl.formatMessage({ id: 'workflow.history.empty' })}</bdi>
        </Text>
      ) : (
        <List.Root as="ol" gap="3" variant="plain" data-testid="history-timeline">
          {items.map((item) => {
            const payload = (item.payload ?? {}) as Record<string, unknown>;
            const written = WRITTEN.filter((key) => typeof payload[key] === 'string' && payload[key] !== '');
            return (
              <List.Item key={item.id} display="block" borderInlineStartWidth="2px" borderColor="border.emphasized" ps="3">
                <Text fontWeight="medium">
                  <bdi>{item.event === 'ASSIGN' ? intl.formatMessage({ id: payload.assigneeId === item.actorId ? 'workflow.history.take' : 'workflow.history.assign' }) : eventLabel(item.event, item)}</bdi>
                  {/* The arrow points from the event to its state in the page's reading direction. */}
                  {' '}
                  <span className="flip-rtl">→</span>
                  {' '}
                  <bdi>{stateLabel ? stateLabel(item) : state(item.toState)}</bdi>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <bdi>
                    <time dateTime={item.at}>{intl.formatDate(item.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                  </bdi>
                  {' · '}
                  <bdi>{item.actorName ?? intl.formatMessage({ id: 'workflow.history.system' })}</bdi>
                </Text>
                {written.map((key) => (
                  <Box key={key} fontSize="sm" mt="1">
                    <Text as="span" color="fg.muted">
                      {intl.formatMessage({ id: `workflow.history.field.${key}` })}:{' '}
                    </Text>
                    <bdi>{String(payload[key])}</bdi>
                  </Box>
                ))}
              </List.Item>
            );
          })}
        </List.Root>
      )}
    </Stack>
  );
}
