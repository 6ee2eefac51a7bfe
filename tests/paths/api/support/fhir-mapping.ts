/**
 * The replay adapters of the reimbursement and verification machines, with the FHIR answer read at every state a
 * path reaches and checked against the one mapping table the server uses (CLAIM_RESPONSE, ELIGIBILITY_OUTCOME).
 *
 * The replays need the panel's roles as the facts say (who created the claim, who may edit it), so the record is
 * made in the panel by the machine's own adapter and then attributed to an integration client exactly as the
 * FHIR create does (server/fhir/claim.ts and eligibility.ts: `integration_client_id`, `source_resource`), with the
 * resource a practice would have sent. From then on it is read only through `/fhir/R4`, as the client reads it.
 */
import { expect } from 'vitest';
import { CLAIM_RESPONSE } from '../../../../server/fhir/claim-response.ts';
import { ELIGIBILITY_OUTCOME } from '../../../../server/fhir/eligibility-response.ts';
import { reimbursementMachine, type ReimbursementState } from '@core/workflows/reimbursement.machine.ts';
import { verificationMachine, type VerificationState } from '@core/workflows/verification.machine.ts';
import { codesOf, expectValidResource } from '../../../api/fhir-support.ts';
import type { MachineAdapter, ReplayContext, Subject } from './api-replay.ts';

const SCOPES = ['system/ClaimResponse.r', 'system/ExplanationOfBenefit.r', 'system/CoverageEligibilityResponse.r'];
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const REASON_SYSTEM = 'urn:dental-backoffice:rejection-reason';

/** What the checks saw: every state whose FHIR answer was read, per machine. */
export const checkedStates = { reimbursement: new Set<string>(), verification: new Set<string>() };

/** One integration client per server (every insurer, every doctor), and its token, made on first use. */
const clients = new WeakMap<ReplayContext, Promise<{ id: number; token: string }>>();
function clientOf(ctx: ReplayContext) {
  let made = clients.get(ctx);
  if (!made) {
    made = (async () => {
      const insurerIds = (await ctx.server.db.query<{ id: number }>('SELECT id FROM insurers ORDER BY id')).map((r) => r.id);
      const created = await ctx.call('POST', '/api/integration-clients', {
        token: ctx.tokens.admin,
        body: { name: 'Replay practice', scopes: SCOPES, insurerIds, doctorIds: [], rateLimitPerMinute: 10000 },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: created.body.client.clientId, client_secret: created.body.clientSecret });
      const token = await ctx.call('POST', '/fhir/R4/auth/token', { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      return { id: created.body.client.id as number, token: token.body.access_token as string };
    })();
    clients.set(ctx, made);
  }
  return made;
}

const fhirGet = async (ctx: ReplayContext, path: string) => ctx.call('GET', `/fhir/R4/${path}`, { token: (await clientOf(ctx)).token, headers: { accept: 'application/fhir+json' } });
const amount = (entries: { category: { coding: { code: string }[] }; amount?: { value: number } }[], code: string) => entries.find((e) => e.category.coding[0]!.code === code);
const cents = (money: { value: number } | undefined) => (money === undefined ? undefined : Math.round(money.value * 100));

type PanelLine = { id: number; chargedCents: number; allowedCents: number | null; deductibleCents: number | null; coveredCents: number | null; status: string; reason: string | null };
type ClaimItem = { itemSequence: number; adjudication: { category: { coding: { code: string }[] }; amount?: { value: number }; reason?: { coding: { system: string; code: string }[] } }[] };

/**
 * The claim's ClaimResponse at its current state: status and outcome are the table's; each item's adjudication is
 * the panel's stored decision once the table says decided (else the engine's liquidation as it stands); the benefit
 * total, the payment, the rejection reasons and whether an ExplanationOfBenefit exists follow the same row.
 */
async function checkClaimResponse(ctx: ReplayContext, id: number, where: string) {
  const record = (await ctx.call('GET', `/api/reimbursements/${id}`, { token: ctx.tokens.admin })).body as { state: ReimbursementState; currency: string; lines: PanelLine[]; payableCents: number; paidCents: number | null };
  const row = CLAIM_RESPONSE[record.state];
  expect(row, `${where}: the mapping table has no row for ${record.state}`).toBeDefined();
  const answer = await fhirGet(ctx, `ClaimResponse/${id}`);
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(200);
  const response = answer.body as { status: string; outcome: string; item: ClaimItem[]; total: ClaimItem['adjudication']; payment?: { amount: { value: number } } };
  expectValidResource(answer.body);
  expect({ status: response.status, outcome: response.outcome }, `${where} (${record.state})`).toEqual({ status: row.status, outcome: row.outcome });
  expect(codesOf('http://hl7.org/fhir/fm-status').has(response.status) && codesOf('http://hl7.org/fhir/remittance-outcome').has(response.outcome), where).toBe(true);
  // The row read against facts the table does not hold: the machine's final states and the ledger. The payer
  // has decided once the claim holds benefit in the ledger (reserved, settled) or ended otherwise than cancelled;
  // an undecided claim that can still move is queued (the practice polls), one that cannot is cancelled.
  const final = reimbursementMachine.root.states[record.state]?.type === 'final';
  const [{ entries }] = await ctx.server.db.query<{ entries: number }>('SELECT count(*)::int AS entries FROM benefit_ledger WHERE reimbursement_id = $1', [id]);
  const decided = entries > 0 || (final && record.state !== 'cancelled');
  expect({ decided: row.decided, queued: row.outcome === 'queued', cancelled: row.status === 'cancelled' }, `${where}: the row of ${record.state} (final: ${final}, ledger entries: ${entries})`).toEqual({
    decided,
    queued: !decided && !final,
    cancelled: final && !decided,
  });
  // `partial` says some lines were refused and others not: never of a claim whose lines were all decided alike.
  const decisions = new Set(record.lines.map((l) => (l.status === 'REJECTED' ? 'REJECTED' : 'PAID')));
  if (row.outcome === 'partial') expect(decisions.size, `${where}: partial with lines all ${[...decisions].join()}`).toBe(2);
  if (row.decided && decisions.size < 2) expect(row.outcome, `${where}: lines all ${[...decisions].join()}`).toBe('complete');
  const preview = row.decided || record.state === 'cancelled' ? undefined : (await ctx.call('GET', `/api/reimbursements/${id}/liquidation`, { token: ctx.tokens.admin })).body as { lines: { lineId: number; allowedCents: number; deductibleCents: number; coveredCents: number; status: string; reason?: string }[] };
  expect(response.item.map((i) => i.itemSequence), where).toEqual(record.lines.map((_, i) => i + 1));
  const adjudicationCodes = codesOf(ADJUDICATION);
  for (const [index, line] of record.lines.entries()) {
    const item = response.item[index]!;
    for (const a of item.adjudication) expect(adjudicationCodes.has(a.category.coding[0]!.code), `${where}: ${a.category.coding[0]!.code}`).toBe(true);
    expect(cents(amount(item.adjudication, 'submitted')?.amount), `${where} item ${index + 1}: submitted`).toBe(line.chargedCents);
    const expected = preview ? preview.lines.find((l) => l.lineId === line.id) : line.allowedCents === null ? undefined : line;
    const got = { eligible: cents(amount(item.adjudication, 'eligible')?.amount), deductible: cents(amount(item.adjudication, 'deductible')?.amount), benefit: cents(amount(item.adjudication, 'benefit')?.amount) };
    expect(got, `${where} item ${index + 1} (${preview ? 'engine now' : 'as decided'})`).toEqual(
      expected ? { eligible: expected.allowedCents, deductible: expected.deductibleCents ?? 0, benefit: expected.coveredCents ?? 0 } : { eligible: undefined, deductible: undefined, benefit: undefined },
    );
    const reason = expected?.status === 'REJECTED' && expected.reason ? expected.reason : undefined;
    const given = (amount(item.adjudication, 'benefit') as ClaimItem['adjudication'][number] | undefined)?.reason?.coding[0];
    expect(given && `${given.system}#${given.code}`, `${where} item ${index + 1}: reason`).toBe(reason && `${REASON_SYSTEM}#${reason}`);
  }
  if (row.decided) expect(cents(amount(response.total, 'benefit')?.amount), `${where}: benefit total`).toBe(record.payableCents);
  expect(cents(response.payment?.amount), `${where}: payment`).toBe(record.state === 'paid' ? (record.paidCents ?? record.payableCents) : undefined);
  const eob = await fhirGet(ctx, `ExplanationOfBenefit/${id}`);
  expect(eob.status, `${where}: ExplanationOfBenefit of a ${record.state} claim`).toBe(row.decided ? 200 : 404);
  checkedStates.reimbursement.add(record.state);
}

/** The verification's CoverageEligibilityResponse (and, for a pre-authorisation, its ClaimResponse `pa-{id}`): the table's outcome. */
async function checkEligibilityAnswer(ctx: ReplayContext, id: number, where: string) {
  const record = (await ctx.call('GET', `/api/verifications/${id}`, { token: ctx.tokens.admin })).body as { state: VerificationState; kind: string; authorizationNumber?: string | null };
  const outcome = ELIGIBILITY_OUTCOME[record.state];
  expect(outcome, `${where}: the mapping table has no row for ${record.state}`).toBeDefined();
  const answer = await fhirGet(ctx, `CoverageEligibilityResponse/${id}`);
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(200);
  expectValidResource(answer.body);
  expect(answer.body.outcome, `${where} (${record.state})`).toBe(outcome);
  // Queued while a verifier can still answer; what the machine cannot leave, and a verified answer, is complete.
  const open = verificationMachine.root.states[record.state]?.type !== 'final' && record.state !== 'verified';
  expect(outcome, `${where}: ${record.state} (open: ${open})`).toBe(open ? 'queued' : 'complete');
  // In force is said only of what the verifier (or the rules) found eligible; a refusal says why.
  if (record.state === 'notEligible') expect(answer.body.insurance[0].inforce, where).toBe(false);
  if (record.kind === 'PREAUTHORIZATION') {
    const pa = await fhirGet(ctx, `ClaimResponse/pa-${id}`);
    expect(pa.status, `${where}: ${JSON.stringify(pa.body)}`).toBe(200);
    expectValidResource(pa.body);
    expect({ outcome: pa.body.outcome, use: pa.body.use }, where).toEqual({ outcome, use: 'preauthorization' });
    expect(pa.body.preAuthRef, `${where}: the authorisation number`).toBe(record.authorizationNumber ?? undefined);
  }
  checkedStates.verification.add(record.state);
}

const PURPOSE: Record<string, string> = { PREAUTHORIZATION: 'auth-requirements', BENEFITS: 'benefits', ELIGIBILITY: 'validation' };

/** The adapter, its record the client's, and the FHIR answer checked after set-up and after every accepted step. */
export function withFhirAnswers(adapter: MachineAdapter): MachineAdapter {
  const claims = adapter.resource === 'reimbursements';
  const check = (ctx: ReplayContext, id: number, where: string) => (claims ? checkClaimResponse(ctx, id, where) : checkEligibilityAnswer(ctx, id, where));
  return {
    ...adapter,
    async setup(ctx, scenario, path): Promise<Subject> {
      const subject = await adapter.setup(ctx, scenario, path);
      const client = await clientOf(ctx);
      if (claims) {
        const source = { resourceType: 'Claim', identifier: [{ system: 'urn:practice:replay', value: `R-${subject.id}` }], use: 'claim' };
        await ctx.server.db.query('UPDATE reimbursements SET integration_client_id = $2, source_resource = $3, source_identifier = $4 WHERE id = $1', [subject.id, client.id, JSON.stringify(source), `R-${subject.id}`]);
      } else {
        const [row] = await ctx.server.db.query<{ kind: string; patient_id: number; planned_service_date: string }>('SELECT kind, patient_id, planned_service_date::text FROM verifications WHERE id = $1', [subject.id]);
        const source = { resourceType: 'CoverageEligibilityRequest', purpose: [PURPOSE[row!.kind]], patient: { reference: `Patient/${row!.patient_id}` }, servicedDate: row!.planned_service_date };
        await ctx.server.db.query('UPDATE verifications SET integration_client_id = $2, source_resource = $3 WHERE id = $1', [subject.id, client.id, JSON.stringify(source)]);
      }
      await check(ctx, subject.id, `${path.id} set-up`);
      return subject;
    },
    async effects(ctx, subject, step, record) {
      await adapter.effects?.(ctx, subject, step, record);
      await check(ctx, subject.id, `${step.event.type} → ${String(record.state)}`);
    },
  };
}
