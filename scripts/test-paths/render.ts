/** Writing generated paths as files: paths.json, paths.md (readable test cases) and a Vitest spec. */
import { TARGET_NOUN } from '../statecharts/paths/criteria.ts';
import type { PathEvent, PathRecord, PathsFile, Scenario, StepRecord } from '../statecharts/paths/types.ts';
import spanish from '../../src/i18n/messages/es.json' with { type: 'json' };
import { eventTextId, namedEvent } from '@core/workflows/texts.ts';

const SPANISH: Record<string, string> = spanish;

export const renderJson = (file: PathsFile): string => `${JSON.stringify(file, null, 2)}\n`;

const code = (text: string) => `\`${text.replace(/`/g, 'ˋ')}\``;

/** An event's Spanish name (the catalogs' machine.<id>.event.*), as the panel's reader's view shows it. */
function eventLabel(machineId: string, type: string): string | undefined {
  const named = namedEvent(type);
  return named === undefined ? undefined : SPANISH[eventTextId(machineId, named)];
}

/** An event as text: its type with its Spanish name (given the machine), then its payload as compact JSON (when it has one). */
export function eventText(event: PathEvent, machineId?: string): string {
  const { type, ...payload } = event;
  const label = machineId === undefined ? undefined : eventLabel(machineId, type);
  const name = label ? `${code(type)} (${label})` : code(type);
  return Object.keys(payload).length ? `${name} ${code(JSON.stringify(payload))}` : name;
}

const refusedGuards = (step: Pick<StepRecord, 'guards'>) => step.guards.filter((g) => g.endsWith(':false')).map((g) => g.slice(0, -':false'.length));

/** A state's id with its Spanish label, as the panel shows it. */
function stateText(machineId: string, state: string): string {
  const label = SPANISH[`machine.${machineId}.state.${state}`];
  return label ? `${code(state)} (${label})` : code(state);
}

const factsOf = (scenario: Scenario) => (scenario.input as { facts?: Record<string, unknown> } | undefined)?.facts;

/** A scenario's facts as a table a reader can scan, one fact a row. */
function factsTable(facts: Record<string, unknown>): string[] {
  return ['', '  | fact | value |', '  |---|---|', ...Object.entries(facts).map(([name, value]) => `  | ${name} | ${code(JSON.stringify(value))} |`), ''];
}

function scenarioText(scenario: Scenario): string {
  const parts: string[] = [];
  const { facts: _facts, ...rest } = (scenario.input ?? {}) as Record<string, unknown>;
  if (factsOf(scenario)) {
    if (Object.keys(rest).length) parts.push(`input ${code(JSON.stringify(rest))}`);
  } else if (scenario.input !== undefined) parts.push(`input ${code(JSON.stringify(scenario.input))}`);
  if (scenario.storage && Object.keys(scenario.storage).length) parts.push(`browser storage ${code(JSON.stringify(scenario.storage))}`);
  if (scenario.storage && !Object.keys(scenario.storage).length && scenario.input === undefined) parts.push('empty browser storage');
  return parts.join('; ');
}

function thenText(machineId: string, step: Omit<StepRecord, 'event'>, previous: string | null): string {
  const moved = step.transitions.length > 0;
  const state = `${stateText(machineId, step.state)}${step.final ? ' (final)' : ''}`;
  let text = previous !== null && !moved ? `**Then** the state stays ${state}` : `**Then** the state is ${state}`;
  if (moved) text += ` — ${step.transitions.map(code).join(', then ')}`;
  else if (previous !== null) {
    const refused = refusedGuards(step);
    text += refused.length ? ` (refused: ${refused.join(', ')})` : ' (ignored)';
  }
  return text;
}

/**
 * What a path does, in the panel's Spanish words: the events it sends (a refused or ignored one marked so)
 * and the state it ends in. The scenario only names the facts it starts from, which a path may not exercise.
 */
export function pathSummary(path: Pick<PathRecord, 'initial' | 'steps'>, machineId: string): string {
  const events = path.steps.map((step) => {
    const name = eventLabel(machineId, step.event.type) ?? step.event.type;
    const mark = step.transitions.length > 0 ? '' : refusedGuards(step).length ? ' (refused)' : ' (ignored)';
    return `${name}${mark}`;
  });
  const shown = events.length > 8 ? [...events.slice(0, 4), '…', ...events.slice(-3)] : events;
  const end = path.steps.at(-1)?.state ?? path.initial.state;
  const endLabel = SPANISH[`machine.${machineId}.state.${end}`] ?? end;
  return shown.length ? `${shown.join(' → ')}; ends in ${endLabel}` : `starts in ${endLabel}`;
}

function pathSection(path: PathRecord, file: PathsFile, subject: string): string[] {
  const scenario = file.scenarios.find((s) => s.name === path.scenario)!;
  const lines = [
    `## ${path.id} — ${pathSummary(path, file.machineId)}`,
    '',
    `_Scenario ${scenario.name}; states ${path.title.slice(path.title.indexOf(': ') + 2)}. Generator: ${path.generator}; covers ${path.covers.length} ${TARGET_NOUN[file.criterion]}._`,
    '',
  ];
  const start = path.initial;
  lines.push(
    `1. **Given** ${subject} in scenario *${scenario.name}* (${scenario.description}), ` +
      `**When** it starts, ${thenText(file.machineId, start, null)}.`,
  );
  let previous = start.state;
  path.steps.forEach((step, i) => {
    lines.push(`${i + 2}. **When** ${eventText(step.event, file.machineId)}, ${thenText(file.machineId, step, previous)}.`);
    previous = step.state;
  });
  if (file.criterion === 'guards' || file.criterion === 'states') {
    lines.push('', `Covers: ${path.covers.map(code).join(', ')}.`);
  }
  lines.push('');
  return lines;
}

export function renderMarkdown(file: PathsFile, subject: string): string {
  const noun = TARGET_NOUN[file.criterion];
  const { targets } = file;
  const lines = [
    `# Test paths: ${file.machine} — ${noun}`,
    '',
    `Generated by ${code(file.command)}; do not edit — regenerate.`,
    '',
    `Coverage: ${targets.covered} of ${targets.total} ${noun} (${targets.percent} %) with ${file.paths.length} path${file.paths.length === 1 ? '' : 's'}, ` +
      `chosen greedily among ${Object.entries(file.candidates)
        .map(([g, n]) => `${n} ${g}`)
        .join(', ')} candidates (random walks: ${file.walks}, at most ${file.maxLength} events, seed ${file.seed}).`,
    '',
  ];
  if (file.notes.length) lines.push('Notes:', '', ...file.notes.map((n) => `- ${n}`), '');
  if (targets.unreachable.length) {
    lines.push(`Unreachable with these fixtures (no run of any scenario reaches them):`, '', ...targets.unreachable.map((t) => `- ${code(t)}`), '');
  }
  if (targets.uncovered.length) lines.push(`**Not covered:**`, '', ...targets.uncovered.map((t) => `- ${code(t)}`), '');
  if (file.failures.length) {
    lines.push('**Random walks that broke the machine (shrunk):**', '');
    for (const f of file.failures) lines.push(`- *${f.scenario}*: ${f.events.map((e) => eventText(e, file.machineId)).join(' → ') || '(start)'} — ${f.message} (walk of ${f.originalLength} events)`);
    lines.push('');
  }
  lines.push('## Scenarios', '');
  for (const s of file.scenarios) {
    const text = scenarioText(s);
    const facts = factsOf(s);
    lines.push(`- **${s.name}** — ${s.description}${text ? `: ${text}` : ''}${facts ? ', with the facts:' : ''}`, ...(facts ? factsTable(facts) : []));
  }
  lines.push('');
  for (const path of file.paths) lines.push(...pathSection(path, file, subject));
  return `${lines.join('\n').trimEnd()}\n`;
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The Vitest spec: one test per path, data from the paths.json beside it. */
export function renderSpec(file: PathsFile, support = '../../support/replay.ts'): string {
  const lines = [
    `// Generated by \`${file.command}\`; do not edit — regenerate.`,
    `// Replays each path of paths.json on a real actor of the ${file.machine} machine, checking every step.`,
    `import { describe, it } from 'vitest';`,
    `import { assertCriterion, loadPaths, replayPath } from '${support}';`,
    '',
    `const file = loadPaths(new URL('./paths.json', import.meta.url));`,
    '',
    `describe(${quote(`${file.machine} — ${TARGET_NOUN[file.criterion]} (seed ${file.seed})`)}, () => {`,
    ...file.paths.map((p) => `  it(${quote(`${p.id} ${p.title}`)}, () => replayPath(file, ${quote(p.id)}));`),
    `  it(${quote(`covers every reachable ${TARGET_NOUN[file.criterion].replace(/s$/, '')}`)}, () => assertCriterion(file));`,
    `});`,
  ];
  return `${lines.join('\n')}\n`;
}
