/**
 * Small purpose-built machines exercising every statechart feature the exports must keep: eventless and
 * delayed transitions, parallel regions, shallow and deep history, invoke done/error, guard trees with
 * static and dynamic params, multiple targets, re-entry, transitions without target, entry/exit, tags, meta.
 */
import { and, createMachine, fromPromise, not, or, setup, stateIn } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registry.ts';
import { CATALOGS, type Catalogs } from '../../scripts/statecharts/catalogs.ts';

type FeatureEvent =
  | { type: 'GO' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'PING'; text: string }
  | { type: 'RESTART' }
  | { type: 'SYNC' }
  | { type: 'DEEPEN' }
  | { type: 'RESET' };

export const featureMachine = setup({
  types: { context: {} as { n: number }, events: {} as FeatureEvent },
  guards: {
    ready: () => true,
    big: () => false,
    allowed: (_: unknown, params: { min: number }) => params.min > 0,
    echoed: (_: unknown, params: string) => params.length > 0,
  },
  actions: {
    log: () => {},
    note: (_: unknown, _params: { text: string }) => {},
    start: () => {},
  },
  actors: { fetcher: fromPromise(async () => 1) },
  delays: { slow: 5000 },
}).createMachine({
  id: 'feature',
  initial: 'checking',
  context: { n: 0 },
  states: {
    checking: {
      always: [{ guard: 'ready', target: 'waiting' }, { target: 'working' }],
    },
    waiting: {
      entry: 'log',
      exit: ['log', { type: 'note', params: { text: 'bye' } }],
      after: {
        1000: 'working',
        slow: { target: 'done', guard: 'big', actions: 'log' },
      },
    },
    working: {
      type: 'parallel',
      onDone: 'done',
      on: {
        GO: {
          guard: and(['ready', or([not('big'), stateIn('#feature.working.upload.sent')]), { type: 'allowed', params: { min: 2 } }]),
          target: ['.upload.sent', '.audit.idle'],
          reenter: true,
          actions: [{ type: 'note', params: { text: 'go: "quoted" & <tagged>' } }],
        },
        RESET: { target: '#feature.checking', description: 'Back to the start\nof everything' },
      },
      states: {
        upload: {
          initial: 'sending',
          states: {
            sending: {
              tags: ['busy', 'network'],
              invoke: {
                id: 'fetch',
                src: 'fetcher',
                onDone: 'sent',
                onError: { target: 'failed', actions: { type: 'note', params: { text: 'failed' } } },
              },
            },
            sent: {
              type: 'final',
              on: { SYNC: '#feature.working.audit.idle' },
            },
            failed: {
              on: {
                RETRY: 'sending',
                BACK: '#feature.waiting',
                PING: { guard: { type: 'echoed', params: ({ event }) => (event as { text?: string }).text ?? '' }, actions: 'log' },
              },
            },
            hist: { type: 'history' },
          },
        },
        audit: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                PING: { actions: ['log', 'start'] },
                RESTART: '#feature.working',
                DEEPEN: { target: 'idle', reenter: true },
              },
            },
            deep: { type: 'history', history: 'deep', target: 'idle' },
          },
        },
      },
    },
    done: {
      type: 'final',
      tags: 'end',
      description: 'All done',
      meta: { status: 'DONE', rules: ['R2', 'R1'], extra: { weight: 1 } },
    },
  },
});

export const FEATURE: RegisteredMachine = {
  name: 'feature',
  machine: featureMachine,
  kind: 'workflow',
  rules: { ready: { rule: 'feature.notReady' }, big: { rule: 'feature.notBig' }, allowed: { rule: 'feature.notAllowed' } },
};

/** The project's catalogs plus the feature machine's texts (one state's label, one guard's description). */
export const FEATURE_CATALOGS: Catalogs = {
  ...CATALOGS,
  es: { ...CATALOGS.es, 'machine.feature.state.done': 'Hecho', 'machine.feature.guard.allowed': 'Permitido (con "comillas" | barra).' },
  en: { ...CATALOGS.en, 'machine.feature.state.done': 'Done', 'machine.feature.guard.allowed': 'Allowed <min>.' },
};

/** A machine with an inline guard, which the exports can only call `inline`. */
export const inlineGuardMachine = createMachine({
  id: 'inlineGuard',
  initial: 'a',
  states: {
    a: { on: { GO: { guard: () => true, target: 'b' } } },
    b: {},
  },
});

export const INLINE: RegisteredMachine = { name: 'inline-guard', machine: inlineGuardMachine, kind: 'session', rules: {} };

/** A root that is parallel and has transitions of its own (the exports must give it an element / composite). */
export const parallelRootMachine = setup({ actions: { tick: () => {} } }).createMachine({
  id: 'parallelRoot',
  type: 'parallel',
  entry: 'tick',
  on: { TICK: { actions: 'tick' }, JUMP: '.left.b' },
  states: {
    left: { initial: 'a', states: { a: { on: { NEXT: 'b' } }, b: {} } },
    right: { initial: 'c', states: { c: {} } },
  },
});

export const PARALLEL_ROOT: RegisteredMachine = { name: 'parallel-root', machine: parallelRootMachine, kind: 'session', rules: {} };
