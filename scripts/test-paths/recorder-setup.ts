/**
 * Vitest setup file that records, without editing them, what the hand-written model tests cover: every actor
 * of a registered machine they create is created through `createRecordedActor`, which observes it through
 * xstate's inspection API (transitions taken, states entered) and records the named guards it evaluates.
 * Behaviour is unchanged: the tests' own `inspect` callbacks still receive every inspection event.
 *
 * Used by scripts/test-paths/vitest.recorder.config.ts; the result is merged into the file named by
 * STATECHART_COVERAGE_FILE once each test file ends.
 */
import { afterAll, vi } from 'vitest';
import type { Actor, ActorOptions, AnyActorLogic } from 'xstate';

type Create = (logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) => Actor<AnyActorLogic>;
const hooks = globalThis as { __statechartsCreateActor?: (create: Create, logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) => Actor<AnyActorLogic> };

vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof import('xstate')>();
  const createActor: Create = (logic, options) => {
    const hook = hooks.__statechartsCreateActor;
    return hook ? hook(xstate.createActor as Create, logic, options) : (xstate.createActor as Create)(logic, options);
  };
  return { ...xstate, createActor, interpret: createActor };
});

const { MACHINES } = await import('../../src/machines/registry.ts');
const { createRecordedActor, isStateMachine } = await import('../statecharts/paths/instrument.ts');
const { flushRecorder, recordLog } = await import('../statecharts/paths/recorder.ts');
type RecordEntry = import('../statecharts/paths/instrument.ts').RecordEntry;

const names = new Map(MACHINES.map((m) => [m.machine.id, m.name]));
const logs: Array<[string, RecordEntry[]]> = [];

hooks.__statechartsCreateActor = (create, logic, options) => {
  const name = isStateMachine(logic) ? names.get(logic.id) : undefined;
  if (!name || !isStateMachine(logic)) return create(logic, options);
  const recorded = createRecordedActor(create as never, logic, options as never);
  logs.push([name, recorded.log]);
  return recorded.actor as unknown as Actor<AnyActorLogic>;
};

afterAll(() => {
  for (const [name, log] of logs) recordLog(name, log);
  logs.length = 0;
  flushRecorder();
});
