import { useId } from 'react';
import { Box, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { AnyStateMachine } from 'xstate';
import { guardTextId } from '@core/workflows/texts.ts';
import type { BlockedEvent } from '@core/workflows/workflow.ts';
import { BusyButton } from '../form/BusyButton.tsx';

export interface WorkflowAction {
  /** The statechart event the button sends. */
  type: string;
  label: string;
  icon?: LucideIcon;
  tone?: 'primary' | 'danger';
}

interface Props {
  /** The record's statechart: the guards' texts are its catalog entries. */
  machine: AnyStateMachine;
  /** From the API: the events the statechart accepts now for this user, and those it refuses with their guards. */
  allowedEvents: readonly string[];
  blockedEvents: readonly BlockedEvent[];
  /** The buttons this screen offers, in order; an event neither allowed nor blocked is not shown at all. */
  actions: readonly WorkflowAction[];
  /** Names the group for screen readers ("Acciones de la verificación"). */
  label: string;
  /**
   * The event being sent: its button spins and the others are unavailable until the answer. A read answered first
   * can show the next state while the event is still on its way; a click there must not look taken and do nothing.
   */
  busy?: string | null;
  onAction: (type: string) => void;
}

/**
 * One button per action of the record's state: enabled when the statechart allows it, and when it refuses it,
 * shown but unavailable with every reason in the user's language under the group. An unavailable button keeps
 * its focus stop (aria-disabled, not disabled) and points at its reasons, so keyboard and screen-reader users
 * learn why before they try.
 */
export function WorkflowActions({ machine, allowedEvents, blockedEvents, actions, label, busy, onAction }: Props) {
  const intl = useIntl();
  const baseId = useId();
  const shown = actions.filter((a) => allowedEvents.includes(a.type) || blockedEvents.some((b) => b.type === a.type));
  if (shown.length === 0) return null;
  const reasonsOf = (type: string) => (blockedEvents.find((b) => b.type === type)?.guards ?? []).map((g) => intl.formatMessage({ id: guardTextId(machine.id, g) }));
  const blocked = shown.filter((a) => !allowedEvents.includes(a.type));
  return (
    <Stack gap="2" role="group" aria-label={label} data-testid="workflow-actions">
      <HStack gap="2" wrap="wrap">
        {shown.map((action) => {
          const allowed = allowedEvents.includes(action.type);
          const Icon = action.icon;
          return (
            <BusyButton
              key={action.type}
              type="button"
              size="sm"
              variant={allowed && action.tone === 'primary' ? 'solid' : 'outline'}
              colorPalette={action.tone === 'danger' ? 'red' : action.tone === 'primary' ? 'blue' : undefined}
              aria-disabled={allowed && !busy ? undefined : true}
              aria-describedby={allowed ? undefined : `${baseId}-${action.type}`}
              opacity={allowed ? undefined : 0.6}
              cursor={allowed ? undefined : 'not-allowed'}
              loading={busy === action.type}
              data-event={action.type}
              onClick={() => {
                if (allowed && !busy) onAction(action.type);
              }}
            >
              {Icon && <Icon aria-hidden size={16} />}
              {action.label}
            </BusyButton>
          );
        })}
      </HStack>
      {blocked.length > 0 && (
        <Box fontSize="sm" color="fg.muted">
          <List.Root gap="1" ps="4">
            {blocked.map((action) => (
              <List.Item key={action.type} id={`${baseId}-${action.type}`} data-testid={`blocked-${action.type}`}>
                <Text as="span" fontWeight="medium">
                  <bdi>{action.label}</bdi>
                </Text>
                {': '}
                <bdi>{reasonsOf(action.type).join(' · ') || intl.formatMessage({ id: 'workflow.refused' })}</bdi>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}
