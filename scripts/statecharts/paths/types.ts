/** The data model of generated test paths (what `paths.json` holds). */
import type { EventObject } from 'xstate';

export const CRITERIA = ['states', 'transitions', 'transition-pairs', 'guards'] as const;
export type Criterion = (typeof CRITERIA)[number];

export const GENERATORS = ['shortest', 'simple', 'random'] as const;
export type GeneratorName = (typeof GENERATORS)[number];

/** The starting conditions of a path: the actor's input and what browser storage holds before it starts. */
export interface Scenario {
  /** Short identifier, unique per machine (kebab-case). */
  name: string;
  /** One line saying what is special about it. */
  description: string;
  /** The actor input (`{ facts }` for workflow machines). */
  input?: unknown;
  /** `localStorage` contents before the actor starts (the app machine reads them at boot). */
  storage?: Record<string, string>;
}

/** An event as sent, payload included (JSON-serialisable). */
export type PathEvent = EventObject & Record<string, unknown>;

export interface StepRecord {
  event: PathEvent;
  /** The state after the step, as `stateLabel` writes it. */
  state: string;
  /** Present when the machine reached a final state (`status: 'done'`). */
  final?: true;
  /** Keys of the transition definitions taken, in order (eventless ones included). */
  transitions: string[];
  /** Named guards evaluated while processing the event, `name:true|false`, in order. */
  guards: string[];
}

export interface PathRecord {
  id: string;
  title: string;
  generator: GeneratorName;
  scenario: string;
  /** What starting the actor does: its first resting state and the (eventless) transitions taken to get there. */
  initial: Omit<StepRecord, 'event'>;
  steps: StepRecord[];
  /** The criterion's targets this path covers. */
  covers: string[];
}

export interface TargetSummary {
  /** Every target of the criterion for this machine. */
  total: number;
  covered: number;
  /** Covered / total, in percent, one decimal. */
  percent: number;
  /** Targets no run of the machine reached with these fixtures (exhaustive exploration of every scenario). */
  unreachable: string[];
  /** Reachable targets the selected paths miss (empty when the generator did its job). */
  uncovered: string[];
}

export interface PathsFile {
  machine: string;
  machineId: string;
  criterion: Criterion;
  seed: number;
  maxLength: number;
  walks: number;
  generators: GeneratorName[];
  command: string;
  /** The event alphabet: every event type the machine handles, with payload variants. */
  alphabet: PathEvent[];
  scenarios: Scenario[];
  targets: TargetSummary;
  /** How many candidate paths each generator offered before the greedy selection. */
  candidates: Record<GeneratorName, number>;
  /** What the generator had to bound or approximate (e.g. an unbounded context explored by state value). */
  notes: string[];
  paths: PathRecord[];
  /** Random walks that broke an invariant, shrunk to their shortest failing prefix. */
  failures: Array<{
    scenario: string;
    /** The shortest failing prefix, without the events the failure does not need. */
    events: PathEvent[];
    message: string;
    /** Length of the longest failing candidate that shrank to these events. */
    originalLength: number;
  }>;
}

/** What the generator needs to know about a machine besides its definition (see scripts/test-paths/fixtures.ts). */
export interface MachineFixture {
  /** Payload variants per event type (each variant a whole event); event types not listed are sent bare. */
  events: Record<string, PathEvent[]>;
  /** Starting conditions; together they must reach every state, transition and guard outcome. */
  scenarios: Scenario[];
  /**
   * How the generators tell states apart: by state value only — sound when no guard reads context that
   * events change — or by value and context (the default; context must stay finite).
   */
  abstraction?: 'value' | 'value+context';
  /** What the machine is about, for the "Given" lines of paths.md (e.g. "a verification"). */
  subject: string;
}
