import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { DuplicateValueError, InvalidInputError } from '../domain/errors.ts';
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

/**
 * A currency's amount defaults did not know how many of its units make a research euro, so its range is
 * the storage's own (0 to the contract's cap) rather than one scaled from the research range.
 */
const AMOUNT_CAP = 2_000_000_000;

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
  const rows = await tx.kysely
    .insertInto('setting_defaults')
    .values(AMOUNT_DEFAULT_KEYS.map((key) => ({ key: `${key}:${currency}`, rule: RULES[key], unit: 'CENTS', currency, value: values[key], minimum: 0, maximum: AMOUNT_CAP })))
    // Two administrators adding the same currency at once: the second finds the keys taken.
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .execute();
  if (rows.length !== AMOUNT_DEFAULT_KEYS.length) throw new DuplicateValueError('conflict.duplicate', `Configuraciones already holds amount defaults in ${currency}.`, [{ path: 'body/currency', keyword: 'unique' }]);
  const created = rows.map((row) => CATALOGS.defaults.present(row as Record<string, unknown>));
  for (const item of created) await recordChange(tx, 'defaults', item.key, null, item, actor);
  return created;
}
