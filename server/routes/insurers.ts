import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { actor, type Deps, type Handlers, type OperationRequest } from '../http/types.ts';
import { likePattern, orderBy, pageWindow } from './listing.ts';

/** API field ↔ column, in the order of the contract's InsurerFields. */
const FIELDS = {
  code: 'code',
  name: 'name',
  legalName: 'legal_name',
  taxId: 'tax_id',
  country: 'country',
  currency: 'currency',
  phone: 'phone',
  email: 'email',
  portalUrl: 'portal_url',
  address: 'address',
  contactName: 'contact_name',
  claimDeadlineDays: 'claim_deadline_days',
  cureDays: 'cure_days',
  slaBusinessDays: 'sla_business_days',
  verificationValidityDays: 'verification_validity_days',
  preauthorizationAbove: 'preauthorization_above',
  active: 'active',
} as const;
type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as Field[];

const SORTABLE = { code: 'code', name: 'lower(name)', country: 'country', currency: 'currency', active: 'active', updatedAt: 'updated_at' };
const SELECT = `SELECT id, version, created_at, updated_at, ${FIELD_NAMES.map((f) => `${FIELDS[f]}`).join(', ')} FROM insurers`;

type InsurerRow = Record<string, unknown> & { id: number; version: number; created_at: Date; updated_at: Date };

function toInsurer(row: InsurerRow) {
  const insurer: Record<string, unknown> = { id: row.id, version: row.version, createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString() };
  for (const field of FIELD_NAMES) insurer[field] = row[FIELDS[field]] ?? null;
  // numeric comes back as a string from both drivers; keep two decimals, as typed.
  if (insurer.preauthorizationAbove != null) insurer.preauthorizationAbove = Number(insurer.preauthorizationAbove).toFixed(2);
  return insurer;
}

/** Optional text fields: blank means "not given". */
function values(body: Record<string, unknown>) {
  return FIELD_NAMES.map((field) => {
    const value = body[field];
    return typeof value === 'string' ? value.trim() || null : (value ?? null);
  });
}

async function findInsurer(db: Queryable, id: number) {
  const [row] = await db.query<InsurerRow>(`${SELECT} WHERE id = $1`, [id]);
  if (!row) throw notFound('insurer');
  return row;
}

const audit = (tx: Queryable, request: OperationRequest, action: 'LIST' | 'VIEW' | 'CREATE' | 'UPDATE' | 'DELETE', entityId?: number, detail?: Record<string, unknown>) =>
  appendAudit(tx, { userId: actor(request).id, action, entityType: 'insurer', entityId, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail });

export function insurerHandlers({ db }: Deps): Handlers {
  return {
    async listInsurers(request) {
      const { q, sort, active } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (q) {
        params.push(likePattern(q));
        conditions.push(`(name ILIKE $${params.length} OR code ILIKE $${params.length} OR legal_name ILIKE $${params.length} OR tax_id ILIKE $${params.length})`);
      }
      if (active !== undefined) {
        params.push(active);
        conditions.push(`active = $${params.length}`);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const { limit, offset } = pageWindow(request.query as { page: number; pageSize: number });
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM insurers ${where}`, params);
      const rows = await db.query<InsurerRow>(`${SELECT} ${where} ${orderBy(sort, SORTABLE)} LIMIT ${limit} OFFSET ${offset}`, params);
      await db.transaction((tx) => audit(tx, request, 'LIST', undefined, { q: q ?? null, page: request.query.page }));
      return { status: 200, body: { items: rows.map(toInsurer), total, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async getInsurer(request) {
      const row = await findInsurer(db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'VIEW', row.id));
      return { status: 200, body: toInsurer(row), headers: { ETag: `"${row.version}"` } };
    },

    async createInsurer(request) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.query<InsurerRow>(
          `INSERT INTO insurers (${FIELD_NAMES.map((f) => FIELDS[f]).join(', ')})
           VALUES (${FIELD_NAMES.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
          values(request.body),
        );
        await audit(tx, request, 'CREATE', created.id, { code: created.code });
        return created;
      });
      return { status: 201, body: toInsurer(row), headers: { ETag: `"${row.version}"`, Location: `/api/insurers/${row.id}` } };
    },

    async updateInsurer(request) {
      const { id } = request.params;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.query<InsurerRow>(
          `UPDATE insurers SET ${FIELD_NAMES.map((f, i) => `${FIELDS[f]} = $${i + 3}`).join(', ')}, version = version + 1, updated_at = now()
            WHERE id = $1 AND version = $2 RETURNING *`,
          [id, request.body.version, ...values(request.body)],
        );
        if (!updated) {
          const current = await findInsurer(tx, id);
          throw new HttpProblem(409, 'conflict.staleVersion', `The insurer was changed by someone else (version ${current.version}).`, [
            { path: 'body/version', keyword: 'stale', params: { currentVersion: current.version } },
          ]);
        }
        await audit(tx, request, 'UPDATE', updated.id, { version: updated.version });
        return updated;
      });
      return { status: 200, body: toInsurer(row), headers: { ETag: `"${row.version}"` } };
    },

    async deleteInsurer(request) {
      await db.transaction(async (tx) => {
        const [deleted] = await tx.query<{ id: number; code: string }>('DELETE FROM insurers WHERE id = $1 RETURNING id, code', [request.params.id]);
        if (!deleted) throw notFound('insurer');
        await audit(tx, request, 'DELETE', deleted.id, { code: deleted.code });
      });
      return { status: 204 };
    },
  };
}
