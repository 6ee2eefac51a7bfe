import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { apiToken, authHeader } from './fixtures.ts';
import { clickNoting } from './click-notes.ts';
import { dateField, fillDate } from './date-input.ts';

const OPEN_POPOVER = '[data-scope="popover"][data-part="content"][data-state="open"]';

/** A day `days` before today, `YYYY-MM-DD` in the browser's (and server's) calendar. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toLocaleDateString('en-CA');

export async function api(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const response = await request[method](path, { headers: authHeader(token), data });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A PDF's text, as a reader's PDF viewer extracts it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

let people = 0;

/**
 * A patient of their own: a policyholder, an active individual policy of an insurer in euros from January and the
 * holder enrolled on it with prior cover (no waiting periods), so each test's claims meet no other test's.
 */
export async function insuredPatient(request: APIRequestContext, token: string, firstNames = 'Lucía', lastName = 'Serrano'): Promise<{ id: number; name: string; policyId: number }> {
  const unique = `${Date.now().toString(36).toUpperCase()}${++people}${Math.floor(Math.random() * 1e3)}`;
  const year = new Date().getFullYear();
  const insurers = await api(request, token, 'get', '/api/insurers?pageSize=100');
  const insurer = (insurers.items as { id: number; currency: string; active: boolean }[]).find((i) => i.currency === 'EUR' && i.active)!;
  const document = `R${unique}`.slice(0, 20);
  const holder = await api(request, token, 'post', '/api/policyholders', {
    kind: 'PERSON',
    firstNames,
    lastNames: lastName,
    documentType: 'DNI',
    documentNumber: document,
    birthDate: '1980-05-04',
    email: `r${unique.toLowerCase()}@example.com`,
    memberNumber: `AF-R${unique}`,
    privacyConsentVersion: '2026-01',
    privacyConsentDate: `${year}-01-02`,
    bankName: 'Banco Demo',
    bankAccountType: 'SAVINGS',
    bankAccount: 'ES7600000000000000000000',
    accountHolder: `${firstNames} ${lastName}`,
  });
  const policy = await api(request, token, 'post', '/api/policies', {
    policyholderId: holder.id,
    insurerId: insurer.id,
    number: `POL-R-${unique}`,
    kind: 'INDIVIDUAL',
    planName: 'Dental Plus',
    issuedOn: `${year - 1}-12-15`,
    startsOn: `${year}-01-01`,
    endsOn: `${year}-12-31`,
    benefitYear: 'CALENDAR',
    maxBeneficiaries: 1,
  });
  if (policy.state !== 'ACTIVE') await api(request, token, 'post', `/api/policies/${policy.id}/events`, { type: 'ACTIVATE', version: policy.version });
  const patient = await api(request, token, 'post', '/api/patients', {
    policyId: policy.id,
    relationship: 'HOLDER',
    firstNames,
    lastName,
    documentType: 'DNI',
    documentNumber: document,
    birthDate: '1980-05-04',
    enrolledOn: `${year}-01-01`,
    priorCoverageMonths: 24,
  });
  return { id: patient.id, name: `${firstNames} ${lastName}`, policyId: policy.id };
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

/**
 * Picks `tooth` on a line's tooth chart, as its accessible names say in the page's language, and checks the tooth
 * in its field at once. The chart's button is brought to the middle of the view first, so the chart opens wholly in
 * view. A failure says where the press, the release and the click went (`clickNoting`).
 */
export async function pickTooth(page: Page, row: Locator, tooth: string, names: { chart: string | RegExp; group: string | RegExp; field: string | RegExp }) {
  const opener = row.getByRole('button', { name: names.chart });
  await opener.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await opener.click();
  const chart = page.getByRole('group', { name: names.group });
  await expect(chart).toBeInViewport({ ratio: 1 });
  const field = row.getByRole('textbox', { name: names.field, exact: true });
  await clickNoting(page, OPEN_POPOVER, chart.getByRole('button', { name: tooth, exact: true }), `tooth ${tooth} on the chart`, () => expect(field).toHaveValue(tooth));
}

/** Types one procedure line into the line of that number (1-based) of the creation flow. */
export async function typeLine(page: Page, n: number, line: { code: string; tooth?: string; surfaces?: string[]; date?: string; amount: string }) {
  const row = page.locator(`[data-line="${n}"]`);
  await row.getByLabel(/^(Código|コード)$/).fill(line.code);
  if (line.tooth) await pickTooth(page, row, line.tooth, { chart: /Odontograma|歯式図/, group: /Piezas dentales|歯（FDI）/, field: /^(Pieza|歯)$/ });
  // A surface button reads its letter (M) and is named by the surface (Mesial); only toggles carry aria-pressed, so `surfaces` are letters.
  for (const surface of line.surfaces ?? []) await row.locator('button[aria-pressed]', { hasText: new RegExp(`^${surface}$`) }).click();
  if (line.date) await fillDate(dateField(row, /^(Fecha|日付)$/), line.date);
  await row.getByLabel(/^(Importe|金額)/).fill(line.amount);
}

/**
 * A reimbursement made through the API by `token`'s user from a fresh verification of the patient: three lines,
 * every required document attached, submitted (the automatic check runs at once).
 */
export async function submittedReimbursement(request: APIRequestContext, token: string, patientId: number, doctorId: number) {
  const verification = await verifiedVerification(request, patientId);
  const serviceDate = daysAgo(1);
  const draft = await api(request, token, 'post', '/api/reimbursements', {
    verificationId: verification.id,
    doctorId,
    invoiceNumber: `F-${Date.now().toString(36)}`,
    invoiceDate: serviceDate,
    lines: [
      { procedureCode: 'D0120', serviceDate, chargedCents: 6000 },
      { procedureCode: 'D1110', serviceDate, chargedCents: 9000 },
      { procedureCode: 'D2391', tooth: '16', surfaces: 'MO', serviceDate, chargedCents: 15000 },
    ],
  });
  return submitWithDocuments(request, token, draft);
}

/** Attaches a small PDF for each document a draft still misses, then submits it (the automatic check runs at once). */
export async function submitWithDocuments(request: APIRequestContext, token: string, draft: { id: number; missingDocuments: string[] }) {
  for (const documentType of draft.missingDocuments) {
    const response = await request.post('/api/attachments', {
      headers: authHeader(token),
      multipart: { ownerType: 'reimbursement', ownerId: String(draft.id), documentType, file: pdfFile(`${documentType}.pdf`) },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const fresh = await api(request, token, 'get', `/api/reimbursements/${draft.id}`);
  const submitted = await api(request, token, 'post', `/api/reimbursements/${draft.id}/events`, { type: 'SUBMIT', version: fresh.version });
  return submitted as { id: number; folio: string; verificationId: number; state: string; version: number; medicalReview: { reasons: string[] } };
}

export async function activeDoctor(request: APIRequestContext, token: string): Promise<number> {
  const doctors = await api(request, token, 'get', '/api/doctors?state=ACTIVE&pageSize=1');
  return doctors.items[0].id as number;
}
