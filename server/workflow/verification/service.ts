import { verificationMachine, type VerificationEvent } from '@core/workflows/verification.machine.ts';
import type { components } from '../../../openapi/schema';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, StaleVersionError, StateConflictError } from '../../errors.ts';
import { isSupervisor, type Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { nextFolio } from '../shared/folio.ts';
import { readHistory } from '../shared/history.ts';
import { verificationEffects } from './effects.ts';
import { verificationFacts } from './facts.ts';
import { presentVerification } from './presenter.ts';
import {
  OPEN_STATES,
  doctorExists,
  findVerification,
  hasOpenVerification,
  insertVerification,
  pageVerifications,
  patientCoverageOf,
  saveVerification,
  countOpenVerifications,
  type VerificationFilter,
  type WorklistFilter,
  type VerificationRow,
} from './repository.ts';

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const PROBE_EVENTS: VerificationEvent[] = [
  { type: 'START' },
  { type: 'REQUEST_INFO', note: 'x' },
  { type: 'INFO_RECEIVED' },
  { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'x' },
  { type: 'RECORD_NOT_ELIGIBLE', reason: 'x' },
  { type: 'CANCEL', reason: 'x' },
];

export const verificationWorkflow = defineWorkflowService({
  machine: verificationMachine,
  entity: 'verification',
  name: 'verification',
  load: findVerification,
  facts: verificationFacts,
  effects: verificationEffects,
  save: (tx, row, changes) => saveVerification(tx, row.id, changes),
  // ASSIGN is offered as taking it for oneself; a supervisor names anyone else in the event.
  probes: (_today, actor): VerificationEvent[] => [{ type: 'ASSIGN', assigneeId: actor.id ?? 0 }, ...PROBE_EVENTS],
  present: (row, { allowedEvents }, { today }) => presentVerification(row, allowedEvents, today),
});

/** Coverage verifications: the worklist and history, creation, changes while open, and their events. */
export const verificationService = {
  present: async (q: Queryable, row: VerificationRow, actor: Actor, today: string) => (await verificationWorkflow.present(q, [row], actor, today))[0],

  list: async (db: Database, filter: VerificationFilter & WorklistFilter, actor: Actor & { id: number }, today: string) =>
    verificationWorkflow.list(db, await pageVerifications(db, filter, actor.id, today), actor, today, {
      q: filter.q ?? null,
      state: filter.state ?? filter.group ?? null,
      assigned: filter.assigned ?? null,
    }),

  counts: (db: Database, filter: WorklistFilter, actor: Actor & { id: number }, today: string) => countOpenVerifications(db, filter, actor.id, today),

  get: verificationWorkflow.get,

  async create(tx: Queryable, input: components['schemas']['VerificationInput'], actor: Actor & { id: number }, today: string): Promise<VerificationRow> {
    const { patientId, kind, category, plannedServiceDate, doctorId, note } = input;
    if (category === 'ORTHODONTIC' && kind !== 'PREAUTHORIZATION') {
      throw new BusinessRuleError('verification.orthodonticNeedsPreauthorization', 'An orthodontic verification is a pre-authorisation.', [{ path: 'body/kind', keyword: 'rule' }]);
    }
    const patient = await patientCoverageOf(tx, patientId);
    if (!patient) throw new BusinessRuleError('verification.patientUnknown', 'No such patient.', [{ path: 'body/patientId', keyword: 'exists' }]);
    if (patient.state !== 'ACTIVE') throw new BusinessRuleError('verification.patientInactive', 'The patient is not active in the policy.', [{ path: 'body/patientId', keyword: 'rule' }]);
    if (doctorId && !(await doctorExists(tx, doctorId))) {
      throw new BusinessRuleError('verification.doctorUnknown', 'No such doctor.', [{ path: 'body/doctorId', keyword: 'exists' }]);
    }
    if (await hasOpenVerification(tx, patientId, kind, category)) {
      throw new StateConflictError('verification.alreadyOpen', 'This patient already has an open verification of this kind.');
    }
    const id = await insertVerification(tx, {
      folio: await nextFolio(tx, 'VER', today),
      patient_id: patientId,
      policy_id: patient.policy_id,
      insurer_id: patient.insurer_id,
      doctor_id: doctorId ?? null,
      kind,
      category,
      planned_service_date: plannedServiceDate,
      note: note?.trim() || null,
      created_by: actor.id,
    });
    await auditWorkflow(tx, 'verification', actor, 'CREATE', id);
    // A verifier's own new verification is hers to start at once (taken through the machine, so its history says
    // so); one a supervisor or administrator enters waits unassigned for them to hand out.
    if (!isSupervisor(actor) && actor.permissions?.includes('verifications:update')) {
      return verificationWorkflow.send(tx, id, { type: 'ASSIGN', assigneeId: actor.id }, { actor, today });
    }
    return verificationWorkflow.find(tx, id);
  },

  /** The planned date, doctor and note of an open verification. */
  async update(tx: Queryable, id: number, input: components['schemas']['VerificationUpdate'], actor: Actor): Promise<VerificationRow> {
    const current = await verificationWorkflow.find(tx, id, true);
    if (!OPEN_STATES.includes(current.state)) throw new StateConflictError('verification.notEditable', 'Only an open verification can be changed.');
    if (current.version !== input.version) throw new StaleVersionError('verification', current.version);
    await saveVerification(tx, current.id, { planned_service_date: input.plannedServiceDate, doctor_id: input.doctorId ?? null, note: input.note?.trim() || null });
    await auditWorkflow(tx, 'verification', actor, 'UPDATE', current.id);
    return verificationWorkflow.find(tx, current.id);
  },

  send: verificationWorkflow.send,

  async history(db: Queryable, id: number) {
    const row = await verificationWorkflow.find(db, id);
    return readHistory(db, 'verification', row.id);
  },
};
