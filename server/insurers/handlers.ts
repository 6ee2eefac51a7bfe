import { sql } from 'kysely';
import { decimalTextToMinor, minorToDecimalText } from '@core/benefits/currency.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError } from '../errors.ts';
import type { Deps } from '../http/types.ts';
import { listCatalog } from '../settings/catalogs.ts';
import { currencyWithoutDefaults, missingAmountDefaults } from '../settings/engine-inputs.ts';
import { withInsurerDefaults } from '../settings/record-defaults.ts';
import { present, resourceHandlers, type Resource, type Row } from '../http/define-resource.ts';

/**
 * Amounts are in the insurer's currency: the defaults Configuraciones holds for it must exist (no other
 * currency's figures are borrowed), and the threshold is kept in its minor unit with no more decimals than it has.
 * A new insurer that leaves a deadline out takes the one Configuraciones holds (an edit keeps its own).
 */
async function checkInsurer(tx: Queryable, given: Record<string, unknown>, change: 'create' | 'update'): Promise<Record<string, unknown>> {
  const currency = String(given.currency);
  const defaults = await listCatalog(tx, 'defaults');
  const body = change === 'create' ? withInsurerDefaults(new Map(defaults.map((d) => [d.key as string, d])), given) : given;
  const missing = missingAmountDefaults(new Map(defaults.map((d) => [d.key as string, d.value])), currency);
  if (missing.length) throw currencyWithoutDefaults(currency, missing);
  const text = body.preauthorizationAbove;
  if (typeof text !== 'string' || text.trim() === '') return { ...body, preauthorizationAbove: null };
  const minor = decimalTextToMinor(text.trim(), currency);
  if (minor === null) {
    throw new BusinessRuleError('insurer.currencyDecimals', `More decimals than ${currency} has.`, [{ path: 'body/preauthorizationAbove', keyword: 'currencyDecimals' }]);
  }
  return { ...body, preauthorizationAbove: minor };
}

export const insurers: Resource = {
  entity: 'insurer',
  table: 'insurers',
  path: '/api/insurers',
  fields: {
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
    preauthorizationAbove: 'preauthorization_above_cents',
    active: 'active',
  },
  sortable: { code: 'code', name: sql`lower(name)`, country: 'country', currency: 'currency', active: 'active', updatedAt: 'updated_at' },
  searchable: ['name', 'code', 'legal_name', 'tax_id'],
  filters: { active: 'active' },
  async present(db, rows: Row[]) {
    const records = await present({ ...insurers, present: undefined }, db, rows);
    // Kept in the currency's minor unit, answered with exactly its decimals (CLP none).
    return (records as Record<string, unknown>[]).map((r) => ({
      ...r,
      preauthorizationAbove: r.preauthorizationAbove == null ? null : minorToDecimalText(Number(r.preauthorizationAbove), String(r.currency).trim()),
    }));
  },
  check: checkInsurer,
  auditDetail: (row) => ({ code: row.code }),
};

export const insurerHandlers = (deps: Deps) =>
  resourceHandlers(insurers, { list: 'listInsurers', get: 'getInsurer', create: 'createInsurer', update: 'updateInsurer', delete: 'deleteInsurer' }, deps);
