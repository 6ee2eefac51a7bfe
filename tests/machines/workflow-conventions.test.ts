import { and, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTS_DOCUMENTS,
  actionNamesOf,
  blockedEvents,
  describeTransition,
  explainRefusal,
  isIsoDate,
  lintWorkflow,
  namedGuardsOf,
  snapshotAt,
  step,
  transitionsOf,
  UNKNOWN_REFUSAL,
} from '@core/workflows/workflow.ts';

/**
 * The shared workflow pieces on small machines made for the purpose: what the server answers (the rule code of a
 * 409, the blocked reasons a screen lists) and what the machine conventions check refuses, so a machine that
 * breaks them is caught before it ships.
 */
type Facts = { open: boolean; signed: boolean; paid: boolean; note: string };
type Event = { type: 'CLOSE' } | { type: 'PAY' } | { type: 'ARCHIVE' };
const base = setup({
  types: { context: {} as { facts: Facts }, events: {} as Event, input: {} as { facts: Facts } },
  guards: {
    isOpen: ({ context }) => context.facts.open,
    isSigned: ({ context }) => context.facts.signed,
    isPaid: ({ context }) => context.facts.paid,
  },
  actions: { recordClosing: () => {}, recordPayment: () => {} },
});
const states = ['draft', 'closed', 'paid'] as const;
const conforming = base.createMachine({
  id: 'sample',
  context: ({ input }) => ({ facts: input.facts }),
  initial: 'draft',
  states: {
    draft: {
      meta: { status: 'DRAFT', rules: ['R1'], tags: [ACCEPTS_DOCUMENTS] },
      on: {
        CLOSE: { target: 'closed', guard: and(['isOpen', 'isSigned']), actions: 'recordClosing' },
        // Two branches: paying in full needs the signature and the payment; the other branch only the payment.
        PAY: [
          { target: 'paid', guard: and(['isSigned', 'isPaid']), actions: 'recordPayment' },
          { target: 'closed', guard: 'isPaid' },
        ],
      },
    },
    closed: { meta: { status: 'CLOSED', rules: ['R22'] } },
    paid: { meta: { status: 'PAID', rules: ['R9', 'R10'] }, type: 'final' },
  },
});
const rules = { isOpen: { rule: 'sample.notOpen' }, isSigned: { rule: 'sample.notSigned' }, isPaid: { rule: 'sample.notPaid' } };
const facts: Facts = { open: true, signed: true, paid: true, note: '' };

describe('isIsoDate', () => {
  it('takes real calendar dates written YYYY-MM-DD and nothing else', () => {
    expect(['2025-01-31', '2024-02-29', '2025-12-01'].map(isIsoDate)).toEqual([true, true, true]);
    expect(['2025-02-30', '2025-02-29', '2025-13-01', '2025-04-31', '2025-00-10', '2025-01-00'].map(isIsoDate)).toEqual([false, false, false, false, false, false]);
    // Anchored at both ends: no leading or trailing text, no timestamp.
    expect(['x2025-01-31', '2025-01-31x', '2025-01-31T00:00:00Z', ' 2025-01-31', '12025-01-31'].map(isIsoDate)).toEqual([false, false, false, false, false]);
    expect([20250131, null, undefined, new Date('2025-01-31')].map(isIsoDate)).toEqual([false, false, false, false]);
  });
});

describe('guard and action introspection', () => {
  it('reads named guards (plain, object form with params, and and([...])) in order, and refuses inline guards', () => {
    expect(namedGuardsOf(undefined)).toEqual([]);
    expect(namedGuardsOf(null)).toEqual([]);
    expect(namedGuardsOf('isOpen')).toEqual([{ type: 'isOpen', params: undefined }]);
    expect(namedGuardsOf({ type: 'isPaid', params: { min: 1 } })).toEqual([{ type: 'isPaid', params: { min: 1 } }]);
    expect(namedGuardsOf(and(['isOpen', { type: 'isSigned', params: 2 }]))).toEqual([
      { type: 'isOpen', params: undefined },
      { type: 'isSigned', params: 2 },
    ]);
    expect(() => namedGuardsOf(() => true)).toThrow('Workflow machines combine named guards with and([...]) only');
    expect(() => namedGuardsOf({ kind: 'isOpen' })).toThrow('Unsupported guard definition');
    expect(() => namedGuardsOf(42)).toThrow('Unsupported guard definition');
  });

  it('reads named actions, in either form, and refuses inline ones', () => {
    expect(actionNamesOf({ actions: ['recordClosing', { type: 'recordPayment', params: 1 }] })).toEqual(['recordClosing', 'recordPayment']);
    expect(() => actionNamesOf({ actions: [() => {}] })).toThrow('Workflow machines use named actions only');
    expect(() => actionNamesOf({ actions: [null] })).toThrow('Workflow machines use named actions only');
    expect(() => actionNamesOf({ actions: [{ type: 3 }] })).toThrow('Workflow machines use named actions only');
  });

  it('describes each transition as source --EVENT [guards] / actions--> target', () => {
    expect(transitionsOf(conforming).map(describeTransition)).toEqual([
      'draft --CLOSE [isOpen & isSigned] / recordClosing--> closed',
      'draft --PAY [isSigned & isPaid] / recordPayment--> paid',
      'draft --PAY [isPaid]--> closed',
    ]);
  });
});

describe('lintWorkflow', () => {
  it('finds nothing wrong with a machine that follows the conventions', () => {
    expect(lintWorkflow(conforming, rules, states)).toEqual([]);
  });

  it('names every convention a machine breaks', () => {
    const broken = setup({
      types: { context: {} as { facts: Facts }, events: {} as Event },
      guards: { isOpen: () => true, isSigned: () => true, unused: () => true, badCode: () => true, sameCode: () => true },
      actions: { recordClosing: () => {}, neverDone: () => {} },
    }).createMachine({
      id: 'broken',
      context: { facts },
      initial: 'draft',
      states: {
        draft: {
          meta: { status: 'Draft', rules: ['R23'] },
          on: {
            CLOSE: { target: 'closed', guard: and(['isOpen', 'notImplemented' as never, 'badCode', 'sameCode']), actions: ['recordClosing', 'missingAction' as never] },
            ARCHIVE: { target: 'closed', guard: (() => true) as never },
          },
        },
        closed: { meta: { rules: ['R1'] } },
      },
    });
    const problems = lintWorkflow(
      broken,
      { isOpen: { rule: 'broken.notOpen' }, badCode: { rule: 'other.badCode' }, sameCode: { rule: 'broken.notOpen' }, ghost: { rule: 'broken.ghost' } } as never,
      ['closed', 'draft'],
    );
    expect(problems).toEqual([
      'guard notImplemented is used but not implemented',
      'action missingAction is used but not implemented',
      'draft --ARCHIVE--> closed: Workflow machines combine named guards with and([...]) only; found an inline or other guard',
      'guard isSigned is never used',
      'guard isSigned has no rule',
      'guard unused is never used',
      'guard unused has no rule',
      'guard badCode: rule code "other.badCode" is not broken.camelCase',
      'guard sameCode: rule code broken.notOpen is also isOpen\'s',
      'rule for unknown guard ghost',
      'action neverDone is never used',
      'states are [draft,closed], listed as [closed,draft]',
      'state draft: meta.status missing',
      'state draft: meta.rules must list R1…R22 ids',
      'state closed: meta.status missing',
    ]);
  });

  it('holds rule codes and state metadata to their exact shapes', () => {
    const shaped = (code: string, status: unknown, stateRules: unknown) =>
      setup({ types: { context: {} as { facts: Facts }, events: {} as Event }, guards: { isOpen: () => true } }).createMachine({
        id: 'shape',
        context: { facts },
        initial: 'only',
        states: { only: { meta: { status, rules: stateRules }, on: { CLOSE: { guard: 'isOpen' } } } },
      });
    const lint = (code: string, status: unknown, stateRules: unknown) => lintWorkflow(shaped(code, status, stateRules), { isOpen: { rule: code } }, ['only']);
    expect(lint('shape.notOpen', 'OPEN_NOW', ['R1', 'R12', 'R22'])).toEqual([]);
    expect(lint('xshape.notOpen', 'OPEN', ['R1'])).toEqual(['guard isOpen: rule code "xshape.notOpen" is not shape.camelCase']);
    expect(lint('shape.notOpen.', 'OPEN', ['R1'])).toEqual(['guard isOpen: rule code "shape.notOpen." is not shape.camelCase']);
    expect(lint('shape.NotOpen', 'OPEN', ['R1'])).toEqual(['guard isOpen: rule code "shape.NotOpen" is not shape.camelCase']);
    expect(lint('shape.notOpen', 'xOPEN', ['R1'])).toEqual(['state only: meta.status missing']);
    expect(lint('shape.notOpen', 'OPENx', ['R1'])).toEqual(['state only: meta.status missing']);
    expect(lint('shape.notOpen', 7, ['R1'])).toEqual(['state only: meta.status missing']);
    for (const bad of [['R0'], ['R23'], ['R20x'], ['xR20'], 'R1'])
      expect(lint('shape.notOpen', 'OPEN', bad), JSON.stringify(bad)).toEqual(['state only: meta.rules must list R1…R22 ids']);
  });
});

describe('refusals and blocked events', () => {
  it('answers the rule code of the first failing guard, in the order the transitions try them', () => {
    const at = (f: Partial<Facts>) => snapshotAt(conforming, 'draft', { ...facts, ...f });
    expect(explainRefusal(conforming, at({}), { type: 'CLOSE' }, rules)).toBeNull();
    expect(explainRefusal(conforming, at({ open: false, signed: false }), { type: 'CLOSE' }, rules)).toBe('sample.notOpen');
    expect(explainRefusal(conforming, at({ signed: false }), { type: 'CLOSE' }, rules)).toBe('sample.notSigned');
    // PAY's first branch fails on the signature, its second on the payment: the first failing guard tried.
    expect(explainRefusal(conforming, at({ signed: false, paid: false }), { type: 'PAY' }, rules)).toBe('sample.notSigned');
    expect(step(conforming, at({ signed: false }), { type: 'PAY' }, rules)).toEqual({ ok: true, value: 'closed', effects: [] });
    expect(step(conforming, at({}), { type: 'PAY' }, rules)).toEqual({ ok: true, value: 'paid', effects: [{ type: 'recordPayment', params: undefined }] });
    expect(step(conforming, at({ open: false }), { type: 'CLOSE' }, rules)).toEqual({ ok: false, rule: 'sample.notOpen' });
  });

  it('answers the generic refusal for a guard without a rule', () => {
    const partial = { isOpen: { rule: 'sample.notOpen' } } as never;
    expect(explainRefusal(conforming, snapshotAt(conforming, 'draft', { ...facts, signed: false }), { type: 'CLOSE' }, partial)).toBe(UNKNOWN_REFUSAL);
  });

  it('gives as reasons the guards failing on every branch, else those of the branch nearest to passing', () => {
    const at = (f: Partial<Facts>) => snapshotAt(conforming, 'draft', { ...facts, ...f });
    // Both PAY branches need the payment: only that is a reason, not the first branch's signature.
    expect(blockedEvents(conforming, at({ signed: false, paid: false }), [{ type: 'PAY' }])).toEqual([{ type: 'PAY', guards: ['isPaid'] }]);
    expect(blockedEvents(conforming, at({ open: false, signed: false }), [{ type: 'CLOSE' }, { type: 'CLOSE' }, { type: 'ARCHIVE' }, { type: 'PAY' }])).toEqual([
      { type: 'CLOSE', guards: ['isOpen', 'isSigned'] },
    ]);
  });

  it('takes the branch with the fewest failing guards when no guard fails on all of them', () => {
    const forked = base.createMachine({
      id: 'forked',
      context: { facts },
      initial: 'draft',
      states: {
        draft: {
          on: {
            PAY: [
              { target: 'done', guard: and(['isOpen', 'isSigned']) },
              { target: 'done', guard: 'isPaid' },
              { target: 'done', guard: and(['isSigned', 'isOpen']) },
            ],
          },
        },
        done: {},
      },
    });
    const blocked = (f: Partial<Facts>) => blockedEvents(forked, snapshotAt(forked, 'draft', { ...facts, ...f }), [{ type: 'PAY' }]);
    expect(blocked({ open: false, signed: false, paid: false })).toEqual([{ type: 'PAY', guards: ['isPaid'] }]);
  });
});
