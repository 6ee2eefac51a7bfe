import type { Queryable } from '../db/database.ts';
import type { CallingClient } from './clients.ts';
import type { IdentifierQuery } from './identifiers.ts';

/** A patient's enrolment in a policy with what the Patient and Coverage resources show of it. */
export type EnrolmentRow = {
  id: number;
  first_names: string;
  last_name: string;
  second_last_name: string | null;
  document_type: string | null;
  document_number: string | null;
  credential_number: string | null;
  birth_date: string;
  sex: string | null;
  email: string | null;
  phone: string | null;
  relationship: string;
  state: string;
  enrolled_on: string;
  left_on: string | null;
  coverage_order: number | null;
  updated_at: Date;
  policy_id: number;
  policy_number: string;
  plan_name: string;
  policy_state: string;
  starts_on: string;
  ends_on: string;
  insurer_id: number;
  insurer_code: string;
  insurer_name: string;
  country: string;
  currency: string;
  holder_member_number: string;
  holder_name: string;
};

const SELECT = `SELECT p.id, p.first_names, p.last_name, p.second_last_name, p.document_type, p.document_number, p.credential_number,
    p.birth_date::text AS birth_date, p.sex, p.email, p.phone, p.relationship, p.state, p.enrolled_on::text AS enrolled_on,
    p.left_on::text AS left_on, p.coverage_order, p.updated_at,
    po.id AS policy_id, po.number AS policy_number, po.plan_name, po.state AS policy_state,
    po.starts_on::text AS starts_on, po.ends_on::text AS ends_on,
    i.id AS insurer_id, i.code AS insurer_code, i.name AS insurer_name, i.country, i.currency,
    ph.member_number AS holder_member_number,
    coalesce(ph.company_name, concat_ws(' ', ph.first_names, ph.last_names)) AS holder_name
  FROM patients p
  JOIN policies po ON po.id = p.policy_id
  JOIN insurers i ON i.id = po.insurer_id
  JOIN policyholders ph ON ph.id = po.policyholder_id`;

/** Only enrolments in policies of the client's insurers, never one still being written (ENROLLING). */
const VISIBLE = `po.insurer_id = ANY($1::int[]) AND p.state <> 'ENROLLING'`;

export async function findEnrolment(q: Queryable, client: CallingClient, id: number): Promise<EnrolmentRow | null> {
  const [row] = await q.query<EnrolmentRow>(`${SELECT} WHERE ${VISIBLE} AND p.id = $2`, [client.insurerIds, id]);
  return row ?? null;
}

export interface EnrolmentSearch {
  id?: number;
  patientId?: number;
  identifier?: IdentifierQuery;
  /** Whether a policy number identifies (Coverage) or not (Patient). */
  policyIdentifies: boolean;
  count: number;
}

/** The matches (at most `count`) and how many there are. */
export async function searchEnrolments(q: Queryable, client: CallingClient, search: EnrolmentSearch): Promise<{ rows: EnrolmentRow[]; total: number }> {
  const where = [VISIBLE];
  const values: unknown[] = [client.insurerIds];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (search.id !== undefined) where.push(`p.id = ${param(search.id)}`);
  if (search.patientId !== undefined) where.push(`p.id = ${param(search.patientId)}`);
  const identifier = search.identifier;
  if (identifier?.kind === 'document') {
    where.push(`i.country = ${param(identifier.country)} AND p.document_type = ${param(identifier.documentType)} AND p.document_number = ${param(identifier.value)}`);
  } else if (identifier?.kind === 'member') {
    where.push(`lower(i.code) = ${param(identifier.insurerCode)} AND p.credential_number = ${param(identifier.value)}`);
  } else if (identifier?.kind === 'policy') {
    where.push(search.policyIdentifies ? `lower(i.code) = ${param(identifier.insurerCode)} AND po.number = ${param(identifier.value)}` : 'false');
  } else if (identifier?.kind === 'any') {
    const value = param(identifier.value);
    where.push(`(p.document_number = ${value} OR p.credential_number = ${value}${search.policyIdentifies ? ` OR po.number = ${value}` : ''})`);
  }
  const clause = where.join(' AND ');
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id WHERE ${clause}`,
    [...values],
  );
  // A fresh array: the driver may keep (and freeze) the one it was given.
  const rows = search.count === 0 ? [] : await q.query<EnrolmentRow>(`${SELECT} WHERE ${clause} ORDER BY p.id LIMIT $${values.length + 1}`, [...values, search.count]);
  return { rows, total: Number(total) };
}
