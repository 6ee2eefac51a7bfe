import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit.ts';
import { DEMO_USERS } from '../../server/auth/roles.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { attachToReimbursement, call, expectProblem, fieldErrors, signIn, useServer, sendEvent, SUITE_DATABASE, TestServer } from './helpers.ts';

// Configuraciones: the catalogs the engine and the forms read. Administrators change them, every staff
// role reads them; each change is versioned and leaves a history row; a change reaches liquidations made
// after it and never an approved one.
const now = '2026-11-21';
const server = useServer({}, () => now);
const tokens: Record<string, string> = {};
let admin: string;
let adminId: number;
let doctorId: number;

const TEXTS = { es: 'Texto', en: 'Text', fr: 'Texte', zh: '文本', ja: 'テキスト' };
const put = (path: string, body: unknown, token = admin) => call('PUT', `/api/settings/${path}`, { token, body });
const item = async <T extends Record<string, unknown>>(catalog: string, field: string, key: string): Promise<T> =>
  (await call('GET', `/api/settings/${catalog}`, { token: admin })).body.items.find((i: T) => i[field] === key);

beforeAll(async () => {
  for (const user of DEMO_USERS) tokens[user.role] = await signIn(user.email);
  admin = tokens.administrator;
  adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('settings catalogs', () => {
  it('are seeded with what the engine used before: procedure codes, reason texts, the documents matrix and the 4.1 defaults', async () => {
    // The other tests change these catalogs on the file's server and add a procedure that cannot be removed: the
    // seed is read on a server of its own.
    const seeded = await TestServer.start({}, SUITE_DATABASE, () => now);
    try {
      const token = await seeded.signIn('admin@demo.local');
      const read = async (catalog: string) => (await seeded.call('GET', `/api/settings/${catalog}`, { token })).body.items;
      const procedures = await read('procedures');
      expect(procedures).toHaveLength(23);
      expect(procedures.find((p: { code: string }) => p.code === 'D2740')).toMatchObject({
        category: 'MAJOR',
        codingSystem: 'CDT',
        requiresTooth: true,
        active: true,
        version: 1,
        descriptions: { es: 'Corona de porcelana/cerámica', en: 'Crown, porcelain/ceramic', ja: 'セラミッククラウン' },
      });
      const reasons = await read('reasons');
      expect(reasons.map((r: { code: string }) => r.code)).toEqual(['01', '03', '04', '05', '06', '07', '09', '16', '17', '30', '31', '32', '33', '34', '35', '36', '37']);
      expect(reasons[0].texts).toEqual({
        es: 'Procedimiento no cubierto o inválido',
        en: 'Procedure not covered or invalid',
        fr: 'Acte non couvert ou invalide',
        zh: '项目不在承保范围内或无效',
        ja: '対象外または無効な処置',
      });
      const documents = await read('documents');
      expect(documents.slice(0, 4).map((d: Record<string, string>) => [d.documentType, d.general, d.orthodonticInitial, d.orthodonticInstallment])).toEqual([
        ['INVOICE', 'ALWAYS', 'ALWAYS', 'ALWAYS'],
        ['CLAIM_FORM', 'ALWAYS', 'ALWAYS', 'NEVER'],
        ['DENTAL_REPORT', 'BASIC_OR_MAJOR', 'ALWAYS', 'NEVER'],
        ['TREATMENT_PLAN', 'NEVER', 'ALWAYS', 'NEVER'],
      ]);
      const defaults = await read('defaults');
      // 20 defaults that are not amounts, 13 of R6's frequency limits and R16's ages (migration 032), and 6 amounts
      // (R2, R3, R7, R13, R14) for each of 17 currencies (migration 019 added VES and CUP).
      expect(defaults).toHaveLength(20 + 13 + 6 * 17);
      expect(defaults.find((d: { key: string }) => d.key === 'coveragePercent.BASIC')).toMatchObject({ rule: 'R1', unit: 'PERCENT', value: 80, minimum: 0, maximum: 100 });
      expect(defaults.find((d: { key: string }) => d.key === 'annualMaximumCents:EUR')).toMatchObject({ rule: 'R3', unit: 'CENTS', currency: 'EUR', value: 150000 });
      expect(defaults.find((d: { key: string }) => d.key === 'annualMaximumCents:CLP')).toMatchObject({ rule: 'R3', unit: 'CENTS', currency: 'CLP', value: 1_500_000 });
    } finally {
      await seeded.close();
    }
  });

  it('every staff role reads them; only administrators change them; signed-out callers get 401', async () => {
    for (const role of Object.keys(tokens)) {
      for (const catalog of ['procedures', 'reasons', 'documents', 'defaults']) {
        expect((await call('GET', `/api/settings/${catalog}`, { token: tokens[role] })).status, `${role} ${catalog}`).toBe(200);
      }
      expect((await call('GET', '/api/settings/history?catalog=reasons&key=01', { token: tokens[role] })).status).toBe(200);
      if (role === 'administrator') continue;
      const reason = await item<{ version: number }>('reasons', 'code', '05');
      expectProblem(await put('reasons/05', { version: reason.version, texts: TEXTS }, tokens[role]), 403, 'auth.forbidden');
      expectProblem(await call('POST', '/api/settings/procedures', { token: tokens[role], body: { code: 'D9000', category: 'BASIC', codingSystem: 'CDT', requiresTooth: false, descriptions: TEXTS, active: true } }), 403, 'auth.forbidden');
    }
    expectProblem(await call('GET', '/api/settings/procedures'), 401, 'auth.unauthenticated');
    // Nothing the refused calls sent was written.
    expect((await item<{ version: number }>('reasons', 'code', '05')).version).toBe(1);
  });

  it('refuses bad input with field errors: a code outside D + 4 digits, a missing language, a default outside its range', async () => {
    const body = { code: 'X123', category: 'BASIC', codingSystem: 'CDT', requiresTooth: false, descriptions: TEXTS, active: true };
    expect(fieldErrors(expectProblem(await call('POST', '/api/settings/procedures', { token: admin, body }), 400, 'request.invalid'))).toEqual(['body/code pattern']);
    expect(fieldErrors(expectProblem(await call('POST', '/api/settings/procedures', { token: admin, body: { ...body, code: 'D12345', category: 'SURGERY' } }), 400, 'request.invalid'))).toEqual([
      'body/category enum',
      'body/code pattern',
    ]);
    const { ja: _ja, ...noJapanese } = TEXTS;
    // Other tests change reason 01 and the orthodontic defaults: these edits are sent with the versions they now have.
    const reason = await item<{ version: number }>('reasons', 'code', '01');
    expect(fieldErrors(expectProblem(await put('reasons/01', { version: reason.version, texts: noJapanese }), 400, 'request.invalid'))).toEqual(['body/texts/ja required']);
    expect(fieldErrors(expectProblem(await put('reasons/01', { version: reason.version, texts: { ...TEXTS, fr: '   ' } }), 400, 'request.invalid'))).toEqual(['body/texts/fr pattern']);
    const basic = await item<{ version: number }>('defaults', 'key', 'coveragePercent.BASIC');
    const tooHigh = expectProblem(await put('defaults/coveragePercent.BASIC', { version: basic.version, value: 101 }), 400, 'request.invalid');
    expect(tooHigh.errors).toEqual([{ path: 'body/value', keyword: 'maximum', params: { comparison: '<=', limit: 100 } }]);
    const months = await item<{ version: number }>('defaults', 'key', 'orthodontic.months');
    expect(fieldErrors(expectProblem(await put('defaults/orthodontic.months', { version: months.version, value: 0 }), 400, 'request.invalid'))).toEqual(['body/value minimum']);
    expect(fieldErrors(expectProblem(await put('defaults/noSuchKey', { version: 1, value: 1 }), 400, 'request.invalid'))).toEqual(['path/key enum', 'path/key pattern']);
    expectProblem(await put('procedures/D9999', { version: 1, category: 'BASIC', codingSystem: 'CDT', requiresTooth: false, descriptions: TEXTS, active: true }), 404, 'procedure.notFound');
    expectProblem(await call('POST', '/api/settings/procedures', { token: admin, body: { ...body, code: 'D0120' } }), 409, 'conflict.duplicate');
    // The refused changes left the items as they were.
    expect(await item('reasons', 'code', '01')).toEqual(reason);
    expect(await item('defaults', 'key', 'coveragePercent.BASIC')).toMatchObject({ version: 1, value: 80 });
  });

  it('versions each change (a stale version is 409 with the current one) and keeps who, when, before and after', async () => {
    const before = await item<{ version: number; texts: typeof TEXTS }>('reasons', 'code', '06');
    const texts = { ...before.texts, ja: '重複請求' };
    const changed = await put('reasons/06', { version: before.version, texts: { ...texts, ja: '  重複請求 ' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: '06', version: before.version + 1, texts });
    const stale = expectProblem(await put('reasons/06', { version: before.version, texts: TEXTS }), 409, 'conflict.staleVersion');
    expect(stale.errors).toEqual([{ path: 'body/version', keyword: 'stale', params: { currentVersion: before.version + 1 } }]);
    expect((await item('reasons', 'code', '06')).texts).toEqual(texts);

    const history = (await call('GET', '/api/settings/history?catalog=reasons&key=06', { token: tokens.verifier })).body.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ catalog: 'reasons', key: '06', version: 2, changedBy: adminId, changedByName: 'Ana Administradora' });
    expect(history[0].before.texts.ja).toBe('重複');
    expect(history[0].after.texts.ja).toBe('重複請求');
    expect(Date.now() - new Date(history[0].changedAt).getTime()).toBeLessThan(60_000);

    const created = await call('POST', '/api/settings/procedures', {
      token: admin,
      body: { code: 'D9972', category: 'BASIC', codingSystem: 'LOCAL-ES', requiresTooth: false, descriptions: { ...TEXTS, es: 'Blanqueamiento externo' }, active: false },
    });
    expect(created.status).toBe(201);
    const createdHistory = (await call('GET', '/api/settings/history?catalog=procedures&key=D9972', { token: admin })).body.items;
    expect(createdHistory).toMatchObject([{ version: 1, before: null, after: { code: 'D9972', codingSystem: 'LOCAL-ES', active: false } }]);
    const [audit] = await server.db.query<{ action: string; entity_type: string; entity_id: string; user_id: number }>(
      'SELECT action, entity_type, entity_id, user_id FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toEqual({ action: 'CREATE', entity_type: 'setting', entity_id: 'procedures:D9972', user_id: adminId });
    expect(fieldErrors(expectProblem(await call('GET', '/api/settings/history?catalog=colors&key=x', { token: admin }), 400, 'request.invalid'))).toEqual(['query/catalog enum']);
    expect(await verifyAuditChain(server.db)).toBeNull();
  });
});

describe('the engine reads the settings', () => {
  let analyst: string;
  const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
  let day = 0;
  const cleaning = () => {
    const serviceDate = `2026-11-${String(18 - day++).padStart(2, '0')}`;
    return [
      { procedureCode: 'D0120', serviceDate, chargedCents: 6000 },
      { procedureCode: 'D1110', serviceDate, chargedCents: 9000 },
      { procedureCode: 'D2330', tooth: '11', serviceDate, chargedCents: 15000 },
    ];
  };

  /** A draft for an adult without reimbursements on a policy with no rules of its own (so the defaults apply). */
  async function draft() {
    // An adult alone on an EUR policy: the research 4.1 figures in euros (amount defaults are per currency).
    const { patientId } = await patientOnOwnPolicy(server.db);
    const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
    await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
    expect((await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin)).body.state).toBe('verified');
    const created = await call('POST', '/api/reimbursements', {
      token: analyst,
      body: { verificationId: verification.body.id, doctorId, invoiceNumber: 'F-77', invoiceDate: '2026-11-18', lines: cleaning() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }
  const preview = async (id: number) => (await call('GET', `/api/reimbursements/${id}/liquidation`, { token: analyst })).body;

  beforeAll(async () => {
    analyst = tokens.reimbursement_analyst;
  });

  it('a changed category, default or document applies to liquidations made after it, never to an approved one', async () => {
    const approved = await draft();
    expect(approved.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT']);
    for (const type of approved.missingDocuments) expect((await attachToReimbursement(analyst, approved.id, type)).status).toBe(201);
    expect((await event(approved.id, { type: 'SUBMIT' }, analyst)).body.state).toBe('inReview');
    const approval = await event(approved.id, { type: 'APPROVE' }, tokens.dental_auditor);
    expect(approval.body).toMatchObject({ state: 'approved', payableCents: 23000 });

    // The filling becomes major treatment, major treatment pays 40 %, and the dental report is no longer asked for.
    const filling = await item<Record<string, unknown> & { version: number }>('procedures', 'code', 'D2330');
    const { code: _code, updatedAt: _at, ...fillingFields } = filling;
    expect((await put('procedures/D2330', { ...fillingFields, category: 'MAJOR' })).body).toMatchObject({ category: 'MAJOR', version: 2 });
    const major = await item<{ version: number }>('defaults', 'key', 'coveragePercent.MAJOR');
    expect((await put('defaults/coveragePercent.MAJOR', { version: major.version, value: 40 })).body).toMatchObject({ value: 40 });
    const report = await item<{ version: number; general: string }>('documents', 'documentType', 'DENTAL_REPORT');
    expect((await put('documents/DENTAL_REPORT', { version: report.version, general: 'NEVER', orthodonticInitial: 'NEVER', orthodonticInstallment: 'NEVER' })).status).toBe(200);

    // A new liquidation: 6000 + 9000 at 100 %, the filling (15000 − 5000 deductible) at 40 %.
    const later = await draft();
    expect(later.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'PAYMENT_RECEIPT']);
    const fresh = await preview(later.id);
    expect(fresh.lines.map((l: { category: string; coveredCents: number }) => [l.category, l.coveredCents])).toEqual([
      ['DIAGNOSTIC', 6000],
      ['PREVENTIVE', 9000],
      ['MAJOR', 4000],
    ]);
    expect(fresh.totals.payableCents).toBe(19000);

    // The approved one keeps the liquidation it was approved with, when read, previewed and paid.
    const kept = (await call('GET', `/api/reimbursements/${approved.id}`, { token: analyst })).body;
    expect(kept).toMatchObject({ state: 'approved', payableCents: 23000, missingDocuments: [] });
    expect(kept.lines.map((l: { category: string; coveredCents: number }) => [l.category, l.coveredCents])).toEqual([
      ['DIAGNOSTIC', 6000],
      ['PREVENTIVE', 9000],
      ['BASIC', 8000],
    ]);
    expect((await preview(approved.id)).totals.payableCents).toBe(23000);
    const paid = await event(approved.id, { type: 'PAY', reference: 'TRF-SET-1', reason: 'Pago excepcional' }, tokens.treasury);
    expect(paid.body).toMatchObject({ state: 'paid', paidCents: 23000 });
    const ledger = await server.db.query<{ kind: string; amount_cents: number }>('SELECT kind, amount_cents FROM benefit_ledger WHERE reimbursement_id = $1 ORDER BY kind', [approved.id]);
    // The lines' categories as approved, posted with the annual maximum (a category's use in the year).
    expect(ledger).toEqual([
      { kind: 'ANNUAL_MAXIMUM', amount_cents: 23000 },
      { kind: 'CATEGORY_BASIC', amount_cents: 8000 },
      { kind: 'CATEGORY_DIAGNOSTIC', amount_cents: 6000 },
      { kind: 'CATEGORY_PREVENTIVE', amount_cents: 9000 },
      { kind: 'DEDUCTIBLE', amount_cents: 5000 },
    ]);

    // An inactive code is refused on new liquidations (reason 01).
    const cleaningCode = await item<Record<string, unknown> & { version: number }>('procedures', 'code', 'D1110');
    const { code: _c, updatedAt: _u, ...cleaningFields } = cleaningCode;
    expect((await put('procedures/D1110', { ...cleaningFields, active: false })).status).toBe(200);
    // …and its reason reads as the settings say.
    const notCovered = await item<{ version: number; texts: typeof TEXTS }>('reasons', 'code', '01');
    expect((await put('reasons/01', { version: notCovered.version, texts: { ...notCovered.texts, en: 'Code withdrawn from the catalog' } })).status).toBe(200);
    const refused = await preview(later.id);
    expect(refused.lines[1]).toMatchObject({ code: 'D1110', status: 'REJECTED', reason: '01', reasonText: { es: notCovered.texts.es, en: 'Code withdrawn from the catalog' } });
  });

  it('a new orthodontic plan takes its length and initial instalment from the settings’ defaults', async () => {
    const [{ id: orthodontist }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' AND specialty = 'ORTHODONTICS' ORDER BY id LIMIT 1`);
    // A patient without open verifications or plans, made 12 years old so orthodontics is covered.
    const [{ id: child }] = await server.db.query<{ id: number }>(
      `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id
        WHERE po.state = 'ACTIVE' AND p.state = 'ACTIVE' AND po.ortho_included AND p.enrolled_on < '2025-01-01'
          AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
          AND NOT EXISTS (SELECT 1 FROM orthodontic_plans o WHERE o.patient_id = p.id)
        ORDER BY p.birth_date DESC, p.id LIMIT 1`,
    );
    await server.db.query(`UPDATE patients SET birth_date = '2014-06-01' WHERE id = $1`, [child]);
    const preauth = await call('POST', '/api/verifications', { token: admin, body: { patientId: child, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: now, doctorId: orthodontist } });
    await sendEvent('verifications', preauth.body.id, { type: 'START' }, admin);
    const verified = await sendEvent('verifications', preauth.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-SET-1' }, admin);
    expect(verified.body.state).toBe('verified');

    for (const [key, value] of [['orthodontic.months', 18], ['orthodontic.initialPercent', 25]] as const) {
      const current = await item<{ version: number }>('defaults', 'key', key);
      expect((await put(`defaults/${key}`, { version: current.version, value })).status).toBe(200);
    }
    const plan = await call('POST', '/api/orthodontic-plans', { token: analyst, body: { preauthorizationId: preauth.body.id, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600000 } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body).toMatchObject({ months: 18, initialPercent: 25, firstDelayDays: 30 });
  });
});
