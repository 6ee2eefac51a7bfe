// Issue 27: a pre-authorisation sent as a Claim (`use: preauthorization`) carries its supportingInfo files like a
// claim does; they become the documents of the verification the verifier works, held to the same rules, and a
// refused request leaves neither rows nor files.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { call, signIn, useServer } from './helpers.ts';
import { expectOutcome, makeClient, tokenOf } from './fhir-support.ts';

const server = useServer({}, () => '2026-11-21');
let token: string;
let verifier: string;
let patient: { id: number; currency: string };
let doctorId: number;

const submit = (body: unknown) => call('POST', '/fhir/R4/Claim', { token, body: JSON.stringify(body), headers: { 'content-type': 'application/fhir+json' } });
const pdf = (text: string) => Buffer.from(textPdf([text])).toString('base64');
const document = (code: string, data: string, title: string, contentType = 'application/pdf') => ({
  sequence: 1,
  category: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claiminformationcategory', code: 'attachment' }] },
  code: { coding: [{ system: 'urn:dental-backoffice:document-type', code }] },
  valueAttachment: { contentType, data, title },
});

/** A crown on 36 asked for pre-authorisation, with these files. */
const preauthorization = (supportingInfo: unknown[]) => ({
  resourceType: 'Claim',
  identifier: [{ system: 'urn:practice:preauth', value: 'PA-1' }],
  status: 'active',
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
  use: 'preauthorization',
  patient: { reference: `Patient/${patient.id}` },
  created: '2026-11-21',
  provider: { reference: `Practitioner/${doctorId}` },
  insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${patient.id}` } }],
  supportingInfo: supportingInfo.map((info, i) => ({ ...(info as object), sequence: i + 1 })),
  item: [{ sequence: 1, productOrService: { coding: [{ system: 'http://www.ada.org/cdt', code: 'D2750' }] }, servicedDate: '2026-12-01', bodySite: { coding: [{ code: '36' }] }, net: { value: 900, currency: patient.currency } }],
});

async function stored() {
  const [row] = await server.db.query<{ verifications: number; attachments: number }>(
    'SELECT (SELECT count(*)::int FROM verifications) AS verifications, (SELECT count(*)::int FROM attachments) AS attachments',
  );
  return { ...row!, files: fs.readdirSync(server.server.filesDir).length };
}

beforeAll(async () => {
  const admin = await signIn('admin@demo.local');
  verifier = await signIn('verificador@demo.local');
  const [row] = await server.db.query<{ id: number; insurer_id: number; currency: string }>(
    `SELECT p.id, po.insurer_id, i.currency FROM patients p JOIN policies po ON po.id = p.policy_id JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND p.birth_date < '2000-01-01' AND p.enrolled_on < '2025-06-01' AND po.ends_on > '2026-12-31'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
      ORDER BY p.id LIMIT 1`,
  );
  patient = { id: row!.id, currency: row!.currency.trim() };
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const client = await makeClient(admin, { scopes: ['system/Claim.c', 'system/ClaimResponse.r'], insurerIds: [row!.insurer_id], doctorIds: [doctorId] });
  token = await tokenOf(client);
});

describe('a pre-authorisation’s supportingInfo files', () => {
  it('refuses a file the uploads refuse, storing nothing: no verification, no attachment, no file', async () => {
    const before = await stored();
    const refused = expectOutcome(await submit(preauthorization([document('TREATMENT_PLAN', pdf('Plan'), 'plan.pdf'), document('XRAY_INITIAL', 'bm90IGEgcGRm', 'rx.png', 'image/png')])), 400, 'value');
    expect(refused.issue.flatMap((i) => i.expression)).toEqual(['Claim.supportingInfo[1].valueAttachment.data']);
    const mislabelled = expectOutcome(await submit(preauthorization([document('TREATMENT_PLAN', pdf('Plan'), 'plan.png', 'image/png')])), 400, 'code-invalid');
    expect(mislabelled.issue.flatMap((i) => i.expression)).toEqual(['Claim.supportingInfo[0].valueAttachment.contentType']);
    expect(await stored()).toEqual(before);
  });

  it('stores them with the verification queued for the verifier, once however often the question is sent', async () => {
    const before = await stored();
    const files = [document('TREATMENT_PLAN', pdf('Plan de tratamiento 36'), 'plan-36.pdf'), document('XRAY_INITIAL', pdf('Radiografía 36'), 'rx-36.pdf')];
    const sent = await submit(preauthorization(files));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ use: 'preauthorization', outcome: 'queued' });
    const verificationId = Number(String(sent.body.id).slice(3));
    const read = async () => (await call('GET', `/api/attachments?ownerType=verification&ownerId=${verificationId}`, { token: verifier })).body.items as { documentType: string; fileName: string; mime: string; clinical: boolean }[];
    const documents = await read();
    expect(documents.map(({ documentType, fileName, mime }) => ({ documentType, fileName, mime })).sort((a, b) => a.fileName.localeCompare(b.fileName))).toEqual([
      { documentType: 'TREATMENT_PLAN', fileName: 'plan-36.pdf', mime: 'application/pdf' },
      { documentType: 'XRAY_INITIAL', fileName: 'rx-36.pdf', mime: 'application/pdf' },
    ]);
    expect(await stored()).toEqual({ verifications: before.verifications + 1, attachments: before.attachments + 2, files: before.files + 2 });
    // Sent again while it waits: the same verification answers, its documents are not doubled; a new file joins them.
    const again = await submit({ ...preauthorization([...files, document('DENTAL_REPORT', pdf('Informe'), 'informe.pdf')]), identifier: [{ system: 'urn:practice:preauth', value: 'PA-2' }] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).toBe(sent.body.id);
    expect((await read()).map((d) => d.documentType).sort()).toEqual(['DENTAL_REPORT', 'TREATMENT_PLAN', 'XRAY_INITIAL']);
    expect(await stored()).toEqual({ verifications: before.verifications + 1, attachments: before.attachments + 3, files: before.files + 3 });
  });
});
