import { benefitYearEnd, benefitYearStart } from '@core/benefits/dates.ts';
import { majorToMinor } from '@core/benefits/currency.ts';
import { categoryOf } from '@core/benefits/procedures.ts';
import type { VerificationKind } from '@core/workflows/verification.machine.ts';
import type { Database, Queryable } from '../db/database.ts';
import { DomainError, RuleRefusedError, StateConflictError } from '../errors.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { verificationService } from '../workflow/verification/service.ts';
import type { CallingClient } from './clients.ts';
import { findEnrolment, type EnrolmentRow } from './enrolments.ts';
import { R4_ELEMENTS } from './elements.ts';
import { ResourceReader, cdtCode, moneyCents } from './input.ts';
import { fhirError } from './outcome.ts';

export const PURPOSES = ['auth-requirements', 'benefits', 'discovery', 'validation'] as const;

/** The client's own user, with the permissions its token's scopes grant, as the workflows' actor. */
export const actorOf = (client: CallingClient, permissions: string[], ip: string, userAgent: string): Actor & { id: number } => ({
  id: client.userId,
  roles: [],
  permissions,
  ip,
  userAgent,
});

/** What the panel's verification is asked: the purposes' strongest question decides its kind. */
function kindOf(purposes: readonly string[]): VerificationKind {
  if (purposes.includes('auth-requirements')) return 'PREAUTHORIZATION';
  if (purposes.includes('benefits')) return 'BENEFITS';
  return 'ELIGIBILITY';
}

export interface EligibilityQuestion {
  patientId: number;
  date: string;
  doctorId: number | null;
  purposes: string[];
  items: { code: string; chargedCents: number | null }[];
  /** The patient's enrolment as read with the question (its state: one not active is answered without a verification). */
  enrolment?: EnrolmentRow;
}

/** Reads and checks the request: every problem at once, each with its FHIRPath. */
export async function readEligibilityRequest(q: Queryable, client: CallingClient, body: unknown, today: string): Promise<EligibilityQuestion> {
  const reader = new ResourceReader(body as Record<string, unknown>, 'CoverageEligibilityRequest');
  reader.done();
  reader.elements('', R4_ELEMENTS.CoverageEligibilityRequest);
  reader.code('status', ['active']);
  // Elements the answer does not read are refused only when malformed (R4 requires created and insurer).
  reader.identifier(false);
  reader.dateTime('created', false);
  reader.anyReference('insurer', false);
  reader.concept('priority', false);
  const purposes = reader.array('purpose', true, 4).map((_, i) => reader.code(`purpose.${i}`, PURPOSES)).filter((p): p is (typeof PURPOSES)[number] => !!p);
  const patientId = reader.reference('patient', 'Patient');
  const date = reader.date('servicedDate') ?? reader.date('servicedPeriod.start') ?? today;
  reader.array('insurance', false, 1).forEach((_, i) => {
    const coverage = reader.reference(`insurance.${i}.coverage`, 'Coverage');
    // A coverage here is the patient's enrolment: its id is the patient's.
    if (coverage !== undefined && patientId !== undefined && coverage !== patientId) reader.fail('value', 'The coverage is not the patient’s.', reader.where(`insurance.${i}.coverage.reference`));
  });
  // A provider that is the clinic (an Organization) names no dentist: the question is the patient's all the same.
  const doctorId = String(reader.at('provider.reference') ?? '').startsWith('Organization/') ? undefined : reader.reference('provider', 'Practitioner', false);
  if (doctorId !== undefined && !client.doctorIds.includes(doctorId)) reader.fail('value', 'This client does not act for that practitioner.', reader.where('provider.reference'));
  // An item that names only a benefit category asks about the category: every category's balances are answered anyway.
  const asked = reader
    .array('item', false, 20)
    .map((_, i) => (reader.elements(`item.${i}`, R4_ELEMENTS.CoverageEligibilityRequest_Item), i))
    .filter((i) => reader.at(`item.${i}.productOrService`) !== undefined || reader.at(`item.${i}.category`) === undefined);
  const codes = asked.map((i) => cdtCode(reader, `item.${i}.productOrService`));
  reader.done();
  const enrolment = await findEnrolment(q, client, patientId!);
  if (!enrolment) throw fhirError(404, 'not-found', `No patient ${patientId} this client may ask about.`, 'CoverageEligibilityRequest.patient');
  const prices = asked.map((i) => moneyCents(reader, `item.${i}.unitPrice`, enrolment.currency.trim(), (major) => majorToMinor(major, enrolment.currency)));
  reader.done();
  return { patientId: patientId!, date, doctorId: doctorId ?? null, purposes, items: codes.map((code, i) => ({ code: code!, chargedCents: prices[i] ?? null })), enrolment };
}

/**
 * Resolves a new verification where the statechart decides alone: the client takes and starts it and records it
 * eligible through the API; a guard that refuses (coverage not in force, maximum used up, orthodontic limits)
 * makes it not eligible with that rule as its reason. A pre-authorisation is never tried: its guard asks for a
 * verifier's authorisation number, so it stays queued for them.
 */
async function decide(tx: Queryable, id: number, actor: Actor & { id: number }, today: string) {
  const options = { actor, today };
  await verificationService.send(tx, id, { type: 'ASSIGN', assigneeId: actor.id }, options);
  await verificationService.send(tx, id, { type: 'START' }, options);
  try {
    await verificationService.send(tx, id, { type: 'RECORD_ELIGIBLE', channel: 'API' }, options);
  } catch (error) {
    if (!(error instanceof RuleRefusedError)) throw error;
    await verificationService.send(tx, id, { type: 'RECORD_NOT_ELIGIBLE', reason: error.rule }, options);
  }
}

/** The verification that answers the question: a new one, or the one already queued for the same patient and kind. */
export const askEligibility = (db: Database, question: EligibilityQuestion, source: unknown, client: CallingClient, actor: Actor & { id: number }, today: string) =>
  db.transaction((tx) => askEligibilityIn(tx, question, source, client, actor, today));

/** The same inside the caller's transaction (a claim that needs a verification makes it with the claim, or neither). */
export async function askEligibilityIn(tx: Queryable, question: EligibilityQuestion, source: unknown, client: CallingClient, actor: Actor & { id: number }, today: string, kindAsked?: VerificationKind): Promise<number> {
  const category = question.items.some((item) => categoryOf(item.code) === 'ORTHODONTIC') ? 'ORTHODONTIC' : 'GENERAL';
  // An orthodontic question is a pre-authorisation in the panel (verification.orthodonticNeedsPreauthorization).
  const kind = category === 'ORTHODONTIC' ? 'PREAUTHORIZATION' : (kindAsked ?? kindOf(question.purposes));
  let id: number;
  try {
    const input = { patientId: question.patientId, kind, category, plannedServiceDate: question.date, doctorId: question.doctorId ?? undefined, note: `FHIR: ${client.name}` } as const;
    id = (await verificationService.create(tx, input, actor, today)).id;
  } catch (error) {
    if (error instanceof StateConflictError && error.code === 'verification.alreadyOpen') {
      const [open] = await tx.query<{ id: number }>(
        `SELECT id FROM verifications WHERE patient_id = $1 AND kind = $2 AND category = $3 AND state IN ('pending', 'inProgress', 'needsInfo') AND integration_client_id = $4 ORDER BY id DESC LIMIT 1`,
        [question.patientId, kind, category, client.id],
      );
      if (open) return open.id;
      throw fhirError(409, 'conflict', 'The patient already has an open verification of this kind in the panel; ask again once it is resolved.', `${resourceTypeOf(source)}.patient`);
    }
    if (error instanceof DomainError) throw fhirError(422, 'business-rule', `${error.code}: ${error.message}`, `${resourceTypeOf(source)}.patient`);
    throw error;
  }
  await tx.query('UPDATE verifications SET integration_client_id = $2, source_resource = $3 WHERE id = $1', [id, client.id, JSON.stringify(source)]);
  if (kind !== 'PREAUTHORIZATION') await decide(tx, id, actor, today);
  return id;
}

const resourceTypeOf = (source: unknown) => String((source as { resourceType?: string })?.resourceType ?? 'Resource');

/** The benefit year around `date` of a policy. */
export const benefitPeriodOf = (row: { benefit_year: Parameters<typeof benefitYearStart>[0]; starts_on: string }, date: string) => ({
  start: benefitYearStart(row.benefit_year, row.starts_on, date),
  end: benefitYearEnd(row.benefit_year, row.starts_on, date),
});
