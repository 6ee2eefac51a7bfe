import type { Database, Queryable } from '../db/database.ts';
import { DomainError } from '../errors.ts';
import type { Actor } from '../workflow/shared/actor.ts';
import { reimbursementService } from '../workflow/reimbursement/service.ts';
import type { ClaimInput } from './claim-input.ts';
import type { CallingClient } from './clients.ts';
import { askEligibilityIn } from './eligibility.ts';
import { FhirError, fhirError } from './outcome.ts';
import type { FileStore } from '../files.ts';
import { attachDocuments, discard, putFiles } from './supporting-info.ts';

/** JSON with object keys sorted: two sendings of one claim compare equal whatever order their keys came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** The claim already made under this identifier: the same claim answers it again; another claim under it is a conflict. */
async function earlierClaim(q: Queryable, client: CallingClient, input: ClaimInput, source: unknown): Promise<number | null> {
  const [row] = await q.query<{ id: number; source_resource: unknown }>('SELECT id, source_resource FROM reimbursements WHERE integration_client_id = $1 AND source_identifier = $2', [
    client.id,
    input.identifier,
  ]);
  if (!row) return null;
  if (canonical(row.source_resource) !== canonical(source)) {
    throw fhirError(409, 'duplicate', `Another claim was already sent with the identifier ${input.identifier}; send a new claim with a new identifier.`, 'Claim.identifier[0]');
  }
  return row.id;
}

/** A rule of the reimbursement service about a line, said on the claim's item (`body/lines/2/tooth` → `Claim.item[2]`). */
function asClaimProblem(error: DomainError): FhirError {
  const expressions = (error.errors ?? []).map((e) => e.path.replace(/^body\/lines\/(\d+).*$/, 'Claim.item[$1]').replace(/^body\/doctorId$/, 'Claim.provider').replace(/^body\/.*$/, 'Claim'));
  return new FhirError(422, [{ severity: 'error', code: 'business-rule', diagnostics: `${error.code}: ${error.message}`, expression: expressions.length ? [...new Set(expressions)] : ['Claim'] }]);
}

/** A verified verification of the patient, still valid today, that backs a general claim. */
async function validVerification(q: Queryable, patientId: number, today: string): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `SELECT id FROM verifications WHERE patient_id = $1 AND category = 'GENERAL' AND state = 'verified' AND valid_until >= $2 ORDER BY id DESC LIMIT 1`,
    [patientId, today],
  );
  return row?.id ?? null;
}

/**
 * `use: claim`: a reimbursement draft of the client with the claim's lines, backed by the patient's valid verification
 * or by one made now through the verification statechart (in the same transaction: a refused claim leaves nothing).
 * Answers the reimbursement's id and whether it was made now (false: the same claim sent again).
 */
export async function submitClaim(db: Database, files: FileStore, client: CallingClient, actor: Actor & { id: number }, input: ClaimInput, source: unknown, today: string): Promise<{ id: number; created: boolean }> {
  const earlier = await earlierClaim(db, client, input, source);
  if (earlier !== null) return { id: earlier, created: false };
  const stored = await putFiles(files, input.documents);
  let unattached: typeof stored = [];
  try {
    const id = await db.transaction(async (tx) => {
      let verificationId = await validVerification(tx, input.patientId, today);
      if (verificationId === null) {
        const firstDate = input.lines.map((l) => l.serviceDate).sort()[0]!;
        const question = { patientId: input.patientId, date: firstDate, doctorId: input.doctorId, purposes: ['validation'], items: input.lines.map((l) => ({ code: l.procedureCode, chargedCents: l.chargedCents })) };
        verificationId = await askEligibilityIn(tx, question, source, client, actor, today, 'ELIGIBILITY');
        const [made] = await tx.query<{ state: string; reason: string | null }>('SELECT state, reason FROM verifications WHERE id = $1', [verificationId]);
        if (made?.state !== 'verified') throw fhirError(422, 'business-rule', `The patient's coverage does not back the claim: ${made?.reason ?? made?.state}.`, 'Claim.patient');
      }
      const lines = input.lines.map((l) => ({ ...l, otherInsurerPaidCents: 0 }));
      let created: number;
      try {
        created = (await reimbursementService.create(tx, { verificationId, doctorId: input.doctorId, payee: input.payee, invoiceNumber: null, invoiceDate: input.created, lines }, actor, today)).id;
      } catch (error) {
        if (error instanceof DomainError) throw asClaimProblem(error);
        throw error;
      }
      await tx.query('UPDATE reimbursements SET integration_client_id = $2, source_resource = $3, source_identifier = $4 WHERE id = $1', [created, client.id, JSON.stringify(source), input.identifier]);
      unattached = await attachDocuments(tx, { type: 'reimbursement', id: created }, stored, actor);
      return created;
    });
    // The same file sent twice is one document: its second copy leaves the store.
    await discard(files, unattached);
    return { id, created: true };
  } catch (error) {
    // Nothing of a refused claim stays, its files included.
    await discard(files, stored);
    // The same claim sent twice at once: the unique identifier let one in; the other answers what it made.
    if ((error as { code?: string }).code === '23505') {
      const winner = await earlierClaim(db, client, input, source);
      if (winner !== null) return { id: winner, created: false };
    }
    throw error;
  }
}

/**
 * `use: preauthorization` or `predetermination`: a verification of the client (a pre-authorisation is queued for a
 * verifier), with the claim's `supportingInfo` files as its documents, held to the same rules as a claim's: a
 * refused request leaves neither the verification nor its files.
 */
export async function submitPreauthorization(db: Database, files: FileStore, client: CallingClient, actor: Actor & { id: number }, input: ClaimInput, source: unknown, today: string): Promise<number> {
  const question = {
    patientId: input.patientId,
    date: input.lines.map((l) => l.serviceDate).sort()[0]!,
    doctorId: input.doctorId,
    purposes: [input.use === 'preauthorization' ? 'auth-requirements' : 'benefits'],
    items: input.lines.map((l) => ({ code: l.procedureCode, chargedCents: l.chargedCents })),
  };
  const stored = await putFiles(files, input.documents);
  try {
    const { id, unattached } = await db.transaction(async (tx) => {
      const made = await askEligibilityIn(tx, question, source, client, actor, today, input.use === 'preauthorization' ? 'PREAUTHORIZATION' : 'BENEFITS');
      return { id: made, unattached: await attachDocuments(tx, { type: 'verification', id: made }, stored, actor) };
    });
    await discard(files, unattached);
    return id;
  } catch (error) {
    await discard(files, stored);
    throw error;
  }
}
