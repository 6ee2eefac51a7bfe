import { sql, type Expression, type SqlBool, type Updateable } from 'kysely';
import type { PatientCoverageState, Relationship } from '@core/workflows/patient-coverage.machine.ts';
import type { Database, DB, Queryable } from '../../db/database.ts';
import { currentWalk } from '../../db/keyset.ts';
import { boundedTotal, countOf, either, LIST_COUNT_BOUND, listOf, matchesText, pageOf, refersToMatching, type SortColumns } from '../../db/list-query.ts';
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
  name: sql`lower(patients.last_name)`,
  givenNames: sql`lower(patients.first_names)`,
  documentNumber: sql.ref('patients.document_number'),
  birthDate: sql.ref('patients.birth_date'),
  enrolledOn: sql.ref('patients.enrolled_on'),
  policyNumber: sql.ref('policies.number'),
  relationship: sql.ref('patients.relationship'),
  state: sql.ref('patients.state'),
  updatedAt: sql.ref('patients.updated_at'),
};

/** The same orders, the name's written so that the name index does not serve it (`|| ''`). */
const SORTED_UNINDEXED: SortColumns = { ...SORTABLE, name: sql`lower(patients.last_name) || ''` };

/**
 * `name` sorts by surname, then given names, both in its direction (`-name`: Z to A); one key per
 * column, since a direction applies to one expression.
 */
const byColumns = (sort: string) => sort.replace(/(^|,)(-?)name\b/g, (_, start: string, minus: string) => `${start}${minus}name,${minus}givenNames`);

/**
 * A text search counts no further than this: each match is rechecked in the table, so counting to
 * 10 000 namesakes of a common surname took 40–100 ms at a million patients; the list says "más de 1000".
 */
const SEARCH_COUNT_BOUND = 1_000;

/**
 * What the filter asks of a patient, on patients' own columns. With `textIndexed` false the text is
 * matched on expressions no trigram index holds (`|| ''`), so the only way to the first rows in name
 * order is to walk the name index and test each row.
 */
function matching(filter: PatientFilter, textIndexed: boolean): Expression<SqlBool> {
  const { q: text, state, relationship, policyId } = filter;
  const searched = [fullName, sql.ref('patients.document_number'), sql.ref('patients.credential_number')].map((column) => (textIndexed ? column : sql`(${column} || '')`));
  const conditions: Expression<SqlBool>[] = [sql`patients.state <> 'ENROLLING'`];
  // The policy number as a set of policy ids keeps the whole OR on patients' indexes (trigram and policy_id).
  if (text) conditions.push(either(matchesText(text, searched), refersToMatching(text, sql.ref('patients.policy_id'), 'policies', [sql.ref('policies.number')])));
  if (state) conditions.push(sql`patients.state = ${state}`);
  if (relationship) conditions.push(sql`patients.relationship = ${relationship}`);
  if (policyId !== undefined) conditions.push(sql`patients.policy_id = ${policyId}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * A page of patients: search by name, document, credential number or policy number, and the filters.
 *
 * In two steps at a million patients: the page's ids from patients alone, then those rows with their
 * policy, insurer and holder (joining before the sort joined every match: 2.9 s for a common surname).
 * How the ids are found depends on how many rows the text matches, which reading the matching ids through the
 * trigram indexes, up to the bound, has just told exactly:
 * - up to the bound, those ids are sorted (at most 1 000 rows, by primary key);
 * - past it, the matches are common enough that walking the name index finds a page within a few
 *   thousand rows, while reading them all through the trigram indexes would read tens of thousands.
 */
export async function pagePatients(q: Database, requested: PatientFilter) {
  const filter = { ...requested, sort: byColumns(requested.sort) };
  const text = filter.q;
  if (currentWalk()) {
    // An export's keyset walk reads page after page through the list's own plumbing.
    return listOf(selectPatients(q).where(matching(filter, true)), filter, SORTABLE, sql.ref('patients.id'), { joinsKeepRows: true, ...(text ? { countBound: SEARCH_COUNT_BOUND } : {}) });
  }
  const bound = Math.max(text ? SEARCH_COUNT_BOUND : LIST_COUNT_BOUND, filter.page * filter.pageSize);
  const find = async (on: Queryable) => {
    // Without a text the count reads the first 10 001 listed patients: in id order, the same pages each
    // time, kept in shared buffers; as a sequential scan they were read anew through its ring on every
    // request, 5–10 ms when the operating system still cached them and 260 ms when it did not (the plain
    // page's first-page outliers at a million patients).
    const from = () =>
      on.kysely.selectFrom('patients').$if(filter.sort.includes('policyNumber'), (qb) => qb.innerJoin('policies', 'policies.id', 'patients.policy_id') as unknown as typeof qb);
    if (text) {
      // One trigram scan: the matching ids up to the bound, which are also the count; up to the bound the page is
      // then sorted from those ids by primary key. Counting and then paging had scanned the trigram indexes twice
      // (12 ms each for a full name at a million patients, most of the search's 55 ms p95).
      const matched = (await on.kysely.selectFrom('patients').where(matching(filter, true)).select('patients.id').limit(bound + 1).execute()).map((row) => row.id);
      const total = boundedTotal(matched.length, bound);
      if (!total.totalIsLowerBound) {
        if (!matched.length) return { total, ids: [] };
        const ids = from().where(sql<SqlBool>`patients.id = ANY(${matched}::int[])`).select('patients.id');
        return { total, ids: (await pageOf(ids, filter, SORTED_UNINDEXED, sql.ref('patients.id')).execute()).map((row) => row.id) };
      }
    }
    const total = text ? boundedTotal(bound + 1, bound) : await countOf(on.kysely.selectFrom('patients').where(matching(filter, true)), bound, false, sql.ref('patients.id'));
    const walkNameIndex = Boolean(text) && /^-?name\b/.test(filter.sort);
    const ids = from()
      .where(matching(filter, !walkNameIndex))
      .select('patients.id');
    return { total, ids: (await pageOf(ids, filter, SORTABLE, sql.ref('patients.id')).execute()).map((row) => row.id) };
  };
  // A text's trigram estimates are off a hundred times either way ("Giménez": 60 000 rows guessed, 22 000
  // found), so the planner read the table row by row to count (250 ms) and launched parallel workers for
  // a walk it thought long (80 ms to start them on a busy machine): within a search, neither is offered.
  const { total, ids: page } = text
    ? await q.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather = 0');
        return find(tx);
      })
    : await find(q);
  if (!page.length) return { ...total, rows: [] };
  const rows = await pageOf(selectPatients(q).where('patients.id', 'in', page), { page: 1, pageSize: page.length, sort: filter.sort }, SORTABLE, sql.ref('patients.id')).execute();
  return { ...total, rows };
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

export interface Neighbours {
  otherBeneficiaries: number;
  otherHolder: boolean;
  documentInPolicy: boolean;
  documentElsewhere: boolean;
}

type Document = { type: string | null; number: string | null };
const covers = (state: string) => COVERED_STATES.includes(state.toUpperCase());

/**
 * What the enrolment rules need to know about each row's policy's other patients and about other
 * patients carrying the document (the row's own, or the one an event gives): two queries for any number
 * of rows, so a list page costs what one patient costs.
 */
export async function neighboursOfEach<R extends { id: number; policy_id: number; state: string; relationship: string }>(q: Queryable, rows: readonly R[], documentOf: (row: R) => Document) {
  const policyIds = [...new Set(rows.map((r) => r.policy_id))];
  const places = policyIds.length
    ? await q.kysely
        .selectFrom('patients')
        .select((eb) => ['policy_id', eb.fn.countAll<number>().as('covered'), eb.fn.count<number>('id').filterWhere('relationship', '=', 'HOLDER').as('holders')])
        .where('policy_id', 'in', policyIds)
        .where('state', 'in', COVERED_STATES)
        .groupBy('policy_id')
        .execute()
    : [];
  const byPolicy = new Map(places.map((p) => [p.policy_id, { covered: Number(p.covered), holders: Number(p.holders) }]));
  const documents = rows.map((r) => documentOf(r)).filter((d): d is { type: string; number: string } => Boolean(d.type && d.number));
  // Asked even for an empty list, so a page costs the same statements whatever its rows carry.
  const numbers = [...new Set(documents.map((d) => d.number.toUpperCase()))];
  const carriers = await q.kysely
    .selectFrom('patients')
    .select(['id', 'policy_id', 'document_type', 'document_number'])
    .where('state', 'in', COVERED_STATES)
    .where(sql<boolean>`document_number = ANY (${numbers}::text[])`)
    .execute();
  const result = new Map<number, Neighbours>();
  for (const row of rows) {
    const place = byPolicy.get(row.policy_id) ?? { covered: 0, holders: 0 };
    // The counts include the row itself while it holds a place; the rules ask about the others.
    const self = covers(row.state);
    const document = documentOf(row);
    const same = document.type && document.number ? carriers.filter((c) => c.id !== row.id && c.document_type === document.type && c.document_number === document.number!.toUpperCase()) : [];
    result.set(row.id, {
      otherBeneficiaries: place.covered - (self ? 1 : 0),
      otherHolder: place.holders - (self && row.relationship === 'HOLDER' ? 1 : 0) > 0,
      documentInPolicy: same.some((c) => c.policy_id === row.policy_id),
      documentElsewhere: same.some((c) => c.policy_id !== row.policy_id),
    });
  }
  return result;
}
