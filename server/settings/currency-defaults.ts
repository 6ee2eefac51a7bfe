import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { DuplicateValueError, InvalidInputError } from '../errors.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { CATALOGS, recordChange, type SettingDefault } from './catalogs.ts';
import { AMOUNT_DEFAULT_KEYS } from './engine-inputs.ts';

type Input = components['schemas']['CurrencyDefaultsInput'];

/** The research 4.1 rule each amount default belongs to, as the migrations seeded it. */
const RULES: Record<(typeof AMOUNT_DEFAULT_KEYS)[number], string> = {
  'deductible.individualCents': 'R2',
  'deductible.familyCents': 'R2',
  annualMaximumCents: 'R3',
  'orthodontic.lifetimeMaximumCents': 'R7',
  approvalThresholdCents: 'R13',
  preauthorizationAboveCents: 'R14',
};

/**
 * The ISO 4217 codes of the platform's table (Intl): a well-formed code such as `ABC` formats as money
 * all the same, so only membership tells a currency from three letters.
 */
const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

/** The storage's own cap on an amount (the contract's maximum). */
const AMOUNT_CAP = 2_000_000_000;

type Values = Input['values'];
type Key = keyof Values;
type Bound = { value: number; minimum: number; maximum: number };

const fieldError = (key: Key, keyword: string, params: Record<string, unknown>) => ({ path: `body/values/${key}`, keyword, params });

/**
 * Research 4.1 read as relations that hold in any currency: the family deductible caps the individual ones
 * (R2), and a deductible as large as the annual maximum (R3) would leave nothing to pay.
 */
function relationErrors(values: Values) {
  const errors = [];
  if (values['deductible.individualCents'] > values['deductible.familyCents']) errors.push(fieldError('deductible.individualCents', 'deductibleAboveFamily', {}));
  if (values['deductible.individualCents'] >= values.annualMaximumCents) errors.push(fieldError('deductible.individualCents', 'deductibleNotBelowMaximum', {}));
  return errors;
}

/**
 * Each amount's range is the euro's range scaled by the rate the annual maximum implies against the euro's
 * (as migration 012 scaled the seeded currencies by theirs), so a later edit is held to a range of this
 * currency's size rather than 0 to the storage cap, and a value outside it is refused now.
 */
function scaledRanges(values: Values, euro: ReadonlyMap<string, Bound>) {
  const base = euro.get('annualMaximumCents');
  if (!base || base.value <= 0) throw new Error('Configuraciones holds no euro annual maximum to scale a new currency from.');
  const rate = values.annualMaximumCents / base.value;
  const ranges = new Map<Key, { minimum: number; maximum: number }>();
  for (const key of AMOUNT_DEFAULT_KEYS) {
    const bound = euro.get(key);
    if (!bound) throw new Error(`Configuraciones holds no euro ${key} to scale a new currency from.`);
    ranges.set(key, { minimum: Math.floor(bound.minimum * rate), maximum: Math.min(AMOUNT_CAP, Math.ceil(bound.maximum * rate)) });
  }
  const errors = AMOUNT_DEFAULT_KEYS.flatMap((key) => {
    const { minimum, maximum } = ranges.get(key)!;
    if (values[key] > maximum) return [fieldError(key, 'maximum', { limit: maximum })];
    if (values[key] < minimum) return [fieldError(key, 'minimum', { limit: minimum })];
    return [];
  });
  return { ranges, errors };
}

/**
 * Adds the six amount defaults of a currency Configuraciones does not hold yet (an insurer in it is
 * refused until then), each with its history row and audit row, in the caller's transaction.
 */
export async function createCurrencyDefaults(tx: Queryable, input: Input, actor: Actor): Promise<SettingDefault[]> {
  const { currency, values } = input;
  if (!ISO_4217.has(currency)) {
    throw new InvalidInputError('request.invalid', `${currency} is not an ISO 4217 currency code.`, [{ path: 'body/currency', keyword: 'currencyCode', params: { currency } }]);
  }
  const existing = await tx.kysely.selectFrom('setting_defaults').select('key').where('currency', '=', currency).limit(1).executeTakeFirst();
  if (existing) throw new DuplicateValueError('conflict.duplicate', `Configuraciones already holds amount defaults in ${currency}.`, [{ path: 'body/currency', keyword: 'unique' }]);
  const euroRows = await tx.kysely.selectFrom('setting_defaults').select(['key', 'value', 'minimum', 'maximum']).where('currency', '=', 'EUR').execute();
  const euro = new Map(euroRows.map((row) => [row.key.split(':')[0]!, { value: Number(row.value), minimum: Number(row.minimum), maximum: Number(row.maximum) }]));
  const { ranges, errors: rangeErrors } = scaledRanges(values, euro);
  const errors = [...relationErrors(values), ...rangeErrors];
  if (errors.length > 0) throw new InvalidInputError('request.invalid', `The ${currency} amount defaults do not fit research 4.1.`, errors);
  const rows = await tx.kysely
    .insertInto('setting_defaults')
    .values(AMOUNT_DEFAULT_KEYS.map((key) => ({ key: `${key}:${currency}`, rule: RULES[key], unit: 'CENTS', currency, value: values[key], minimum: ranges.get(key)!.minimum, maximum: ranges.get(key)!.maximum })))
    // Two administrators adding the same currency at once: the second finds the keys taken.
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .execute();
  if (rows.length !== AMOUNT_DEFAULT_KEYS.length) throw new DuplicateValueError('conflict.duplicate', `Configuraciones already holds amount defaults in ${currency}.`, [{ path: 'body/currency', keyword: 'unique' }]);
  const created = rows.map((row) => CATALOGS.defaults.present(row as Record<string, unknown>));
  for (const item of created) await recordChange(tx, 'defaults', item.key, null, item, actor);
  return created;
}
