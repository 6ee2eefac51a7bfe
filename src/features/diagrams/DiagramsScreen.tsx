import { useCallback, useMemo } from 'react';
import { Box, Button, chakra, Grid, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { FlaskConical } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { usePreferences } from '../../session/preferences.tsx';
import { Session } from '../../session/session.tsx';
import { diagramKey } from '../../api/resources/diagrams.ts';
import type { HistoryEntity } from '../../api/resources/workflow-history.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { stateSvgId, transitionSvgId } from '../../statecharts/format.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { activeStateIds, DIAGRAM_NAMES, loadDiagram, readerLang, type DiagramName, type DiagramView } from './diagram-data.ts';
import { DiagramCanvas, readableScale } from './DiagramCanvas.tsx';
import { DownloadLinks } from './DownloadLinks.tsx';
import { PanZoom } from './PanZoom.tsx';
import { RecordLookupForm, RecordPathPanel, useRecordPath } from './RecordPath.tsx';
import { StateDetails, stateLabel } from './StateDetails.tsx';
import { ViewToggle } from './ViewToggle.tsx';

/** Which records can be drawn as a path through which diagram. */
const RECORDS: Partial<Record<DiagramName, HistoryEntity>> = {
  verification: 'verification',
  reimbursement: 'reimbursement',
  'orthodontic-plan': 'orthodontic-plan',
  'payment-run': 'payment-run',
};

/**
 * The statecharts for analysts: each machine's diagram (pan, zoom, select a state to read its
 * transitions, guards and rules in the user's language), in the reader's view (names from the catalogs in
 * the user's language) or the engineer's (the code's names; `view=engineer` in the URL), the session's own
 * state highlighted live, a verification's, reimbursement's or plan's history drawn as a path (looked up by
 * folio or id), and every export to download.
 */
export default function DiagramsScreen() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const name = (DIAGRAM_NAMES as readonly string[]).includes(params.get('machine') ?? '') ? (params.get('machine') as DiagramName) : 'verification';
  const selected = params.get('state');
  const view: DiagramView = params.get('view') === 'engineer' ? 'engineer' : 'reader';
  const lang = readerLang(intl.locale);
  const record = params.get('record');
  const entity = RECORDS[name];
  const diagram = useQuery({ queryKey: diagramKey(name, view, lang), queryFn: () => loadDiagram(name, view, lang), staleTime: Infinity });
  const sessionValue = Session.useSelector((s) => s.value);
  const theme = usePreferences().currentTheme;

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
  const recordPath = useRecordPath(entity, description, record);
  const path = recordPath.path;

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
      <PageHeader title={intl.formatMessage({ id: 'area.diagrams' })}>
        <Button asChild variant="outline" size="sm">
          <Link href={`/diagramas/simulador?${new URLSearchParams({ machine: name, ...(selected ? { state: selected } : {}) })}`}>
            <FlaskConical aria-hidden size={16} />
            {intl.formatMessage({ id: 'simulator.open' })}
          </Link>
        </Button>
      </PageHeader>
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
        <ViewToggle id="diagram-view" view={view} onChange={(v) => set({ view: v === 'reader' ? null : v })} />
        {entity && <RecordLookupForm key={name} typed={record} onLookup={(text) => set({ record: text })} />}
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
            fitKey={`${name}:${view}:${lang}`}
            anchor={(content) => {
              const drawing = content.querySelector('.diagram')?.shadowRoot;
              return (selected && drawing?.querySelector(`[id="${stateSvgId(selected)}"]`)) || drawing?.querySelector('.node.initial');
            }}
            readable={(content) => readableScale(content.querySelector('.diagram'))}
          >
            <DiagramCanvas svg={diagram.data.svg} theme={theme} decorate={decorate} onChoose={choose} />
          </PanZoom>
          <Stack gap="4">
            {entity && record && <RecordPathPanel description={description} typed={record} result={recordPath} />}
            <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
              {selectedState ? <StateDetails description={description} state={selectedState} view={view} /> : <Text color="fg.muted">{intl.formatMessage({ id: 'diagrams.selectState' })}</Text>}
            </Box>
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
            <DownloadLinks name={name} lang={lang} />
          </Stack>
        </Grid>
      )}
    </Stack>
  );
}
