import { majorToMinor, minorToMajor } from '@core/benefits/currency.ts';
import { CATEGORIES, categoryOf, type Category } from '@core/benefits/procedures.ts';
import type { BenefitRules } from '@core/benefits/rules.ts';
import { waitingPeriodEnd } from '@core/benefits/waiting-periods.ts';
import type { VerificationState } from '@core/workflows/verification.machine.ts';
import type { Queryable } from '../db/database.ts';
import { engineInputs } from '../settings/engine-inputs.ts';
import { nextAllowedDate } from '@core/benefits/next-allowed.ts';
import { coverageActiveOn, historyOf, ledgerOf, liveLinesOf, rulesOf, usageOf } from '../workflow/shared/coverage.ts';
import { findVerification, type VerificationRow } from '../workflow/verification/repository.ts';
import { reimbursementService } from '../workflow/reimbursement/service.ts';
import type { CallingClient } from './clients.ts';
import { benefitPeriodOf, type EligibilityQuestion } from './eligibility.ts';
import { fhirError } from './outcome.ts';

/**
 * The one table from a verification's statechart state to the eligibility answer's outcome
 * (http://hl7.org/fhir/remittance-outcome): open states are a question still queued for a verifier.
 */
export const ELIGIBILITY_OUTCOME: Record<VerificationState, 'queued' | 'complete'> = {
  pending: 'queued',
  inProgress: 'queued',
  needsInfo: 'queued',
  verified: 'complete',
  notEligible: 'complete',
  expired: 'complete',
  cancelled: 'complete',
};

const BENEFIT_TYPE = 'http://terminology.hl7.org/CodeSystem/benefit-type';
const CATEGORY_SYSTEM = 'urn:dental-backoffice:category';
export const EXTENSION = 'urn:dental-backoffice:fhir:extension';
/** The nearest HL7 benefit category (ex-benefitcategory, an example binding) beside the payer's own. */
const HL7_CATEGORY: Record<Category, string> = { DIAGNOSTIC: '23', PREVENTIVE: '35', BASIC: '25', MAJOR: '36', ORTHODONTIC: '35' };
const coding = (system: string, code: string) => ({ coding: [{ system, code }] });

type Money = { value: number; currency: string };
const moneyIn = (currency: string) => (cents: number): Money => ({ value: minorToMajor(cents, currency), currency });

function benefit(type: string, money: (cents: number) => Money, allowedCents: number | null, usedCents?: number) {
  return {
    type: coding(BENEFIT_TYPE, type),
    ...(allowedCents === null ? { allowedString: 'unlimited' } : { allowedMoney: money(allowedCents) }),
    ...(usedCents === undefined ? {} : { usedMoney: money(usedCents) }),
  };
}

/** The year's balances: annual maximum and deductibles for the person, then each category's coinsurance and own limits. */
function balances(rules: BenefitRules, usage: ReturnType<typeof usageOf>, yearStart: string, money: (cents: number) => Money) {
  const year = usage.benefitYears[yearStart];
  const general = {
    category: coding('http://terminology.hl7.org/CodeSystem/ex-benefitcategory', 'F3'),
    network: coding('http://terminology.hl7.org/CodeSystem/benefit-network', 'in'),
    unit: coding('http://terminology.hl7.org/CodeSystem/benefit-unit', 'individual'),
    term: coding('http://terminology.hl7.org/CodeSystem/benefit-term', 'annual'),
    benefit: [benefit('benefit', money, rules.annualMaximumCents, year?.annualUsedCents ?? 0), benefit('deductible', money, rules.deductible.individualCents, year?.deductibleUsedCents ?? 0)],
  };
  const perCategory = CATEGORIES.map((category) => {
    const own = rules.categoryMaximums[category];
    const ownDeductible = rules.categoryDeductibles[category];
    return {
      category: { coding: [{ system: CATEGORY_SYSTEM, code: category }, { system: 'http://terminology.hl7.org/CodeSystem/ex-benefitcategory', code: HL7_CATEGORY[category] }] },
      excluded: category === 'ORTHODONTIC' && !rules.orthodontic.included,
      benefit: [
        // What the patient pays of the allowed amount, as FHIR's copay-percent.
        { type: coding(BENEFIT_TYPE, 'copay-percent'), allowedUnsignedInt: 100 - rules.coveragePercent[category] },
        ...(own?.individualCents != null ? [benefit('benefit', money, own.individualCents, year?.categoryUsedCents?.[category] ?? 0)] : []),
        ...(ownDeductible ? [benefit('deductible', money, ownDeductible.individualCents ?? rules.deductible.individualCents, year?.categoryDeductibleUsedCents?.[category] ?? 0)] : []),
        ...(category === 'ORTHODONTIC' && rules.orthodontic.included ? [benefit('benefit', money, rules.orthodontic.lifetimeMaximumCents, usage.orthoLifetimeUsedCents)] : []),
      ],
    };
  });
  return [general, ...perCategory];
}

/** The last approved or paid service of a code for the patient, for its frequency window. */
async function lastServices(q: Queryable, patientId: number, codes: string[]) {
  if (!codes.length) return new Map<string, string>();
  const rows = await q.query<{ code: string; last: string }>(
    `SELECT rl.procedure_code AS code, max(rl.service_date)::text AS last FROM reimbursement_lines rl JOIN reimbursements r ON r.id = rl.reimbursement_id
      WHERE r.patient_id = $1 AND rl.procedure_code = ANY($2::text[]) AND rl.status = 'APPROVED' AND r.state IN ('approved', 'partiallyApproved', 'paid')
      GROUP BY rl.procedure_code`,
    [patientId, codes],
  );
  return new Map(rows.map((r) => [r.code, r.last]));
}

/**
 * The answer to an eligibility question, read from its verification as it stands now: a queued one answers
 * `queued` with what is known, a resolved one the whole answer with the estimate of each priced item.
 */
export async function eligibilityResponse(q: Queryable, client: CallingClient, id: number, today: string) {
  const [origin] = await q.query<{ integration_client_id: number | null; source_resource: Record<string, unknown>; question: EligibilityQuestion | null }>(
    'SELECT integration_client_id, source_resource FROM verifications WHERE id = $1',
    [id],
  );
  const row = origin?.integration_client_id === client.id ? await findVerification(q, id, false) : undefined;
  if (!row) throw fhirError(404, 'not-found', `No eligibility answer ${id} of this client.`);
  const source = origin!.source_resource ?? {};
  const date = row.planned_service_date;
  const currency = row.insurer_currency.trim();
  const money = moneyIn(currency);
  const inputs = await engineInputs(q, currency);
  const rules = rulesOf(row, inputs.defaults);
  const usage = usageOf(await ledgerOf(q, [row]), row);
  const period = benefitPeriodOf(row, date);
  const inforce = coverageActiveOn(row, date);
  type SourceItem = { productOrService?: { coding?: { code?: string }[] }; unitPrice?: { value: number }; net?: { value: number }; quantity?: { value?: number }; bodySite?: { coding?: { code?: string }[] } };
  const items = ((source.item as SourceItem[] | undefined) ?? []).filter((item) => item.productOrService).map((item) => ({
    code: item.productOrService?.coding?.map((c) => c.code).find((c) => c && /^D[0-9]{4}$/.test(c)) ?? '',
    // A claim's item names its tooth (a pre-authorisation or predetermination): the estimate needs it for tooth-bound codes.
    tooth: item.bodySite?.coding?.[0]?.code ?? null,
    // An eligibility item has a unit price; a claim's (pre-authorisation, predetermination) its net or unit price.
    chargedCents: item.net ? majorToMinor(item.net.value, currency) : item.unitPrice ? majorToMinor(item.unitPrice.value, currency) * (item.quantity?.value ?? 1) : null,
  }));
  // The engine's liquidation of the priced items, as a claim on this verification would be liquidated (nothing stored).
  const priced = items.filter((item) => item.chargedCents !== null);
  const estimate =
    row.state === 'verified' && priced.length
      ? await reimbursementService
          // Claimed on the service date itself: a planned service is not yet "after the claim" (09) today.
          .previewUnsaved(q, row.id, { lines: priced.map((item) => ({ procedureCode: item.code, tooth: item.tooth, serviceDate: date, chargedCents: item.chargedCents!, quantity: 1, otherInsurerPaidCents: 0 })) }, date > today ? date : today)
          .catch(() => null)
      : null;
  const last = await lastServices(q, row.patient_id, items.map((i) => i.code));
  // The frequency windows read the services the engine counts (live claims, not rejected lines).
  const windows = { benefitYear: rules.benefitYear, policyStart: row.starts_on, frequencies: rules.frequencies, history: historyOf(await liveLinesOf(q, [row]), row.patient_id, null) };
  const waitingFacts = { enrolmentDate: row.enrolled_on, priorCoverageMonths: row.prior_coverage_months, priorOrthodonticCoverageMonths: row.prior_orthodontic_coverage_months };
  const [insurer] = await q.query<{ above: number | null }>('SELECT preauthorization_above_cents AS above FROM insurers WHERE id = $1', [row.insurer_id]);
  const threshold = insurer?.above ?? inputs.thresholds.preauthorizationAboveCents;
  const requested = items.map((item) => {
    const category = categoryOf(item.code);
    const line = estimate?.lines[priced.indexOf(item)];
    const waitingEnd = category ? waitingPeriodEnd(rules, category, waitingFacts) : null;
    const frequency = rules.frequencies.filter((f) => f.codes.includes(item.code));
    const next = frequency.length ? nextAllowedDate(windows, item.code, item.tooth, date) : undefined;
    const ageLimit = rules.ageLimits.codes[item.code] ?? (category ? rules.ageLimits.categories[category] : undefined);
    const extension = [
      ...(last.get(item.code) ? [{ url: `${EXTENSION}:last-service-date`, valueDate: last.get(item.code) }] : []),
      ...(waitingEnd && waitingEnd > date ? [{ url: `${EXTENSION}:waiting-period-end`, valueDate: waitingEnd }] : []),
      ...(ageLimit != null ? [{ url: `${EXTENSION}:age-limit`, valueUnsignedInt: ageLimit }] : []),
      // When one more fits its frequency windows: the service date itself, a later date, or never (a lifetime used up).
      ...(next ? [{ url: `${EXTENSION}:next-allowed-date`, valueDate: next }] : next === null ? [{ url: `${EXTENSION}:frequency-used-up`, valueBoolean: true }] : []),
      ...frequency.map((f) => ({ url: `${EXTENSION}:frequency`, valueString: `${f.count} per ${f.period.unit === 'MONTHS' ? `${f.period.months} months` : f.period.unit.toLowerCase().replace('_', ' ')}${f.perTooth ? ' per tooth' : ''}` })),
      ...(line?.reason ? [{ url: `${EXTENSION}:reason`, valueCode: line.reason }] : []),
    ];
    return {
      ...(extension.length ? { extension } : {}),
      productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: item.code }] },
      excluded: rules.exclusions.includes(item.code) || line?.status === 'REJECTED',
      authorizationRequired: category === 'ORTHODONTIC' || (item.chargedCents !== null && item.chargedCents > threshold),
      ...(line
        ? {
            benefit: [
              { type: coding(BENEFIT_TYPE, 'benefit'), allowedMoney: money(line.coveredCents) },
              { type: coding(BENEFIT_TYPE, 'deductible'), allowedMoney: money(line.deductibleCents) },
              { type: coding(BENEFIT_TYPE, 'copay'), allowedMoney: money(Math.max(0, line.allowedCents - line.deductibleCents - line.coveredCents)) },
            ],
          }
        : {}),
    };
  });
  const outcome = ELIGIBILITY_OUTCOME[row.state];
  const identifier = Array.isArray(source.identifier) ? source.identifier[0] : undefined;
  return {
    resourceType: 'CoverageEligibilityResponse',
    id: String(row.id),
    identifier: [{ system: 'urn:dental-backoffice:verification', value: row.folio }],
    status: 'active',
    purpose: Array.isArray(source.purpose) && source.purpose.length ? source.purpose : ['validation'],
    patient: { reference: `Patient/${row.patient_id}` },
    servicedDate: date,
    created: new Date(row.created_at as unknown as string).toISOString(),
    request: identifier ? { identifier } : { display: row.folio },
    outcome,
    disposition: dispositionOf(row),
    insurer: { display: row.insurer_name },
    insurance: [
      {
        coverage: { reference: `Coverage/${row.patient_id}` },
        inforce: row.state === 'notEligible' ? false : inforce,
        benefitPeriod: period,
        item: [...(inforce ? balances(rules, usage, period.start, money) : []), ...requested],
      },
    ],
    ...(row.authorization_number ? { preAuthRef: row.authorization_number } : {}),
    ...(row.state === 'notEligible' && row.reason ? { error: [{ code: { coding: [{ system: 'urn:dental-backoffice:rule', code: row.reason }], text: row.reason } }] } : {}),
  };
}

function dispositionOf(row: VerificationRow): string {
  switch (ELIGIBILITY_OUTCOME[row.state] === 'queued' ? 'queued' : row.state) {
    case 'queued':
      return `Queued for a verifier (${row.folio}); read this CoverageEligibilityResponse again for the answer.`;
    case 'verified':
      return `In force on ${row.planned_service_date}; valid until ${row.valid_until}.`;
    case 'notEligible':
      return `Not eligible: ${row.reason ?? ''}`.trim();
    case 'expired':
      return `The verification ${row.folio} expired on ${row.valid_until}.`;
    default:
      return `The verification ${row.folio} was cancelled.`;
  }
}
