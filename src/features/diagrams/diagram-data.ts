import type { MachineDescription, TransitionDescription } from '../../statecharts/format.ts';

/** The exported descriptions and drawings (docs/diagrams), each loaded when its machine is shown. */
const descriptions = import.meta.glob<MachineDescription>('../../../docs/diagrams/*.json', { import: 'default' });
const drawings = import.meta.glob<string>('../../../docs/diagrams/*.svg', { query: '?raw', import: 'default' });

export const DIAGRAM_NAMES = ['app', 'preferences', 'verification', 'reimbursement', 'orthodontic-plan', 'orthodontic-installment'] as const;
export type DiagramName = (typeof DIAGRAM_NAMES)[number];

const fileOf = (name: string, ext: string) => `../../../docs/diagrams/${name}.${ext}`;

export async function loadDiagram(name: DiagramName): Promise<{ description: MachineDescription; svg: string }> {
  const [description, svg] = await Promise.all([descriptions[fileOf(name, 'json')](), drawings[fileOf(name, 'svg')]()]);
  return { description, svg };
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
