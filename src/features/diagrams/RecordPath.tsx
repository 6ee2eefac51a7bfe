import { useMemo, useState } from 'react';
import { Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { recordLookupQuery } from '../../api/resources/record-lookup.ts';
import { useWorkflowHistory, type HistoryEntity } from '../../api/resources/workflow-history.ts';
import { eventTextId } from '@core/workflows/texts.ts';
import type { MachineDescription } from '../../statecharts/format.ts';
import { emptyPathReason, pathThrough } from './diagram-data.ts';
import { stateLabel, textOf } from './StateDetails.tsx';

const ENTITY_TYPES: Record<HistoryEntity, string> = { verification: 'verification', reimbursement: 'reimbursement', 'orthodontic-plan': 'orthodontic_plan', 'payment-run': 'payment_run' };

/**
 * The record typed in the lookup (a folio or an internal id), its history and the path it took through
 * the diagram. `typed` is the URL's `record`.
 */
export function useRecordPath(entity: HistoryEntity | undefined, description: MachineDescription | undefined, typed: string | null) {
  const lookup = useQuery(recordLookupQuery(entity, typed));
  const found = lookup.data ?? null;
  const history = useWorkflowHistory(entity ?? 'verification', entity && found ? found.id : null);
  const path = useMemo(() => {
    if (!description || !history.data || !entity) return null;
    const steps = history.data.items.filter((h) => !('entityType' in h) || (h as { entityType?: string }).entityType === ENTITY_TYPES[entity]);
    return { steps, ...pathThrough(description, steps.map((h) => ({ event: h.event, fromState: h.fromState ?? null, toState: h.toState }))) };
  }, [description, history.data, entity]);
  return { lookup, found, history, path };
}

/** The lookup form: a folio or an internal id. */
export function RecordLookupForm({ typed, onLookup }: { typed: string | null; onLookup: (text: string | null) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(typed ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onLookup(text.trim() || null);
      }}
    >
      <HStack gap="2" align="end" wrap="wrap">
        <Stack gap="1">
          <chakra.label htmlFor="diagram-record" fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'diagrams.recordLookup' })}</chakra.label>
          <Input id="diagram-record" size="sm" w="52" value={text} onChange={(e) => setText(e.currentTarget.value)} aria-describedby="diagram-record-hint" autoComplete="off" />
        </Stack>
        <Button size="sm" type="submit" colorPalette="blue">{intl.formatMessage({ id: 'diagrams.showPath' })}</Button>
        {typed && (
          <Button size="sm" variant="outline" onClick={() => { setText(''); onLookup(null); }}>
            {intl.formatMessage({ id: 'diagrams.clearPath' })}
          </Button>
        )}
      </HStack>
      <Text id="diagram-record-hint" fontSize="xs" color="fg.muted" mt="1">{intl.formatMessage({ id: 'diagrams.recordLookupHint' })}</Text>
    </form>
  );
}

/** The record's path in words: each accepted event with the states it moved between, or why there is none. */
export function RecordPathPanel({ description, typed, result }: { description: MachineDescription; typed: string; result: ReturnType<typeof useRecordPath> }) {
  const intl = useIntl();
  const { lookup, found, history, path } = result;
  const state = (key: string | null | undefined) => (key ? stateLabel(intl, description.states.find((s) => s.id === `${description.root}.${key}`)) : '∅');
  let body;
  if (lookup.isPending || (found && history.isPending)) body = <Text color="fg.muted">…</Text>;
  else if (lookup.isError || history.isError) body = <Text role="alert">{intl.formatMessage({ id: 'diagrams.recordLookupFailed' })}</Text>;
  else if (!found) body = <Text role="status">{intl.formatMessage({ id: 'diagrams.recordNotFound' }, { query: typed })}</Text>;
  else if (!path || path.steps.length === 0)
    body = (
      <Text role="status" color="fg.muted">
        {intl.formatMessage({ id: `diagrams.${emptyPathReason(description, found.state)}` }, { state: state(found.state) })}
      </Text>
    );
  else
    body = (
      <Stack as="ol" gap="1" ps="5" m="0" fontSize="sm" data-testid="record-path">
        {path.steps.map((step, i) => (
          <li key={i}>
            {intl.formatMessage(
              { id: 'diagrams.pathStep' },
              { event: textOf(intl, eventTextId(description.id, step.event), step.event), from: state(step.fromState), to: state(step.toState) },
            )}
          </li>
        ))}
      </Stack>
    );
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4" data-testid="record-path-panel">
      <Text fontWeight="semibold" mb="2">
        {found ? intl.formatMessage({ id: 'diagrams.historyOf' }, { record: found.folio }) : intl.formatMessage({ id: 'diagrams.history' })}
      </Text>
      {body}
    </Box>
  );
}
