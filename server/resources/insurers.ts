import { sql } from 'kysely';
import type { Deps } from '../http/types.ts';
import { present, resourceHandlers, type Resource, type Row } from './define-resource.ts';

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
    preauthorizationAbove: 'preauthorization_above',
    active: 'active',
  },
  sortable: { code: 'code', name: sql`lower(name)`, country: 'country', currency: 'currency', active: 'active', updatedAt: 'updated_at' },
  searchable: ['name', 'code', 'legal_name', 'tax_id'],
  filters: { active: 'active' },
  async present(db, rows: Row[]) {
    const records = await present({ ...insurers, present: undefined }, db, rows);
    // numeric comes back as text from both drivers; money keeps its two decimals.
    return (records as Record<string, unknown>[]).map((r) => ({ ...r, preauthorizationAbove: r.preauthorizationAbove == null ? null : Number(r.preauthorizationAbove).toFixed(2) }));
  },
  auditDetail: (row) => ({ code: row.code }),
};

export const insurerHandlers = (deps: Deps) =>
  resourceHandlers(insurers, { list: 'listInsurers', get: 'getInsurer', create: 'createInsurer', update: 'updateInsurer', delete: 'deleteInsurer' }, deps);
