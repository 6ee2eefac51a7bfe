import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatMinor, minorToMajor } from '@core/benefits/currency.ts';
import { addDays } from '@core/benefits/dates.ts';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { systemToday } from '../../server/clock.ts';
import { parseCsv } from '../support/csv.ts';
import { useExportServer } from './export-server.ts';
import { textPdf } from '../../server/seed/demo-documents.ts';

// Issue 28 item 6: the claims export by line ("Reembolsos por línea"): one row per line, with the claim's folio, the
// line's code and tooth, its decision in words (Aprobada / Reducida / Rechazada), the reason's code and text, what
// the reviewer cut, the excess over the maximum and what it covers; CSV and XLSX as the other exports write them.
const exportServer = useExportServer();
const COLUMNS = ['folio', 'line', 'procedureCode', 'tooth', 'decision', 'reasonCode', 'reasonText', 'reviewCutCents', 'excessCents', 'coveredCents'].map((field) => ({ field, label: field }));

/** An event with the record's current version, on the export server (helpers.ts' sendEvent works on useServer's). */
async function sendEvent(kind: 'verifications' | 'reimbursements', id: number, body: Record<string, unknown>, token: string) {
  const { server } = exportServer;
  const current = await server.call('GET', `/api/${kind}/${id}`, { token });
  return server.call('POST', `/api/${kind}/${id}/events`, { token, body: { version: current.body.version, ...body } });
}

type Line = { id: number; procedureCode: string; coveredCents: number; excessCents: number; reviewCutCents: number | null };

/** A claim of three lines approved by the auditor: the crown reduced (05), the cleaning as checked, the exam rejected (35). */
async function decidedClaim() {
  const { server, admin } = exportServer;
  const serviceDate = addDays(systemToday(), -3);
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
     SELECT po.id, 'OTHER_DEPENDENT', 'Prueba', 'Líneas', '1980-05-05', '2024-01-01', 'DNI', 'LIN28-1', 'CRED-LIN28-1'
       FROM policies po JOIN insurers i ON i.id = po.insurer_id WHERE po.state = 'ACTIVE' AND i.currency = 'EUR' ORDER BY po.id LIMIT 1
     RETURNING id`,
  );
  const verification = await server.call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: serviceDate } });
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-LIN28' }, admin);
  const [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const analyst = await server.signIn('analista@demo.local');
  const auditor = await server.signIn('auditor@demo.local');
  const lines = [
    { procedureCode: 'D2740', tooth: '16', serviceDate, chargedCents: 60_000 },
    { procedureCode: 'D1110', serviceDate, chargedCents: 9_000 },
    { procedureCode: 'D0120', serviceDate, chargedCents: 6_000 },
  ];
  const created = await server.call('POST', '/api/reimbursements', { token: analyst, body: { verificationId: verification.body.id, doctorId, invoiceNumber: 'F-LIN28', invoiceDate: serviceDate, lines } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const documentType of created.body.missingDocuments as string[]) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ownerType: 'reimbursement', ownerId: String(created.body.id), documentType })) form.set(key, value);
    form.set('file', new File([textPdf([documentType]).slice()], `${documentType}.pdf`));
    expect((await server.call('POST', '/api/attachments', { token: analyst, body: form })).status).toBe(201);
  }
  const claim = (await sendEvent('reimbursements', created.body.id, { type: 'SUBMIT' }, analyst)).body;
  expect(claim.state, JSON.stringify(claim)).toBe('inReview');
  const [crown, , exam] = claim.lines as Line[];
  const reviewed = await sendEvent('reimbursements', claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'REDUCE', findings: 'Corona con pronóstico reservado', lines: [{ lineId: crown!.id, decision: 'REDUCE', amountCents: 10_000, reasonCode: '05' }] }, auditor);
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  const approved = await sendEvent('reimbursements', claim.id, { type: 'APPROVE', lines: [{ lineId: exam!.id, decision: 'REJECT', reasonCode: '35' }] }, auditor);
  expect(approved.body.state, JSON.stringify(approved.body)).toBe('partiallyApproved');
  return approved.body as { folio: string; currency: string; lines: Line[] };
}

async function exported(body: Record<string, unknown>) {
  const { server, admin } = exportServer;
  const queued = await server.call('POST', '/api/downloads', { token: admin, body: { reason: 'Auditoría de decisiones', list: 'reimbursement-lines', columns: COLUMNS, ...body } });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  await exportServer.runQueue();
  const response = await server.api.request(`http://localhost/api/downloads/${queued.body.id}/content`, { headers: { authorization: `Bearer ${admin}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('the claims export by line (issue 28 item 6)', () => {
  it('CSV in Spanish: a row per line, the decision in words, the reason and its text, the cut, the excess and the cover', async () => {
    const claim = await decidedClaim();
    const text = new TextDecoder().decode(await exported({ format: 'csv', filters: { q: claim.folio } }));
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.label));
    const money = (cents: number | null) => (cents === null ? '' : formatMinor(cents, claim.currency, 'es'));
    const [crown, cleaning, exam] = claim.lines;
    expect(rows.slice(1)).toEqual([
      [claim.folio, '1', 'D2740', '16', 'Reducida', '05', es['reason.05'], money(crown!.reviewCutCents), money(crown!.excessCents), money(crown!.coveredCents)],
      [claim.folio, '2', 'D1110', '', 'Aprobada', '', '', '', money(cleaning!.excessCents), money(cleaning!.coveredCents)],
      [claim.folio, '3', 'D0120', '', 'Rechazada', '35', es['reason.35'], money(exam!.reviewCutCents), money(exam!.excessCents), money(exam!.coveredCents)],
    ]);
    expect(crown!.reviewCutCents).toBeGreaterThan(0);

    // XLSX: the same rows, amounts as numbers with the currency's decimals.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported({ format: 'xlsx', filters: { q: claim.folio } })).buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(5).value).toBe('Reducida');
    expect(sheet.getRow(2).getCell(8).value).toBe(minorToMajor(crown!.reviewCutCents!, claim.currency));
    expect(sheet.getRow(4).getCell(7).value).toBe(es['reason.35']);
  });

  it('refuses a column a line export does not have, naming it (400)', async () => {
    const { server, admin } = exportServer;
    const refused = await server.call('POST', '/api/downloads', { token: admin, body: { reason: 'x', list: 'reimbursement-lines', format: 'csv', filters: {}, columns: [{ field: 'patientName', label: 'Paciente' }] } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('patientName');
  });
});
