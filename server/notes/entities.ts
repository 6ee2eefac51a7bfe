import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, NotFoundError } from '../errors.ts';
import type { components } from '../../openapi/schema';

export type EntityType = components['schemas']['NoteEntityType'];

interface EntityKind {
  table: string;
  /** The permission that lets a user read records of this kind, and so their notes and links. */
  readPermission: string;
  /** What the panel shows for the record: a folio, number or name (SQL over the table as `t`). */
  label: string;
  /** Columns besides the id that its screen's path needs. */
  extra?: string;
  link: (row: { id: number; extra?: number }) => string;
}

/** The kinds of record notes and conversations can be about (research 2.9), with their screens in the panel. */
export const ENTITY_KINDS: Record<EntityType, EntityKind> = {
  policyholder: {
    table: 'policyholders',
    readPermission: 'policyholders:read',
    label: "coalesce(t.company_name, t.first_names || ' ' || t.last_names)",
    link: ({ id }) => `/titulares/editar/${id}`,
  },
  patient: { table: 'patients', readPermission: 'patients:read', label: "t.first_names || ' ' || t.last_name", link: ({ id }) => `/pacientes/ver/${id}` },
  policy: { table: 'policies', readPermission: 'policies:read', label: 't.number', link: ({ id }) => `/pacientes/${id}` },
  verification: { table: 'verifications', readPermission: 'verifications:read', label: 't.folio', link: ({ id }) => `/verificaciones/editar/${id}` },
  reimbursement: {
    table: 'reimbursements',
    readPermission: 'reimbursements:read',
    label: 't.folio',
    extra: 't.verification_id',
    link: ({ id, extra }) => `/reembolsos/editar/${extra}/${id}`,
  },
  orthodonticPlan: {
    table: 'orthodontic_plans',
    readPermission: 'reimbursements:read',
    label: "t.treatment_code || ' #' || t.id",
    link: ({ id }) => `/reembolsos/ortodoncia/planes/${id}`,
  },
  doctor: { table: 'doctors', readPermission: 'doctors:read', label: "t.first_names || ' ' || t.last_names", link: ({ id }) => `/doctores/editar/${id}` },
  insurer: { table: 'insurers', readPermission: 'insurers:read', label: 't.name', link: ({ id }) => `/aseguradoras/editar/${id}` },
};

export const ENTITY_TYPES = Object.keys(ENTITY_KINDS) as EntityType[];

/** The kinds of record whose notes and links a user with these permissions may see. */
export const readableKinds = (permissions: string[]) => ENTITY_TYPES.filter((type) => permissions.includes(ENTITY_KINDS[type].readPermission));

export interface EntityRef {
  label: string;
  link: string;
}

/** Labels and links of many records at once: one query per kind. A record that no longer exists is absent. */
export async function describeEntities(db: Queryable, refs: { type: EntityType; id: number }[]): Promise<Map<string, EntityRef>> {
  const found = new Map<string, EntityRef>();
  for (const type of ENTITY_TYPES) {
    const ids = [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))];
    if (!ids.length) continue;
    const kind = ENTITY_KINDS[type];
    const rows = await db.query<{ id: number; label: string | null; extra?: number }>(
      `SELECT t.id, ${kind.label} AS label${kind.extra ? `, ${kind.extra} AS extra` : ''} FROM ${kind.table} t WHERE t.id = ANY($1::int[])`,
      [ids],
    );
    for (const row of rows) found.set(`${type}:${row.id}`, { label: row.label ?? `#${row.id}`, link: kind.link(row) });
  }
  return found;
}

export const entityKey = (type: EntityType, id: number) => `${type}:${id}`;

/** A note or conversation is about a record that exists and that the user may read (its notes are part of it). */
export async function requireReadableRecord(db: Queryable, reader: { permissions: string[] }, type: EntityType, id: number) {
  const { readPermission, table } = ENTITY_KINDS[type];
  if (!reader.permissions.includes(readPermission)) {
    throw new BusinessRuleError('note.recordNotReadable', `Reading ${type} records needs ${readPermission}.`, [
      { path: 'body/entityType', keyword: 'permission', params: { permission: readPermission } },
    ]);
  }
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  if (!rows.length) throw new NotFoundError(type);
}
