import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { transitionsOf } from '@core/workflows/workflow.ts';
import { describeMachine, descriptionJson } from '../../scripts/statecharts/describe.ts';
import { guardExpression, parseGuardExpression, transitionLabel } from '../../scripts/statecharts/labels.ts';
import type { MachineDescription, TransitionDescription } from '../../src/statecharts/format.ts';
import { FEATURE, INLINE, PARALLEL_ROOT } from './fixtures.ts';

const byId = (d: MachineDescription, id: string): TransitionDescription => {
  const t = d.transitions.find((x) => x.id === id);
  if (!t) throw new Error(`no transition ${id} among ${d.transitions.map((x) => x.id).join(', ')}`);
  return t;
};
const state = (d: MachineDescription, id: string) => {
  const s = d.states.find((x) => x.id === id);
  if (!s) throw new Error(`no state ${id}`);
  return s;
};

describe('describeMachine on a purpose-built machine', () => {
  const d = describeMachine(FEATURE);

  it('walks every state node, root first, in document order, with type, parent, path, initial and children', () => {
    expect(d.states.map((s) => s.id)).toEqual([
      'feature',
      'feature.checking',
      'feature.waiting',
      'feature.working',
      'feature.working.upload',
      'feature.working.upload.sending',
      'feature.working.upload.sent',
      'feature.working.upload.failed',
      'feature.working.upload.hist',
      'feature.working.audit',
      'feature.working.audit.idle',
      'feature.working.audit.deep',
      'feature.done',
    ]);
    expect(d.root).toBe('feature');
    expect(d.initial).toBe('feature.checking');
    expect(state(d, 'feature')).toMatchObject({ type: 'compound', parent: null, path: [], key: 'feature' });
    expect(state(d, 'feature.working')).toMatchObject({ type: 'parallel', initial: null, children: ['feature.working.upload', 'feature.working.audit'] });
    expect(state(d, 'feature.working.upload')).toMatchObject({ type: 'compound', initial: 'feature.working.upload.sending', path: ['working', 'upload'] });
    expect(state(d, 'feature.working.upload.sent')).toMatchObject({ type: 'final', final: true });
    expect(state(d, 'feature.done')).toMatchObject({ type: 'final', final: true });
  });

  it('keeps history states: shallow without target, deep with its default target', () => {
    const hist = state(d, 'feature.working.upload.hist');
    expect(hist).toMatchObject({ type: 'history', history: 'shallow' });
    expect(hist.historyTarget).toBeUndefined();
    expect(state(d, 'feature.working.audit.deep')).toMatchObject({ type: 'history', history: 'deep', historyTarget: ['feature.working.audit.idle'] });
  });

  it('keeps eventless transitions in order, guarded first', () => {
    expect(byId(d, 'feature.checking:always:0')).toMatchObject({ kind: 'always', event: 'always', targets: ['feature.waiting'], guard: { kind: 'named', name: 'ready' } });
    const fallback = byId(d, 'feature.checking:always:1');
    expect(fallback).toMatchObject({ kind: 'always', targets: ['feature.working'] });
    expect(fallback.guard).toBeUndefined();
  });

  it('keeps delayed transitions with numeric and named delays, without the implicit raise/cancel in entry/exit', () => {
    expect(byId(d, 'feature.waiting:after:1000:0')).toMatchObject({ kind: 'after', event: 'after:1000', delay: 1000, targets: ['feature.working'] });
    expect(byId(d, 'feature.waiting:after:slow:0')).toMatchObject({ kind: 'after', delay: 'slow', guard: { name: 'big' }, actions: [{ name: 'log' }] });
    expect(state(d, 'feature.waiting').entry).toEqual([{ name: 'log' }]);
    expect(state(d, 'feature.waiting').exit).toEqual([{ name: 'log' }, { name: 'note', params: { text: 'bye' } }]);
  });

  it('keeps invokes and their done/error transitions, and a state’s own completion (done.state)', () => {
    expect(d.invokes).toEqual([{ id: 'fetch', src: 'fetcher', state: 'feature.working.upload.sending' }]);
    expect(state(d, 'feature.working.upload.sending').invokes).toEqual(['fetch']);
    expect(byId(d, 'feature.working.upload.sending:done.invoke.fetch:0')).toMatchObject({ kind: 'done.invoke', invoke: 'fetch', targets: ['feature.working.upload.sent'] });
    expect(byId(d, 'feature.working.upload.sending:error.invoke.fetch:0')).toMatchObject({
      kind: 'error.invoke',
      invoke: 'fetch',
      actions: [{ name: 'note', params: { text: 'failed' } }],
    });
    expect(byId(d, 'feature.working:done.state:0')).toMatchObject({ kind: 'done.state', event: 'done.state', targets: ['feature.done'] });
  });

  it('describes guard trees (and / or / not / stateIn) with static and dynamic params', () => {
    const go = byId(d, 'feature.working:GO:0');
    expect(go.guard).toEqual({
      kind: 'and',
      guards: [
        { kind: 'named', name: 'ready' },
        {
          kind: 'or',
          guards: [
            { kind: 'not', guard: { kind: 'named', name: 'big' } },
            { kind: 'stateIn', state: '#feature.working.upload.sent' },
          ],
        },
        { kind: 'named', name: 'allowed', params: { min: 2 } },
      ],
    });
    expect(guardExpression(go.guard!)).toBe('and(ready, or(not(big), In("#feature.working.upload.sent")), allowed({"min":2}))');
    expect(byId(d, 'feature.working.upload.failed:PING:0').guard).toEqual({ kind: 'named', name: 'echoed', dynamicParams: true });
  });

  it('keeps several targets, the reenter flag, transitions without target, and descriptions', () => {
    expect(byId(d, 'feature.working:GO:0')).toMatchObject({ targets: ['feature.working.upload.sent', 'feature.working.audit.idle'], reenter: true });
    expect(byId(d, 'feature.working.audit.idle:DEEPEN:0')).toMatchObject({ targets: ['feature.working.audit.idle'], reenter: true });
    expect(byId(d, 'feature.working.audit.idle:PING:0')).toMatchObject({ targets: [], reenter: false, actions: [{ name: 'log' }, { name: 'start' }] });
    expect(byId(d, 'feature.working:RESET:0').description).toBe('Back to the start\nof everything');
  });

  it('keeps tags, meta (status, rules, other keys) and descriptions of states, and gives each state below the root its label id', () => {
    expect(state(d, 'feature.working.upload.sending').tags).toEqual(['busy', 'network']);
    expect(state(d, 'feature.done')).toMatchObject({
      tags: ['end'],
      labelId: 'machine.feature.state.done',
      status: 'DONE',
      rules: ['R2', 'R1'],
      meta: { extra: { weight: 1 } },
      description: 'All done',
    });
    expect(state(d, 'feature.working.upload.sending').labelId).toBe('machine.feature.state.working.upload.sending');
    expect(state(d, 'feature').labelId).toBeUndefined();
    expect(d.rules).toEqual([
      { rule: 'R1', states: ['feature.done'] },
      { rule: 'R2', states: ['feature.done'] },
    ]);
  });

  it('lists events, guards (with text ids, rule codes and users) and actions, sorted', () => {
    expect(d.events.map((e) => e.event)).toEqual(['BACK', 'DEEPEN', 'GO', 'PING', 'RESET', 'RESTART', 'RETRY', 'SYNC']);
    expect(d.events.find((e) => e.event === 'PING')!.transitions).toEqual(['feature.working.upload.failed:PING:0', 'feature.working.audit.idle:PING:0']);
    expect(d.guards.map((g) => g.name)).toEqual(['allowed', 'big', 'echoed', 'ready']);
    expect(d.guards.find((g) => g.name === 'big')).toEqual({
      name: 'big',
      textId: 'machine.feature.guard.big',
      rule: 'feature.notBig',
      implemented: true,
      transitions: ['feature.waiting:after:slow:0', 'feature.working:GO:0'],
    });
    expect(d.guards.find((g) => g.name === 'echoed')).toEqual({ name: 'echoed', textId: 'machine.feature.guard.echoed', implemented: true, transitions: ['feature.working.upload.failed:PING:0'] });
    expect(d.actions.find((a) => a.name === 'log')).toMatchObject({ implemented: true, states: ['feature.waiting'] });
  });

  it('labels transitions EVENT [guard] / actions', () => {
    expect(transitionLabel(byId(d, 'feature.waiting:after:slow:0'))).toBe('after slow [big] / log');
    expect(transitionLabel(byId(d, 'feature.working.upload.failed:PING:0'))).toBe('PING [echoed(…)] / log');
  });

  it('gives a parallel root its own transitions and entry actions', () => {
    const p = describeMachine(PARALLEL_ROOT);
    expect(p.states[0]).toMatchObject({ id: 'parallelRoot', type: 'parallel', initial: null, entry: [{ name: 'tick' }] });
    expect(p.transitions.map((t) => t.id)).toEqual(['parallelRoot:TICK:0', 'parallelRoot:JUMP:0', 'parallelRoot.left.a:NEXT:0']);
  });
});

describe('inline guards', () => {
  it('are described as inline by default', () => {
    const d = describeMachine(INLINE);
    expect(d.transitions[0]).toMatchObject({ id: 'inlineGuard.a:GO:0', guard: { kind: 'inline' } });
    expect(guardExpression(d.transitions[0]!.guard!)).toBe('$inline');
  });

  it('are refused in strict mode with an error naming the transition and the fix', () => {
    expect(() => describeMachine(INLINE, { strict: true })).toThrow(/inlineGuard\.a:GO:0: inline guard function\. Name it in setup\(\{ guards \}\)/);
  });

});

describe('guard expressions', () => {
  it('parse back into the same tree', () => {
    const d = describeMachine(FEATURE);
    for (const t of d.transitions) {
      if (t.guard) expect(parseGuardExpression(guardExpression(t.guard))).toEqual(t.guard);
    }
    expect(parseGuardExpression('and( a , or(not(b), c({"x":")"})) )')).toEqual({
      kind: 'and',
      guards: [
        { kind: 'named', name: 'a' },
        { kind: 'or', guards: [{ kind: 'not', guard: { kind: 'named', name: 'b' } }, { kind: 'named', name: 'c', params: { x: ')' } }] },
      ],
    });
    expect(() => parseGuardExpression('and(a')).toThrow(/Guard expression/);
  });
});

describe('the registered machines', () => {
  for (const registered of MACHINES) {
    it(`${registered.name}: described strictly, every transition definition present, every guard with its text id (and rule code in workflows)`, () => {
      const d = describeMachine(registered, { strict: true });
      expect(d.name).toBe(registered.name);
      expect(d.id).toBe(registered.machine.id);
      expect(d.transitions).toHaveLength(transitionsOf(registered.machine).length);
      expect(new Set(d.transitions.map((t) => t.id)).size).toBe(d.transitions.length);
      for (const g of d.guards) {
        expect(g.textId, g.name).toBe(`machine.${registered.machine.id}.guard.${g.name}`);
        expect(g.implemented, g.name).toBe(true);
        if (registered.kind === 'workflow') expect(g.rule, g.name).toMatch(new RegExp(`^${registered.machine.id}\\.`));
      }
      const ids = new Set(d.states.map((s) => s.id));
      for (const t of d.transitions) for (const target of t.targets) expect(ids.has(target)).toBe(true);
    });

    it(`${registered.name}: deterministic (two descriptions are byte-identical) and JSON-serialisable`, () => {
      const a = descriptionJson(describeMachine(registered, { strict: true }));
      const b = descriptionJson(describeMachine(registered, { strict: true }));
      expect(a).toBe(b);
      expect(JSON.parse(a)).toEqual(describeMachine(registered, { strict: true }));
    });
  }

  it('workflow states carry their label ids, statuses and rule ids', () => {
    const d = describeMachine(MACHINES.find((m) => m.name === 'verification')!, { strict: true });
    expect(state(d, 'verification.inProgress')).toMatchObject({ labelId: 'machine.verification.state.inProgress', status: 'EN_PROCESO', rules: ['R3', 'R7', 'R8', 'R14'] });
    const eligible = byId(d, 'verification.inProgress:RECORD_ELIGIBLE:0');
    expect(guardExpression(eligible.guard!)).toBe(
      'and(channelGiven, coverageActiveOnServiceDate, annualMaximumAvailable, authorizationNumberGiven, orthoUnderAgeLimit, orthoLifetimeAvailable)',
    );
    expect(eligible.actions.map((a) => a.name)).toEqual(['stampVerifiedAt', 'recordEligibility', 'setValidUntil']);
    const r = describeMachine(MACHINES.find((m) => m.name === 'reimbursement')!, { strict: true });
    expect(byId(r, 'reimbursement.needsDocuments:CURE_PERIOD_ENDED:0').actions[0]).toEqual({ name: 'recordRejection', params: { reasonCode: '32' } });
  });

  it('the app machine keeps its eventless boot, invoke outcomes and dynamic params', () => {
    const d = describeMachine(MACHINES.find((m) => m.name === 'app')!, { strict: true });
    expect(d.transitions.filter((t) => t.kind === 'always').map((t) => t.id)).toEqual(['app.booting:always:0', 'app.booting:always:1']);
    expect(byId(d, 'app.anonymous.signingIn:done.invoke.signIn:0')).toMatchObject({
      targets: ['app.authenticated'],
      guard: { kind: 'named', name: 'tokenReturned', dynamicParams: true },
      actions: [
        { name: 'assignSession', dynamicParams: true },
        { name: 'persistSession', dynamicParams: true },
        { name: 'redirectHome' },
      ],
    });
    expect(byId(d, 'app.loggingOut:error.invoke.logOut:0').targets).toEqual(['app.anonymous']);
    expect(state(d, 'app.anonymous.signingIn').tags).toEqual(['loading']);
    expect(d.invokes.map((i) => `${i.state}#${i.id}:${i.src}`)).toEqual([
      'app.anonymous.signingIn#signIn:signIn',
      'app.anonymous.registering#register:register',
      'app.anonymous.requestingReset#requestReset:requestReset',
      'app.authenticated.sessionExpired.signingIn#reSignIn:signIn',
      'app.loggingOut#logOut:logOut',
    ]);
  });
});
