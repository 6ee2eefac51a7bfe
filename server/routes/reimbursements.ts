import type { ReimbursementEvent } from '../../src/machines/reimbursement.machine.ts';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem } from '../http/problem.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';
import { readHistory } from '../workflow/history.ts';
import {
  SELECT,
  checkDoctor,
  createReimbursement,
  findReimbursement as find,
  isEditable,
  linesOf,
  liquidationOf,
  presentLiquidation,
  presentReimbursement,
  replaceLines,
  sendReimbursementEvent,
  type Row,
} from '../workflow/reimbursement.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

const SORTABLE = { folio: 'r.folio', state: 'r.state', createdAt: 'r.created_at', updatedAt: 'r.updated_at', claimedCents: 'r.claimed_cents', payableCents: 'r.payable_cents' };

export function reimbursementHandlers({ db, today }: Deps): Handlers {
  const actorOf = (request: OperationRequest): Actor => ({ ...actor(request), ip: request.ip, userAgent: request.userAgent });
  const present = (q: Queryable, row: Row, request: OperationRequest) => presentReimbursement(q, row, actorOf(request), today());
  const audit = (tx: Queryable, request: OperationRequest, action: 'LIST' | 'VIEW' | 'CREATE' | 'UPDATE', entityId?: number, detail?: Record<string, unknown>) =>
    appendAudit(tx, { userId: actor(request).id, action, entityType: 'reimbursement', entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail });

  return {
    async listReimbursements(request) {
      const { q, sort, kind, state, insurerId, createdBy, from, to } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        conditions.push(sql.replaceAll('?', `$${params.length}`));
      };
      if (q) add(`(r.folio ILIKE ? OR (p.first_names || ' ' || p.last_name) ILIKE ? OR r.invoice_number ILIKE ?)`, likePattern(q));
      if (kind) add('r.kind = ?', kind);
      if (state) add('r.state = ANY(?::text[])', String(state).split(','));
      if (insurerId) add('r.insurer_id = ?', insurerId);
      if (createdBy) add('r.created_by = ?', createdBy);
      if (from) add('r.created_at >= ?::date', from);
      if (to) add(`r.created_at < ?::date + 1`, to);
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const { limit, offset } = pageWindow(request.query as { page: number; pageSize: number });
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM reimbursements r JOIN patients p ON p.id = r.patient_id ${where}`, params);
      const rows = await db.query<Row>(`${SELECT} ${where} ${orderBy(sort, SORTABLE, 'r.id')} LIMIT ${limit} OFFSET ${offset}`, params);
      const items = [];
      for (const row of rows) items.push(await present(db, row, request));
      await db.transaction((tx) => audit(tx, request, 'LIST', undefined, { q: q ?? null, kind: kind ?? null, state: state ?? null }));
      return { status: 200, body: { items, total, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createReimbursement(request) {
      const user = actor(request);
      const key = request.header('idempotency-key')?.trim() || null;
      const existing = async () =>
        key ? (await db.query<{ id: number }>('SELECT id FROM reimbursements WHERE created_by = $1 AND idempotency_key = $2', [user.id, key]))[0] : undefined;
      const replay = await existing();
      if (replay) return { status: 200, body: await present(db, await find(db, replay.id), request) };

      let created: Row;
      try {
        created = await db.transaction(async (tx) => {
          const row = await createReimbursement(tx, request.body, user.id, key, today());
          await audit(tx, request, 'CREATE', row.id, { verificationId: request.body.verificationId });
          return row;
        });
      } catch (error) {
        // The same key sent twice at once: the loser answers what the winner created.
        const winner = (error as { code?: string }).code === '23505' ? await existing() : undefined;
        if (winner) return { status: 200, body: await present(db, await find(db, winner.id), request) };
        throw error;
      }
      return { status: 201, body: await present(db, created, request), headers: { Location: `/api/reimbursements/${created.id}` } };
    },

    async getReimbursement(request) {
      const row = await find(db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'VIEW', row.id));
      return { status: 200, body: await present(db, row, request), headers: { ETag: `"${row.version}"` } };
    },

    async updateReimbursement(request) {
      const { doctorId, payee, invoiceNumber, invoiceDate, lines, version } = request.body;
      const updated = await db.transaction(async (tx) => {
        const current = await find(tx, request.params.id, true);
        if (!isEditable(current.state)) throw new HttpProblem(409, 'reimbursement.notEditable', 'Only a draft or a reimbursement returned for documents can be changed.');
        if (current.version !== version) {
          throw new HttpProblem(409, 'conflict.staleVersion', `The reimbursement was changed by someone else (version ${current.version}).`, [
            { path: 'body/version', keyword: 'stale', params: { currentVersion: current.version } },
          ]);
        }
        await checkDoctor(tx, doctorId);
        await tx.query(
          `UPDATE reimbursements SET doctor_id = $2, payee = $3, invoice_number = $4, invoice_date = $5, version = version + 1, updated_at = now() WHERE id = $1`,
          [current.id, doctorId, payee, invoiceNumber?.trim() || null, invoiceDate ?? null],
        );
        await replaceLines(tx, current.id, lines);
        await audit(tx, request, 'UPDATE', current.id);
        return find(tx, current.id);
      });
      return { status: 200, body: await present(db, updated, request) };
    },

    async sendReimbursementEvent(request) {
      const { version, ...event } = request.body as ReimbursementEvent & { version?: number };
      const updated = await db.transaction((tx) => sendReimbursementEvent(tx, request.params.id, event as ReimbursementEvent, actorOf(request), today(), version));
      return { status: 200, body: await present(db, updated, request) };
    },

    async getReimbursementHistory(request) {
      const row = await find(db, request.params.id);
      return { status: 200, body: { items: await readHistory(db, 'reimbursement', row.id) } };
    },

    async previewLiquidation(request) {
      const row = await find(db, request.params.id);
      return { status: 200, body: presentLiquidation(await liquidationOf(db, row, await linesOf(db, row.id), today())) };
    },
  };
}
