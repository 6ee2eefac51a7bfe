import type { components } from '../../../openapi/schema';
import { acceptsPatients } from '../../../src/machines/policy.machine.ts';
import type { Evaluation, Presented } from '../shared/define-workflow.ts';
import type { PolicyRow } from './repository.ts';

type Policy = components['schemas']['Policy'];

/** Cents as the contract's decimal string (`150000` → `"1500.00"`). */
export const moneyText = (cents: number | null) => (cents === null ? null : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

/** The contract's decimal string as cents, exactly (`"1500.5"` → `150050`). */
export function centsOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const [units, fraction = ''] = text.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentPolicy(row: PolicyRow, { allowedEvents }: Evaluation<null>): Presented<Policy> {
  return {
    id: row.id,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    insurerId: row.insurer_id,
    insurerName: row.insurer_name,
    currency: row.currency,
    policyholderId: row.policyholder_id,
    policyholderName: row.policyholder_name,
    number: row.number,
    kind: row.kind as Policy['kind'],
    planName: row.plan_name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    benefitYear: row.benefit_year,
    annualMaximum: moneyText(row.annual_maximum_cents),
    deductible: moneyText(row.deductible_cents),
    familyDeductible: moneyText(row.family_deductible_cents),
    maxBeneficiaries: row.max_beneficiaries,
    orthoIncluded: row.ortho_included,
    orthoPercent: row.ortho_percent,
    orthoLifetimeMaximum: moneyText(row.ortho_lifetime_maximum_cents),
    orthoAgeLimit: row.ortho_age_limit,
    benefitRules: row.benefit_rules,
    state: row.state,
    stage: row.stage as Policy['stage'],
    suspensionReason: row.suspension_reason,
    cancellationReason: row.cancellation_reason,
    allowedEvents,
    acceptsPatients: acceptsPatients(row.state),
  };
}
