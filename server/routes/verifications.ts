import type { VerificationEvent } from '../../src/machines/verification.machine.ts';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem } from '../http/problem.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';
import { nextFolio } from '../workflow/folio.ts';
import { readHistory } from '../workflow/history.ts';
import { HISTORY_STATES, OPEN_STATES, SELECT, findVerification as find, presentVerification, sendVerificationEvent, type Actor, type Row } from '../workflow/verification.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

const SORTABLE = { folio: 'v.folio', plannedServiceDate: 'v.planned_service_date', state: 'v.state', createdAt: 'v.created_at', updatedAt: 'v.updated_at' };

export function verificationHandlers({ db, today }: Deps): Handlers {
  const actorOf = (request: OperationRequest): Actor => ({ ...actor(request), ip: request.ip, userAgent: request.userAgent });
  const present = (q: Queryable, row: Row, request: OperationRequest) => presentVerification(q, row, actorOf(request), today());
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
      const updated = await db.transaction((tx) => sendVerificationEvent(tx, request.params.id, event as VerificationEvent, actorOf(request), today(), version));
      return { status: 200, body: await present(db, updated, request) };
    },

    async getVerificationHistory(request) {
      const row = await find(db, request.params.id);
      return { status: 200, body: { items: await readHistory(db, 'verification', row.id) } };
    },
  };
}
