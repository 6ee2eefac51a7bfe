import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { components } from '../../openapi/schema';
import { appendAudit } from '../audit.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, DuplicateValueError, InvalidInputError, NotFoundError, StaleVersionError } from '../errors.ts';
import type { Actor } from '../workflow/shared/actor.ts';

type Schemas = components['schemas'];
export type SettingCatalog = Schemas['SettingCatalog'];
// allOf in the contract leaves the shared fields optional in the generated types; the records have them all.
export type ProcedureCode = Required<Schemas['ProcedureCode']>;
export type ReasonCode = Schemas['ReasonCode'];
export type RequiredDocument = Required<Schemas['RequiredDocument']>;
export type SettingDefault = Schemas['SettingDefault'];
type Texts = Schemas['CatalogTexts'];

const iso = (at: Date | string) => new Date(at).toISOString();
// Each catalog names its table at run time; inside this module rows are plain records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One catalog of Configuraciones: its table, key column, how a row reads in the API, and which columns
 * a change writes. Every catalog is small (tens of rows), so it is read whole, in key order.
 */
interface Catalog<Item, Change> {
  table: 'procedure_codes' | 'reason_codes' | 'required_documents' | 'setting_defaults';
  key: string;
  /** What the catalog is listed by before its key. */
  order?: string | RawBuilder<unknown>;
  entity: string;
  present(row: Record<string, unknown>): Item;
  columns(change: Change): Record<string, unknown>;
}

const procedures: Catalog<ProcedureCode, Omit<Schemas['ProcedureCodeUpdate'], 'version'>> = {
  table: 'procedure_codes',
  key: 'code',
  entity: 'procedure',
  present: (r) => ({
    code: r.code as string,
    category: r.category as ProcedureCode['category'],
    codingSystem: r.coding_system as string,
    requiresTooth: r.requires_tooth as boolean,
    descriptions: r.descriptions as Texts,
    active: r.active as boolean,
    version: r.version as number,
    updatedAt: iso(r.updated_at as Date),
  }),
  columns: (c) => ({
    category: c.category,
    coding_system: c.codingSystem,
    requires_tooth: c.requiresTooth,
    descriptions: JSON.stringify(trimTexts(c.descriptions!)),
    active: c.active,
  }),
};

const reasons: Catalog<ReasonCode, Omit<Schemas['ReasonCodeUpdate'], 'version'>> = {
  table: 'reason_codes',
  key: 'code',
  entity: 'reason',
  present: (r) => ({ code: r.code as string, texts: r.texts as Texts, version: r.version as number, updatedAt: iso(r.updated_at as Date) }),
  columns: (c) => ({ texts: JSON.stringify(trimTexts(c.texts)) }),
};

const documents: Catalog<RequiredDocument, Omit<Schemas['RequiredDocumentUpdate'], 'version'>> = {
  table: 'required_documents',
  key: 'document_type',
  order: 'position',
  entity: 'requiredDocument',
  present: (r) => ({
    documentType: r.document_type as RequiredDocument['documentType'],
    general: r.general as RequiredDocument['general'],
    orthodonticInitial: r.orthodontic_initial as RequiredDocument['general'],
    orthodonticInstallment: r.orthodontic_installment as RequiredDocument['general'],
    version: r.version as number,
    updatedAt: iso(r.updated_at as Date),
  }),
  columns: (c) => ({ general: c.general, orthodontic_initial: c.orthodonticInitial, orthodontic_installment: c.orthodonticInstallment }),
};

const defaults: Catalog<SettingDefault, { value: number }> = {
  table: 'setting_defaults',
  key: 'key',
  // By rule (R1, R2 … R17), numerically.
  order: sql`(substring(rule from 2))::int`,
  entity: 'settingDefault',
  present: (r) => ({
    key: r.key as SettingDefault['key'],
    rule: r.rule as string,
    unit: r.unit as SettingDefault['unit'],
    currency: (r.currency as string | null)?.trim() ?? null,
    value: r.value as number,
    minimum: r.minimum as number,
    maximum: r.maximum as number,
    version: r.version as number,
    updatedAt: iso(r.updated_at as Date),
  }),
  columns: (c) => ({ value: c.value }),
};

export const CATALOGS = { procedures, reasons, documents, defaults } as const;
type Catalogs = typeof CATALOGS;
type ItemOf<C extends SettingCatalog> = ReturnType<Catalogs[C]['present']>;
type ChangeOf<C extends SettingCatalog> = Parameters<Catalogs[C]['columns']>[0];

// The texts are stored as typed, less the blanks around them (the contract already refused blank ones).
function trimTexts(texts: Texts): Texts {
  return { es: texts.es.trim(), en: texts.en.trim(), fr: texts.fr.trim(), zh: texts.zh.trim(), ja: texts.ja.trim() };
}

/** Every item of a catalog, in key order. */
export async function listCatalog<C extends SettingCatalog>(q: Queryable, name: C): Promise<ItemOf<C>[]> {
  const catalog = CATALOGS[name] as Catalog<ItemOf<C>, unknown>;
  const rows = await (q.kysely as AnyDb).selectFrom(catalog.table).selectAll().orderBy(catalog.order ?? catalog.key).orderBy(catalog.key).execute();
  return rows.map((row) => catalog.present(row as Record<string, unknown>));
}

/** The change's history row (item before and after) and its audit row, in the caller's transaction. */
export async function recordChange(tx: Queryable, name: SettingCatalog, key: string, before: object | null, after: { version: number }, actor: Actor) {
  await tx.kysely
    .insertInto('settings_history')
    .values({ catalog: name, item_key: key, version: after.version, changed_by: actor.id, before: before && JSON.stringify(before), after: JSON.stringify(after) })
    .execute();
  await appendAudit(tx, {
    userId: actor.id,
    action: before ? 'UPDATE' : 'CREATE',
    entityType: 'setting',
    entityId: `${name}:${key}`,
    result: 'ALLOWED',
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { catalog: name, key, version: after.version },
  });
}

/**
 * Changes one item when `version` is still its own (else 409 with the current version), and records
 * who changed it, when, and the item before and after.
 */
export async function updateCatalogItem<C extends SettingCatalog>(tx: Queryable, name: C, key: string, version: number, change: ChangeOf<C>, actor: Actor): Promise<ItemOf<C>> {
  const catalog = CATALOGS[name] as unknown as Catalog<ItemOf<C>, ChangeOf<C>>;
  const db = tx.kysely as AnyDb;
  if (name === 'defaults' && DEPENDENT_AGE_KEYS.includes(key)) await db.selectFrom('setting_defaults').select('key').where('key', 'in', DEPENDENT_AGE_KEYS).orderBy('key').forUpdate().execute();
  const current = (await db.selectFrom(catalog.table).selectAll().where(catalog.key, '=', key).forUpdate().executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!current) throw new NotFoundError(catalog.entity);
  if (current.version !== version) throw new StaleVersionError(catalog.entity, current.version as number);
  if (name === 'defaults') {
    checkRange(current, (change as ChangeOf<'defaults'>).value);
    await checkDependentAges(db, key, (change as ChangeOf<'defaults'>).value);
  }
  const updated = await db
    .updateTable(catalog.table)
    .set({ ...catalog.columns(change), version: sql`version + 1`, updated_at: sql`now()` })
    .where(catalog.key, '=', key)
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = catalog.present(updated as Record<string, unknown>);
  await recordChange(tx, name, key, catalog.present(current), after, actor);
  return after;
}

/** A default keeps to its own range (a percentage to 0–100, a treatment length to 1–36 months…). */
function checkRange(current: Record<string, unknown>, value: number) {
  const [minimum, maximum] = [current.minimum as number, current.maximum as number];
  if (value < minimum) throw new InvalidInputError('request.invalid', `The value must be at least ${minimum}.`, [{ path: 'body/value', keyword: 'minimum', params: { comparison: '>=', limit: minimum } }]);
  if (value > maximum) throw new InvalidInputError('request.invalid', `The value must be at most ${maximum}.`, [{ path: 'body/value', keyword: 'maximum', params: { comparison: '<=', limit: maximum } }]);
}

/** R16's child and student ages, locked together (in key order) while either changes, so two edits cannot cross. */
const DEPENDENT_AGE_KEYS = ['dependents.child', 'dependents.student'];

/** R16: the student extension lengthens a child's cover, so the student age is never below the child's (422 on the value). */
async function checkDependentAges(db: AnyDb, key: string, value: number) {
  if (!DEPENDENT_AGE_KEYS.includes(key)) return;
  const childChanges = key === 'dependents.child';
  const other = await db.selectFrom('setting_defaults').select('value').where('key', '=', childChanges ? 'dependents.student' : 'dependents.child').executeTakeFirst();
  if (!other) return;
  const [child, student] = childChanges ? [value, other.value as number] : [other.value as number, value];
  if (child <= student) return;
  throw new BusinessRuleError(
    'settings.studentAgeBelowChildAge',
    childChanges ? `The child age cannot exceed the student age (${student}).` : `The student age cannot be below the child age (${child}).`,
    [{ path: 'body/value', keyword: childChanges ? 'childAgeAboveStudentAge' : 'studentAgeBelowChildAge', params: { limit: other.value } }],
  );
}

/** Adds a procedure code; a code the catalog already has is a 409 naming the field. */
export async function createProcedureCode(tx: Queryable, input: Schemas['ProcedureCodeInput'], actor: Actor): Promise<ProcedureCode> {
  const inserted = await tx.kysely
    .insertInto('procedure_codes')
    .values({ code: input.code, ...(procedures.columns(input) as { category: string; descriptions: string }) })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw new DuplicateValueError('conflict.duplicate', `The catalog already has ${input.code}.`, [{ path: 'body/code', keyword: 'unique' }]);
  const created = procedures.present(inserted);
  await recordChange(tx, 'procedures', input.code, null, created, actor);
  return created;
}

/** The changes of one item, newest first, with the name of who made each. */
export async function historyOf(q: Queryable, name: SettingCatalog, key: string): Promise<Schemas['SettingChange'][]> {
  const rows = await q.kysely
    .selectFrom('settings_history')
    .leftJoin('users', 'users.id', 'settings_history.changed_by')
    .select(['settings_history.id', 'catalog', 'item_key', 'settings_history.version', 'settings_history.changed_by', 'changed_at', 'before', 'after', 'users.name as changed_by_name'])
    .where('catalog', '=', name)
    .where('item_key', '=', key)
    .orderBy('settings_history.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    catalog: r.catalog as SettingCatalog,
    key: r.item_key,
    version: r.version,
    changedBy: r.changed_by,
    changedByName: r.changed_by_name,
    changedAt: iso(r.changed_at),
    before: r.before as Record<string, unknown> | null,
    after: r.after as Record<string, unknown>,
  }));
}
