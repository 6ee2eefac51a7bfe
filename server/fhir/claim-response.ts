import { minorToMajor } from '@core/benefits/currency.ts';
import type { ReimbursementState } from '@core/workflows/reimbursement.machine.ts';
import type { Queryable } from '../db/database.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { reimbursementService } from '../workflow/reimbursement/service.ts';
import type { CallingClient } from './clients.ts';
import { fhirError } from './outcome.ts';
import type { eligibilityResponse } from './eligibility-response.ts';

/**
 * The one table from a reimbursement's statechart state to its ClaimResponse: `status` (fm-status), `outcome`
 * (remittance-outcome) and whether the claim is decided (its adjudication is the stored one, and it has an
 * ExplanationOfBenefit). Until decided, the adjudication is the engine's liquidation as it stands.
 */
export const CLAIM_RESPONSE: Record<ReimbursementState, { status: 'active' | 'cancelled'; outcome: 'queued' | 'complete' | 'partial'; decided: boolean }> = {
  draft: { status: 'active', outcome: 'queued', decided: false },
  submitted: { status: 'active', outcome: 'queued', decided: false },
  inReview: { status: 'active', outcome: 'queued', decided: false },
  needsDocuments: { status: 'active', outcome: 'queued', decided: false },
  approved: { status: 'active', outcome: 'complete', decided: true },
  partiallyApproved: { status: 'active', outcome: 'partial', decided: true },
  rejected: { status: 'active', outcome: 'complete', decided: true },
  paid: { status: 'active', outcome: 'complete', decided: true },
  cancelled: { status: 'cancelled', outcome: 'complete', decided: false },
};

const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
export const REASON_SYSTEM = 'urn:dental-backoffice:rejection-reason';
export const coding = (system: string, code: string) => ({ coding: [{ system, code }] });

export type ClaimRow = {
  id: number;
  folio: string;
  state: ReimbursementState;
  patient_id: number;
  doctor_id: number;
  doctor_name: string;
  insurer_name: string;
  currency: string;
  payee: string;
  claimed_cents: number;
  payable_cents: number;
  paid_cents: number | null;
  paid_on: string | null;
  payment_reference: string | null;
  reason: string | null;
  created_at: Date;
  source_resource: { identifier?: unknown[]; use?: string } | null;
};

export type LineRow = {
  id: number;
  position: number;
  procedure_code: string;
  tooth: string | null;
  surfaces: string | null;
  service_date: string;
  quantity: number;
  charged_cents: number;
  allowed_cents: number | null;
  deductible_cents: number | null;
  covered_cents: number | null;
  status: string;
  reason: string | null;
};

const CLAIM_SELECT = `SELECT r.id, r.folio, r.state, r.patient_id, r.doctor_id, concat_ws(' ', d.first_names, d.last_names) AS doctor_name, i.name AS insurer_name,
    r.currency, r.payee, r.claimed_cents, r.payable_cents, r.paid_cents, r.paid_on::text AS paid_on, r.payment_reference, r.reason, r.created_at, r.source_resource
  FROM reimbursements r JOIN doctors d ON d.id = r.doctor_id JOIN insurers i ON i.id = r.insurer_id`;

/** A claim the client sent; another's, or one made in the panel, is not found. */
export async function findClaim(q: Queryable, client: CallingClient, id: number): Promise<ClaimRow> {
  const [row] = await q.query<ClaimRow>(`${CLAIM_SELECT} WHERE r.id = $1 AND r.integration_client_id = $2`, [id, client.id]);
  if (!row) throw fhirError(404, 'not-found', `No claim ${id} of this client.`);
  return row;
}

export interface ClaimSearch {
  patientId?: number;
  created?: { op: string; date: string };
  states: ReimbursementState[];
  count: number;
}

export async function searchClaims(q: Queryable, client: CallingClient, search: ClaimSearch): Promise<{ rows: ClaimRow[]; total: number }> {
  const where = ['r.integration_client_id = $1', 'r.state = ANY($2::text[])'];
  const values: unknown[] = [client.id, search.states];
  if (search.patientId !== undefined) where.push(`r.patient_id = $${values.push(search.patientId)}`);
  if (search.created) {
    const op = { eq: '=', ge: '>=', le: '<=', gt: '>', lt: '<' }[search.created.op]!;
    where.push(`r.created_at::date ${op} $${values.push(search.created.date)}::date`);
  }
  const clause = where.join(' AND ');
  const [{ total }] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM reimbursements r WHERE ${clause}`, [...values]);
  const rows = await q.query<ClaimRow>(`${CLAIM_SELECT} WHERE ${clause} ORDER BY r.id DESC LIMIT $${values.length + 1}`, [...values, search.count]);
  return { rows, total };
}

export const linesOf = (q: Queryable, id: number) =>
  q.query<LineRow>(
    `SELECT id, position, procedure_code, tooth, surfaces, service_date::text AS service_date, quantity, charged_cents, allowed_cents, deductible_cents, covered_cents, status, reason
       FROM reimbursement_lines WHERE reimbursement_id = $1 ORDER BY position`,
    [id],
  );

type Amounts = { allowedCents: number; deductibleCents: number; coveredCents: number; status: string; reason: string | null };

/** Each line's amounts: as stored once the claim is decided, else the engine's liquidation as it stands now. */
async function amountsOf(q: Queryable, row: ClaimRow, lines: LineRow[], actor: Actor, today: string): Promise<Map<number, Amounts>> {
  if (CLAIM_RESPONSE[row.state].decided || row.state === 'cancelled') {
    return new Map(
      lines.filter((l) => l.allowed_cents !== null).map((l) => [l.id, { allowedCents: l.allowed_cents!, deductibleCents: l.deductible_cents ?? 0, coveredCents: l.covered_cents ?? 0, status: l.status, reason: l.reason }]),
    );
  }
  const liquidation = await reimbursementService.previewLiquidation(q, row.id, actor, today);
  return new Map(liquidation.lines.map((l) => [Number(l.lineId), { allowedCents: l.allowedCents, deductibleCents: l.deductibleCents, coveredCents: l.coveredCents, status: l.status, reason: l.reason ?? null }]));
}

function adjudication(amounts: Amounts | undefined, charged: number, money: (cents: number) => { value: number; currency: string }) {
  const reason = amounts?.status === 'REJECTED' && amounts.reason ? { reason: coding(REASON_SYSTEM, amounts.reason) } : {};
  return [
    { category: coding(ADJUDICATION, 'submitted'), amount: money(charged) },
    ...(amounts
      ? [
          { category: coding(ADJUDICATION, 'eligible'), amount: money(amounts.allowedCents), ...reason },
          { category: coding(ADJUDICATION, 'deductible'), amount: money(amounts.deductibleCents) },
          // What is left to the patient of the allowed amount after the deductible and the benefit.
          { category: coding(ADJUDICATION, 'copay'), amount: money(Math.max(0, amounts.allowedCents - amounts.deductibleCents - amounts.coveredCents)) },
          { category: coding(ADJUDICATION, 'benefit'), amount: money(amounts.coveredCents), ...reason },
        ]
      : []),
  ];
}

export const claimIdentifier = (row: ClaimRow) => (Array.isArray(row.source_resource?.identifier) ? row.source_resource!.identifier[0] : undefined);

/** What both answers about a claim share: who, for whom, what was decided and what was paid. */
async function common(q: Queryable, row: ClaimRow, actor: Actor, today: string) {
  const money = (cents: number) => ({ value: minorToMajor(cents, row.currency.trim()), currency: row.currency.trim() });
  const lines = await linesOf(q, row.id);
  const amounts = await amountsOf(q, row, lines, actor, today);
  const mapping = CLAIM_RESPONSE[row.state];
  const benefitTotal = mapping.decided ? row.payable_cents : [...amounts.values()].reduce((sum, a) => sum + a.coveredCents, 0);
  return {
    money,
    lines,
    amounts,
    mapping,
    head: {
      identifier: [{ system: 'urn:dental-backoffice:reimbursement', value: row.folio }],
      status: mapping.status,
      type: coding('http://terminology.hl7.org/CodeSystem/claim-type', 'oral'),
      use: 'claim' as const,
      patient: { reference: `Patient/${row.patient_id}` },
      created: new Date(row.created_at).toISOString(),
      insurer: { display: row.insurer_name },
      outcome: mapping.outcome,
      disposition: `${row.folio}: ${row.state}${row.reason ? ` (${row.reason})` : ''}`,
    },
    total: [
      { category: coding(ADJUDICATION, 'submitted'), amount: money(row.claimed_cents) },
      { category: coding(ADJUDICATION, 'benefit'), amount: money(benefitTotal) },
    ],
    payment:
      row.state === 'paid' && row.paid_on
        ? {
            type: coding('http://terminology.hl7.org/CodeSystem/ex-paymenttype', 'complete'),
            date: row.paid_on,
            amount: money(row.paid_cents ?? row.payable_cents),
            ...(row.payment_reference ? { identifier: { value: row.payment_reference } } : {}),
          }
        : undefined,
    payeeType: coding('http://terminology.hl7.org/CodeSystem/payeetype', row.payee === 'PROVIDER' ? 'provider' : 'subscriber'),
  };
}

/** The claim's ClaimResponse as it stands now. */
export async function claimResponse(q: Queryable, row: ClaimRow, actor: Actor, today: string) {
  const c = await common(q, row, actor, today);
  const identifier = claimIdentifier(row);
  return {
    resourceType: 'ClaimResponse',
    id: String(row.id),
    ...c.head,
    ...(identifier ? { request: { identifier } } : {}),
    payeeType: c.payeeType,
    item: c.lines.map((line) => ({ itemSequence: line.position, adjudication: adjudication(c.amounts.get(line.id), line.charged_cents, c.money) })),
    total: c.total,
    ...(c.payment ? { payment: c.payment } : {}),
  };
}

/** The explanation of benefit of a decided claim: its lines as sent, their adjudication, the totals and the payment. */
export async function explanationOfBenefit(q: Queryable, row: ClaimRow, actor: Actor, today: string) {
  if (!CLAIM_RESPONSE[row.state].decided) throw fhirError(404, 'not-found', `The claim ${row.id} is not decided yet (${row.state}); read its ClaimResponse.`);
  const c = await common(q, row, actor, today);
  const identifier = claimIdentifier(row);
  return {
    resourceType: 'ExplanationOfBenefit',
    id: String(row.id),
    ...c.head,
    provider: { reference: `Practitioner/${row.doctor_id}`, display: row.doctor_name },
    ...(identifier ? { claim: { identifier } } : {}),
    claimResponse: { reference: `ClaimResponse/${row.id}` },
    payee: { type: c.payeeType },
    insurance: [{ focal: true, coverage: { reference: `Coverage/${row.patient_id}` } }],
    item: c.lines.map((line) => ({
      sequence: line.position,
      productOrService: coding('http://www.ada.org/cdt', line.procedure_code),
      servicedDate: line.service_date,
      quantity: { value: line.quantity },
      net: c.money(line.charged_cents),
      ...(line.tooth ? { bodySite: coding('http://terminology.hl7.org/CodeSystem/ex-tooth', line.tooth) } : {}),
      ...(line.surfaces ? { subSite: [...line.surfaces].map((s) => coding('http://terminology.hl7.org/CodeSystem/FDI-surface', s === 'F' ? 'V' : s)) } : {}),
      adjudication: adjudication(c.amounts.get(line.id), line.charged_cents, c.money),
    })),
    total: c.total,
    ...(c.payment ? { payment: c.payment } : {}),
  };
}

type EligibilityAnswer = Awaited<ReturnType<typeof eligibilityResponse>>;

/**
 * A pre-authorisation or predetermination answered as a ClaimResponse (`pa-{verification id}`): the verification's
 * outcome (ELIGIBILITY_OUTCOME), its authorisation number, and the estimate of each item as adjudication.
 */
export function preauthorizationResponse(answer: EligibilityAnswer, use: 'preauthorization' | 'predetermination') {
  const items = answer.insurance[0]!.item.filter((i): i is Extract<typeof i, { productOrService: unknown }> => 'productOrService' in i);
  const amountOf = (item: (typeof items)[number], type: string) =>
    'benefit' in item ? item.benefit?.find((b) => b.type.coding[0]!.code === type)?.allowedMoney : undefined;
  return {
    resourceType: 'ClaimResponse',
    id: `pa-${answer.id}`,
    identifier: answer.identifier,
    status: 'active',
    type: coding('http://terminology.hl7.org/CodeSystem/claim-type', 'oral'),
    use,
    patient: answer.patient,
    created: answer.created,
    insurer: answer.insurer,
    ...('identifier' in answer.request ? { request: { identifier: answer.request.identifier } } : {}),
    outcome: answer.outcome,
    disposition: answer.disposition,
    ...(answer.preAuthRef ? { preAuthRef: answer.preAuthRef } : {}),
    ...(items.length ? { item: items.map((item, index) => {
      const benefit = amountOf(item, 'benefit');
      const deductible = amountOf(item, 'deductible');
      const reasonCode = ('extension' in item ? item.extension : undefined)?.find((e) => e.url.endsWith(':reason')) as { valueCode?: string } | undefined;
      const reason = reasonCode?.valueCode ? { reason: coding(REASON_SYSTEM, reasonCode.valueCode) } : {};
      return {
        itemSequence: index + 1,
        adjudication: [
          ...(benefit ? [{ category: coding(ADJUDICATION, 'benefit'), amount: benefit, ...reason }] : []),
          ...(deductible ? [{ category: coding(ADJUDICATION, 'deductible'), amount: deductible }] : []),
          // Without an estimate (queued, or not priced) the item is only said to be under review.
          ...(benefit || deductible ? [] : [{ category: coding(ADJUDICATION, 'submitted') }]),
        ],
      };
    }) } : {}),
  };
}
