import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_RUN_STATES } from '../../core/workflows/payment-run.machine.ts';
import { RECONCILIATION } from '../../server/fhir/reconciliation.ts';
import { attachToReimbursement, call, claimInReview, sendEvent, signIn, submitToReview, useServer, verifiedForFreshPatient } from './helpers.ts';
import { codesOf, expectOutcome, expectValidResource, fhirGet, makeClient, tokenOf, type MadeClient } from './fhir-support.ts';

// Issue 27 on issue 26: a payment run that pays a client's claims, as the PaymentReconciliation the client reads.
const server = useServer({}, () => '2026-11-21');
// The demo staff: the desk that approves, treasury and its supervisor who run the payment.
let admin: string, analyst: string, auditor: string, treasury: string, supervisor: string;
let client: MadeClient;
let doctorId: number;
const SCOPES = ['system/Claim.c', 'system/PaymentReconciliation.r', 'system/PaymentReconciliation.s'];
const EXAMPLE = new URL('../../../shared/interop/fhir-r4/examples/PaymentReconciliation-ER2500.json', import.meta.url);

/** A claim the client sends for a fresh euro patient, then approved in the panel (documents, review, approval). */
async function approvedFhirClaim(n: number): Promise<number> {
  const verificationId = await verifiedForFreshPatient('FHIRPAY', { token: admin, serviceDate: '2026-11-18' });
  const [{ patient_id: patientId }] = await server.db.query<{ patient_id: number }>('SELECT patient_id FROM verifications WHERE id = $1', [verificationId]);
  const token = await tokenOf(client);
  const sent = await call('POST', '/fhir/R4/Claim', {
    token,
    headers: { 'content-type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Claim', identifier: [{ system: 'urn:practice:claims', value: `PAY-${n}` }], status: 'active', use: 'claim',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] }, patient: { reference: `Patient/${patientId}` },
      created: '2026-11-18', provider: { reference: `Practitioner/${doctorId}` }, priority: { coding: [{ code: 'normal' }] },
      insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patientId}` } }],
      item: [{ sequence: 1, productOrService: { coding: [{ code: 'D0120' }] }, servicedDate: '2026-11-18', net: { value: 60 + n, currency: 'EUR' } }],
    }),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const id = Number(sent.body.id);
  const draft = await call('GET', `/api/reimbursements/${id}`, { token: analyst });
  for (const documentType of draft.body.missingDocuments as string[]) expect((await attachToReimbursement(analyst, id, documentType)).status).toBe(201);
  await submitToReview({ analyst, auditor }, id);
  expect((await sendEvent('reimbursements', id, { type: 'APPROVE' }, auditor)).body.state).toMatch(/^(approved|partiallyApproved)$/);
  return id;
}

async function runEvent(id: number, body: Record<string, unknown>, token: string) {
  const [{ version }] = await server.db.query<{ version: number }>('SELECT version FROM payment_runs WHERE id = $1', [id]);
  const answer = await call('POST', `/api/payment-runs/${id}/events`, { token, body: { version, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The bank's pain.002 for the run, read from the items it holds: each transfer accepted but those named rejected. */
async function bankAnswer(runId: number, rejected: number[]): Promise<string> {
  const items = await server.db.query<{ run: string; group: string; folio: string; reimbursement_id: number }>(
    'SELECT pr.folio AS run, i.payment_information_id AS group, r.folio, i.reimbursement_id FROM payment_run_items i JOIN payment_runs pr ON pr.id = i.run_id JOIN reimbursements r ON r.id = i.reimbursement_id WHERE i.run_id = $1',
    [runId],
  );
  const groups = [...new Set(items.map((i) => i.group))].map((group) => {
    const txs = items.filter((i) => i.group === group).map((i) => {
      const status = rejected.includes(i.reimbursement_id) ? 'RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>' : 'ACSC</TxSts>';
      return `<TxInfAndSts><OrgnlEndToEndId>${i.folio}</OrgnlEndToEndId><TxSts>${status}</TxInfAndSts>`;
    });
    return `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${group}</OrgnlPmtInfId>${txs.join('')}</OrgnlPmtInfAndSts>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>BANK-FHIR</MsgId><CreDtTm>2026-11-25T09:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${items[0]!.run}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>${groups.join('')}</CstmrPmtStsRpt></Document>`;
}

beforeAll(async () => {
  [admin, analyst, auditor, treasury, supervisor] = await Promise.all(['admin', 'analista', 'auditor', 'tesoreria', 'supervisor'].map((u) => signIn(`${u}@demo.local`)));
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const insurers = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE currency = 'EUR'`);
  client = await makeClient(admin, { name: 'Clínica Pagada', scopes: SCOPES, insurerIds: insurers.map((i) => i.id), doctorIds: [doctorId] });
});

describe('PaymentReconciliation: a payment run paying the client’s claims', () => {
  it('maps every payment run state to R4 codes through one table', () => {
    for (const state of PAYMENT_RUN_STATES) {
      expect(codesOf('http://hl7.org/fhir/fm-status').has(RECONCILIATION[state].status), state).toBe(true);
      expect(codesOf('http://hl7.org/fhir/remittance-outcome').has(RECONCILIATION[state].outcome), state).toBe(true);
    }
  });

  it('is in the CapabilityStatement: read, and search by created and status', async () => {
    const metadata = await fhirGet(null, 'metadata');
    const entry = metadata.body.rest[0].resource.find((r: { type: string }) => r.type === 'PaymentReconciliation');
    expect(entry.interaction.map((i: { code: string }) => i.code).sort()).toEqual(['read', 'search-type']);
    expect(entry.searchParam.map((p: { name: string }) => p.name).sort()).toEqual(['created', 'status']);
  });

  it('shows the client’s payments only, queued until the bank answers, then partial with the rejected transfer noted', async () => {
    const paid = await approvedFhirClaim(1);
    const bounced = await approvedFhirClaim(2);
    // A claim of the panel's own in the same run: not this client's business.
    const verificationId = await verifiedForFreshPatient('FHIRPAY', { token: admin, serviceDate: '2026-11-18' });
    const own = await claimInReview({ analyst, auditor }, { verificationId, doctorId, payee: 'HOLDER', invoiceNumber: 'F-FHIRPAY', invoiceDate: '2026-11-18', invoicePaid: true, lines: [{ procedureCode: 'D0120', serviceDate: '2026-11-18', chargedCents: 7000 }] });
    await sendEvent('reimbursements', own.id, { type: 'APPROVE' }, auditor);
    const created = await call('POST', '/api/payment-runs', { token: treasury, body: { executionDate: '2026-11-24', reimbursementIds: [paid, bounced, own.id] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const runId = created.body.id as number;
    await runEvent(runId, { type: 'SUBMIT' }, treasury);
    await runEvent(runId, { type: 'APPROVE' }, supervisor);
    await runEvent(runId, { type: 'GENERATE' }, treasury);
    await runEvent(runId, { type: 'MARK_SENT' }, treasury);
    const token = await tokenOf(client);
    const amounts = new Map((await server.db.query<{ id: number; payable_cents: number }>('SELECT id, payable_cents FROM reimbursements WHERE id = ANY($1::int[])', [[paid, bounced]])).map((r) => [r.id, r.payable_cents / 100]));

    const queued = await fhirGet(token, `PaymentReconciliation/${runId}-EUR`);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expectValidResource(queued.body);
    expect(queued.body).toMatchObject({ status: 'active', outcome: 'queued', paymentDate: '2026-11-24', paymentAmount: { value: amounts.get(paid)! + amounts.get(bounced)!, currency: 'EUR' } });
    expect(queued.body.detail.map((d: { request: { reference: string } }) => d.request.reference)).toEqual([`Claim/${paid}`, `Claim/${bounced}`]);
    for (const code of queued.body.detail.map((d: { type: { coding: { code: string }[] } }) => d.type.coding[0]!.code)) expect(codesOf('http://terminology.hl7.org/CodeSystem/payment-type').has(code)).toBe(true);

    const form = new FormData();
    const [{ version }] = await server.db.query<{ version: number }>('SELECT version FROM payment_runs WHERE id = $1', [runId]);
    form.set('version', String(version));
    form.set('file', new Blob([await bankAnswer(runId, [bounced])], { type: 'application/xml' }), 'pain002.xml');
    const report = await call('POST', `/api/payment-runs/${runId}/status-reports`, { token: treasury, body: form });
    expect(report.status, JSON.stringify(report.body)).toBeLessThan(300);
    const answered = await fhirGet(token, `PaymentReconciliation/${runId}-EUR`);
    expectValidResource(answered.body);
    expect(answered.body).toMatchObject({ outcome: 'partial', paymentAmount: { value: amounts.get(paid) } });
    expect(answered.body.detail[0].amount.value).toBe(amounts.get(paid));
    expect(answered.body.detail[1].amount).toBeUndefined();
    expect(answered.body.processNote[0].text).toMatch(/AC04/);

    const search = await fhirGet(token, 'PaymentReconciliation?status=active');
    expectValidResource(search.body);
    expect(search.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([`${runId}-EUR`]);
    expect((await fhirGet(token, 'PaymentReconciliation?created=lt2026-01-01')).body.total).toBe(0);
    expectOutcome(await fhirGet(token, `PaymentReconciliation/${runId}-CLP`), 404, 'not-found');
    expectOutcome(await fhirGet(await tokenOf(client, 'system/Claim.c'), `PaymentReconciliation/${runId}-EUR`), 403, 'forbidden');
    const other = await makeClient(admin, { name: 'Otra', scopes: SCOPES, insurerIds: [1], doctorIds: [doctorId] });
    expectOutcome(await fhirGet(await tokenOf(other), `PaymentReconciliation/${runId}-EUR`), 404, 'not-found');

    // HL7's own example's shape: every element the answer carries is one the example carries too.
    if (fs.existsSync(EXAMPLE)) {
      const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
      expectValidResource(example);
      const keys = (o: object) => Object.keys(o).filter((k) => !['id', 'resourceType'].includes(k));
      expect(keys(answered.body).filter((k) => !(k in example))).toEqual([]);
      for (const detail of answered.body.detail) expect(keys(detail).filter((k) => !example.detail.some((d: object) => k in d))).toEqual([]);
    }
  });
});
