import { beforeAll, describe, expect, it } from 'vitest';
import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';
import { REIMBURSEMENT_STATES } from '../../core/workflows/reimbursement.machine.ts';
import { CLAIM_RESPONSE } from '../../server/fhir/claim-response.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { attachToReimbursement, call, sendEvent, signIn, useServer } from './helpers.ts';
import { codesOf, expectOutcome, expectValidResource, fhirGet, makeClient, tokenOf, type MadeClient } from './fhir-support.ts';

const today = '2026-11-21';
const server = useServer({}, () => today);
let admin: string;
let analyst: string;
let auditor: string;
let treasury: string;
let client: MadeClient;
let doctorId: number;
let otherDoctorId: number;
let patients: { id: number; currency: string }[] = [];

const SCOPES = ['system/Claim.c', 'system/Claim.r', 'system/Claim.s', 'system/ClaimResponse.r', 'system/ClaimResponse.s', 'system/ExplanationOfBenefit.r', 'system/ExplanationOfBenefit.s'];

const submit = (token: string, body: unknown) => call('POST', '/fhir/R4/Claim', { token, body: JSON.stringify(body), headers: { 'content-type': 'application/fhir+json' } });

/** An oral claim as a practice sends it: a cleaning and a one-surface composite on 36. */
function oralClaim(patient: { id: number; currency: string }, key: string, overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'Claim',
    identifier: [{ system: 'urn:practice:claims', value: key }],
    status: 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
    use: 'claim',
    patient: { reference: `Patient/${patient.id}` },
    created: '2026-11-20',
    insurer: { reference: 'Organization/1' },
    provider: { reference: `Practitioner/${doctorId}` },
    priority: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }] },
    payee: { type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/payeetype', code: 'subscriber' }] } },
    insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patient.id}` } }],
    item: [
      { sequence: 1, productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D1110' }] }, servicedDate: '2026-11-18', net: { value: 300, currency: patient.currency } },
      {
        sequence: 2,
        productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D2391' }] },
        servicedDate: '2026-11-18',
        bodySite: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-tooth', code: '36' }] },
        subSite: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/FDI-surface', code: 'O' }] }],
        unitPrice: { value: 450, currency: patient.currency },
      },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  const rows = await server.db.query<{ id: number; insurer_id: number; currency: string }>(
    `SELECT p.id, po.insurer_id, i.currency FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND p.birth_date < '2000-01-01' AND p.enrolled_on < '2025-06-01' AND po.ends_on > '2026-12-31'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
        AND NOT EXISTS (SELECT 1 FROM reimbursements r WHERE r.patient_id = p.id)
      ORDER BY p.id`,
  );
  patients = rows.map((r) => ({ id: r.id, currency: r.currency.trim() }));
  // Each test claims for patients of its own, so what it finds by patient is what it sent; the last one takes the
  // claims no test looks for by patient.
  expect(patients.length).toBeGreaterThan(7);
  [{ id: doctorId }, { id: otherDoctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 2`);
  client = await makeClient(admin, { scopes: SCOPES, insurerIds: [...new Set(rows.map((r) => r.insurer_id))], doctorIds: [doctorId] });
});

describe('Claim → reimbursement draft → ClaimResponse → ExplanationOfBenefit', () => {
  it('maps every reimbursement state to R4 codes through one table; only decided claims have an explanation of benefit', () => {
    const statuses = codesOf('http://hl7.org/fhir/fm-status');
    const outcomes = codesOf('http://hl7.org/fhir/remittance-outcome');
    for (const state of REIMBURSEMENT_STATES) {
      expect(statuses.has(CLAIM_RESPONSE[state].status), state).toBe(true);
      expect(outcomes.has(CLAIM_RESPONSE[state].outcome), state).toBe(true);
    }
    expect(REIMBURSEMENT_STATES.filter((s) => CLAIM_RESPONSE[s].decided).sort()).toEqual(['approved', 'paid', 'partiallyApproved', 'rejected']);
  });

  it('makes a draft with the lines (CDT, FDI tooth, surface), answers a queued ClaimResponse, and is idempotent by identifier', async () => {
    const token = await tokenOf(client);
    const patient = patients[0]!;
    const claim = oralClaim(patient, 'C-1');
    const sent = await submit(token, claim);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const response = sent.body;
    expectValidResource(response);
    expect(response).toMatchObject({ resourceType: 'ClaimResponse', status: 'active', outcome: 'queued', use: 'claim', request: { identifier: { value: 'C-1' } } });
    const adjudication = codesOf('http://terminology.hl7.org/CodeSystem/adjudication');
    for (const code of fhirpath.evaluate(response, 'item.adjudication.category.coding.code', undefined, r4) as string[]) expect(adjudication.has(code)).toBe(true);
    const [row] = await server.db.query<{ state: string; doctor_id: number; integration_client_id: number; source_identifier: string; claimed_cents: number }>(
      'SELECT state, doctor_id, integration_client_id, source_identifier, claimed_cents FROM reimbursements WHERE id = $1',
      [Number(response.id)],
    );
    expect(row).toMatchObject({ state: 'draft', doctor_id: doctorId, integration_client_id: client.id, source_identifier: 'urn:practice:claims|C-1' });
    const lines = await server.db.query('SELECT procedure_code, tooth, surfaces, service_date::text AS service_date FROM reimbursement_lines WHERE reimbursement_id = $1 ORDER BY position', [Number(response.id)]);
    expect(lines).toEqual([
      { procedure_code: 'D1110', tooth: null, surfaces: null, service_date: '2026-11-18' },
      { procedure_code: 'D2391', tooth: '36', surfaces: 'O', service_date: '2026-11-18' },
    ]);
    const [{ n: before }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reimbursements');
    // The same claim again (keys in another order) answers the same response; another claim under the identifier is refused.
    const again = await submit(token, JSON.parse(JSON.stringify({ ...claim, resourceType: 'Claim' })));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(response.id);
    expectOutcome(await submit(token, oralClaim(patient, 'C-1', { created: '2026-11-19' })), 409, 'duplicate');
    const [{ n: after }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reimbursements');
    expect(after).toBe(before);
    // The panel shows it in Reembolsos.
    const panel = await call('GET', `/api/reimbursements/${response.id}`, { token: analyst });
    expect(panel.status).toBe(200);
    // …saying which client it came from.
    expect(panel.body.source).toEqual({ clientName: 'Clínica Dental Norte' });
  });

  it('approved and paid in the panel: the ClaimResponse completes and the explanation of benefit shows the payment', async () => {
    const token = await tokenOf(client);
    const sent = await submit(token, oralClaim(patients[1]!, 'C-2'));
    const id = Number(sent.body.id);
    expectOutcome(await fhirGet(token, `ExplanationOfBenefit/${id}`), 404, 'not-found');
    const draft = await call('GET', `/api/reimbursements/${id}`, { token: analyst });
    for (const documentType of draft.body.missingDocuments as string[]) expect((await attachToReimbursement(analyst, id, documentType)).status).toBe(201);
    const submitted = await sendEvent('reimbursements', id, { type: 'SUBMIT' }, analyst);
    expect(submitted.body.state, JSON.stringify(submitted.body)).toBe('inReview');
    if (submitted.body.medicalReview.reasons.includes('sample')) await sendEvent('reimbursements', id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    expect((await fhirGet(token, `ClaimResponse/${id}`)).body.outcome).toBe('queued');
    const approved = await sendEvent('reimbursements', id, { type: 'APPROVE' }, auditor);
    expect(['approved', 'partiallyApproved'], JSON.stringify(approved.body)).toContain(approved.body.state);
    const decided = await fhirGet(token, `ClaimResponse/${id}`);
    expect(decided.body.outcome).toBe(CLAIM_RESPONSE[approved.body.state as 'approved'].outcome);
    const paid = await sendEvent('reimbursements', id, { type: 'PAY', reference: 'TRF-FHIR-1', reason: 'Pago excepcional' }, treasury);
    expect(paid.body.state).toBe('paid');
    const eob = await fhirGet(token, `ExplanationOfBenefit/${id}`);
    expect(eob.status).toBe(200);
    expectValidResource(eob.body);
    expect(eob.body).toMatchObject({ outcome: 'complete', provider: { reference: `Practitioner/${doctorId}` }, payment: { identifier: { value: 'TRF-FHIR-1' } } });
    expect(eob.body.item[1]).toMatchObject({ bodySite: { coding: [{ code: '36' }] }, subSite: [{ coding: [{ code: 'O' }] }] });
    expect(eob.body.payment.amount.value).toBeGreaterThan(0);
    expect(codesOf('http://terminology.hl7.org/CodeSystem/ex-tooth').has(eob.body.item[1].bodySite.coding[0].code)).toBe(true);
    expect(codesOf('http://terminology.hl7.org/CodeSystem/FDI-surface').has(eob.body.item[1].subSite[0].coding[0].code)).toBe(true);
    // The totals' benefit is what was paid.
    expect(fhirpath.evaluate(eob.body, "total.where(category.coding.code = 'benefit').amount.value = payment.amount.value", undefined, r4)).toEqual([true]);
    const search = await fhirGet(token, `ExplanationOfBenefit?patient=Patient/${patients[1]!.id}`);
    expect(search.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(id)]);
    for (const entry of search.body.entry) expectValidResource(entry.resource);
  });

  it('searches claim responses by patient, date and status', async () => {
    const token = await tokenOf(client);
    expect((await submit(token, oralClaim(patients[5]!, 'R-1'))).status).toBe(201);
    expect((await submit(token, oralClaim(patients[7]!, 'R-2'))).status).toBe(201);
    const byPatient = await fhirGet(token, `ClaimResponse?patient=${patients[5]!.id}`);
    expect(byPatient.body.total).toBe(1);
    expectValidResource(byPatient.body);
    expect((await fhirGet(token, `ClaimResponse?created=ge${today}&status=active`)).body.total).toBeGreaterThanOrEqual(2);
    expect((await fhirGet(token, 'ClaimResponse?created=lt2026-01-01')).body.total).toBe(0);
    expect((await fhirGet(token, 'ClaimResponse?status=cancelled')).body.total).toBe(0);
    expectOutcome(await fhirGet(token, 'ClaimResponse?created=ge2026-13-45'), 400, 'invalid');
  });

  it('reads a claim sent by id, as the panel holds it, and searches claims by patient, date and status', async () => {
    const token = await tokenOf(client);
    const patient = patients[6]!;
    expect((await submit(token, oralClaim(patient, 'C-3'))).status).toBe(201);
    expect((await submit(token, oralClaim(patients[7]!, 'C-4'))).status).toBe(201);
    const [{ id }] = await server.db.query<{ id: number }>('SELECT id FROM reimbursements WHERE integration_client_id = $1 AND patient_id = $2', [client.id, patient.id]);
    const read = await fhirGet(token, `Claim/${id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expectValidResource(read.body);
    expect(read.body).toMatchObject({ resourceType: 'Claim', id: String(id), status: 'active', use: 'claim', patient: { reference: `Patient/${patient.id}` }, provider: { reference: `Practitioner/${doctorId}` } });
    // Both identifiers: the practice's own and the panel's folio.
    expect(read.body.identifier.map((i: { value: string }) => i.value)).toEqual(['C-3', expect.stringMatching(/\S/)]);
    expect(read.body.item.map((i: { productOrService: { coding: { code: string }[] } }) => i.productOrService.coding[0]!.code)).toEqual(['D1110', 'D2391']);
    expect(fhirpath.evaluate(read.body, 'item.where(bodySite.exists()).subSite.coding.code', undefined, r4)).toEqual(['O']);
    const byPatient = await fhirGet(token, `Claim?patient=Patient/${patient.id}`);
    expectValidResource(byPatient.body);
    expect(byPatient.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(id)]);
    for (const entry of byPatient.body.entry) expectValidResource(entry.resource);
    expect((await fhirGet(token, `Claim?created=ge${today}&status=active`)).body.total).toBeGreaterThanOrEqual(2);
    expect((await fhirGet(token, 'Claim?status=cancelled')).body.total).toBe(0);
    expect((await fhirGet(token, 'Claim?created=lt2026-01-01')).body.total).toBe(0);
    expectOutcome(await fhirGet(token, 'Claim/999999'), 404, 'not-found');
    expectOutcome(await fhirGet(await tokenOf(client, 'system/Claim.c'), `Claim/${id}`), 403, 'forbidden');
  });

  it('a pre-authorisation is queued for a verifier, a predetermination answers its estimate', async () => {
    const token = await tokenOf(client);
    const pre = await submit(token, oralClaim(patients[2]!, 'P-1', { use: 'preauthorization' }));
    expect(pre.status, JSON.stringify(pre.body)).toBe(201);
    expectValidResource(pre.body);
    expect(pre.body).toMatchObject({ use: 'preauthorization', outcome: 'queued', id: expect.stringMatching(/^pa-\d+$/) });
    expect((await fhirGet(token, `ClaimResponse/${pre.body.id}`)).body.outcome).toBe('queued');
    const estimate = await submit(token, oralClaim(patients[3]!, 'E-1', { use: 'predetermination' }));
    expectValidResource(estimate.body);
    expect(estimate.body).toMatchObject({ use: 'predetermination', outcome: 'complete' });
    const benefits = estimate.body.item.map((i: { adjudication: { category: { coding: { code: string }[] }; amount?: { value: number } }[] }) => i.adjudication.find((a) => a.category.coding[0]!.code === 'benefit')?.amount?.value ?? 0);
    expect(Math.max(...benefits), JSON.stringify(estimate.body)).toBeGreaterThan(0);
    const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reimbursements WHERE patient_id = ANY($1::int[])', [[patients[2]!.id, patients[3]!.id]]);
    expect(n).toBe(0);
  });

  it('refuses bad claims with the FHIRPath of each problem and stores nothing', async () => {
    const token = await tokenOf(client);
    const patient = patients[0]!;
    const [{ n: before }] = await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM reimbursements) + (SELECT count(*) FROM verifications) AS n');
    const bad = expectOutcome(
      await submit(token, {
        ...oralClaim(patient, 'B-1'),
        identifier: [],
        use: 'invoice',
        provider: { reference: `Practitioner/${otherDoctorId}` },
        item: [{ productOrService: { coding: [{ code: 'D2391' }] }, bodySite: { coding: [{ code: '99' }] }, net: { value: 10, currency: patient.currency } }, { productOrService: { coding: [{ code: 'D1110' }] }, subSite: [{ coding: [{ code: 'O' }] }] }],
      }),
      400,
      'code-invalid',
    );
    expect(bad.issue.flatMap((i) => i.expression)).toEqual(
      expect.arrayContaining(['Claim.use', 'Claim.identifier[0].value', 'Claim.provider.reference', 'Claim.item[0].bodySite', 'Claim.item[1].bodySite']),
    );
    expectOutcome(await submit(token, oralClaim(patient, 'B-2', { item: [{ productOrService: { coding: [{ code: 'D1110' }] } }] })), 400, 'required');
    expectOutcome(await submit(token, oralClaim(patient, 'B-3', { type: { coding: [{ code: 'vision' }] } })), 400, 'code-invalid');
    expectOutcome(await submit(token, oralClaim({ id: 999999, currency: 'EUR' }, 'B-4')), 404, 'not-found');
    const [{ n: after }] = await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM reimbursements) + (SELECT count(*) FROM verifications) AS n');
    expect(after).toBe(before);
  });

  it('stores supportingInfo attachments as the claim’s documents; the panel reads the resource as it was sent', async () => {
    const token = await tokenOf(client);
    const patient = patients[4]!;
    const invoice = Buffer.from(textPdf(['Factura 77'])).toString('base64');
    const attachment = (data: string, contentType = 'application/pdf') => ({ contentType, data, title: 'factura-77.pdf' });
    const info = (data: string, contentType?: string) => [
      { sequence: 1, category: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claiminformationcategory', code: 'attachment' }] }, code: { coding: [{ system: 'urn:dental-backoffice:document-type', code: 'INVOICE' }] }, valueAttachment: attachment(data, contentType) },
    ];
    const [{ n: before }] = await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM reimbursements) + (SELECT count(*) FROM attachments) AS n');
    const bad = expectOutcome(await submit(token, oralClaim(patient, 'A-1', { supportingInfo: [...info('bm90IGEgcGRm'), ...info(invoice, 'image/png')] })), 400, 'value');
    expect(bad.issue.flatMap((i) => i.expression)).toEqual(['Claim.supportingInfo[0].valueAttachment.data', 'Claim.supportingInfo[1].valueAttachment.contentType']);
    const [{ n: after }] = await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM reimbursements) + (SELECT count(*) FROM attachments) AS n');
    expect(after).toBe(before);
    const sent = await submit(token, oralClaim(patient, 'A-2', { supportingInfo: info(invoice) }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const documents = await call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${sent.body.id}`, { token: analyst });
    expect(documents.status, JSON.stringify(documents.body)).toBe(200);
    expect(documents.body.items).toEqual([expect.objectContaining({ documentType: 'INVOICE', fileName: 'factura-77.pdf', mime: 'application/pdf' })]);
    const record = await call('GET', `/api/reimbursements/${sent.body.id}`, { token: analyst });
    expect(record.body.missingDocuments).not.toContain('INVOICE');
    const source = await call('GET', `/api/reimbursements/${sent.body.id}/source`, { token: analyst });
    expect(source.status).toBe(200);
    expect(source.body).toMatchObject({ clientName: 'Clínica Dental Norte', resource: { resourceType: 'Claim', identifier: [{ value: 'A-2' }] } });
    const [{ verification_id: verificationId }] = await server.db.query<{ verification_id: number }>('SELECT verification_id FROM reimbursements WHERE id = $1', [Number(sent.body.id)]);
    const made = await call('GET', `/api/verifications/${verificationId}/source`, { token: admin });
    expect(made.body.resource.resourceType).toBe('Claim');
    // A record entered in the panel has no FHIR resource.
    const [{ id: panelMade }] = await server.db.query<{ id: number }>('SELECT id FROM reimbursements WHERE integration_client_id IS NULL ORDER BY id LIMIT 1');
    expect((await call('GET', `/api/reimbursements/${panelMade}/source`, { token: analyst })).status).toBe(404);
  });

  it('refuses a token without the scope, and another client’s claims', async () => {
    const readOnly = await tokenOf(client, 'system/ClaimResponse.r');
    expectOutcome(await submit(readOnly, oralClaim(patients[0]!, 'S-1')), 403, 'forbidden');
    expectOutcome(await fhirGet(readOnly, 'ExplanationOfBenefit?patient=1'), 403, 'forbidden');
    const sent = await submit(await tokenOf(client), oralClaim(patients[7]!, 'S-2'));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const other = await makeClient(admin, { name: 'Otra', scopes: SCOPES, insurerIds: [1], doctorIds: [doctorId] });
    expectOutcome(await fhirGet(await tokenOf(other), `ClaimResponse/${sent.body.id}`), 404, 'not-found');
  });
});
