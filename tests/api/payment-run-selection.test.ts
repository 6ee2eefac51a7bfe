import { describe, expect, it, onTestFinished } from 'vitest';
import { call, expectProblem } from './helpers.ts';
import { approvedClaim, firstDoctorId, now, people, type Claim, usePaymentDesk } from './payment-run-kit.ts';

const server = usePaymentDesk();

// Issue 26: the new run's selection, filtered by the server, with the whole selection's totals and the claims it
// matches that a run would refuse, each with the run's rule code.
type Item = { reimbursementId: number; folio: string; currency: string; amountCents: number; payeeKind: string; approvedOn: string };
type Excluded = Item & { reasons: { rule: string; detail: string | null }[] };
type Page = { items: Item[]; total: number; totals: { currency: string; count: number; amount: string; amountCents: number }[]; excluded: Excluded[]; excludedTotal: number };

const list = async (query: Record<string, string | number>) => {
  const answer = await call('GET', `/api/payable-claims?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token: people.treasury });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Page;
};

/** Every page of the selection, read one claim at a time: what the totals must add up to. */
async function everyPage(query: Record<string, string | number>) {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const answer = await list({ ...query, page, pageSize: 1 });
    items.push(...answer.items);
    if (items.length >= answer.total || !answer.items.length) return items;
  }
}

const sums = (items: { currency: string; amountCents: number }[]) => {
  const by = new Map<string, number>();
  for (const i of items) by.set(i.currency, (by.get(i.currency) ?? 0) + i.amountCents);
  return by;
};

const insurerOf = async (claim: Claim) => (await server.db.query<{ insurer_id: number }>('SELECT insurer_id FROM reimbursements WHERE id = $1', [claim.id]))[0]!.insurer_id;

describe('the new run’s selection', () => {
  it('filters by insurer, currency, payee kind and approval date, pages, and totals the whole selection exactly per currency', async () => {
    const eur = [await approvedClaim('EUR'), await approvedClaim('EUR')];
    const clp = await approvedClaim('CLP');
    const doctor = await approvedClaim('EUR', 'PROVIDER');
    const today = { from: now, to: now };
    const all = await everyPage(today);
    // The totals are the whole filtered selection's, not the page's: the same as adding up every page.
    const page = await list({ ...today, pageSize: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(all.length);
    expect(new Map(page.totals.map((t) => [t.currency, t.amountCents]))).toEqual(sums(all));
    expect(page.totals.map((t) => t.count).reduce((a, b) => a + b, 0)).toBe(all.length);
    for (const claim of [...eur, clp, doctor]) expect(all.find((i) => i.reimbursementId === claim.id), claim.folio).toMatchObject({ amountCents: claim.payable_cents, currency: claim.currency, approvedOn: now });
    // CLP has no decimals: its total is whole pesos, in text too.
    const clpTotal = page.totals.find((t) => t.currency === 'CLP')!;
    expect(clpTotal.amount).toBe(String(clpTotal.amountCents));

    const insurerId = await insurerOf(eur[0]!);
    const holders = await list({ ...today, insurerId, currency: 'EUR', payee: 'HOLDER', pageSize: 100 });
    expect(holders.items.every((i) => i.currency === 'EUR' && i.payeeKind === 'HOLDER')).toBe(true);
    expect(holders.items.map((i) => i.reimbursementId)).toEqual(expect.arrayContaining(eur.map((c) => c.id)));
    expect(holders.items.map((i) => i.reimbursementId)).not.toContain(doctor.id);
    expect(holders.totals).toEqual([expect.objectContaining({ currency: 'EUR', amountCents: holders.items.reduce((s, i) => s + i.amountCents, 0) })]);
    // One more claim in the selection moves its total by exactly its amount.
    const more = await approvedClaim('EUR');
    const after = await list({ ...today, insurerId, currency: 'EUR', payee: 'HOLDER', pageSize: 100 });
    expect(after.totals[0]!.amountCents - holders.totals[0]!.amountCents).toBe(more.payable_cents);
    expect((await list({ ...today, payee: 'PROVIDER', pageSize: 100 })).items.map((i) => i.reimbursementId)).toContain(doctor.id);
    // An approval date outside the range leaves the claims out.
    expect((await list({ from: '2026-11-22', pageSize: 100 })).items.map((i) => i.reimbursementId)).not.toContain(more.id);
  });

  it('names the claims the filters match that a run would refuse, each with the run’s rule code', async () => {
    const held = await approvedClaim('EUR');
    const created = await call('POST', '/api/payment-runs', { token: people.treasury, body: { executionDate: '2026-11-24', reimbursementIds: [held.id] } });
    expect(created.status).toBe(201);
    // The doctor's account gone, the MXN holder's marked for correction by a bank's return, the MXN debtor account
    // gone; all put back as they were when the case ends, since the other cases pay the same doctor.
    const doctor = await approvedClaim('EUR', 'PROVIDER');
    const mxn = await approvedClaim('MXN');
    const holderAccount = `SELECT pa.id FROM payee_accounts pa JOIN policies po ON po.policyholder_id = pa.policyholder_id JOIN reimbursements r ON r.policy_id = po.id WHERE r.id = ${mxn.id}`;
    await server.db.query(`CREATE TABLE kept_payee_accounts AS SELECT * FROM payee_accounts WHERE doctor_id = ${firstDoctorId()} OR id IN (${holderAccount})`);
    await server.db.query(`CREATE TABLE kept_debtor_accounts AS SELECT * FROM debtor_accounts WHERE currency = 'MXN'`);
    onTestFinished(async () => {
      await server.db.query('DELETE FROM payee_accounts WHERE id IN (SELECT id FROM kept_payee_accounts)');
      await server.db.query('INSERT INTO payee_accounts SELECT * FROM kept_payee_accounts');
      await server.db.query('INSERT INTO debtor_accounts SELECT * FROM kept_debtor_accounts');
      await server.db.query('DROP TABLE kept_payee_accounts, kept_debtor_accounts');
    });
    await server.db.query('DELETE FROM payee_accounts WHERE doctor_id = $1', [firstDoctorId()]);
    await server.db.query(
      `UPDATE payee_accounts pa SET needs_correction = true, correction_reason = 'AC04' FROM reimbursements r JOIN policies po ON po.id = r.policy_id WHERE r.id = $1 AND pa.policyholder_id = po.policyholder_id`,
      [mxn.id],
    );
    await server.db.query(`DELETE FROM debtor_accounts WHERE currency = 'MXN'`);
    const fine = await approvedClaim('EUR');

    const answer = await list({ from: now, to: now, pageSize: 100 });
    const excluded = new Map(answer.excluded.map((e) => [e.reimbursementId, e.reasons]));
    expect(excluded.get(held.id)).toEqual([{ rule: 'paymentRun.claimInOpenRun', detail: created.body.folio }]);
    expect(excluded.get(doctor.id)).toEqual([{ rule: 'paymentRun.payeeAccountInvalid', detail: 'payeeAccount.missing' }]);
    expect(excluded.get(mxn.id)).toEqual([
      { rule: 'paymentRun.payeeAccountInvalid', detail: 'payeeAccount.needsCorrection' },
      { rule: 'paymentRun.debtorAccountMissing', detail: null },
    ]);
    expect(excluded.has(fine.id)).toBe(false);
    expect(answer.excludedTotal).toBe(answer.excluded.length);
    // Excluded claims are neither in the page nor in the totals.
    const ids = answer.items.map((i) => i.reimbursementId);
    for (const id of [held.id, doctor.id, mxn.id]) expect(ids).not.toContain(id);
    expect(ids).toContain(fine.id);
    expect(answer.totals.find((t) => t.currency === 'MXN')).toBeUndefined();
    // What the list says, the run says: submitting the excluded doctor's claim is refused with the same rule.
    const run = await call('POST', '/api/payment-runs', { token: people.treasury, body: { executionDate: '2026-11-24', reimbursementIds: [doctor.id] } });
    const [{ version }] = await server.db.query<{ version: number }>('SELECT version FROM payment_runs WHERE id = $1', [run.body.id]);
    expectProblem(await call('POST', `/api/payment-runs/${run.body.id}/events`, { token: people.treasury, body: { type: 'SUBMIT', version } }), 409, 'paymentRun.payeeAccountInvalid');
  });

  it('refuses bad filters with 400 naming the parameter, and other roles with 403', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ currency: 'eur' }, 'query/currency'],
      [{ payee: 'DOCTOR' }, 'query/payee'],
      [{ insurerId: '0' }, 'query/insurerId'],
      [{ from: '21/11/2026' }, 'query/from'],
      [{ pageSize: '1000' }, 'query/pageSize'],
      [{ from: '2026-11-22', to: '2026-11-21' }, 'query/to'],
    ];
    for (const [query, path] of bad) {
      const problem = expectProblem(await call('GET', `/api/payable-claims?${new URLSearchParams(query)}`, { token: people.treasury }), 400, 'request.invalid');
      expect(problem.errors?.map((e) => e.path), JSON.stringify(query)).toContain(path);
    }
    expectProblem(await call('GET', '/api/payable-claims', { token: people.analyst }), 403, 'auth.forbidden');
  });
});
