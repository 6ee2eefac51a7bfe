import { sql, type Updateable } from 'kysely';
import type { PatientCoverageState, Relationship } from '../../../src/machines/patient-coverage.machine.ts';
import type { DB, Queryable } from '../../db/database.ts';
import { either, listOf, matchesText, refersToMatching, type SortColumns } from '../../db/list-query.ts';
import { coverageColumns } from '../shared/coverage.ts';

/** Patients who hold a place on their policy. */
export const COVERED_STATES = ['ACTIVE', 'SUSPENDED'];
const holderName = sql<string>`coalesce(policyholders.company_name, policyholders.first_names || ' ' || policyholders.last_names)`;
const fullName = sql<string>`patients.first_names || ' ' || patients.last_name || coalesce(' ' || patients.second_last_name, '')`;

function selectPatients(q: Queryable) {
  return q.kysely
    .selectFrom('patients')
    .innerJoin('policies', 'policies.id', 'patients.policy_id')
    .innerJoin('insurers', 'insurers.id', 'policies.insurer_id')
    .innerJoin('policyholders', 'policyholders.id', 'policies.policyholder_id')
    .select((eb) => [
      'patients.id',
      'patients.version',
      'patients.policy_id',
      'policies.number as policy_number',
      'insurers.name as insurer_name',
      'insurers.currency',
      holderName.as('holder_name'),
      eb.ref('patients.relationship').$castTo<Relationship>().as('relationship'),
      'patients.first_names',
      'patients.last_name',
      'patients.second_last_name',
      fullName.as('name'),
      'patients.document_type',
      'patients.document_number',
      'patients.sex',
      'patients.email',
      'patients.phone',
      'patients.credential_number',
      'patients.is_student',
      eb.cast<string | null>('patients.student_until', 'text').as('student_until'),
      'patients.other_coverage_insurer',
      'patients.other_coverage_number',
      'patients.coverage_order',
      eb.cast<string | null>('patients.suspended_on', 'text').as('suspended_on'),
      'patients.state_reason',
      // The statechart's states are the stored ones in lower case.
      sql<PatientCoverageState>`lower(patients.state)`.as('state'),
      'patients.created_at',
      'patients.updated_at',
      eb.ref('policies.policyholder_id').as('policyholder_id'),
      eb.ref('policyholders.document_type').as('holder_document_type'),
      eb.ref('policyholders.document_number').as('holder_document_number'),
      'policies.max_beneficiaries',
      ...coverageColumns(eb),
    ]);
}

export type PatientRow = Awaited<ReturnType<ReturnType<typeof selectPatients>['executeTakeFirstOrThrow']>>;

/** The patient; locked with its policy when `lock`, so enrolments on one policy are checked one at a time. */
export async function findPatient(q: Queryable, id: number, lock: boolean): Promise<PatientRow | undefined> {
  if (lock) {
    const policy = await q.kysely.selectFrom('patients').select('policy_id').where('id', '=', id).executeTakeFirst();
    if (!policy) return undefined;
    await lockPolicy(q, policy.policy_id);
  }
  const query = selectPatients(q).where('patients.id', '=', id);
  return (lock ? query.forUpdate('patients') : query).executeTakeFirst();
}

/** Serialises the enrolments and changes of one policy's patients (counts and the one holder). */
export const lockPolicy = (q: Queryable, policyId: number) => q.kysely.selectFrom('policies').select('id').where('id', '=', policyId).forUpdate().executeTakeFirst();

export interface PatientFilter {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
  state?: string;
  relationship?: string;
  policyId?: number;
}

const SORTABLE: SortColumns = {
  name: sql`lower(patients.last_name), lower(patients.first_names)`,
  documentNumber: sql.ref('patients.document_number'),
  birthDate: sql.ref('patients.birth_date'),
  enrolledOn: sql.ref('patients.enrolled_on'),
  policyNumber: sql.ref('policies.number'),
  relationship: sql.ref('patients.relationship'),
  state: sql.ref('patients.state'),
  updatedAt: sql.ref('patients.updated_at'),
};

/** A page of patients: search by name, document, credential number or policy number, and the filters. */
export function pagePatients(q: Queryable, filter: PatientFilter) {
  const { q: text, state, relationship, policyId } = filter;
  const query = selectPatients(q)
    .where('patients.state', '<>', 'ENROLLING')
    .$if(Boolean(text), (qb) =>
      // The policy number as a set of policy ids keeps the whole OR on patients' indexes (trigram and policy_id).
      qb.where(
        either(
          matchesText(text!, [fullName, sql.ref('patients.document_number'), sql.ref('patients.credential_number')]),
          refersToMatching(text!, sql.ref('patients.policy_id'), 'policies', [sql.ref('policies.number')]),
        ),
      ),
    )
    .$if(Boolean(state), (qb) => qb.where('patients.state', '=', state!))
    .$if(Boolean(relationship), (qb) => qb.where('patients.relationship', '=', relationship!))
    .$if(policyId !== undefined, (qb) => qb.where('patients.policy_id', '=', policyId!));
  // Its joins follow NOT NULL foreign keys (policy, insurer, policyholder): the bounded count reads patients alone.
  return listOf(query, filter, SORTABLE, sql.ref('patients.id'), { joinsKeepRows: true });
}

export type PatientColumns = Updateable<DB['patients']>;

export async function insertPatient(tx: Queryable, values: PatientColumns & { policy_id: number }): Promise<number> {
  const row = await tx.kysely
    .insertInto('patients')
    .values({ ...values, state: 'ENROLLING' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function savePatient(tx: Queryable, id: number, changes: PatientColumns) {
  await tx.kysely
    .updateTable('patients')
    .set({ ...changes, ...(changes.state ? { state: changes.state.toUpperCase() } : {}), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** What the enrolment rules need to know about the policy's other patients and other policies' patients. */
export async function neighboursOf(q: Queryable, row: { id: number; policy_id: number }, document: { type: string | null; number: string | null }) {
  const others = await q.kysely
    .selectFrom('patients')
    .select((eb) => [
      eb.fn.countAll<number>().as('covered'),
      eb.fn.count<number>('id').filterWhere('relationship', '=', 'HOLDER').as('holders'),
    ])
    .where('policy_id', '=', row.policy_id)
    .where('id', '<>', row.id)
    .where('state', 'in', COVERED_STATES)
    .executeTakeFirstOrThrow();
  const sameDocument =
    document.type && document.number
      ? await q.kysely
          .selectFrom('patients')
          .select((eb) => [
            eb.fn.count<number>('id').filterWhere('policy_id', '=', row.policy_id).as('in_policy'),
            eb.fn.count<number>('id').filterWhere('policy_id', '<>', row.policy_id).as('elsewhere'),
          ])
          .where('id', '<>', row.id)
          .where('state', 'in', COVERED_STATES)
          .where('document_type', '=', document.type)
          .where('document_number', '=', document.number.toUpperCase())
          .executeTakeFirstOrThrow()
      : { in_policy: 0, elsewhere: 0 };
  return {
    otherBeneficiaries: Number(others.covered),
    otherHolder: Number(others.holders) > 0,
    documentInPolicy: Number(sameDocument.in_policy) > 0,
    documentElsewhere: Number(sameDocument.elsewhere) > 0,
  };
}
