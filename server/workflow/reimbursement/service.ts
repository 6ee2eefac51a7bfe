import { REIMBURSEMENT_EVENT_PERMISSIONS, reimbursementMachine, type ReimbursementEvent } from '@core/workflows/reimbursement.machine.ts';
import type { Liquidation } from '@core/benefits/liquidate.ts';
import type { components } from '../../../openapi/schema';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, NotFoundError, StateConflictError } from '../../errors.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { doctorOf } from '../shared/people.ts';
import { nextFolio } from '../shared/folio.ts';
import { readHistory } from '../shared/history.ts';
import { reimbursementEffects, storeCheckedLiquidation } from './effects.ts';
import { isSupervisor } from '../shared/actor.ts';
import { liquidationOfLines, reimbursementFacts } from './facts.ts';
import { listCatalog } from '../../settings/catalogs.ts';
import { presentLiquidation, presentReimbursement } from './presenter.ts';
import {
  activeUsersWithPermission,
  findReimbursement,
  idempotentReplay,
  insertReimbursement,
  installmentOfPreauthorization,
  installmentToClaim,
  pageReimbursements,
  replaceLines,
  saveReimbursement,
  unsavedClaimOn,
  verificationForClaim,
  type ReimbursementFilter,
  type ReimbursementRow,
} from './repository.ts';

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const PROBE_EVENTS: ReimbursementEvent[] = [
  { type: 'SUBMIT' },
  { type: 'REQUEST_DOCUMENTS', documents: ['INVOICE'] },
  { type: 'RESUBMIT' },
  { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' },
  { type: 'APPROVE' },
  { type: 'REJECT', reasonCode: '01' },
  { type: 'PAY', reference: 'x', reason: 'x' },
  { type: 'CANCEL', reason: 'x' },
  { type: 'EDIT', changes: { doctorId: 1, lines: [] } },
];

/** SUBMIT and RESUBMIT are followed at once by the system's CHECK, which stores the liquidation line by line. */
export const reimbursementWorkflow = defineWorkflowService({
  machine: reimbursementMachine,
  entity: 'reimbursement',
  name: 'reimbursement',
  load: findReimbursement,
  facts: reimbursementFacts,
  effects: reimbursementEffects,
  afterEffects: storeCheckedLiquidation,
  save: (tx, row, changes) => saveReimbursement(tx, row.id, changes),
  // ASSIGN is offered as taking it for oneself; a supervisor names anyone else in the event.
  probes: (_today, actor): ReimbursementEvent[] => [...PROBE_EVENTS, { type: 'ASSIGN', assigneeId: actor.id ?? 0 }],
  followUp: (row) => (row.state === 'submitted' ? { type: 'CHECK' as const } : null),
  present: (row, evaluation) => presentReimbursement(row, evaluation, evaluation.context),
});

type Input = components['schemas']['ReimbursementInput'];

async function checkDoctor(tx: Queryable, doctorId: number) {
  const doctor = await doctorOf(tx, doctorId);
  if (!doctor) throw new BusinessRuleError('reimbursement.doctorUnknown', 'No such doctor.', [{ path: 'body/doctorId', keyword: 'exists' }]);
  // Research §2.5: a suspended doctor is named on no new reimbursement; an inactive one no longer works with us.
  if (doctor.state === 'SUSPENDED') {
    throw new BusinessRuleError('reimbursement.doctorSuspended', 'The doctor is suspended and cannot be named on a reimbursement.', [{ path: 'body/doctorId', keyword: 'doctorSuspended' }]);
  }
  if (doctor.state !== 'ACTIVE') {
    throw new BusinessRuleError('reimbursement.doctorInactive', 'The doctor is inactive and cannot be named on a reimbursement.', [{ path: 'body/doctorId', keyword: 'doctorInactive' }]);
  }
}

const verificationNotValid = () =>
  new BusinessRuleError('reimbursement.verificationNotValid', 'The verification is not verified or no longer valid.', [{ path: 'body/verificationId', keyword: 'rule' }]);

/** A draft from a verified, still valid verification; an orthodontic one claims a claimable instalment of the patient. */
/** A create's Idempotency-Key and the fingerprint of the body it came with. */
export type Idempotency = { key: string; fingerprint: string };

async function insertDraft(tx: Queryable, input: Input, creatorId: number, idempotency: Idempotency | null, today: string): Promise<number> {
  const { verificationId, doctorId, installmentId, payee, invoiceNumber, invoiceDate, invoicePaid, lines } = input;
  const verification = await verificationForClaim(tx, verificationId);
  if (!verification) throw new BusinessRuleError('reimbursement.verificationUnknown', 'No such verification.', [{ path: 'body/verificationId', keyword: 'exists' }]);
  // An orthodontic plan's instalments fall due for months after its preauthorization's validity (R8) ends; each was
  // re-checked (coverage, age, lifetime maximum) when it fell due, so the plan's own preauthorization, once verified, backs its claims.
  const backsPlan =
    verification.category === 'ORTHODONTIC' && ['verified', 'expired'].includes(verification.state) && (await installmentOfPreauthorization(tx, installmentId ?? 0, verificationId));
  if (!backsPlan && (verification.state !== 'verified' || !verification.valid_until || verification.valid_until < today)) throw verificationNotValid();
  await checkDoctor(tx, doctorId);
  let planId: number | null = null;
  if (verification.category === 'ORTHODONTIC') {
    const installment = await installmentToClaim(tx, installmentId ?? 0);
    if (!installment || installment.patient_id !== verification.patient_id || installment.state !== 'claimable' || installment.claimed) {
      throw new BusinessRuleError('reimbursement.installmentNotClaimable', 'An orthodontic reimbursement needs a claimable instalment of this patient.', [
        { path: 'body/installmentId', keyword: 'rule' },
      ]);
    }
    planId = installment.plan_id;
  } else if (installmentId) {
    throw new BusinessRuleError('reimbursement.installmentNotOrthodontic', 'Only an orthodontic reimbursement claims an instalment.', [{ path: 'body/installmentId', keyword: 'rule' }]);
  }
  const id = await insertReimbursement(tx, {
    folio: await nextFolio(tx, 'REE', today),
    verification_id: verificationId,
    patient_id: verification.patient_id,
    policy_id: verification.policy_id,
    insurer_id: verification.insurer_id,
    doctor_id: doctorId,
    kind: verification.category,
    orthodontic_plan_id: planId,
    installment_id: installmentId ?? null,
    payee,
    invoice_number: invoiceNumber?.trim() || null,
    invoice_date: invoiceDate ?? null,
    invoice_paid: invoicePaid ?? false,
    currency: verification.currency,
    created_by: creatorId,
    idempotency_key: idempotency?.key ?? null,
    idempotency_fingerprint: idempotency?.fingerprint ?? null,
  });
  await replaceLines(tx, id, lines);
  return id;
}

/** Reimbursements: list, creation (idempotent), changes while editable, their events and the liquidation preview. */
export const reimbursementService = {
  present: async (q: Queryable, row: ReimbursementRow, actor: Actor, today: string) => (await reimbursementWorkflow.present(q, [row], actor, today))[0],

  list: async (db: Database, filter: ReimbursementFilter, actor: Actor, today: string) =>
    reimbursementWorkflow.list(db, await pageReimbursements(db, filter, actor.id ?? 0, today), actor, today, {
      q: filter.q ?? null,
      kind: filter.kind ?? null,
      state: filter.state ?? null,
      assigned: filter.assigned ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
      cureEnding: filter.cureEnding ?? null,
      payment: filter.payment ?? null,
    }),

  get: reimbursementWorkflow.get,

  /** Creates a draft in the caller's transaction, audited. */
  async create(tx: Queryable, input: Input, actor: Actor & { id: number }, today: string, idempotency: Idempotency | null = null): Promise<ReimbursementRow> {
    const id = await insertDraft(tx, input, actor.id, idempotency, today);
    await auditWorkflow(tx, 'reimbursement', actor, 'CREATE', id, { verificationId: input.verificationId });
    return reimbursementWorkflow.find(tx, id);
  },

  /**
   * Creates a draft once per `Idempotency-Key`: a key seen before with the same body answers what it created
   * (`replayed`), also when the same key is sent twice at once and the database's unique key decides the winner;
   * the key with another body is refused (422 `idempotency.keyReused`), as Stripe and the IETF draft do.
   */
  async createOnce(db: Database, input: Input, actor: Actor & { id: number }, today: string, idempotency: Idempotency | null): Promise<{ row: ReimbursementRow; replayed: boolean }> {
    const replayed = async () => {
      const earlier = idempotency ? await idempotentReplay(db, actor.id, idempotency.key) : undefined;
      if (!earlier) return undefined;
      // A row made before fingerprints were kept has none: it replays as it always did.
      if (earlier.fingerprint !== null && earlier.fingerprint !== idempotency!.fingerprint) {
        throw new BusinessRuleError('idempotency.keyReused', 'This Idempotency-Key was already used with a different body; use a new key for a new request.', [
          { path: 'header/Idempotency-Key', keyword: 'keyReused' },
        ]);
      }
      return { row: await reimbursementWorkflow.find(db, earlier.id), replayed: true };
    };
    const earlier = await replayed();
    if (earlier) return earlier;
    try {
      return { row: await db.transaction((tx) => reimbursementService.create(tx, input, actor, today, idempotency)), replayed: false };
    } catch (error) {
      const winner = (error as { code?: string }).code === '23505' ? await replayed() : undefined;
      if (winner) return winner;
      throw error;
    }
  },

  /**
   * Header and lines of a draft or of one returned for documents, through the statechart's EDIT (its creator,
   * its assignee or a supervisor); a state without EDIT is `reimbursement.notEditable`.
   */
  async update(tx: Queryable, id: number, input: components['schemas']['ReimbursementUpdate'], actor: Actor, today: string): Promise<ReimbursementRow> {
    const { version, ...changes } = input;
    const current = await reimbursementWorkflow.find(tx, id);
    // The statechart says where EDIT exists; checked before the version, which says nothing about a closed claim.
    if (!reimbursementMachine.root.states[current.state]?.on.EDIT) {
      throw new StateConflictError('reimbursement.notEditable', 'Only a draft or a reimbursement returned for documents can be changed.');
    }
    await checkDoctor(tx, input.doctorId);
    return reimbursementWorkflow.send(tx, id, { type: 'EDIT', changes }, { actor, today, version });
  },

  send: reimbursementWorkflow.send,

  /**
   * Who the actor may assign the reimbursement to for review: those who may decide on it (APPROVE's right), its
   * creator excepted; a supervisor any of them, another reviewer only themselves (the statechart's ASSIGN guard).
   */
  async assignees(db: Queryable, id: number, actor: Actor) {
    const row = await reimbursementWorkflow.find(db, id);
    const eligible = await activeUsersWithPermission(db, REIMBURSEMENT_EVENT_PERMISSIONS.APPROVE, row.created_by);
    return isSupervisor(actor) ? eligible : eligible.filter((user) => user.id === actor.id);
  },

  async history(db: Queryable, id: number) {
    const row = await reimbursementWorkflow.find(db, id);
    return readHistory(db, 'reimbursement', row.id);
  },

  /** What the benefit engine would pay now, without storing anything. */
  async previewLiquidation(db: Queryable, id: number, actor: Actor, today: string) {
    const row = await reimbursementWorkflow.find(db, id);
    const { context } = (await reimbursementWorkflow.evaluate(db, [row], actor, today)).get(row.id)!;
    return withReasonTexts(db, context.liquidation);
  },

  /** What the benefit engine would pay for lines not saved yet (the live preview while typing), without storing anything. */
  async previewLines(db: Queryable, id: number, input: components['schemas']['LiquidationPreviewInput'], today: string) {
    const row = await reimbursementWorkflow.find(db, id);
    return withReasonTexts(db, await liquidationOfLines(db, row, input, today));
  },

  /**
   * The same preview before the first save: the lines as a new reimbursement on the verification would be
   * liquidated (its claim type, rules, ledger and history), refused like the creation when the verification
   * cannot take one. Nothing is stored.
   */
  async previewUnsaved(db: Queryable, verificationId: number, input: components['schemas']['LiquidationPreviewInput'], today: string) {
    const claim = await unsavedClaimOn(db, verificationId);
    if (!claim) throw new NotFoundError('verification');
    const valid = claim.verification_state === 'verified' && claim.valid_until !== null && claim.valid_until >= today;
    // As at creation: an orthodontic plan's instalments are claimed on its pre-authorization after its validity ended.
    const backsPlan = claim.kind === 'ORTHODONTIC' && claim.plan_id !== null && ['verified', 'expired'].includes(claim.verification_state);
    if (!valid && !backsPlan) throw verificationNotValid();
    return withReasonTexts(db, await liquidationOfLines(db, claim, input, today));
  },
};

/** The liquidation as the API answers it, each reason code with its catalog texts. */
async function withReasonTexts(db: Queryable, liquidation: Liquidation) {
  const reasons = await listCatalog(db, 'reasons');
  return presentLiquidation(liquidation, new Map(reasons.map((r) => [r.code, { es: r.texts.es, en: r.texts.en }])));
}
