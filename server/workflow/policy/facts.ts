import type { PolicyFacts } from '@core/workflows/policy.machine.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../shared/actor.ts';
import type { PolicyRow } from './repository.ts';

/** The policy statechart's facts: its validity and today; everything is on the row, so no query. */
export async function policyFacts(_q: Queryable, rows: readonly PolicyRow[], _actor: Actor, today: string) {
  return new Map(rows.map((row) => [row.id, { facts: { startsOn: row.starts_on, endsOn: row.ends_on, today } satisfies PolicyFacts, context: null }]));
}
