import { allowedEvents, snapshotAt } from '../../src/machines/workflow.ts';
import { verificationMachine, type VerificationEvent, type VerificationFacts } from '../../src/machines/verification.machine.ts';
import { addDays } from '../../src/domain/benefits/dates.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { COVERAGE_COLUMNS, benefitYearEndOf, coverageActiveOn, orthoAgeLimitOf, patientAgeOn, remainingBenefits, type CoverageRow } from './coverage.ts';
import { runEvent } from './run-event.ts';

export const OPEN_STATES = ['pending', 'inProgress', 'needsInfo'];
export const HISTORY_STATES = ['verified', 'notEligible', 'expired', 'cancelled'];

/** Who sends an event: a user, or the scheduler (no id, no roles). */
export interface Actor {
  id: number | null;
  roles: string[];
  permissions?: string[];
  ip?: string;
  userAgent?: string;
}

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const PROBE_EVENTS: VerificationEvent[] = [
  { type: 'ASSIGN', assigneeId: 1 },
  { type: 'START' },
  { type: 'REQUEST_INFO', note: 'x' },
  { type: 'INFO_RECEIVED' },
  { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'x' },
  { type: 'RECORD_NOT_ELIGIBLE', reason: 'x' },
  { type: 'CANCEL', reason: 'x' },
];

export const SELECT = `SELECT v.id, v.folio, v.patient_id, p.first_names || ' ' || p.last_name AS patient_name, v.policy_id, po.number AS policy_number,
    v.insurer_id, i.name AS insurer_name, i.verification_validity_days, v.doctor_id, v.kind, v.category,
    v.planned_service_date::text AS planned_service_date, v.state, v.assignee_id, a.name AS assignee_name, v.channel,
    v.authorization_number, v.coverage_active, v.valid_until::text AS valid_until, v.verified_at, v.reason, v.note,
    v.version, v.created_at, v.updated_at,
    EXISTS (SELECT 1 FROM reimbursements r WHERE r.verification_id = v.id) AS has_reimbursements,
    ${COVERAGE_COLUMNS}
  FROM verifications v
  JOIN patients p ON p.id = v.patient_id
  JOIN policies po ON po.id = v.policy_id
  JOIN insurers i ON i.id = v.insurer_id
  LEFT JOIN users a ON a.id = v.assignee_id`;

export type Row = CoverageRow & {
  id: number; folio: string; patient_name: string; policy_number: string; insurer_id: number; insurer_name: string;
  verification_validity_days: number; doctor_id: number | null; kind: VerificationFacts['kind']; category: VerificationFacts['category'];
  planned_service_date: string; state: string; assignee_id: number | null; assignee_name: string | null; channel: string | null;
  authorization_number: string | null; coverage_active: boolean | null; valid_until: string | null; verified_at: Date | null;
  reason: string | null; note: string | null; version: number; created_at: Date; updated_at: Date; has_reimbursements: boolean;
};

async function factsOf(db: Queryable, row: Row, user: Actor, today: string): Promise<VerificationFacts> {
  const date = row.planned_service_date;
  return {
    actorId: user.id ?? 0,
    assigneeId: row.assignee_id,
    actorIsSupervisor: user.roles.some((role) => role === 'supervisor' || role === 'administrator'),
    kind: row.kind,
    category: row.category,
    coverageActiveOnServiceDate: coverageActiveOn(row, date),
    patientAgeOnServiceDate: patientAgeOn(row, date),
    orthoAgeLimit: orthoAgeLimitOf(row),
    ...(await remainingBenefits(db, row, date)),
    hasReimbursements: row.has_reimbursements,
    today,
    validUntil: row.valid_until,
  };
}

function toVerification(row: Row, allowed: string[]) {
  return {
    id: row.id,
    folio: row.folio,
    patientId: row.patient_id,
    patientName: row.patient_name,
    policyId: row.policy_id,
    policyNumber: row.policy_number,
    insurerId: row.insurer_id,
    insurerName: row.insurer_name,
    doctorId: row.doctor_id,
    kind: row.kind,
    category: row.category,
    plannedServiceDate: row.planned_service_date,
    state: row.state,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    channel: row.channel,
    authorizationNumber: row.authorization_number,
    coverageActive: row.coverage_active,
    validUntil: row.valid_until,
    verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    reason: row.reason,
    note: row.note,
    allowedEvents: allowed,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}


export async function findVerification(q: Queryable, id: number, lock = false): Promise<Row> {
  const [row] = await q.query<Row>(`${SELECT} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [id]);
  if (!row) throw notFound('verification');
  return row;
}

/** The verification as the API returns it, with the events its statechart accepts now from `user`. */
export async function presentVerification(q: Queryable, row: Row, user: Actor, today: string) {
  const facts = await factsOf(q, row, user, today);
  return toVerification(row, allowedEvents(verificationMachine, snapshotAt(verificationMachine, row.state, facts), PROBE_EVENTS));
}

/** Checks and applies one event inside the caller's transaction (row locked); answers the updated row. */
export async function sendVerificationEvent(tx: Queryable, id: number, event: VerificationEvent, actor: Actor, today: string, version?: number): Promise<Row> {
  const current = await findVerification(tx, id, true);
  if (version !== undefined && version !== current.version) {
    throw new HttpProblem(409, 'conflict.staleVersion', `The verification was changed by someone else (version ${current.version}).`);
  }
  const facts = await factsOf(tx, current, actor, today);
  await runEvent({
    tx,
    machine: verificationMachine,
    entity: 'verification',
    id: current.id,
    state: current.state,
    facts,
    event,
    actor,
    apply: (next, effects) => applyEffects(tx, current, next, effects.map((e) => e.type), event, actor.id, today),
  });
  return findVerification(tx, current.id);
}

/** What the machine's named actions mean for the verification's row. */
async function applyEffects(tx: Queryable, row: Row, next: string, effects: string[], event: VerificationEvent, actorId: number | null, today: string) {
  const set: Record<string, unknown> = { state: next };
  for (const effect of effects) {
    if (effect === 'recordAssignee' && event.type === 'ASSIGN') {
      if (!(await tx.query('SELECT 1 FROM users WHERE id = $1 AND active', [event.assigneeId])).length) {
        throw new HttpProblem(422, 'verification.assigneeUnknown', 'No such active user.', [{ path: 'body/assigneeId', keyword: 'exists' }]);
      }
      set.assignee_id = event.assigneeId;
      set.assigned_at = new Date().toISOString();
    }
    if (effect === 'recordInfoRequest' && event.type === 'REQUEST_INFO') set.note = event.note.trim();
    if (effect === 'stampVerifiedAt' || effect === 'recordNotEligible') {
      set.verified_at = new Date().toISOString();
      set.verified_by = actorId;
    }
    if (effect === 'recordEligibility' && event.type === 'RECORD_ELIGIBLE') {
      set.channel = event.channel;
      set.authorization_number = event.authorizationNumber?.trim() || null;
      set.coverage_active = true;
    }
    if (effect === 'setValidUntil') {
      // R8: the validity days, but never beyond the policy's end or the benefit year's end.
      set.valid_until = [addDays(today, row.verification_validity_days), row.ends_on, benefitYearEndOf(row, row.planned_service_date)].sort()[0];
    }
    if (effect === 'recordNotEligible' && event.type === 'RECORD_NOT_ELIGIBLE') {
      set.reason = event.reason.trim();
      set.coverage_active = false;
    }
    if (effect === 'recordCancellation' && event.type === 'CANCEL') set.reason = event.reason.trim();
  }
  const columns = Object.keys(set);
  await tx.query(
    `UPDATE verifications SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [row.id, ...columns.map((c) => set[c])],
  );
}
