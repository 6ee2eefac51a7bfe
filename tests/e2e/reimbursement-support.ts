import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { textPdf } from '../../server/db/demo-documents.ts';
import { apiToken, authHeader } from './fixtures.ts';

/** A day `days` before today, `YYYY-MM-DD` in the browser's (and server's) calendar. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toLocaleDateString('en-CA');

export async function api(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const response = await request[method](path, { headers: authHeader(token), data });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A patient of an active policy, adult, with no open verification (so a new one can be made for them). */
export async function freePatient(request: APIRequestContext, token: string, skip: number[] = []): Promise<{ id: number; name: string }> {
  const patients = await api(request, token, 'get', '/api/patients?pageSize=100&state=ACTIVE');
  const open = await api(request, token, 'get', '/api/verifications?group=open&pageSize=100');
  const busy = new Set((open.items as { patientId: number }[]).map((v) => v.patientId));
  for (const patient of patients.items as { id: number; name: string; birthDate: string }[]) {
    if (!skip.includes(patient.id) && !busy.has(patient.id) && patient.birthDate < '2005-01-01') return { id: patient.id, name: patient.name };
  }
  throw new Error('No adult patient without an open verification');
}

/** A general verification of the patient, pending (as a verifier finds it in the worklist). */
export async function pendingVerification(request: APIRequestContext, token: string, patientId: number) {
  return api(request, token, 'post', '/api/verifications', { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: daysAgo(2) });
}

/** The same, verified through the API (start, record eligible), as the reimbursement screens start from. */
export async function verifiedVerification(request: APIRequestContext, patientId: number) {
  const token = await apiToken(request);
  const created = await pendingVerification(request, token, patientId);
  const started = await api(request, token, 'post', `/api/verifications/${created.id}/events`, { type: 'START', version: created.version });
  const verified = await api(request, token, 'post', `/api/verifications/${created.id}/events`, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', version: started.version });
  expect(verified.state).toBe('verified');
  return verified as { id: number; folio: string; patientName: string };
}

export const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(textPdf([name])) });
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: PNG.sync.write(Object.assign(new PNG({ width: 24, height: 24 }), { data: Buffer.alloc(24 * 24 * 4, 200) })),
});

/** Drops a file on the page's drop zone as a drag from the desktop would. */
export async function dropFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

/** Types one procedure line into the line of that number (1-based) of the creation flow. */
export async function typeLine(page: Page, n: number, line: { code: string; tooth?: string; surfaces?: string[]; date?: string; amount: string }) {
  const row = page.locator(`[data-line="${n}"]`);
  await row.getByLabel(/^(Código|コード)$/).fill(line.code);
  if (line.tooth) {
    await row.getByRole('button', { name: /Odontograma|歯式図/ }).click();
    await page.getByRole('group', { name: /Piezas dentales|歯（FDI）/ }).getByRole('button', { name: line.tooth, exact: true }).click();
  }
  for (const surface of line.surfaces ?? []) await row.getByRole('button', { name: surface }).click();
  if (line.date) await row.getByLabel(/^(Fecha|日付)$/).fill(line.date);
  await row.getByLabel(/^(Importe|金額)/).fill(line.amount);
}
