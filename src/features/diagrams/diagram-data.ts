import type { MachineDescription, TransitionDescription } from '../../statecharts/format.ts';

/**
 * The exported descriptions and drawings (docs/diagrams), each loaded when its machine is shown: the
 * engineer's drawing `<name>.svg` (Spanish and English, guards and actions as code) and the reader's
 * `<name>.<lang>.svg` (`npm run diagrams` writes both).
 */
const descriptions = import.meta.glob<MachineDescription>('../../../docs/diagrams/*.json', { import: 'default' });
const drawings = import.meta.glob<string>('../../../docs/diagrams/*.svg', { query: '?raw', import: 'default' });
/** Every exported file's URL, to download (the build copies the files as assets; only their URLs are bundled). */
const downloads = import.meta.glob<string>(['../../../docs/diagrams/*.{json,mmd,scxml,svg,md}', '!../../../docs/diagrams/README.md'], { query: '?url', import: 'default', eager: true });

export const DIAGRAM_NAMES = [
  'app',
  'preferences',
  'verification',
  'verification-flow',
  'reimbursement',
  'reimbursement-flow',
  'orthodontic-plan',
  'orthodontic-installment',
  'policy',
  'patient-coverage',
  'announcement',
  'payment-run',
] as const;
export type DiagramName = (typeof DIAGRAM_NAMES)[number];

/** The five languages of the catalogs, each with a reader's drawing. */
export const READER_LANGS = ['es', 'en', 'fr', 'zh', 'ja'] as const;
export type ReaderLang = (typeof READER_LANGS)[number];
export const readerLang = (locale: string): ReaderLang => (READER_LANGS as readonly string[]).includes(locale.slice(0, 2)) ? (locale.slice(0, 2) as ReaderLang) : 'es';

export type DiagramView = 'reader' | 'engineer';

const fileOf = (file: string) => `../../../docs/diagrams/${file}`;
const drawingFile = (name: DiagramName, view: DiagramView, lang: ReaderLang) => (view === 'reader' ? `${name}.${lang}.svg` : `${name}.svg`);

export async function loadDiagram(name: DiagramName, view: DiagramView, lang: ReaderLang): Promise<{ description: MachineDescription; svg: string }> {
  const [description, svg] = await Promise.all([descriptions[fileOf(`${name}.json`)](), drawings[fileOf(drawingFile(name, view, lang))]()]);
  return { description, svg };
}

/** The formats a diagram downloads in, by catalog key of their label (`diagrams.download.<format>`). */
export const DOWNLOAD_FORMATS = ['reader', 'svg', 'md', 'mmd', 'scxml', 'json'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The file name and URL of one download: `reader` is the reader's drawing in `lang`. */
export function downloadOf(name: DiagramName, format: DownloadFormat, lang: ReaderLang): { file: string; url: string } {
  const file = format === 'reader' ? `${name}.${lang}.svg` : `${name}.${format}`;
  return { file, url: downloads[fileOf(file)]! };
}

/** The state ids a snapshot value is in: `{ authenticated: 'active' }` → `app.authenticated`, `app.authenticated.active`. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const ids: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') ids.push(`${prefix}.${v}`);
    else if (v && typeof v === 'object')
      for (const [key, child] of Object.entries(v)) {
        ids.push(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
  };
  walk(machineId, value);
  return ids;
}

export interface HistoryStep {
  event: string;
  fromState: string | null;
  toState: string;
}

/** The transitions a record's history took through the diagram, matched by source, event and target. */
export function pathThrough(description: MachineDescription, history: HistoryStep[]): { transitions: TransitionDescription[]; states: string[] } {
  const root = description.root;
  const transitions: TransitionDescription[] = [];
  const states = new Set<string>();
  for (const step of history) {
    const from = step.fromState ? `${root}.${step.fromState}` : null;
    const to = `${root}.${step.toState}`;
    if (from) states.add(from);
    states.add(to);
    const candidates = description.transitions.filter((t) => t.event === step.event && (!from || t.source === from || from.startsWith(`${t.source}.`)));
    const taken = candidates.find((t) => t.targets.includes(to)) ?? candidates.find((t) => t.targets.length === 0 && from === to);
    if (taken) transitions.push(taken);
  }
  return { transitions, states: [...states] };
}

/**
 * Why a record shows no path: none yet (it is in the machine's initial state), or it predates the
 * history (a record of an old data folder, in a later state with no events kept).
 */
export function emptyPathReason(description: Pick<MachineDescription, 'initial'>, state: string): 'pathEmpty' | 'pathPredates' {
  return state === description.initial?.split('.').pop() ? 'pathEmpty' : 'pathPredates';
}
