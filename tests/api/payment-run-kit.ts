import { XMLParser } from 'fast-xml-parser';
import { beforeAll, expect } from 'vitest';
import { call, claimInReview, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * What the payment-run API tests share (issue 26): one in-process server per test file on the business date
 * `now`, the desk's people signed in, approved claims made as the desk makes them, a run moved to sent, the
 * bank's pain.002 answering its file, and the ledger check (settled rows are exactly the money paid).
 */
export const now = '2026-11-21';
export const people = { treasury: '', supervisor: '', admin: '', analyst: '', auditor: '' };
let doctorId = 0;
let desk: ReturnType<typeof useServer> | undefined;

/**
 * The calling test file's server and the desk's people signed in on it: called once at the top of each file. (Hooks
 * registered when this module loaded would belong to the first file only: a Vitest worker keeps its modules from one
 * file to the next.)
 */
export function usePaymentDesk() {
  const handle = useServer({}, () => now);
  desk = handle;
  beforeAll(async () => {
    people.analyst = await signIn('analista@demo.local');
    people.auditor = await signIn('auditor@demo.local');
    [{ id: doctorId }] = await handle.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
    people.treasury = await signIn('tesoreria@demo.local');
    people.supervisor = await signIn('supervisor@demo.local');
    people.admin = await signIn('admin@demo.local');
  });
  return handle;
}

const server = {
  get db() {
    if (!desk) throw new Error('Call usePaymentDesk() at the top of the test file.');
    return desk.db;
  },
};

export const firstDoctorId = () => doctorId;

export type Claim = { id: number; folio: string; currency: string; payable_cents: number };

let made = 0;

/** A claim of a new adult patient on an active policy in `currency`, checked and waiting for its approval. */
export async function claimToApprove(currency: string, payee: 'HOLDER' | 'PROVIDER' = 'HOLDER'): Promise<{ id: number; folio: string }> {
  made += 1;
  const { admin, analyst, auditor } = people;
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
     SELECT po.id, 'OTHER_DEPENDENT', 'Pago', 'Muñoz ' || $2::int, '1980-05-05', '2024-01-01', 'DNI', 'PAG-' || $2::int, 'CRED-PAG-' || $2::int
       FROM policies po JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND i.currency = $1 ORDER BY po.id LIMIT 1
     RETURNING id`,
    [currency, made],
  );
  expect(patient, `an active ${currency} policy`).toBeDefined();
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  expect((await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-PAG-${made}` }, admin)).body.state).toBe('verified');
  // Amounts in the currency's minor unit: 60.00 + 90.00 EUR or MXN, 60,000 + 90,000 CLP (under R12's and R13's thresholds).
  const scale = currency === 'CLP' ? 10 : 1;
  const lines = [
    { procedureCode: 'D0120', serviceDate: '2026-11-18', chargedCents: 6000 * scale + made },
    { procedureCode: 'D1110', serviceDate: '2026-11-18', chargedCents: 9000 * scale },
  ];
  const { id } = await claimInReview({ analyst, auditor }, { verificationId: verification.body.id, doctorId, payee, invoiceNumber: `F-PAG-${made}`, invoiceDate: '2026-11-18', invoicePaid: true, lines });
  const [{ folio }] = await server.db.query<{ folio: string }>('SELECT folio FROM reimbursements WHERE id = $1', [id]);
  return { id, folio };
}

/** The auditor approves the claim; answers it with its amount to pay. */
export async function approve(id: number): Promise<Claim> {
  const approved = await sendEvent('reimbursements', id, { type: 'APPROVE' }, people.auditor);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body.state).toMatch(/^(approved|partiallyApproved)$/);
  const [row] = await server.db.query<Claim>('SELECT id, folio, currency, payable_cents FROM reimbursements WHERE id = $1', [id]);
  expect(row!.payable_cents).toBeGreaterThan(0);
  return row!;
}

/** An approved claim of a new adult patient on an active policy in `currency`, made as the desk makes it. */
export const approvedClaim = async (currency: string, payee: 'HOLDER' | 'PROVIDER' = 'HOLDER') => approve((await claimToApprove(currency, payee)).id);

export async function payable(currencies: string[], per: number): Promise<Claim[]> {
  const claims: Claim[] = [];
  for (const currency of currencies) for (let n = 0; n < per; n++) claims.push(await approvedClaim(currency));
  return claims;
}

export async function event(id: number, body: Record<string, unknown>, token: string) {
  const [{ version }] = await server.db.query<{ version: number }>('SELECT version FROM payment_runs WHERE id = $1', [id]);
  return call('POST', `/api/payment-runs/${id}/events`, { token, body: { version, ...body } });
}

export async function upload(id: number, xml: string, token = people.treasury) {
  const [{ version }] = await server.db.query<{ version: number }>('SELECT version FROM payment_runs WHERE id = $1', [id]);
  const form = new FormData();
  form.set('version', String(version));
  form.set('file', new Blob([xml], { type: 'application/xml' }), 'pain002.xml');
  return call('POST', `/api/payment-runs/${id}/status-reports`, { token, body: form });
}

/** Create, submit, approve (a second person), generate and mark sent; answers the run id and its file. */
export async function sentRun(claims: Claim[]): Promise<{ id: number; xml: string }> {
  const { treasury, supervisor } = people;
  const created = await call('POST', '/api/payment-runs', { token: treasury, body: { executionDate: '2026-11-24', reimbursementIds: claims.map((c) => c.id) } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  expect((await event(id, { type: 'SUBMIT' }, treasury)).body.state).toBe('submitted');
  expect((await event(id, { type: 'APPROVE' }, supervisor)).body.state).toBe('approved');
  const generated = await event(id, { type: 'GENERATE' }, treasury);
  expect(generated.body.state, JSON.stringify(generated.body)).toBe('generated');
  const file = await call('GET', `/api/payment-runs/${id}/file`, { token: treasury });
  expect(file.status).toBe(200);
  expect((await event(id, { type: 'MARK_SENT' }, treasury)).body.state).toBe('sent');
  return { id, xml: file.body as string };
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: false, isArray: (n) => ['PmtInf', 'CdtTrfTxInf'].includes(n) });
type Tx = { PmtId: { EndToEndId: string }; Amt: { InstdAmt: Record<string, string> } };
type PmtInf = { PmtInfId: string; NbOfTxs: string; CtrlSum: string; CdtTrfTxInf: Tx[] };
export const parse = (xml: string) => (parser.parse(xml) as { Document: { CstmrCdtTrfInitn: { GrpHdr: Record<string, string>; PmtInf: PmtInf[] } } }).Document.CstmrCdtTrfInitn;

/** A pain.002.001.10 answering the file: each transaction ACSC unless `answers` says otherwise. */
export function statusReport(xml: string, answers: Record<string, { status: string; code?: string; text?: string } | null>, msgId = 'BANK-1'): string {
  const doc = parse(xml);
  const groups = doc.PmtInf.map((p) => {
    const txs = p.CdtTrfTxInf.filter((t) => answers[t.PmtId.EndToEndId] !== null)
      .map((t) => {
        const a = answers[t.PmtId.EndToEndId] ?? { status: 'ACSC' };
        const reason = a.code ? `<StsRsnInf><Rsn><Cd>${a.code}</Cd></Rsn>${a.text ? `<AddtlInf>${a.text}</AddtlInf>` : ''}</StsRsnInf>` : '';
        return `<TxInfAndSts><OrgnlEndToEndId>${t.PmtId.EndToEndId}</OrgnlEndToEndId><TxSts>${a.status}</TxSts>${reason}</TxInfAndSts>`;
      })
      .join('');
    return `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${p.PmtInfId}</OrgnlPmtInfId>${txs}</OrgnlPmtInfAndSts>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>` +
    `<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-11-25T09:00:00</CreDtTm></GrpHdr>` +
    `<OrgnlGrpInfAndSts><OrgnlMsgId>${doc.GrpHdr.MsgId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>` +
    `${groups.join('')}</CstmrPmtStsRpt></Document>`
  );
}

/**
 * The claims' states and ledger: settled rows must be exactly the money paid, reserved rows the approved but unpaid
 * (a claim not yet approved holds neither).
 */
export async function ledgerMatchesPayments(ids: number[]) {
  const claims = await server.db.query<{ id: number; state: string; paid_cents: number | null; settled: number; reserved: number }>(
    `SELECT r.id, r.state, r.paid_cents,
            coalesce((SELECT sum(amount_cents) FROM benefit_ledger l WHERE l.reimbursement_id = r.id AND l.kind = 'ANNUAL_MAXIMUM' AND l.status = 'SETTLED'), 0)::int AS settled,
            coalesce((SELECT sum(amount_cents) FROM benefit_ledger l WHERE l.reimbursement_id = r.id AND l.kind = 'ANNUAL_MAXIMUM' AND l.status = 'RESERVED'), 0)::int AS reserved
       FROM reimbursements r WHERE r.id = ANY($1::int[])`,
    [ids],
  );
  for (const c of claims) {
    expect(c.settled, `claim ${c.id} (${c.state}) settled`).toBe(c.state === 'paid' ? c.paid_cents : 0);
    if (['approved', 'partiallyApproved'].includes(c.state)) expect(c.reserved, `claim ${c.id} still reserved`).toBeGreaterThan(0);
    else if (c.state !== 'paid') expect(c.reserved, `claim ${c.id} (${c.state}) reserves nothing before approval`).toBe(0);
  }
  return claims;
}
