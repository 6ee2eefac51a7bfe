import { useMemo, useState } from 'react';
import { Box, Button, chakra, Grid, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { eventTextId, stateTextId } from '@core/workflows/texts.ts';
import type { DiagramView } from '../diagram-data.ts';
import { ViewToggle } from '../ViewToggle.tsx';
import { AttemptResult } from './AttemptResult.tsx';
import { EventPanel } from './EventPanel.tsx';
import { FactsPanel } from './FactsPanel.tsx';
import { attempt, eventsFrom, examplePayload, initialStateOf, SIMULATED, simulatedNamed, startingFacts, statesOf, type Attempt, type Facts, type SimulatedStep } from './simulate.ts';

/**
 * "What happens if…": a workflow machine — the very one the server runs — in any of its states, facts the
 * analyst edits in a side panel, an allowed event sent with its payload, every guard's verdict with its text in
 * the user's language, and a step back. Runs in the browser and touches no data. `?machine=&state=` pick the start.
 */
export default function SimulatorScreen() {
  const [params, setParams] = useSearchParams();
  const registered = simulatedNamed(params.get('machine'));
  const machine = registered.machine;
  const states = statesOf(machine);
  // Diagramas links with the state's full id (`reimbursement.inReview`); the last segment is the state.
  const wanted = params.get('state')?.split('.').pop() ?? '';
  const start = states.includes(wanted) ? wanted : initialStateOf(machine);
  const example = useMemo(() => startingFacts(registered.name), [registered.name]);
  const view: DiagramView = params.get('view') === 'engineer' ? 'engineer' : 'reader';

  // Everything below belongs to one machine and starting state: a new pick starts afresh (keyed remount); the
  // view only relabels, so a simulation in progress survives the toggle.
  return (
    <Simulation
      key={`${registered.name}:${start}`}
      name={registered.name}
      start={start}
      example={example}
      view={view}
      onPick={(changes) => setParams(pick(params, changes))}
      states={states}
    />
  );
}

const pick = (previous: URLSearchParams, changes: Record<string, string | null>) => {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
};

function Simulation(props: { name: string; start: string; example: Facts; view: DiagramView; states: string[]; onPick: (changes: Record<string, string | null>) => void }) {
  const { name, start, example, view, states, onPick } = props;
  const engineer = view === 'engineer';
  const intl = useIntl();
  const { machine } = simulatedNamed(name);
  const [facts, setFacts] = useState<Facts>(() => structuredClone(example));
  const [steps, setSteps] = useState<SimulatedStep[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [payload, setPayload] = useState<Record<string, unknown>>({});
  const [last, setLast] = useState<{ from: string; event: string; attempt: Attempt } | null>(null);
  const current = steps.at(-1)?.to ?? start;
  const events = eventsFrom(machine, current, facts);
  const label = (state: string) => intl.formatMessage({ id: stateTextId(machine.id, [state]) });

  const select = (event: string) => {
    setSelected(event);
    setPayload(examplePayload(name, event));
  };
  const send = () => {
    if (!selected) return;
    const event = { type: selected, ...payload };
    const outcome = attempt(machine, current, facts, event);
    setLast({ from: current, event: selected, attempt: outcome });
    if (outcome.result.ok) {
      setSteps([...steps, { event, from: current, to: outcome.result.value }]);
      setSelected(null);
    }
  };
  const back = () => {
    setSteps(steps.slice(0, -1));
    setLast(null);
    setSelected(null);
  };

  return (
    <Stack gap="5">
      <PageHeader title={intl.formatMessage({ id: 'simulator.title' })} />
      <Text color="fg.muted" maxW="70ch"><bdi>{intl.formatMessage({ id: 'simulator.intro' })}</bdi></Text>
      <HStack gap="4" wrap="wrap" align="end">
        <Stack gap="1">
          <chakra.label htmlFor="simulator-machine" fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'simulator.machine' })}</chakra.label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field id="simulator-machine" value={name} onChange={(e) => onPick({ machine: e.currentTarget.value, state: initialStateOf(simulatedNamed(e.currentTarget.value).machine) })}>
              {SIMULATED.map((m) => (
                <option key={m.name} value={m.name}>{intl.formatMessage({ id: `diagrams.machine.${m.name}` })}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="1">
          <chakra.label htmlFor="simulator-start" fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'simulator.startAt' })}</chakra.label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field id="simulator-start" value={start} onChange={(e) => onPick({ machine: name, state: e.currentTarget.value })}>
              {states.map((s) => (
                <option key={s} value={s}>{label(s)}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <ViewToggle id="simulator-view" view={view} onChange={(v) => onPick({ view: v === 'reader' ? null : v })} />
        <Button size="sm" variant="outline" onClick={back} disabled={steps.length === 0}>
          {intl.formatMessage({ id: 'simulator.back' })}
        </Button>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(260px, 1fr)' }} gap="4" alignItems="start">
        <Stack gap="4">
          <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
            <Text fontSize="sm" color="fg.muted">{intl.formatMessage({ id: 'simulator.state' })}</Text>
            <Text fontSize="xl" fontWeight="semibold" data-testid="simulator-state" aria-live="polite">{label(current)}</Text>
          </Box>
          <EventPanel machineId={machine.id} engineer={engineer} events={events} selected={selected} payload={payload} example={selected ? examplePayload(name, selected) : {}} onSelect={select} onPayload={setPayload} onSend={send} />
          {last && <AttemptResult machineId={machine.id} from={last.from} event={last.event} attempt={last.attempt} />}
          <Box as="section" aria-labelledby="simulator-steps" borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
            <Text as="h2" id="simulator-steps" fontWeight="semibold" mb="2">{intl.formatMessage({ id: 'simulator.steps' })}</Text>
            {steps.length === 0 ? (
              <Text color="fg.muted"><bdi>{intl.formatMessage({ id: 'simulator.noSteps' })}</bdi></Text>
            ) : (
              <Stack as="ol" gap="1" m="0" ps="5">
                {steps.map((s, i) => (
                  <li key={i}>
                    <bdi>{intl.formatMessage({ id: 'simulator.stepLine' }, { event: intl.formatMessage({ id: eventTextId(machine.id, s.event.type) }), from: label(s.from), to: label(s.to) })}</bdi>
                  </li>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
        <FactsPanel machineId={machine.id} engineer={engineer} facts={facts} example={example} onChange={setFacts} onRestore={() => setFacts(structuredClone(example))} />
      </Grid>
    </Stack>
  );
}
