import type { components } from '../../../openapi/schema';
import { minorToDecimalText } from '@core/benefits/currency.ts';
import { acceptsPatients } from '@core/workflows/policy.machine.ts';
import type { Evaluation, Presented } from '../shared/define-workflow.ts';
import type { PolicyRow } from './repository.ts';

type Policy = components['schemas']['Policy'];

/** Minor units as the contract's decimal string in the policy's currency (`150000` EUR → `"1500.00"`, `1500000` CLP → `"1500000"`). */
const moneyText = (minor: number | null, currency: string) => (minor === null ? null : minorToDecimalText(minor, currency.trim()));

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
    annualMaximum: moneyText(row.annual_maximum_cents, row.currency),
    deductible: moneyText(row.deductible_cents, row.currency),
    familyDeductible: moneyText(row.family_deductible_cents, row.currency),
    maxBeneficiaries: row.max_beneficiaries,
    orthoIncluded: row.ortho_included,
    orthoPercent: row.ortho_percent,
    orthoLifetimeMaximum: moneyText(row.ortho_lifetime_maximum_cents, row.currency),
    orthoAgeLimit: row.ortho_age_limit,
    modality: row.modality as Policy['modality'],
    issuedOn: row.issued_on,
    contractingCompany: row.contracting_company,
    deductibleAppliesToPreventive: row.deductible_applies_to_preventive,
    benefitRules: row.benefit_rules.map(({ amountCents, ...rule }) => ({ ...rule, amount: moneyText(amountCents, row.currency) })),
    state: row.state,
    stage: row.stage as Policy['stage'],
    suspensionReason: row.suspension_reason,
    cancellationReason: row.cancellation_reason,
    allowedEvents,
    acceptsPatients: acceptsPatients(row.state),
  };
}
