import { sql, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { VerificationCategory, VerificationKind, VerificationState } from '@core/workflows/verification.machine.ts';
import type { DB, Queryable } from '../../db/database.ts';
import { coverageColumns } from '../shared/coverage.ts';
import { either, listOf, matchesText, refersToMatching, type SortColumns } from '../../db/list-query.ts';
import { patientName } from '../shared/people.ts';

/** The worklist (verificaciones nuevas) and the history (existentes). */
export const OPEN_STATES: VerificationState[] = ['pending', 'inProgress', 'needsInfo'];
export const HISTORY_STATES: VerificationState[] = ['verified', 'notEligible', 'expired', 'cancelled'];

function selectVerifications(q: Queryable) {
  return q.kysely
    .selectFrom('verifications')
    .innerJoin('patients', 'patients.id', 'verifications.patient_id')
    .innerJoin('policies', 'policies.id', 'verifications.policy_id')
    .innerJoin('insurers', 'insurers.id', 'verifications.insurer_id')
    .leftJoin('users', 'users.id', 'verifications.assignee_id')
    .select((eb) => [
      'verifications.id',
      'verifications.folio',
      patientName.as('patient_name'),
      'policies.number as policy_number',
      'verifications.insurer_id',
      'insurers.name as insurer_name',
      'insurers.verification_validity_days',
      'insurers.currency as insurer_currency',
      'verifications.doctor_id',
      eb.ref('verifications.kind').$castTo<VerificationKind>().as('kind'),
      eb.ref('verifications.category').$castTo<VerificationCategory>().as('category'),
      eb.cast<string>('verifications.planned_service_date', 'text').as('planned_service_date'),
      eb.ref('verifications.state').$castTo<VerificationState>().as('state'),
      'verifications.assignee_id',
      'users.name as assignee_name',
      'verifications.channel',
      'verifications.authorization_number',
      'verifications.coverage_active',
      eb.cast<string | null>('verifications.valid_until', 'text').as('valid_until'),
      'verifications.verified_at',
      'verifications.reason',
      'verifications.note',
      // The FHIR client a verification came from (issue 27): a scalar lookup, as the list's other single values.
      eb.selectFrom('integration_clients').select('integration_clients.name').whereRef('integration_clients.id', '=', 'verifications.integration_client_id').as('integration_client_name'),
      'verifications.version',
      // Generated timestamps select as their column type (schema.ts nests ColumnType in Generated): say what they are.
      'verifications.created_at',
      'verifications.updated_at',
      // A scalar subquery with LIMIT, not EXISTS: PostgreSQL may turn an EXISTS in the select list into
      // a hash of every reimbursement (0.4 s at 200 k claims) when it expects many rows before the page's LIMIT.
      sql<boolean>`(${eb.selectFrom('reimbursements').select(sql`true`.as('found')).whereRef('reimbursements.verification_id', '=', 'verifications.id').limit(1)}) IS NOT NULL`.as(
        'has_reimbursements',
      ),
      ...coverageColumns(eb),
    ]);
}

export type VerificationRow = Awaited<ReturnType<ReturnType<typeof selectVerifications>['executeTakeFirstOrThrow']>>;

export function findVerification(q: Queryable, id: number, lock: boolean): Promise<VerificationRow | undefined> {
  const query = selectVerifications(q).where('verifications.id', '=', id);
  return (lock ? query.forUpdate('verifications') : query).executeTakeFirst();
}

export interface VerificationFilter {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  state?: string;
  group?: 'open' | 'history';
  assigneeId?: number;
  insurerId?: number;
  doctorId?: number;
  from?: string;
  to?: string;
}

/** The worklist's own filters: whose verifications, and only those whose planned service date has passed. */
export interface WorklistFilter {
  assigned?: 'mine' | 'unassigned';
  pastDue?: boolean;
}

const SORTABLE: SortColumns = {
  folio: sql.ref('verifications.folio'),
  plannedServiceDate: sql.ref('verifications.planned_service_date'),
  state: sql.ref('verifications.state'),
  createdAt: sql.ref('verifications.created_at'),
  updatedAt: sql.ref('verifications.updated_at'),
};

/** `mine` and `unassigned` for the signed-in user, and past due against the server's today. */
function worklist<QB extends SelectQueryBuilder<DB, 'verifications', object>>(qb: QB, { assigned, pastDue }: WorklistFilter, userId: number, today: string): QB {
  return qb
    .$if(assigned === 'mine', (b) => b.where('verifications.assignee_id', '=', userId))
    .$if(assigned === 'unassigned', (b) => b.where('verifications.assignee_id', 'is', null))
    .$if(pastDue === true, (b) => b.where('verifications.state', 'in', OPEN_STATES).where(sql`verifications.planned_service_date`, '<', sql`${today}::date`)) as QB;
}

export function pageVerifications(q: Queryable, filter: VerificationFilter & WorklistFilter, userId: number, today: string) {
  const { q: text, state, group, assigneeId, insurerId, doctorId, from, to } = filter;
  const query = worklist(selectVerifications(q), filter, userId, today)
    .$if(Boolean(text), (qb) => qb.where(either(matchesText(text!, [sql.ref('verifications.folio')]), refersToMatching(text!, sql.ref('verifications.patient_id'), 'patients', [patientName]))))
    .$if(Boolean(state), (qb) => qb.where('verifications.state', 'in', state!.split(',')))
    .$if(Boolean(group), (qb) => qb.where('verifications.state', 'in', group === 'open' ? OPEN_STATES : HISTORY_STATES))
    .$if(assigneeId !== undefined, (qb) => qb.where('verifications.assignee_id', '=', assigneeId!))
    .$if(insurerId !== undefined, (qb) => qb.where('verifications.insurer_id', '=', insurerId!))
    .$if(doctorId !== undefined, (qb) => qb.where('verifications.doctor_id', '=', doctorId!))
    .$if(Boolean(from), (qb) => qb.where(sql`verifications.planned_service_date`, '>=', sql`${from}::date`))
    .$if(Boolean(to), (qb) => qb.where(sql`verifications.planned_service_date`, '<=', sql`${to}::date`));
  // Its joins follow NOT NULL foreign keys (patient, policy, insurer…): the bounded count reads verifications alone.
  return listOf(query, filter, SORTABLE, sql.ref('verifications.id'), { joinsKeepRows: true });
}

/** How many open verifications are in each state, under the worklist's filters. */
export async function countOpenVerifications(q: Queryable, filter: WorklistFilter, userId: number, today: string): Promise<Record<'pending' | 'inProgress' | 'needsInfo', number>> {
  const rows = await worklist(q.kysely.selectFrom('verifications'), filter, userId, today)
    .select(['verifications.state', (eb) => eb.fn.countAll<string>().as('count')])
    .where('verifications.state', 'in', OPEN_STATES)
    .groupBy('verifications.state')
    .execute();
  const counts = { pending: 0, inProgress: 0, needsInfo: 0 };
  for (const row of rows) counts[row.state as keyof typeof counts] = Number(row.count);
  return counts;
}

export async function saveVerification(tx: Queryable, id: number, changes: Updateable<DB['verifications']>) {
  await tx.kysely
    .updateTable('verifications')
    .set({ ...changes, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export const activeUserExists = async (q: Queryable, id: number) =>
  Boolean(await q.kysely.selectFrom('users').select('id').where('id', '=', id).where('active', '=', true).executeTakeFirst());

export const doctorExists = async (q: Queryable, id: number) => Boolean(await q.kysely.selectFrom('doctors').select('id').where('id', '=', id).executeTakeFirst());

/** The patient's policy and insurer, and whether the patient is active in it. */
export const patientCoverageOf = (q: Queryable, patientId: number) =>
  q.kysely
    .selectFrom('patients')
    .innerJoin('policies', 'policies.id', 'patients.policy_id')
    .select(['patients.policy_id', 'policies.insurer_id', 'patients.state'])
    .where('patients.id', '=', patientId)
    .executeTakeFirst();

export const hasOpenVerification = async (q: Queryable, patientId: number, kind: string, category: string) =>
  Boolean(
    await q.kysely
      .selectFrom('verifications')
      .select('id')
      .where('patient_id', '=', patientId)
      .where('kind', '=', kind)
      .where('category', '=', category)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirst(),
  );

export async function insertVerification(
  tx: Queryable,
  values: { folio: string; patient_id: number; policy_id: number; insurer_id: number; doctor_id: number | null; kind: string; category: string; planned_service_date: string; note: string | null; created_by: number },
): Promise<number> {
  const row = await tx.kysely.insertInto('verifications').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Verified verifications whose validity ended before `today` (the scheduler expires them). */
export async function verificationsToExpire(q: Queryable, today: string): Promise<number[]> {
  const rows = await q.kysely
    .selectFrom('verifications')
    .select('id')
    .where('state', '=', 'verified')
    .where(sql`valid_until`, '<', sql`${today}::date`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
