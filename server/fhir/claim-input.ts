import { majorToMinor } from '@core/benefits/currency.ts';
import type { Queryable } from '../db/database.ts';
import type { CallingClient } from './clients.ts';
import { findEnrolment, type EnrolmentRow } from './enrolments.ts';
import { R4_ELEMENTS } from './elements.ts';
import { ResourceReader, cdtCode, moneyCents } from './input.ts';
import { fhirError } from './outcome.ts';
import { readSupportingInfo, type ClaimDocument } from './supporting-info.ts';

export const CLAIM_USES = ['claim', 'preauthorization', 'predetermination'] as const;
export type ClaimUse = (typeof CLAIM_USES)[number];

/** FDI surface codes (R4's surface value set, http://terminology.hl7.org/CodeSystem/FDI-surface) as the panel's letters; ventral is facial. */
const SURFACE_LETTERS: Record<string, string> = { M: 'M', O: 'O', I: 'I', D: 'D', B: 'B', V: 'F', L: 'L', MO: 'MO', DO: 'DO', DI: 'DI', MOD: 'MOD' };

export interface ClaimLine {
  procedureCode: string;
  tooth: string | null;
  surfaces: string | null;
  serviceDate: string;
  quantity: number;
  chargedCents: number;
}

export interface ClaimInput {
  use: ClaimUse;
  /** `system|value` of Claim.identifier: the key that makes a resubmission answer the same claim. */
  identifier: string;
  patientId: number;
  enrolment: EnrolmentRow;
  doctorId: number;
  payee: 'HOLDER' | 'PROVIDER';
  created: string;
  lines: ClaimLine[];
  /** The files sent inline in `supportingInfo`, to become the reimbursement's documents. */
  documents: ClaimDocument[];
}

/** Reads and checks a Claim: every problem at once, each with its FHIRPath; nothing is looked up before it is well-formed. */
export async function readClaim(q: Queryable, client: CallingClient, body: unknown): Promise<ClaimInput> {
  const reader = new ResourceReader(body as Record<string, unknown>, 'Claim');
  reader.done();
  reader.elements('', R4_ELEMENTS.Claim);
  reader.code('status', ['active']);
  const use = reader.code('use', CLAIM_USES) as ClaimUse | undefined;
  // Elements the claim's handling does not read are refused only when malformed (R4 requires priority; a practice
  // that leaves it out loses nothing here).
  reader.concept('priority', false);
  reader.anyReference('insurer', false);
  const type = (reader.at('type.coding') as { system?: string; code?: string }[] | undefined)?.find((c) => c?.code === 'oral');
  if (!type) reader.fail('code-invalid', 'A dental claim: type oral (http://terminology.hl7.org/CodeSystem/claim-type).', 'Claim.type');
  // The claim's own identifier: a resubmission with it answers the same claim.
  const identifier = reader.identifier(true);
  const patientId = reader.reference('patient', 'Patient');
  const created = reader.dateTime('created', true) ?? '';
  // The dentist is the provider, or, when the provider is the clinic (an Organization), the care team's first member.
  const providerGiven = reader.anyReference('provider');
  const practitionerAt = String(reader.at('provider.reference') ?? '').startsWith('Practitioner/') ? 'provider' : 'careTeam.0.provider';
  const doctorId = providerGiven ? reader.reference(practitionerAt, 'Practitioner') : undefined;
  if (doctorId !== undefined && !client.doctorIds.includes(doctorId)) reader.fail('value', 'This client does not act for that practitioner.', reader.where(`${practitionerAt}.reference`));
  const insurance = reader.array('insurance', true, 2);
  insurance.forEach((_, i) => {
    const coverage = reader.reference(`insurance.${i}.coverage`, 'Coverage');
    if (coverage !== undefined && patientId !== undefined && coverage !== patientId) reader.fail('value', 'The coverage is not the patient’s.', `Claim.insurance[${i}].coverage.reference`);
  });
  const payeeCode = (reader.at('payee.type.coding.0.code') as string | undefined) ?? 'subscriber';
  if (!['subscriber', 'provider'].includes(payeeCode)) reader.fail('code-invalid', 'subscriber or provider (payeetype).', 'Claim.payee.type');
  const items = reader.array('item', true, 50);
  const partial = items.map((_, i) => {
    const path = `item.${i}`;
    reader.elements(path, R4_ELEMENTS.Claim_Item);
    // R4 requires each item's number (a positiveInt).
    const sequence = reader.at(`${path}.sequence`);
    if (!Number.isInteger(sequence) || (sequence as number) < 1) reader.fail(sequence === undefined ? 'required' : 'value', 'The item’s number (a positive whole number).', reader.where(`${path}.sequence`));
    const code = cdtCode(reader, `${path}.productOrService`);
    const serviceDate = reader.date(`${path}.servicedDate`) ?? reader.date('billablePeriod.start') ?? created;
    const tooth = (reader.at(`${path}.bodySite.coding`) as { code?: string }[] | undefined)?.[0]?.code ?? null;
    if (tooth !== null && !/^[1-8][1-8]$/.test(tooth)) reader.fail('code-invalid', 'An FDI tooth (ex-tooth), e.g. 36.', reader.where(`${path}.bodySite`));
    const surfaceCodes = reader.array(`${path}.subSite`, false, 5).map((s) => (s as { coding?: { code?: string }[] })?.coding?.[0]?.code ?? '');
    const surfaces = surfaceCodes.map((c) => SURFACE_LETTERS[c]);
    if (surfaces.some((s) => !s)) reader.fail('code-invalid', 'FDI surfaces (M, O, I, D, B, V, L, MO, DO, DI, MOD).', reader.where(`${path}.subSite`));
    const letters = [...new Set(surfaces.join(''))].join('');
    if (letters && tooth === null) reader.fail('required', 'Surfaces need the tooth (bodySite).', reader.where(`${path}.bodySite`));
    const quantity = (reader.at(`${path}.quantity.value`) as number | undefined) ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) reader.fail('value', 'A whole quantity from 1 to 99.', reader.where(`${path}.quantity.value`));
    return { code, serviceDate, tooth, surfaces: letters.length ? letters.slice(0, 5) : null, quantity };
  });
  const documents = await readSupportingInfo(reader);
  reader.done();
  const enrolment = await findEnrolment(q, client, patientId!);
  if (!enrolment) throw fhirError(404, 'not-found', `No patient ${patientId} this client may claim for.`, 'Claim.patient');
  const currency = enrolment.currency.trim();
  // What was charged for the line: its net (unit price × quantity) or else its unit price times the quantity.
  const charged = items.map((_, i) => {
    const net = moneyCents(reader, `item.${i}.net`, currency, (major) => majorToMinor(major, currency));
    if (net !== undefined) return net;
    const unit = moneyCents(reader, `item.${i}.unitPrice`, currency, (major) => majorToMinor(major, currency));
    if (unit === undefined) reader.fail('required', 'What was charged: net or unitPrice.', reader.where(`item.${i}.net`));
    return unit === undefined ? undefined : unit * partial[i]!.quantity;
  });
  charged.forEach((cents, i) => cents !== undefined && cents > 100_000_000 && reader.fail('value', 'At most 1,000,000 in major units.', reader.where(`item.${i}.net`)));
  reader.done();
  return {
    use: use!,
    identifier: identifier!,
    patientId: patientId!,
    enrolment,
    doctorId: doctorId!,
    payee: payeeCode === 'provider' ? 'PROVIDER' : 'HOLDER',
    created,
    documents,
    lines: partial.map((line, i) => ({ procedureCode: line.code!, tooth: line.tooth, surfaces: line.surfaces, serviceDate: line.serviceDate, quantity: line.quantity, chargedCents: charged[i]! })),
  };
}
