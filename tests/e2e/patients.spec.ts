import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, apiToken, authHeader, signIn } from './fixtures.ts';
import { expectFocusVisible, tabTo } from './keyboard.ts';
import { dateField, expectDate, fillDate, tabAndTypeDate } from './date-input.ts';

// A family enrolled through the screens on a policy the test creates through the API, the rules the server
// refuses shown on the form, and the patient view's remaining benefits after a reimbursement paid through the API.

const year = new Date().getFullYear();
const unique = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
const HOLDER_DOCUMENT = `H${unique}`.slice(0, 20);

interface Family {
  policyId: number;
  number: string;
}

async function call(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](path, { headers: authHeader(token), data });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A policyholder and an active family policy for four people, from January to December of this year. */
async function newPolicy(request: APIRequestContext, holderDocument = HOLDER_DOCUMENT, suffix = ''): Promise<Family> {
  const token = await apiToken(request);
  // An insurer in euros: the figures below are research 4.1's in euro cents (amount defaults are per currency).
  const insurers = await call(request, token, 'get', '/api/insurers?active=true&pageSize=100');
  const euros = insurers.items.find((i: { currency: string }) => i.currency === 'EUR');
  const holder = await call(request, token, 'post', '/api/policyholders', {
    kind: 'PERSON',
    firstNames: 'Marta',
    lastNames: 'Ibarra Soler',
    documentType: 'DNI',
    documentNumber: holderDocument,
    birthDate: '1984-03-12',
    email: `marta.${unique.toLowerCase()}${suffix}@example.com`,
    memberNumber: `AF-${unique}${suffix}`,
    privacyConsentVersion: '2026-01',
    privacyConsentDate: `${year}-01-02`,
    bankName: 'Banco Demo',
    bankAccountType: 'SAVINGS',
    bankAccount: 'ES7600000000000000000000',
    accountHolder: 'Marta Ibarra Soler',
  });
  const number = `POL-E2E-${unique}${suffix}`;
  const policy = await call(request, token, 'post', '/api/policies', {
    policyholderId: holder.id,
    insurerId: euros.id,
    number,
    kind: 'FAMILY',
    planName: 'Dental Familia',
    issuedOn: `${year - 1}-12-15`,
    startsOn: `${year}-01-01`,
    endsOn: `${year}-12-31`,
    benefitYear: 'CALENDAR',
    maxBeneficiaries: 4,
  });
  if (policy.state !== 'ACTIVE') await call(request, token, 'post', `/api/policies/${policy.id}/events`, { type: 'ACTIVATE', version: policy.version });
  return { policyId: policy.id, number };
}

/** A form field by its label (a required one ends with its asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Fills the enrolment form's person (relationship, names, document, birth and enrolment dates). */
async function fillPerson(page: Page, person: { relationship: string; first: string; last: string; document?: string; birth: string }) {
  await field(page, 'Parentesco').selectOption({ label: person.relationship });
  await field(page, 'Nombres').fill(person.first);
  await field(page, 'Primer apellido').fill(person.last);
  if (person.document) {
    await field(page, 'Tipo de documento').selectOption({ label: 'DNI' });
    await field(page, 'Número de documento').fill(person.document);
  }
  await fillDate(dateField(page, /^Fecha de nacimiento/), person.birth);
  await fillDate(dateField(page, /^Fecha de alta/), `${year}-01-01`);
}

const save = (page: Page) => page.getByRole('button', { name: 'Guardar' }).click();

/** Saves and waits for the policy's list (where an enrolment on `/pacientes/nuevo/:poliza_id` returns). */
async function saveToPolicyList(page: Page, family: Family) {
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/app/pacientes/${family.policyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Pacientes de la póliza ${family.number}` })).toBeVisible();
}

/** The refusal shown next to a field: the field is invalid and its error says the rule. */
async function expectRefusal(page: Page, label: string, message: string) {
  await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

/**
 * A family policy of its own (`tag` keeps its documents apart) with Marta, the holder, and Jorge, her spouse,
 * enrolled through the API; answers the policy and Jorge's document.
 */
async function enrolledFamily(request: APIRequestContext, tag: string): Promise<{ family: Family; spouseDocument: string }> {
  const token = await apiToken(request);
  const holderDocument = `H${tag}${unique}`.slice(0, 20);
  const spouseDocument = `S${tag}${unique}`.slice(0, 20);
  const family = await newPolicy(request, holderDocument, `-${tag}`);
  const people = [
    { relationship: 'HOLDER', firstNames: 'Marta', documentNumber: holderDocument, birthDate: '1984-03-12' },
    { relationship: 'SPOUSE', firstNames: 'Jorge', documentNumber: spouseDocument, birthDate: '1982-07-30' },
  ];
  for (const person of people) {
    await call(request, token, 'post', '/api/patients', { policyId: family.policyId, lastName: 'Ibarra', documentType: 'DNI', enrolledOn: `${year}-01-01`, ...person });
  }
  return { family, spouseDocument };
}

test.describe('patients', () => {
  test('enrols a family on a new policy: the holder with the picker, then spouse and two children, refusing a second holder, a child over age and one too many', async ({ page, request }) => {
    const family = await newPolicy(request);
    // The holder, choosing the policy with the searchable picker.
    await signIn(page, ADMIN.email, { to: '/app/pacientes/nuevo' });
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo paciente' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar la póliza' }).fill(family.number);
    const choice = page.getByRole('radio', { name: new RegExp(family.number) });
    await page.locator('label').filter({ has: choice }).click();
    await expect(choice).toBeChecked();
    await expect(page.getByRole('heading', { name: `Póliza ${family.number}` })).toBeVisible();
    await expect(page.getByText('0 de 4', { exact: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await fillPerson(page, { relationship: 'Titular', first: 'Marta', last: 'Ibarra', document: HOLDER_DOCUMENT.toLowerCase(), birth: '1984-03-12' });
    await save(page);
    await expect(page.getByText('Marta Ibarra quedó dado de alta.')).toBeVisible();

    // A second holder is refused on the relationship.
    await page.goto(`/app/pacientes/nuevo/${family.policyId}`);
    await expect(page.getByRole('heading', { name: `Póliza ${family.number}` })).toBeVisible();
    await fillPerson(page, { relationship: 'Titular', first: 'Otra', last: 'Ibarra', document: HOLDER_DOCUMENT, birth: '1984-03-12' });
    await save(page);
    await expectRefusal(page, 'Parentesco', 'La póliza ya tiene un paciente titular; solo puede haber uno.');
    await expectNoSeriousViolations(page);
    // The same form, corrected: the spouse.
    await fillPerson(page, { relationship: 'Cónyuge', first: 'Jorge', last: 'Ibarra', document: `S${unique}`.slice(0, 20), birth: '1982-07-30' });
    await saveToPolicyList(page, family);

    // A child over the age limit is refused on the birth date; born later, accepted.
    await page.getByRole('link', { name: 'Nuevo paciente' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/pacientes/nuevo/${family.policyId}$`));
    await fillPerson(page, { relationship: 'Hijo/a', first: 'Lucía', last: 'Ibarra', document: `C${unique}`.slice(0, 20), birth: `${year - 21}-05-01` });
    await save(page);
    await expectRefusal(page, 'Fecha de nacimiento', 'Un hijo está cubierto hasta la edad máxima de Configuraciones (18 años por defecto), o hasta la de hijo estudiante (24 por defecto) si estudia.');
    await fillDate(dateField(page, /^Fecha de nacimiento/), `${year - 12}-05-01`);
    await saveToPolicyList(page, family);
    await page.getByRole('link', { name: 'Nuevo paciente' }).click();
    await fillPerson(page, { relationship: 'Hijo/a', first: 'Hugo', last: 'Ibarra', birth: `${year - 8}-09-15` });
    await saveToPolicyList(page, family);

    // The policy is full: a fifth person is refused on the policy.
    await expect(page.getByText('4 de 4', { exact: true })).toBeVisible();
    await expect(page.locator('table tbody tr[data-index]')).toHaveCount(4);
    await expectNoSeriousViolations(page);
    await page.goto(`/app/pacientes/nuevo/${family.policyId}`);
    await fillPerson(page, { relationship: 'Hijo/a', first: 'Pablo', last: 'Ibarra', birth: `${year - 5}-02-02` });
    await save(page);
    await expect(page.getByText('La póliza ya tiene el máximo de beneficiarios que admite.')).toBeVisible();
  });

  test('the patient view shows what is left of the year after a paid reimbursement, and the list finds the patient', async ({ page, request }) => {
    const admin = await apiToken(request);
    const { family, spouseDocument } = await enrolledFamily(request, 'V');
    const patients = await call(request, admin, 'get', `/api/patients?policyId=${family.policyId}&q=Jorge`);
    const spouse = patients.items[0];
    // Verified, claimed, checked, approved by someone else and paid — all through the API.
    const verification = await call(request, admin, 'post', '/api/verifications', { patientId: spouse.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: new Date().toISOString().slice(0, 10) });
    const started = await call(request, admin, 'post', `/api/verifications/${verification.id}/events`, { type: 'START', version: verification.version });
    await call(request, admin, 'post', `/api/verifications/${verification.id}/events`, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', version: started.version });
    const analyst = await apiToken(request, 'analista@demo.local');
    const doctors = await call(request, admin, 'get', '/api/doctors?state=ACTIVE&pageSize=1');
    const today = new Date().toISOString().slice(0, 10);
    const draft = await call(request, analyst, 'post', '/api/reimbursements', {
      verificationId: verification.id,
      doctorId: doctors.items[0].id,
      invoiceNumber: `F-${unique}`,
      invoiceDate: today,
      lines: [
        { procedureCode: 'D0120', serviceDate: today, chargedCents: 6000 },
        { procedureCode: 'D1110', serviceDate: today, chargedCents: 9000 },
      ],
    });
    for (const documentType of draft.missingDocuments) {
      const upload = await request.post('/api/attachments', {
        headers: authHeader(analyst),
        multipart: { ownerType: 'reimbursement', ownerId: String(draft.id), documentType, file: { name: `${documentType}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(textPdf([documentType])) } },
      });
      expect(upload.status()).toBe(201);
    }
    let submitted = await call(request, analyst, 'post', `/api/reimbursements/${draft.id}/events`, { type: 'SUBMIT', version: draft.version });
    const auditor = await apiToken(request, 'auditor@demo.local');
    // A claim the 5 % sample picked is reviewed by the dental auditor before approval (R12).
    const seen = await call(request, auditor, 'get', `/api/reimbursements/${draft.id}`);
    if (seen.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) {
      submitted = await call(request, auditor, 'post', `/api/reimbursements/${draft.id}/events`, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE', version: seen.version });
    }
    const approved = await call(request, auditor, 'post', `/api/reimbursements/${draft.id}/events`, { type: 'APPROVE', version: submitted.version });
    const paid = await call(request, await apiToken(request, 'tesoreria@demo.local'), 'post', `/api/reimbursements/${draft.id}/events`, { type: 'PAY', reference: `TRF-${unique}`, version: approved.version, reason: 'Pago excepcional' });
    expect(paid.state).toBe('paid');

    await signIn(page, ADMIN.email, { to: '/app/pacientes' });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(spouseDocument);
    await expect(page.locator('table tbody tr[data-index]')).toHaveCount(1);
    await expectNoSeriousViolations(page);
    // The row opens the patient view, by keyboard as by pointer.
    await page.locator('table tbody tr[data-index]').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app/pacientes/ver/${spouse.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Jorge Ibarra' })).toBeVisible();

    // An exam and a cleaning at 100 % without deductible: 150.00 used of the 1 500.00 annual maximum.
    const currency = paid.currency as string;
    const format = (cents: number) => page.evaluate(([value, code]) => new Intl.NumberFormat('es-ES', { style: 'currency', currency: code, useGrouping: 'always' }).format(value), [cents / 100, currency] as const);
    const annual = page.getByRole('region', { name: /^Año de beneficio/ }).getByRole('group', { name: 'Máximo anual' });
    await expect(annual).toContainText(`${await format(135000)} disponible`);
    await expect(annual).toContainText(`Usado ${await format(15000)}`);
    const bar = annual.getByRole('progressbar', { name: 'Uso de Máximo anual' });
    await expect(bar).toHaveAttribute('aria-valuenow', '10');
    await expect(bar).toHaveAttribute('aria-valuetext', `${await format(15000)} usados de ${await format(150000)}`);
    await expect(page.getByText('Cubierto', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Mayor: 12 meses/)).toBeVisible();
    const reimbursements = page.getByRole('table', { name: 'Reembolsos' });
    await expect(reimbursements.getByRole('link', { name: paid.folio })).toBeVisible();
    await expect(reimbursements).toContainText('Pagado');
    await expect(page.getByRole('table', { name: 'Verificaciones' }).getByRole('link', { name: verification.folio })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('flags the same person on another policy and enrols them once the user confirms it', async ({ page, request }) => {
    const token = await apiToken(request);
    const { spouseDocument } = await enrolledFamily(request, 'F');
    const other = await newPolicy(request, `D${unique}`.slice(0, 20), '-D');
    await call(request, token, 'post', '/api/patients', {
      policyId: other.policyId,
      relationship: 'HOLDER',
      firstNames: 'Marta',
      lastName: 'Ibarra',
      documentType: 'DNI',
      documentNumber: `D${unique}`.slice(0, 20),
      birthDate: '1984-03-12',
      enrolledOn: `${year}-01-01`,
    });
    await signIn(page, ADMIN.email, { to: `/app/pacientes/nuevo/${other.policyId}` });
    await expect(page.getByRole('heading', { name: `Póliza ${other.number}` })).toBeVisible();
    // Jorge, the spouse enrolled on a family policy, is enrolled on this one too.
    await fillPerson(page, { relationship: 'Cónyuge', first: 'Jorge', last: 'Ibarra', document: spouseDocument, birth: '1982-07-30' });
    await save(page);
    await expectRefusal(page, 'Número de documento', 'Un paciente de otra póliza tiene el mismo documento: confirme que es la misma persona.');
    const confirmation = page.getByRole('group', { name: '¿Es la misma persona?' });
    await expect(confirmation).toBeVisible();
    await expectNoSeriousViolations(page);
    await confirmation.getByText('Es la misma persona: darla de alta también en esta póliza').click();
    await save(page);
    await expect(page).toHaveURL(new RegExp(`/app/pacientes/${other.policyId}$`));
    await expect(page.locator('table tbody tr[data-index]')).toHaveCount(2);
  });
});

test('edits a patient, suspends and resumes the coverage and ends it (baja) with dates, the dates the statechart refuses said in the dialog', async ({ page, request }) => {
  const token = await apiToken(request);
  const policy = await newPolicy(request, `E${unique}`.slice(0, 20), '-E');
  const enrol = (body: Record<string, unknown>) => call(request, token, 'post', '/api/patients', { policyId: policy.policyId, enrolledOn: `${year}-01-01`, ...body });
  await enrol({ relationship: 'HOLDER', firstNames: 'Marta', lastName: 'Ibarra', documentType: 'DNI', documentNumber: `E${unique}`.slice(0, 20), birthDate: '1984-03-12' });
  const spouse = await enrol({ relationship: 'SPOUSE', firstNames: 'Luis', lastName: 'Ortega', documentType: 'DNI', documentNumber: `L${unique}`.slice(0, 20), birthDate: '1983-06-01' });
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  await signIn(page, ADMIN.email, { to: `/app/pacientes/editar/${spouse.id}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Editar paciente: Luis Ortega' })).toBeVisible();
  await field(page, 'Segundo apellido').fill('Vidal');
  await field(page, 'Teléfono').fill('+34 600 111 222');
  await expectNoSeriousViolations(page);
  await save(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar paciente: Luis Ortega' })).toBeHidden();

  await page.goto(`/app/pacientes/ver/${spouse.id}`);
  const header = page.getByRole('heading', { level: 1, name: 'Luis Ortega Vidal' });
  await expect(header).toBeVisible();
  const history = page.getByRole('region', { name: 'Historial de cambios' });
  await expect(history).toContainText('Datos modificados');
  await expect(history).toContainText('+34 600 111 222');

  // Suspension: a start after today is refused with the guard's sentence; from today it is accepted.
  await page.getByRole('button', { name: 'Suspender' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspender la cobertura de Luis Ortega Vidal' });
  await fillDate(dateField(suspend, /^Suspendida desde/), tomorrow);
  await suspend.getByLabel(/^Motivo/).fill('Impago de su parte de la prima');
  await expectNoSeriousViolations(page);
  await suspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(suspend.getByText('La suspensión empieza entre la fecha de alta y hoy.')).toBeVisible();
  await fillDate(dateField(suspend, /^Suspendida desde/), today);
  await suspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(suspend).toBeHidden();
  await expect(page.getByText('Suspendido', { exact: true }).first()).toBeVisible();
  await expect(history).toContainText('Suspensión');
  await expect(history).toContainText('Impago de su parte de la prima');

  await page.getByRole('button', { name: 'Reanudar' }).click();
  const resume = page.getByRole('dialog', { name: 'Reanudar la cobertura de Luis Ortega Vidal' });
  await expectDate(dateField(resume, /^Reanudada desde/), today);
  await resume.getByRole('button', { name: 'Reanudar' }).click();
  await expect(resume).toBeHidden();
  await expect(page.getByText('Activo', { exact: true }).first()).toBeVisible();

  // Baja: the last day covered must come after the enrolment.
  await page.getByRole('button', { name: 'Dar de baja' }).click();
  const leave = page.getByRole('dialog', { name: 'Dar de baja a Luis Ortega Vidal' });
  await fillDate(dateField(leave, /^Último día cubierto/), `${year}-01-01`);
  await leave.getByLabel(/^Motivo/).fill('Separación');
  await leave.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(leave.getByText('La fecha de baja debe ser posterior a la fecha de alta.')).toBeVisible();
  await fillDate(dateField(leave, /^Último día cubierto/), today);
  await leave.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByText('De baja', { exact: true }).first()).toBeVisible();
  await expect(history).toContainText('Separación');
  // A patient who left is history: no more coverage events, no edit.
  await expect(page.getByRole('button', { name: 'Dar de baja' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  const stored = await call(request, token, 'get', `/api/patients/${spouse.id}`);
  expect(stored).toMatchObject({ state: 'LEFT', leftOn: today, secondLastName: 'Vidal', phone: '+34 600 111 222' });
});

test('keyboard only: the holder enrolled with the policy picker, then a child on the policy the route fixes', async ({ page, request }) => {
  const policy = await newPolicy(request, `K${unique}`.slice(0, 20), '-K');
  const { keyboard } = page;
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, field(page, label));
    await keyboard.type(text);
  };
  const typeDate = (label: string, iso: string) => tabAndTypeDate(page, dateField(page, new RegExp(`^${label}`)), iso);
  const person = async (relationship: string, first: string, birth: string, document?: string) => {
    await typeInto('Parentesco', relationship);
    await expect(field(page, 'Parentesco')).toHaveValue(relationship === 'Titular' ? 'HOLDER' : 'CHILD');
    await typeInto('Nombres', first);
    await typeInto('Primer apellido', 'Ibarra');
    if (document) {
      await typeInto('Tipo de documento', 'DNI');
      await typeInto('Número de documento', document);
    }
    await typeDate('Fecha de nacimiento', birth);
    await typeDate('Fecha de alta', `${year}-01-01`);
    await expectDate(dateField(page, /^Fecha de alta/), `${year}-01-01`);
    const saveButton = page.getByRole('button', { name: 'Guardar' });
    await tabTo(page, saveButton);
    await expectFocusVisible(saveButton);
    await keyboard.press('Enter');
  };
  // The picker: the search typed, the found policy reached with Tab and chosen with Space.
  await signIn(page, ADMIN.email, { to: '/app/pacientes/nuevo' });
  await tabTo(page, page.getByRole('searchbox', { name: 'Buscar la póliza' }));
  await keyboard.type(policy.number);
  const choice = page.getByRole('radio', { name: new RegExp(policy.number) });
  await tabTo(page, choice);
  await keyboard.press('Space');
  await expect(choice).toBeChecked();
  await expectFocusVisible(choice);
  await expect(page.getByRole('heading', { name: `Póliza ${policy.number}` })).toBeVisible();
  await person('Titular', 'Marta', '1984-03-12', `K${unique}`.slice(0, 20));
  await expect(page.getByText('Marta Ibarra quedó dado de alta.')).toBeVisible();

  // The route fixes the policy: its summary stands where the picker was, and the child is enrolled on it.
  await page.goto(`/app/pacientes/nuevo/${policy.policyId}`);
  await expect(page.getByRole('heading', { name: `Póliza ${policy.number}` })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar la póliza' })).toHaveCount(0);
  await person('Hijo/a', 'Nico', `${year - 9}-04-20`);
  await expect(page).toHaveURL(new RegExp(`/app/pacientes/${policy.policyId}$`));
  await expect(page.locator('table tbody tr[data-index]')).toHaveCount(2);
  const stored = await call(request, await apiToken(request), 'get', `/api/patients?policyId=${policy.policyId}&pageSize=10`);
  expect(stored.items.map((p: { relationship: string; birthDate: string }) => `${p.relationship} ${p.birthDate}`).sort()).toEqual([`CHILD ${year - 9}-04-20`, 'HOLDER 1984-03-12']);
});
