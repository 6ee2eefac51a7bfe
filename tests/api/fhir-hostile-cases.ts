/**
 * The hostile sweep's table (tests/api/fhir-hostile.test.ts): for each FHIR resource the API takes, a valid one and
 * every way of breaking it; for each read and search, ids and parameters that are not what they claim to be.
 */
type Json = Record<string, unknown>;
export interface World {
  patientId: number;
  currency: string;
  doctorId: number;
  foreignPatientId: number;
  foreignClaimId: number;
  foreignVerificationId: number;
}

export interface BodyCase {
  name: string;
  body: string | (() => string);
  contentType?: string;
  /** The FHIRPath every issue must name (absent: the body is not a resource, or not JSON at all). */
  expression?: RegExp;
}

const cdt = (code: string) => ({ coding: [{ system: 'http://www.ada.org/cdt', code }] });

function claim(w: World): Json {
  return {
    resourceType: 'Claim',
    identifier: [{ system: 'urn:practice:hostile', value: 'H-1' }],
    status: 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
    use: 'claim',
    patient: { reference: `Patient/${w.patientId}` },
    created: '2026-11-20',
    provider: { reference: `Practitioner/${w.doctorId}` },
    priority: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }] },
    insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${w.patientId}` } }],
    item: [{ sequence: 1, productOrService: cdt('D1110'), servicedDate: '2026-11-18', net: { value: 300, currency: w.currency } }],
  };
}

function eligibility(w: World): Json {
  return {
    resourceType: 'CoverageEligibilityRequest',
    identifier: [{ system: 'urn:practice:hostile', value: 'Q-1' }],
    status: 'active',
    purpose: ['validation', 'benefits'],
    patient: { reference: `Patient/${w.patientId}` },
    servicedDate: '2026-11-25',
    created: '2026-11-21',
    insurer: { reference: 'Organization/1' },
    insurance: [{ coverage: { reference: `Coverage/${w.patientId}` } }],
    item: [{ productOrService: cdt('D1110'), unitPrice: { value: 80, currency: w.currency } }],
  };
}

/** Sets a dotted path (`item.0.net.value`) on a deep copy. */
function withValue(resource: Json, path: string, value: unknown): Json {
  const copy = structuredClone(resource);
  const parts = path.split('.');
  let at: Json = copy;
  for (const part of parts.slice(0, -1)) at = at[part] as Json;
  if (value === undefined) delete at[parts.at(-1)!];
  else at[parts.at(-1)!] = value;
  return copy;
}

const fhirPath = (type: string, path: string) => `${type}${path.split('.').map((p) => (/^\d+$/.test(p) ? `\\[${p}\\]` : `\\.${p}`)).join('')}`;
/** Issues about this element (or one inside it). */
const at = (type: string, path: string) => new RegExp(`^${fhirPath(type, path)}(\\b|\\[|\\.|$)`);

const WRONG_TYPES: [string, unknown][] = [
  ['a number', 42],
  ['a string', 'x'],
  ['an empty list', []],
  ['an empty object', {}],
  ['null', null],
  ['true', true],
];
const BAD_DATES = ['2026-02-30', '2026-13-01', '20261120', '2026-11-20T25:61:00Z', '', '2026-11-20; DROP TABLE claims'];
const BAD_MONEY: [string, unknown][] = [
  ['negative', -1],
  ['zero', 0],
  ['huge', 1e308],
  ['infinite (1e999)', 'INFINITY'],
  ['a string', '100'],
  ['"NaN"', 'NaN'],
  ['finer than the currency’s minor unit', 0.001],
];
const INJECTIONS = ["1 OR 1=1", "1'; DROP TABLE reimbursements; --", '<script>alert(1)</script>', '%resource.id', "Patient.where(true)", '../1', '1/_history/1'];
const ODD_TEXT: [string, string][] = [
  ['NUL', 'H\u0000-1'],
  ['a lone surrogate', 'H-\ud800'],
  ['a right-to-left override', 'H-\u202e1-'],
  ['only spaces', '   '],
];

/** Every way of breaking a valid resource of this type (the required fields and those the server reads). */
function cases(type: string, valid: () => Json): BodyCase[] {
  const json = (make: () => Json) => () => JSON.stringify(make());
  const broken = (path: string, value: unknown) => json(() => withValue(valid(), path, value));
  const fields = Object.keys(valid()).filter((k) => k !== 'resourceType');
  // What the server needs (R4's 1.. elements it reads, and a claim's identifier: the key of a resubmission). R4 also
  // requires a claim's priority and a question's created and insurer, which are refused only when malformed.
  const required = type === 'Claim' ? ['identifier', 'status', 'type', 'use', 'patient', 'created', 'provider', 'insurance', 'item'] : ['status', 'purpose', 'patient'];
  const moneyPath = type === 'Claim' ? 'item.0.net.value' : 'item.0.unitPrice.value';
  const datePaths = type === 'Claim' ? ['created', 'item.0.servicedDate'] : ['created', 'servicedDate'];
  return [
    { name: 'text/plain', body: json(valid), contentType: 'text/plain' },
    { name: 'application/xml', body: '<Claim xmlns="http://hl7.org/fhir"/>', contentType: 'application/fhir+xml' },
    { name: 'form-encoded', body: 'resourceType=Claim', contentType: 'application/x-www-form-urlencoded' },
    { name: 'invalid JSON (cut short)', body: '{"resourceType": "Claim", "status": ' },
    { name: 'invalid JSON (single quotes)', body: "{'resourceType': 'Claim'}" },
    { name: 'an empty body', body: '' },
    ...['[]', '"Claim"', '42', 'null', 'true'].map((body) => ({ name: `JSON that is not an object: ${body}`, body })),
    { name: 'a body past the limit (2 MB)', body: json(() => ({ ...valid(), text: { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${'x'.repeat(2 * 1024 * 1024)}</div>` } })) },
    // Built as text: the test's own JSON.stringify would overflow on the first.
    { name: 'nesting 5,000 deep', body: () => `${JSON.stringify(valid()).slice(0, -1)},"extension":[${'['.repeat(5000)}${']'.repeat(5000)}]}` },
    { name: 'nesting just past the limit, in an extension', body: () => `${JSON.stringify(valid()).slice(0, -1)},"extension":[${'{"extension":['.repeat(40)}{}${']}'.repeat(40)}]}` },
    ...['Patient', type.toLowerCase(), 'OperationOutcome', 42, undefined].map((resourceType) => ({
      name: `resourceType ${JSON.stringify(resourceType)}`,
      body: broken('resourceType', resourceType),
      expression: at(type, 'resourceType'),
    })),
    { name: 'an unknown element', body: json(() => ({ ...valid(), secretDiscount: 90 })), expression: at(type, 'secretDiscount') },
    { name: 'an unknown element in an item', body: json(() => withValue(valid(), 'item.0.discount', 90)), expression: at(type, 'item.0.discount') },
    { name: 'a modifierExtension the server does not know', body: json(() => ({ ...valid(), modifierExtension: [{ url: 'urn:x:void', valueBoolean: true }] })), expression: at(type, 'modifierExtension') },
    ...fields.flatMap((field) => WRONG_TYPES.map(([what, value]) => ({ name: `${field} is ${what}`, body: broken(field, value), expression: at(type, field) }))),
    ...Object.keys((valid().item as Json[])[0]!).flatMap((field) =>
      WRONG_TYPES.filter(([, value]) => !(field === 'sequence' && value === 42)).map(([what, value]) => ({ name: `item[0].${field} is ${what}`, body: broken(`item.0.${field}`, value), expression: at(type, `item.0.${field}`) })),
    ),
    ...required.map((field) => ({ name: `${field} missing`, body: broken(field, undefined), expression: at(type, field) })),
    ...datePaths.flatMap((path) => BAD_DATES.map((date) => ({ name: `${path} ${JSON.stringify(date)}`, body: broken(path, date), expression: at(type, path) }))),
    ...BAD_MONEY.map(([what, value]) => ({
      name: `money ${what}`,
      body: value === 'INFINITY' ? () => broken(moneyPath, 1)().replace('"value":1,', '"value":1e999,') : broken(moneyPath, value),
      expression: at(type, moneyPath.replace(/\.value$/, '')),
    })),
    { name: 'money in another currency', body: broken(moneyPath.replace(/value$/, 'currency'), 'XXX'), expression: at(type, moneyPath.replace(/\.value$/, '')) },
    ...INJECTIONS.flatMap((injection) => [
      { name: `patient reference Patient/${injection}`, body: broken('patient.reference', `Patient/${injection}`), expression: at(type, 'patient') },
      { name: `procedure code ${injection}`, body: broken('item.0.productOrService.coding.0.code', injection), expression: at(type, 'item.0.productOrService') },
    ]),
    ...ODD_TEXT.map(([what, value]) => ({ name: `identifier with ${what}`, body: broken('identifier.0.value', value), expression: at(type, 'identifier.0.value') })),
    { name: 'a NUL in an unknown element', body: json(() => ({ ...valid(), note: 'a\u0000b' })), expression: at(type, 'note') },
    ...['Patient/0', 'Patient/-1', 'Patient/1.5', 'Patient/99999999999', 'Patient/abc', 'patient/1', 'Patient/ 1', 'http://evil.example/Patient/1'].map((reference) => ({
      name: `patient reference ${reference}`,
      body: broken('patient.reference', reference),
      expression: at(type, 'patient'),
    })),
    { name: 'a patient of an insurer the client does not act for', body: () => JSON.stringify(withValue(withValue(valid(), 'patient.reference', 'Patient/FOREIGN'), 'insurance.0.coverage.reference', 'Coverage/FOREIGN')), expression: at(type, 'patient') },
  ];
}

export const hostileBodies = { claim, eligibility, cases };

export interface GetCase {
  name: string;
  path: () => string;
  /** The one status it must answer. */
  status?: number;
  /** A search whose odd value may find nothing rather than be refused (a 200 Bundle of the client's own). */
  mayFindNothing?: boolean;
}

/** Reads and searches with ids that are not ids, other clients' records, and parameters that are not parameters. */
export function hostileGets(w: World): GetCase[] {
  const reads = ['Patient', 'Coverage', 'CoverageEligibilityResponse', 'Claim', 'ClaimResponse', 'ExplanationOfBenefit', 'PaymentReconciliation'];
  const badIds = ['0', '-1', 'abc', '1.5', '99999999999', '1%00', "1'%20OR%20'1'='1", '%3Cscript%3E', '1e3', '%E2%80%AE1', '%ED%A0%80'];
  const searches = ['Patient', 'Coverage', 'Claim', 'ClaimResponse', 'ExplanationOfBenefit', 'PaymentReconciliation'];
  const fixed = (path: string, more: Partial<GetCase> = {}): GetCase => ({ name: path, path: () => path, ...more });
  const foreign = (name: string, path: () => string): GetCase => ({ name: `another client's ${name}`, path, status: 404 });
  return [
    ...reads.flatMap((type) => badIds.map((id) => fixed(`${type}/${id}`))),
    foreign('patient (Patient)', () => `Patient/${w.foreignPatientId}`),
    foreign('patient (Coverage)', () => `Coverage/${w.foreignPatientId}`),
    foreign('claim (Claim)', () => `Claim/${w.foreignClaimId}`),
    foreign('claim (ClaimResponse)', () => `ClaimResponse/${w.foreignClaimId}`),
    foreign('claim (ExplanationOfBenefit)', () => `ExplanationOfBenefit/${w.foreignClaimId}`),
    foreign('eligibility answer', () => `CoverageEligibilityResponse/${w.foreignVerificationId}`),
    foreign('eligibility answer (as a pre-authorisation)', () => `ClaimResponse/pa-${w.foreignVerificationId}`),
    ...searches.flatMap((type) => [
      fixed(`${type}?_count=-1`),
      fixed(`${type}?_count=abc`),
      fixed(`${type}?_count=1000000`),
      fixed(`${type}?unknown=1`),
      fixed(`${type}?_count=1&_count=2`, { mayFindNothing: true }),
    ]),
    ...['Claim', 'ClaimResponse', 'ExplanationOfBenefit'].flatMap((type) => [
      fixed(`${type}?patient=Patient/abc`),
      fixed(`${type}?patient=1%20OR%201=1`),
      fixed(`${type}?created=2026-02-30`),
      fixed(`${type}?created=xx2026-11-20`),
      fixed(`${type}?status=%3Cscript%3E`),
    ]),
    fixed("Coverage?beneficiary=Patient/1%27"),
    fixed('Patient?identifier=%00'),
    fixed("Patient?identifier=1'%20OR%20'1'='1", { mayFindNothing: true }),
    fixed('Patient?identifier=%ED%A0%80', { mayFindNothing: true }),
    fixed("PaymentReconciliation/1-XXX%27"),
    fixed('Claim/1/_history/1'),
    fixed('Observation/1'),
  ];
}
