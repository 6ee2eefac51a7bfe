import { sql } from 'kysely';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db/database.ts';
import { matchesText } from '../../db/list-query.ts';
import { COVERED_STATES } from './repository.ts';

export type PolicySummary = components['schemas']['PolicySummary'];

const OPEN_POLICY_STATES = ['PENDING', 'ACTIVE'];
const holderName = sql<string>`coalesce(policyholders.company_name, policyholders.first_names || ' ' || policyholders.last_names)`;

function selectSummaries(q: Queryable) {
  return q.kysely
    .selectFrom('policies')
    .innerJoin('insurers', 'insurers.id', 'policies.insurer_id')
    .innerJoin('policyholders', 'policyholders.id', 'policies.policyholder_id')
    .select((eb) => [
      'policies.id',
      'policies.number',
      'policies.state',
      'policies.kind',
      'policies.plan_name',
      'policies.insurer_id',
      'insurers.name as insurer_name',
      'policies.policyholder_id',
      holderName.as('holder_name'),
      'policyholders.document_type as holder_document_type',
      'policyholders.document_number as holder_document_number',
      eb.cast<string>('policies.starts_on', 'text').as('starts_on'),
      eb.cast<string>('policies.ends_on', 'text').as('ends_on'),
      'policies.max_beneficiaries',
      eb
        .selectFrom('patients')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('patients.policy_id', '=', 'policies.id')
        .where('patients.state', 'in', COVERED_STATES)
        .as('beneficiaries'),
      eb
        .exists(
          eb
            .selectFrom('patients')
            .select('patients.id')
            .whereRef('patients.policy_id', '=', 'policies.id')
            .where('patients.relationship', '=', 'HOLDER')
            .where('patients.state', 'in', COVERED_STATES),
        )
        .$castTo<boolean>()
        .as('has_holder_patient'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['executeTakeFirstOrThrow']>>;

const present = (r: SummaryRow): PolicySummary => ({
  id: r.id,
  number: r.number,
  state: r.state as PolicySummary['state'],
  kind: r.kind as PolicySummary['kind'],
  planName: r.plan_name,
  insurerId: r.insurer_id,
  insurerName: r.insurer_name,
  policyholderId: r.policyholder_id,
  holderName: r.holder_name,
  holderDocumentType: r.holder_document_type,
  holderDocumentNumber: r.holder_document_number,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  maxBeneficiaries: r.max_beneficiaries,
  beneficiaries: r.beneficiaries ?? 0,
  hasHolderPatient: r.has_holder_patient,
  acceptsPatients: OPEN_POLICY_STATES.includes(r.state),
});

export async function policySummary(q: Queryable, id: number): Promise<PolicySummary | undefined> {
  const row = await selectSummaries(q).where('policies.id', '=', id).executeTakeFirst();
  return row && present(row);
}

/** The first policies, by number, whose number or holder (name or document) matches; only open ones when asked. */
export async function findPolicySummaries(q: Queryable, filter: { q?: string; open?: boolean; limit: number }): Promise<PolicySummary[]> {
  const text = filter.q;
  const rows = await selectSummaries(q)
    .$if(Boolean(text), (qb) => qb.where(matchesText(text!, [sql.ref('policies.number'), holderName, sql.ref('policyholders.document_number')])))
    .$if(Boolean(filter.open), (qb) => qb.where('policies.state', 'in', OPEN_POLICY_STATES))
    .orderBy('policies.number')
    .orderBy('policies.id')
    .limit(filter.limit)
    .execute();
  return rows.map(present);
}
