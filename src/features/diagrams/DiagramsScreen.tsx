import { useCallback, useMemo, useState } from 'react';
import { Box, Button, chakra, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { usePreferences } from '../../app/preferences.tsx';
import { Session } from '../../app/session.tsx';
import { useWorkflowHistory, type HistoryEntity } from '../../api/workflow-history.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { stateSvgId, transitionSvgId } from '../../statecharts/format.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { activeStateIds, DIAGRAM_NAMES, loadDiagram, pathThrough, type DiagramName } from './diagram-data.ts';
import { DiagramCanvas } from './DiagramCanvas.tsx';
import { PanZoom } from './PanZoom.tsx';
import { StateDetails, stateLabel } from './StateDetails.tsx';

/** Which records can be drawn as a path through which diagram. */
const RECORDS: Partial<Record<DiagramName, HistoryEntity>> = {
  verification: 'verification',
  reimbursement: 'reimbursement',
  'orthodontic-plan': 'orthodontic-plan',
};
const ENTITY_TYPES: Record<HistoryEntity, string> = { verification: 'verification', reimbursement: 'reimbursement', 'orthodontic-plan': 'orthodontic_plan' };

/**
 * The statecharts for analysts: each machine's diagram (pan, zoom, select a state to read its
 * transitions, guards and rules in the user's language), the session's own state highlighted live,
 * and a verification's, reimbursement's or plan's history drawn as a path.
 */
export default function DiagramsScreen() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const name = (DIAGRAM_NAMES as readonly string[]).includes(params.get('machine') ?? '') ? (params.get('machine') as DiagramName) : 'verification';
  const selected = params.get('state');
  const recordParam = Number(params.get('record'));
  const record = Number.isInteger(recordParam) && recordParam > 0 ? recordParam : null;
  const entity = RECORDS[name];
  const diagram = useQuery({ queryKey: ['diagram', name], queryFn: () => loadDiagram(name), staleTime: Infinity });
  const history = useWorkflowHistory(entity ?? 'verification', entity ? record : null);
  const sessionValue = Session.useSelector((s) => s.value);
  const theme = usePreferences().currentTheme;
  const [recordText, setRecordText] = useState(record ? String(record) : '');

  const set = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const description = diagram.data?.description;
  const live = useMemo(() => (name === 'app' && description ? activeStateIds(description.root, sessionValue) : []), [name, description, sessionValue]);
  const path = useMemo(() => {
    if (!description || !history.data || !entity) return null;
    const steps = history.data.items.filter((h) => !('entityType' in h) || (h as { entityType?: string }).entityType === ENTITY_TYPES[entity]);
    return { steps, ...pathThrough(description, steps.map((h) => ({ event: h.event, fromState: h.fromState ?? null, toState: h.toState }))) };
  }, [description, history.data, entity]);

  // Marks the drawing: states are keyboard-reachable buttons; selection, live state and path are classes.
  const decorate = useCallback(
    (root: ShadowRoot) => {
      if (!description) return;
      for (const state of description.states) {
        const node = root.querySelector<SVGGElement>(`[id="${stateSvgId(state.id)}"]`);
        if (!node || state.id === description.root) continue;
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        node.setAttribute('aria-label', stateLabel(intl, state));
        node.dataset.stateId = state.id;
        node.classList.toggle('is-selected', state.id === selected);
        node.classList.toggle('is-live', live.includes(state.id));
        node.classList.toggle('on-path', Boolean(path?.states.includes(state.id)));
      }
      root.querySelectorAll('.on-path-edge').forEach((e) => e.classList.remove('on-path-edge'));
      for (const t of path?.transitions ?? []) {
        root.querySelectorAll(`[id^="${transitionSvgId(t.id)}"]`).forEach((e) => e.classList.add('on-path-edge'));
      }
    },
    [description, selected, live, path, intl],
  );

  const choose = (target: Element | undefined) => {
    const node = target?.closest?.('[data-state-id]') as HTMLElement | null;
    if (node?.dataset.stateId) set({ state: node.dataset.stateId });
  };

  const selectedState = description?.states.find((s) => s.id === selected);
  return (
    <Stack gap="5">
      <PageHeader title={intl.formatMessage({ id: 'area.diagrams' })} />
      <HStack gap="4" wrap="wrap" align="end">
        <Stack gap="1">
          <chakra.label htmlFor="diagram-machine" fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'diagrams.machine' })}</chakra.label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field id="diagram-machine" value={name} onChange={(e) => set({ machine: e.currentTarget.value, state: null, record: null })}>
              {DIAGRAM_NAMES.map((n) => (
                <option key={n} value={n}>{intl.formatMessage({ id: `diagrams.machine.${n}` })}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        {entity && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const id = Number(recordText);
              set({ record: Number.isInteger(id) && id > 0 ? String(id) : null });
            }}
          >
            <HStack gap="2" align="end">
              <Stack gap="1">
                <chakra.label htmlFor="diagram-record" fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'diagrams.historyId' })}</chakra.label>
                <Input id="diagram-record" size="sm" w="32" inputMode="numeric" value={recordText} onChange={(e) => setRecordText(e.currentTarget.value)} />
              </Stack>
              <Button size="sm" type="submit" colorPalette="blue">{intl.formatMessage({ id: 'diagrams.showPath' })}</Button>
              {record && (
                <Button size="sm" variant="outline" onClick={() => { setRecordText(''); set({ record: null }); }}>
                  {intl.formatMessage({ id: 'diagrams.clearPath' })}
                </Button>
              )}
            </HStack>
          </form>
        )}
      </HStack>
      {name === 'app' && description && (
        <Text role="status" data-testid="live-state">
          {intl.formatMessage({ id: 'diagrams.live' }, { state: live.map((id) => stateLabel(intl, description.states.find((s) => s.id === id))).join(' › ') })}
        </Text>
      )}
      {diagram.isPending ? (
        <Loading />
      ) : diagram.isError || !description ? (
        <Text role="alert">{intl.formatMessage({ id: 'diagrams.loadFailed' })}</Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' }} gap="4" alignItems="start">
          <PanZoom
            label={intl.formatMessage({ id: `diagrams.machine.${name}` })}
            fitKey={name}
            anchor={(content) => {
              const drawing = content.querySelector('.diagram')?.shadowRoot;
              return (selected && drawing?.querySelector(`[id="${stateSvgId(selected)}"]`)) || drawing?.querySelector('.node.initial');
            }}
          >
            <DiagramCanvas svg={diagram.data.svg} theme={theme} decorate={decorate} onChoose={choose} />
          </PanZoom>
          <Stack gap="4">
            <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
              {selectedState ? <StateDetails description={description} state={selectedState} /> : <Text color="fg.muted">{intl.formatMessage({ id: 'diagrams.selectState' })}</Text>}
            </Box>
            {path && (
              <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
                <Text fontWeight="semibold" mb="2">{intl.formatMessage({ id: 'diagrams.history' })}</Text>
                {path.steps.length === 0 ? (
                  <Text color="fg.muted">{intl.formatMessage({ id: 'diagrams.pathEmpty' })}</Text>
                ) : (
                  <Stack as="ol" gap="1" ps="5" m="0" fontSize="sm" data-testid="record-path">
                    {path.steps.map((step, i) => (
                      <li key={i}>
                        {intl.formatMessage(
                          { id: 'diagrams.pathStep' },
                          {
                            event: step.event,
                            from: stateLabel(intl, description.states.find((s) => s.id === `${description.root}.${step.fromState}`)) || '∅',
                            to: stateLabel(intl, description.states.find((s) => s.id === `${description.root}.${step.toState}`)),
                          },
                        )}
                      </li>
                    ))}
                  </Stack>
                )}
              </Box>
            )}
            <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
              <Text fontWeight="semibold" mb="2">{intl.formatMessage({ id: 'diagrams.states' })}</Text>
              <Stack as="ul" gap="1" m="0" p="0" listStyleType="none">
                {description.states
                  .filter((s) => s.id !== description.root)
                  .map((s) => (
                    <li key={s.id}>
                      <Button size="xs" variant={s.id === selected ? 'solid' : 'ghost'} colorPalette="blue" onClick={() => set({ state: s.id })} aria-pressed={s.id === selected}>
                        {'  '.repeat(s.path.length - 1)}
                        {stateLabel(intl, s)}
                      </Button>
                    </li>
                  ))}
              </Stack>
            </Box>
          </Stack>
        </Grid>
      )}
    </Stack>
  );
}
