import { catalogLookup, CATEGORIES, type Category, type ProcedureLookup } from '@core/benefits/procedures.ts';
import { DEFAULT_RULES, type BenefitRules, type FrequencyRule } from '@core/benefits/rules.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError } from '../errors.ts';
import { listCatalog, type ProcedureCode, type RequiredDocument, type SettingCatalog, type SettingDefault } from './catalogs.ts';

/** What the benefit engine and the documents check read from Configuraciones, as of one moment. */
export interface EngineInputs {
  /** The research 4.1 defaults as the settings hold them for one currency, under every policy's and insurer's own values. */
  defaults: BenefitRules;
  /** R13 and R14 in the same currency's minor unit: approvals from this amount need the supervisor's right; lines above the other need a pre-authorisation. */
  thresholds: { approvalCents: number; preauthorizationAboveCents: number };
  procedures: ProcedureLookup;
  documents: RequiredDocument[];
}

type Items = { procedures: Map<string, ProcedureCode>; documents: Map<string, RequiredDocument>; defaults: Map<string, SettingDefault> };
type Change = { catalog: SettingCatalog; item_key: string; before: unknown; changed_at: Date };

/** The amount defaults of research 4.1 and R13/R14 the settings keep once per currency (`<key>:<currency>`, minor units). */
export const AMOUNT_DEFAULT_KEYS = [
  'deductible.individualCents',
  'deductible.familyCents',
  'annualMaximumCents',
  'orthodontic.lifetimeMaximumCents',
  'approvalThresholdCents',
  'preauthorizationAboveCents',
] as const;
const isAmountKey = (key: string) => (AMOUNT_DEFAULT_KEYS as readonly string[]).includes(key);

/** A currency's amount defaults Configuraciones does not hold: an insurer in it is refused (422), never given another currency's figures. */
export const missingAmountDefaults = (values: ReadonlyMap<string, unknown>, currency: string) => AMOUNT_DEFAULT_KEYS.filter((key) => !values.has(`${key}:${currency}`));

export const currencyWithoutDefaults = (currency: string, missing: readonly string[]) =>
  new BusinessRuleError('insurer.currencyWithoutDefaults', `Configuraciones holds no amount defaults in ${currency} (${missing.join(', ')}): set them first.`, [
    { path: 'body/currency', keyword: 'currencyWithoutDefaults', params: { currency, missing } },
  ]);

/** An amount default in the currency's minor unit, as the settings keep it for that currency (none kept: refused, never guessed). */
function amountOf(values: ReadonlyMap<string, number>, key: string, currency: string): number {
  const amount = values.get(`${key}:${currency}`);
  if (amount === undefined) throw currencyWithoutDefaults(currency, missingAmountDefaults(values, currency));
  return amount;
}

/** The engine's rules with each default the settings hold in place of the research value, amounts in `currency`. */
export function defaultRulesFrom(values: ReadonlyMap<string, number>, currency: string): BenefitRules {
  const d = DEFAULT_RULES;
  const value = (key: string, fallback: number) => (isAmountKey(key) ? amountOf(values, key, currency) : (values.get(key) ?? fallback));
  const perCategory = (prefix: string, base: Readonly<Record<Category, number>>) =>
    Object.fromEntries(CATEGORIES.map((c) => [c, value(`${prefix}.${c}`, base[c])])) as Record<Category, number>;
  return {
    ...d,
    coveragePercent: perCategory('coveragePercent', d.coveragePercent),
    deductible: { ...d.deductible, individualCents: value('deductible.individualCents', d.deductible.individualCents), familyCents: value('deductible.familyCents', d.deductible.familyCents ?? 0) },
    annualMaximumCents: value('annualMaximumCents', d.annualMaximumCents),
    waitingPeriods: {
      months: perCategory('waitingPeriods.months', d.waitingPeriods.months),
      waiverPriorCoverageMonths: value('waitingPeriods.waiverPriorCoverageMonths', d.waitingPeriods.waiverPriorCoverageMonths ?? 0),
    },
    orthodontic: {
      ...d.orthodontic,
      lifetimeMaximumCents: value('orthodontic.lifetimeMaximumCents', d.orthodontic.lifetimeMaximumCents),
      ageLimit: value('orthodontic.ageLimit', d.orthodontic.ageLimit ?? 0),
      initialPercent: value('orthodontic.initialPercent', d.orthodontic.initialPercent),
      months: value('orthodontic.months', d.orthodontic.months),
      firstDelayDays: value('orthodontic.firstDelayDays', d.orthodontic.firstDelayDays),
    },
    frequencies: d.frequencies.map((f) => frequencyFrom(f, (field, fallback) => value(`frequencies.${f.id}.${field}`, fallback))),
    filingDeadlineDays: value('insurer.claimDeadlineDays', d.filingDeadlineDays),
  };
}

/** R6: a frequency group keeps its codes and teeth; how many, over how many months and under which age are the settings'. */
function frequencyFrom(f: FrequencyRule, value: (field: 'count' | 'months' | 'ageUnder', fallback: number) => number): FrequencyRule {
  return {
    ...f,
    count: value('count', f.count),
    period: f.period.unit === 'MONTHS' ? { unit: 'MONTHS', months: value('months', f.period.months) } : f.period,
    ...(f.ageUnder === undefined ? {} : { ageUnder: value('ageUnder', f.ageUnder) }),
  };
}

const inputsOf = (items: Items, currency: string): EngineInputs => {
  const values = new Map([...items.defaults.values()].map((d) => [d.key as string, d.value]));
  return {
    defaults: defaultRulesFrom(values, currency),
    thresholds: { approvalCents: amountOf(values, 'approvalThresholdCents', currency), preauthorizationAboveCents: amountOf(values, 'preauthorizationAboveCents', currency) },
    procedures: catalogLookup([...items.procedures.values()]),
    documents: [...items.documents.values()],
  };
};
/** The catalogs as they were at `at`: today's items with every later change undone, newest first. */
function itemsAsOf(current: Items, changes: readonly Change[], at: Date): Items {
  const items: Items = { procedures: new Map(current.procedures), documents: new Map(current.documents), defaults: new Map(current.defaults) };
  for (const change of changes) {
    if (change.changed_at <= at || change.catalog === 'reasons') continue;
    const map = items[change.catalog] as Map<string, unknown>;
    if (change.before === null) map.delete(change.item_key);
    else map.set(change.item_key, change.before);
  }
  return items;
}

async function currentItems(q: Queryable): Promise<Items> {
  // One after the other: inside a transaction they share one connection.
  const procedures = await listCatalog(q, 'procedures');
  const documents = await listCatalog(q, 'documents');
  const defaults = await listCatalog(q, 'defaults');
  return {
    procedures: new Map(procedures.map((p) => [p.code, p])),
    documents: new Map(documents.map((d) => [d.documentType, d])),
    defaults: new Map(defaults.map((d) => [d.key, d])),
  };
}

/** The engine's inputs as the settings hold them now, amounts in `currency` (EUR when none is given). */
export const engineInputs = async (q: Queryable, currency = 'EUR'): Promise<EngineInputs> => inputsOf(await currentItems(q), currency);

/** Today's engine inputs for any currency from one read of the settings, so a page of records in several currencies costs what one record costs. */
export async function engineInputsByCurrency(q: Queryable): Promise<(currency: string) => EngineInputs> {
  const items = await currentItems(q);
  const byCurrency = new Map<string, EngineInputs>();
  return (currency) => {
    const key = currency.trim();
    let inputs = byCurrency.get(key);
    if (!inputs) byCurrency.set(key, (inputs = inputsOf(items, key)));
    return inputs;
  };
}

/**
 * The engine's inputs for each record: those of the moment it was approved when `approvedAt` names one
 * (a change to the settings never reaches an approved liquidation), else today's.
 */
export async function engineInputsAt(q: Queryable, approvedAt: ReadonlyMap<number, Date>, currencyOf: (id: number) => string): Promise<(id: number) => EngineInputs> {
  const current = await currentItems(q);
  const nowByCurrency = new Map<string, EngineInputs>();
  const now = (id: number) => {
    const currency = currencyOf(id);
    let inputs = nowByCurrency.get(currency);
    if (!inputs) nowByCurrency.set(currency, (inputs = inputsOf(current, currency)));
    return inputs;
  };
  const times = [...approvedAt.values()];
  if (!times.length) return now;
  const since = new Date(Math.min(...times.map((t) => t.getTime())));
  const changes = (await q.kysely
    .selectFrom('settings_history')
    .select(['catalog', 'item_key', 'before', 'changed_at'])
    .where('changed_at', '>', since)
    .orderBy('id', 'desc')
    .execute()) as Change[];
  if (!changes.length) return now;
  const byTime = new Map<string, EngineInputs>();
  return (id) => {
    const at = approvedAt.get(id);
    if (!at) return now(id);
    const key = `${at.getTime()}|${currencyOf(id)}`;
    let inputs = byTime.get(key);
    if (!inputs) byTime.set(key, (inputs = inputsOf(itemsAsOf(current, changes, at), currencyOf(id))));
    return inputs;
  };
}

const APPROVED_STATES = ['approved', 'partiallyApproved', 'paid'];

/** The engine's inputs for each reimbursement: as of its approval once approved, else today's. */
export async function reimbursementEngineInputs(q: Queryable, rows: readonly { id: number; state: string; currency: string }[]) {
  const ids = rows.filter((r) => APPROVED_STATES.includes(r.state)).map((r) => r.id);
  const approvals = ids.length
    ? await q.kysely
        .selectFrom('workflow_history')
        .select(['entity_id', (eb) => eb.fn.max('at').as('at')])
        .where('entity_type', '=', 'reimbursement')
        .where('entity_id', 'in', ids)
        .where('to_state', 'in', ['approved', 'partiallyApproved'])
        .groupBy('entity_id')
        .execute()
    : [];
  const currencies = new Map(rows.map((r) => [r.id, r.currency.trim()]));
  return engineInputsAt(q, new Map(approvals.map((a) => [a.entity_id, new Date(a.at as Date)])), (id) => currencies.get(id) ?? 'EUR');
}
