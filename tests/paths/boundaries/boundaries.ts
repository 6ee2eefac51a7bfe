import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { FIXTURES } from '../../../scripts/test-paths/fixtures.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { snapshotAt, step } from '@core/workflows/workflow.ts';

/** One boundary case: from `state`, with the fixture's all-pass facts changed by `facts`, `event` goes `to` a state or is refused by `refusedBy`. */
export interface BoundaryCase {
  name: string;
  state: string;
  facts?: Record<string, unknown>;
  event: EventObject & Record<string, unknown>;
  expected: { to: string } | { refusedBy: string };
}

/** Steps the registered machine once and compares with the case: the next state, or the refusing guard's rule code. */
export function checkBoundary(machineName: string, c: BoundaryCase): void {
  const registered = MACHINES.find((m) => m.name === machineName)!;
  const base = (FIXTURES[machineName]!.scenarios[0]!.input as { facts: Record<string, unknown> }).facts;
  const result = step(registered.machine, snapshotAt(registered.machine, c.state, { ...base, ...c.facts } as never), c.event as never, registered.rules);
  const rules = registered.rules as Record<string, { rule: string }>;
  if ('to' in c.expected) expect(result, c.name).toMatchObject({ ok: true, value: c.expected.to });
  else expect(result, c.name).toEqual({ ok: false, rule: rules[c.expected.refusedBy]!.rule });
}
