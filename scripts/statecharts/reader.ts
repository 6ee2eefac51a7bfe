/**
 * The reader's view of a machine in one language: state, machine and event names and the count of a
 * transition's conditions, from the catalogs (ids: core/workflows/texts.ts), for the reader's SVG
 * (`<name>.<lang>.svg`) and paths.md. The guards' and actions' own sentences are read in the panel.
 */
import { createIntl, type IntlShape } from 'react-intl';
import { eventTextId } from '@core/workflows/texts.ts';
import type { MachineDescription, StateDescription, TransitionDescription } from '../../src/statecharts/format.ts';
import { CATALOGS, type Catalogs, type Lang } from './catalogs.ts';
import { namedGuardsIn } from './describe.ts';

export interface ReaderTexts {
  machineTitle(d: MachineDescription): string;
  stateLabel(s: StateDescription): string;
  eventName(d: MachineDescription, t: Pick<TransitionDescription, 'kind' | 'event' | 'delay'>): string;
  /** "2 conditions" for a guarded transition, else undefined. */
  conditions(t: TransitionDescription): string | undefined;
  /** The event's name with its conditions, on one line (transitions drawn inside their state). */
  transitionText(d: MachineDescription, t: TransitionDescription): string;
  /** The width in points a line needs when it holds East Asian characters, else 0 (Graphviz's own estimate fits). */
  minWidth(text: string, size: number): number;
}

/** Wide (East Asian) characters: CJK, kana, hangul, full-width forms and CJK punctuation. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * Graphviz lays text out with Helvetica's widths and counts an East Asian character like a Latin capital
 * (about 0.8 em), but it is drawn a full em wide: Japanese labels spilled out of their boxes. A line with such
 * characters gets a minimum width of one em per wide character and a generous 0.62 em per other one, times
 * 1.2: Graphviz starts the text where its own narrower estimate would be centred, so the wider text runs
 * on to the right by the difference.
 */
export function minWidth(text: string, size: number): number {
  if (!WIDE.test(text)) return 0;
  let ems = 0;
  for (const c of text) ems += WIDE.test(c) ? 1 : 0.62;
  return Math.ceil(ems * size * 1.2) + 2;
}

export function readerTexts(lang: Lang, catalogs: Catalogs = CATALOGS): ReaderTexts {
  const intl: IntlShape = createIntl({ locale: lang, messages: catalogs[lang] as Record<string, string> });
  const has = (id: string) => Object.hasOwn(catalogs[lang], id);
  const text = (id: string | undefined, fallback: string, values?: Record<string, string | number>) =>
    id !== undefined && has(id) ? intl.formatMessage({ id }, values) : fallback;
  const eventName: ReaderTexts['eventName'] = (d, t) => {
    if (t.kind === 'always') return text('diagrams.reader.always', 'always');
    if (t.kind === 'after') return text('diagrams.reader.after', `after ${String(t.delay)}`, { delay: String(t.delay) });
    if (t.kind === 'done.state') return text('diagrams.reader.doneState', 'done');
    return text(eventTextId(d.id, t.event), t.event);
  };
  const conditions: ReaderTexts['conditions'] = (t) => {
    if (!t.guard) return undefined;
    const count = Math.max(1, namedGuardsIn(t.guard).length);
    return text('diagrams.reader.conditions', `${count} conditions`, { count });
  };
  return {
    machineTitle: (d) => text(`diagrams.machine.${d.name}`, d.name),
    stateLabel: (s) => text(s.labelId, s.key),
    eventName,
    conditions,
    transitionText: (d, t) => [eventName(d, t), conditions(t)].filter(Boolean).join(' · '),
    minWidth,
  };
}
