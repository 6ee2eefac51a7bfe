import { allowedEvents, snapshotAt } from '../../src/machines/workflow.ts';
import { verificationMachine, type VerificationEvent, type VerificationFacts } from '../../src/machines/verification.machine.ts';
import { addDays } from '../../src/domain/benefits/dates.ts';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';
import { COVERAGE_COLUMNS, benefitYearEndOf, coverageActiveOn, orthoAgeLimitOf, patientAgeOn, remainingBenefits, type CoverageRow } from '../workflow/coverage.ts';
import { nextFolio } from '../workflow/folio.ts';
import { readHistory } from '../workflow/history.ts';
import { runEvent } from '../workflow/run-event.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

const OPEN_STATES = ['pending', 'inProgress', 'needsInfo'];
const HISTORY_STATES = ['verified', 'notEligible', 'expired', 'cancelled'];
const SORTABLE = { folio: 'v.folio', plannedServiceDate: 'v.planned_service_date', state: 'v.state', createdAt: 'v.created_at', updatedAt: 'v.updated_at' };

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

const SELECT = `SELECT v.id, v.folio, v.patient_id, p.first_names || ' ' || p.last_name AS patient_name, v.policy_id, po.number AS policy_number,
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

type Row = CoverageRow & {
  id: number; folio: string; patient_name: string; policy_number: string; insurer_id: number; insurer_name: string;
  verification_validity_days: number; doctor_id: number | null; kind: VerificationFacts['kind']; category: VerificationFacts['category'];
  planned_service_date: string; state: string; assignee_id: number | null; assignee_name: string | null; channel: string | null;
  authorization_number: string | null; coverage_active: boolean | null; valid_until: string | null; verified_at: Date | null;
  reason: string | null; note: string | null; version: number; created_at: Date; updated_at: Date; has_reimbursements: boolean;
};

async function factsOf(db: Queryable, row: Row, user: { id: number; roles: string[] }, today: string): Promise<VerificationFacts> {
  const date = row.planned_service_date;
  return {
    actorId: user.id,
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

export function verificationHandlers({ db, today }: Deps): Handlers {
  async function present(q: Queryable, row: Row, request: OperationRequest) {
    const facts = await factsOf(q, row, actor(request), today());
    return toVerification(row, allowedEvents(verificationMachine, snapshotAt(verificationMachine, row.state, facts), PROBE_EVENTS));
  }
  async function find(q: Queryable, id: number, lock = false): Promise<Row> {
    const [row] = await q.query<Row>(`${SELECT} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [id]);
    if (!row) throw notFound('verification');
    return row;
  }
  const audit = (tx: Queryable, request: OperationRequest, action: 'LIST' | 'VIEW' | 'CREATE' | 'UPDATE', entityId?: number, detail?: Record<string, unknown>) =>
    appendAudit(tx, { userId: actor(request).id, action, entityType: 'verification', entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail });

  return {
    async listVerifications(request) {
      const { q, sort, state, group, assigneeId, insurerId, from, to } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        conditions.push(sql.replaceAll('?', `$${params.length}`));
      };
      if (q) add(`(v.folio ILIKE ? OR (p.first_names || ' ' || p.last_name) ILIKE ?)`, likePattern(q));
      if (state) add('v.state = ANY(?::text[])', String(state).split(','));
      if (group) add('v.state = ANY(?::text[])', group === 'open' ? OPEN_STATES : HISTORY_STATES);
      if (assigneeId) add('v.assignee_id = ?', assigneeId);
      if (insurerId) add('v.insurer_id = ?', insurerId);
      if (from) add('v.planned_service_date >= ?::date', from);
      if (to) add('v.planned_service_date <= ?::date', to);
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const { limit, offset } = pageWindow(request.query as { page: number; pageSize: number });
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM verifications v JOIN patients p ON p.id = v.patient_id ${where}`,
        params,
      );
      const rows = await db.query<Row>(`${SELECT} ${where} ${orderBy(sort, SORTABLE, 'v.id')} LIMIT ${limit} OFFSET ${offset}`, params);
      const items = [];
      for (const row of rows) items.push(await present(db, row, request));
      await db.transaction((tx) => audit(tx, request, 'LIST', undefined, { q: q ?? null, state: state ?? group ?? null }));
      return { status: 200, body: { items, total, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async getVerification(request) {
      const row = await find(db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'VIEW', row.id));
      return { status: 200, body: await present(db, row, request), headers: { ETag: `"${row.version}"` } };
    },

    async createVerification(request) {
      const { patientId, kind, category, plannedServiceDate, doctorId, note } = request.body;
      if (category === 'ORTHODONTIC' && kind !== 'PREAUTHORIZATION') {
        throw new HttpProblem(422, 'verification.orthodonticNeedsPreauthorization', 'An orthodontic verification is a pre-authorisation.', [
          { path: 'body/kind', keyword: 'rule' },
        ]);
      }
      const created = await db.transaction(async (tx) => {
        const [patient] = await tx.query<{ policy_id: number; insurer_id: number; state: string }>(
          `SELECT p.policy_id, po.insurer_id, p.state FROM patients p JOIN policies po ON po.id = p.policy_id WHERE p.id = $1`,
          [patientId],
        );
        if (!patient) throw new HttpProblem(422, 'verification.patientUnknown', 'No such patient.', [{ path: 'body/patientId', keyword: 'exists' }]);
        if (patient.state !== 'ACTIVE') throw new HttpProblem(422, 'verification.patientInactive', 'The patient is not active in the policy.', [{ path: 'body/patientId', keyword: 'rule' }]);
        if (doctorId && !(await tx.query('SELECT 1 FROM doctors WHERE id = $1', [doctorId])).length) {
          throw new HttpProblem(422, 'verification.doctorUnknown', 'No such doctor.', [{ path: 'body/doctorId', keyword: 'exists' }]);
        }
        const open = await tx.query(
          `SELECT 1 FROM verifications WHERE patient_id = $1 AND kind = $2 AND category = $3 AND state = ANY($4::text[])`,
          [patientId, kind, category, OPEN_STATES],
        );
        if (open.length) throw new HttpProblem(409, 'verification.alreadyOpen', 'This patient already has an open verification of this kind.');
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO verifications (folio, patient_id, policy_id, insurer_id, doctor_id, kind, category, planned_service_date, note, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [await nextFolio(tx, 'VER', today()), patientId, patient.policy_id, patient.insurer_id, doctorId ?? null, kind, category, plannedServiceDate, note?.trim() || null, actor(request).id],
        );
        await audit(tx, request, 'CREATE', row.id);
        return find(tx, row.id);
      });
      return { status: 201, body: await present(db, created, request), headers: { Location: `/api/verifications/${created.id}` } };
    },

    async updateVerification(request) {
      const { plannedServiceDate, doctorId, note, version } = request.body;
      const updated = await db.transaction(async (tx) => {
        const current = await find(tx, request.params.id, true);
        if (!OPEN_STATES.includes(current.state)) throw new HttpProblem(409, 'verification.notEditable', 'Only an open verification can be changed.');
        if (current.version !== version) {
          throw new HttpProblem(409, 'conflict.staleVersion', `The verification was changed by someone else (version ${current.version}).`, [
            { path: 'body/version', keyword: 'stale', params: { currentVersion: current.version } },
          ]);
        }
        await tx.query(
          `UPDATE verifications SET planned_service_date = $2, doctor_id = $3, note = $4, version = version + 1, updated_at = now() WHERE id = $1`,
          [current.id, plannedServiceDate, doctorId ?? null, note?.trim() || null],
        );
        await audit(tx, request, 'UPDATE', current.id);
        return find(tx, current.id);
      });
      return { status: 200, body: await present(db, updated, request) };
    },

    async sendVerificationEvent(request) {
      const { version, ...event } = request.body as VerificationEvent & { version?: number };
      const user = actor(request);
      const updated = await db.transaction(async (tx) => {
        const current = await find(tx, request.params.id, true);
        if (version !== undefined && version !== current.version) {
          throw new HttpProblem(409, 'conflict.staleVersion', `The verification was changed by someone else (version ${current.version}).`);
        }
        const facts = await factsOf(tx, current, user, today());
        await runEvent({
          tx,
          machine: verificationMachine,
          entity: 'verification',
          id: current.id,
          state: current.state,
          facts,
          event,
          actor: { id: user.id, ip: request.ip, userAgent: request.userAgent },
          apply: (next, effects) => applyEffects(tx, current, next, effects, event, user.id, facts.today),
        });
        return find(tx, current.id);
      });
      return { status: 200, body: await present(db, updated, request) };
    },

    async getVerificationHistory(request) {
      const row = await find(db, request.params.id);
      return { status: 200, body: { items: await readHistory(db, 'verification', row.id) } };
    },
  };
}

/** What the machine's named actions mean for the verification's row. */
async function applyEffects(tx: Queryable, row: Row, next: string, effects: string[], event: VerificationEvent, actorId: number, today: string) {
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
