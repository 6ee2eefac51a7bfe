import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { FIXTURES } from '../../scripts/test-paths/fixtures.ts';
import { DEFAULT_OPTIONS, generatePaths } from '../../scripts/test-paths/generate.ts';
import { renderJson, renderMarkdown } from '../../scripts/test-paths/render.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { deriveAlphabet, eventTypesOf } from '../../scripts/statecharts/paths/alphabet.ts';
import { activeStateIds, stateLabel, transitionKeys } from '../../scripts/statecharts/paths/ids.ts';
import { mulberry32 } from '../../scripts/statecharts/paths/prng.ts';
import { CRITERIA, type MachineFixture, type PathsFile } from '../../scripts/statecharts/paths/types.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

const registered = (name: string) => MACHINES.find((m) => m.name === name)!;

describe('mulberry32', () => {
  it('is deterministic per seed and different across seeds', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const c = mulberry32(2);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('state and transition names', () => {
  it('writes state values as dotted paths and lists the active nodes', () => {
    expect(stateLabel({ authenticated: { sessionExpired: 'idle' } })).toBe('authenticated.sessionExpired.idle');
    expect(stateLabel({ p: { a: 'x', b: 'y' } })).toBe('p.(a.x + b.y)');
    expect(activeStateIds({ authenticated: { sessionExpired: 'idle' } })).toEqual(['authenticated', 'authenticated.sessionExpired', 'authenticated.sessionExpired.idle']);
  });

  it('gives every transition of every machine a unique key that names source and target paths', () => {
    for (const m of MACHINES) {
      const keys = transitionKeys(m.machine);
      expect(new Set(keys).size, m.name).toBe(keys.length);
    }
    // Same-named states in different parents stay apart.
    expect(transitionKeys(registered('app').machine)).toEqual(
      expect.arrayContaining(['anonymous.idle --SIGN_IN--> anonymous.signingIn', 'authenticated.sessionExpired.idle --SIGN_IN--> authenticated.sessionExpired.signingIn']),
    );
    // The keys are the same on a provide() copy, whose transition objects differ.
    const app = registered('app').machine;
    expect(transitionKeys(app.provide({}))).toEqual(transitionKeys(app));
  });
});

describe('event alphabet', () => {
  it('covers every event type a machine handles, invoke outcomes included', () => {
    const types = eventTypesOf(registered('app').machine);
    expect(types).toEqual(expect.arrayContaining(['SIGN_IN', 'xstate.done.actor.signIn', 'xstate.error.actor.reSignIn', 'xstate.done.actor.logOut', 'DISMISS_MESSAGE']));
    const { alphabet, problems } = deriveAlphabet(registered('app').machine, FIXTURES.app!);
    expect(problems).toEqual([]);
    expect(alphabet.filter((e) => e.type === 'xstate.done.actor.signIn')).toHaveLength(2);
  });

  it('refuses fixtures giving variants for events the machine does not handle', () => {
    const { problems } = deriveAlphabet(registered('verification').machine, { events: { NOPE: [{ type: 'NOPE' }] } });
    expect(problems).toEqual(['the fixture gives variants for NOPE, which verification does not handle']);
  });

  it('has a fixture for every registered machine, with valid variants', () => {
    for (const m of MACHINES) {
      expect(FIXTURES[m.name], m.name).toBeDefined();
      expect(deriveAlphabet(m.machine, FIXTURES[m.name]!).problems, m.name).toEqual([]);
    }
  });
});

describe('generation', () => {
  it('gives byte-identical output for the same seed', () => {
    const options = { ...DEFAULT_OPTIONS, criterion: 'transitions' as const, seed: 42 };
    const a = generatePaths(registered('reimbursement'), FIXTURES.reimbursement!, options);
    const b = generatePaths(registered('reimbursement'), FIXTURES.reimbursement!, options);
    expect(renderJson(b)).toBe(renderJson(a));
    expect(renderMarkdown(b, 'a reimbursement')).toBe(renderMarkdown(a, 'a reimbursement'));
  });

  // One test per machine. Generation is synchronous processor work: 46 s for every machine on a quiet machine, and
  // verification-flow's 14 s took over 120 s in a clean-clone CI run (nice 10 beside the browser lane at load 10).
  // A synchronous test cannot hang waiting, so its limit is only there to stop a runaway loop.
  it.each(MACHINES.map((m) => [m.name, m] as const))('meets every criterion on %s, except what the fixtures cannot reach', { timeout: hangLimit(900_000) }, (name, m) => {
    for (const criterion of CRITERIA) {
      const file = generatePaths(m, FIXTURES[name]!, { ...DEFAULT_OPTIONS, criterion, walks: 20 });
      expect(file.failures, `${name}/${criterion}`).toEqual([]);
      expect(file.targets.uncovered, `${name}/${criterion}`).toEqual([]);
      expect(file.targets.covered + file.targets.unreachable.length, `${name}/${criterion}`).toBe(file.targets.total);
    }
  });

  it('knows which guard outcome no input can produce', () => {
    // APPROVE tries full approval first: someLinesRejected is only evaluated when noRejectedLines failed;
    // PAY likewise tries the unchanged liquidation first, so liquidationChanged is only evaluated when it changed.
    const file = generatePaths(registered('reimbursement'), FIXTURES.reimbursement!, { ...DEFAULT_OPTIONS, criterion: 'guards' });
    expect(file.targets.unreachable).toEqual(['liquidationChanged:false', 'someLinesRejected:false']);
  });

  it('bounds random walks by --max-length', () => {
    const file = generatePaths(registered('orthodontic-plan'), FIXTURES['orthodontic-plan']!, {
      ...DEFAULT_OPTIONS,
      criterion: 'transition-pairs',
      generators: ['random'],
      maxLength: 3,
      walks: 200,
    });
    for (const p of file.paths.filter((p) => p.generator === 'random')) expect(p.steps.length).toBeLessThanOrEqual(3);
    expect(file.paths.some((p) => p.generator === 'random')).toBe(true);
  });

  it('models invoke outcomes and delays as events, only when they can arrive', () => {
    const machine = setup({
      types: { events: {} as { type: 'GO' } | { type: 'CANCEL' } },
      actors: { fetchIt: fromPromise(async () => 'real') },
    }).createMachine({
      id: 'timed',
      initial: 'idle',
      states: {
        idle: { on: { GO: 'loading' } },
        loading: {
          invoke: { id: 'fetch', src: 'fetchIt', onDone: 'done', onError: 'failed' },
          after: { 5000: 'timedOut' },
          on: { CANCEL: 'idle' },
        },
        done: { type: 'final' },
        failed: { after: { 1000: 'idle' } },
        timedOut: {},
      },
    });
    const fixture: MachineFixture = { subject: 'a timed fetch', events: {}, scenarios: [{ name: 'start', description: 'from scratch' }] };
    expect(eventTypesOf(machine)).toEqual(
      expect.arrayContaining(['GO', 'CANCEL', 'xstate.done.actor.fetch', 'xstate.error.actor.fetch', 'xstate.after.5000.timed.loading', 'xstate.after.1000.timed.failed']),
    );
    const file = generatePaths({ name: 'timed', machine }, fixture, { ...DEFAULT_OPTIONS, criterion: 'transitions' });
    expect(file.failures).toEqual([]);
    expect(file.targets).toMatchObject({ covered: 6, total: 6, uncovered: [], unreachable: [] });
    const afterSteps = file.paths.flatMap((p) => p.steps).filter((s) => s.event.type.startsWith('xstate.after.'));
    expect(afterSteps.map((s) => s.state).sort()).toEqual(['idle', 'timedOut']);
  });
});

describe('committed outputs', () => {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const dir = path.join(root, 'tests/paths');
  const files = MACHINES.flatMap((m) => CRITERIA.map((c) => path.join(dir, m.name, c, 'paths.json'))).filter((f) => fs.existsSync(f));

  it('exist for every machine with the transitions criterion', () => {
    for (const m of MACHINES) expect(fs.existsSync(path.join(dir, m.name, 'transitions', 'paths.json')), m.name).toBe(true);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('%s is what the generator gives today (else regenerate)', (_, file) => {
    const committed = fs.readFileSync(file, 'utf8');
    const data = JSON.parse(committed) as PathsFile;
    const fresh = generatePaths(registered(data.machine), FIXTURES[data.machine]!, {
      ...DEFAULT_OPTIONS,
      criterion: data.criterion,
      seed: data.seed,
      maxLength: data.maxLength,
      walks: data.walks,
      generators: data.generators,
    });
    expect(renderJson(fresh) === committed, `out of date — run: ${data.command}`).toBe(true);
  });
});
