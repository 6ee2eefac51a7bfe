import type { EnrolmentRow } from './enrolments.ts';
import { documentSystem, documentTypeCode, memberSystem, policySystem, V2_0203 } from './identifiers.ts';

const GENDER: Record<string, 'female' | 'male' | 'other' | 'unknown'> = { F: 'female', M: 'male', X: 'other', UNDISCLOSED: 'unknown' };

/** Coverage.relationship (http://terminology.hl7.org/CodeSystem/subscriber-relationship) of an enrolment. */
const RELATIONSHIP: Record<string, string> = {
  HOLDER: 'self',
  SPOUSE: 'spouse',
  PARTNER: 'common',
  CHILD: 'child',
  DISABLED_DEPENDENT: 'injured',
  OTHER_DEPENDENT: 'other',
};

const meta = (row: EnrolmentRow) => ({ lastUpdated: new Date(row.updated_at).toISOString() });

/** The patient as FHIR sees one: a person enrolled in one policy (a patient in two policies is two records here). */
export function patientResource(row: EnrolmentRow) {
  const identifier = [];
  if (row.document_type && row.document_number) {
    identifier.push({
      use: 'official',
      type: { coding: [{ system: V2_0203, code: documentTypeCode(row.document_type) }], text: row.document_type },
      system: documentSystem(row.country, row.document_type),
      value: row.document_number,
    });
  }
  if (row.credential_number) {
    identifier.push({ use: 'secondary', type: { coding: [{ system: V2_0203, code: 'MB' }] }, system: memberSystem(row.insurer_code), value: row.credential_number });
  }
  const telecom = [
    ...(row.phone ? [{ system: 'phone', value: row.phone }] : []),
    ...(row.email ? [{ system: 'email', value: row.email }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: String(row.id),
    meta: meta(row),
    ...(identifier.length ? { identifier } : {}),
    active: row.state === 'ACTIVE',
    name: [{ use: 'official', family: [row.last_name, row.second_last_name].filter(Boolean).join(' '), given: row.first_names.split(/\s+/).filter(Boolean) }],
    ...(telecom.length ? { telecom } : {}),
    gender: GENDER[row.sex ?? 'UNDISCLOSED'] ?? 'unknown',
    birthDate: row.birth_date,
  };
}

/**
 * Coverage.status (fm-status): an enrolment the policy still holds is active even while suspended (the eligibility
 * answer says why it pays nothing); one that left, or whose policy was cancelled, is cancelled.
 */
export function coverageStatus(row: EnrolmentRow): 'active' | 'cancelled' | 'draft' {
  if (row.policy_state === 'PENDING') return 'draft';
  if (row.state === 'LEFT' || row.policy_state === 'CANCELLED' || row.policy_state === 'EXPIRED') return 'cancelled';
  return 'active';
}

/** The patient's enrolment in a policy as a Coverage (its id is the patient's). */
export function coverageResource(row: EnrolmentRow) {
  const start = row.enrolled_on > row.starts_on ? row.enrolled_on : row.starts_on;
  const end = row.left_on && row.left_on < row.ends_on ? row.left_on : row.ends_on;
  return {
    resourceType: 'Coverage',
    id: String(row.id),
    meta: meta(row),
    identifier: [
      { use: 'official', type: { coding: [{ system: V2_0203, code: 'MB' }] }, system: memberSystem(row.insurer_code), value: row.credential_number ?? row.holder_member_number },
      { use: 'secondary', system: policySystem(row.insurer_code), value: row.policy_number },
    ],
    status: coverageStatus(row),
    subscriber: { display: row.holder_name },
    subscriberId: row.holder_member_number,
    beneficiary: { reference: `Patient/${row.id}` },
    relationship: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code: RELATIONSHIP[row.relationship] ?? 'other' }] },
    period: { start, end },
    payor: [{ identifier: { system: 'urn:dental-backoffice:insurer', value: row.insurer_code }, display: row.insurer_name }],
    class: [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan' }] }, value: row.policy_number, name: row.plan_name }],
    ...(row.coverage_order ? { order: row.coverage_order } : {}),
  };
}

/** A searchset Bundle of the matches, with how many there are in all. */
export function searchset(base: string, resources: { resourceType: string; id: string }[], total: number) {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    entry: resources.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}
