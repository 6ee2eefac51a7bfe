import type { OrthodonticPlanEvent } from '../../src/machines/orthodontic-plan.machine.ts';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';
import { SELECT, createPlan, findPlan as find, presentPlan, readPlanHistory, sendPlanEvent, updatePlan, type PlanInput, type PlanRow, type PlanUpdate } from '../workflow/orthodontic.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

const SORTABLE = { createdAt: 'o.created_at', updatedAt: 'o.updated_at', state: 'o.state', bandingDate: 'o.banding_date', feeCents: 'o.fee_cents' };

export function orthodonticPlanHandlers({ db, today }: Deps): Handlers {
  const actorOf = (request: OperationRequest): Actor => ({ ...actor(request), ip: request.ip, userAgent: request.userAgent });
  const present = (q: Queryable, row: PlanRow, withInstallments = true) => presentPlan(q, row, today(), withInstallments);
  const audit = (tx: Queryable, request: OperationRequest, action: 'LIST' | 'VIEW' | 'CREATE' | 'UPDATE', entityId?: number, detail?: Record<string, unknown>) =>
    appendAudit(tx, { userId: actor(request).id, action, entityType: 'orthodontic_plan', entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail });

  return {
    async listOrthodonticPlans(request) {
      const { q, sort, state, patientId } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        conditions.push(sql.replaceAll('?', `$${params.length}`));
      };
      if (q) add(`(p.first_names || ' ' || p.last_name) ILIKE ?`, likePattern(q));
      if (state) add('o.state = ANY(?::text[])', String(state).split(','));
      if (patientId) add('o.patient_id = ?', patientId);
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const { limit, offset } = pageWindow(request.query as { page: number; pageSize: number });
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM orthodontic_plans o JOIN patients p ON p.id = o.patient_id ${where}`, params);
      const rows = await db.query<PlanRow>(`${SELECT} ${where} ${orderBy(sort, SORTABLE, 'o.id')} LIMIT ${limit} OFFSET ${offset}`, params);
      const items = [];
      for (const row of rows) items.push(await present(db, row, false));
      await db.transaction((tx) => audit(tx, request, 'LIST', undefined, { q: q ?? null, state: state ?? null, patientId: patientId ?? null }));
      return { status: 200, body: { items, total, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createOrthodonticPlan(request) {
      const created = await db.transaction(async (tx) => {
        const row = await createPlan(tx, request.body as PlanInput, actor(request).id);
        await audit(tx, request, 'CREATE', row.id, { preauthorizationId: row.preauthorization_id });
        return row;
      });
      return { status: 201, body: await present(db, created), headers: { Location: `/api/orthodontic-plans/${created.id}` } };
    },

    async updateOrthodonticPlan(request) {
      const updated = await db.transaction(async (tx) => {
        const row = await updatePlan(tx, request.params.id, request.body as PlanUpdate);
        await audit(tx, request, 'UPDATE', row.id);
        return row;
      });
      return { status: 200, body: await present(db, updated) };
    },

    async getOrthodonticPlan(request) {
      const row = await find(db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'VIEW', row.id));
      return { status: 200, body: await present(db, row), headers: { ETag: `"${row.version}"` } };
    },

    async sendOrthodonticPlanEvent(request) {
      const { version, ...event } = request.body as OrthodonticPlanEvent & { version?: number };
      const updated = await db.transaction((tx) => sendPlanEvent(tx, request.params.id, event as OrthodonticPlanEvent, actorOf(request), today(), version));
      return { status: 200, body: await present(db, updated) };
    },

    async getOrthodonticPlanHistory(request) {
      const row = await find(db, request.params.id);
      return { status: 200, body: { items: await readPlanHistory(db, row.id) } };
    },
  };
}
