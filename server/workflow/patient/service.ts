import type { components } from '../../../openapi/schema';
import { patientCoverageGuardRules, patientCoverageMachine, type PatientCoverageEvent, type PatientCoverageGuard } from '@core/workflows/patient-coverage.machine.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, NotFoundError, RuleRefusedError } from '../../errors.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { readHistory } from '../shared/history.ts';
import { patientEffects, type WithValues } from './effects.ts';
import { patientFacts } from './facts.ts';
import { columnsOf, detailsOf, normalized } from './fields.ts';
import { patientOverview, type LinkedPages } from './overview.ts';
import { policySummary } from './policy-summary.ts';
import { presentPatient, presentPatientHistory, type Patient } from './presenter.ts';
import { findPatient, insertPatient, lockPolicy, pagePatients, savePatient, type PatientFilter, type PatientRow } from './repository.ts';

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const probes = (today: string): PatientCoverageEvent[] => [
  { type: 'SUSPEND', date: today, reason: 'x' },
  { type: 'RESUME', date: today },
  { type: 'END_COVERAGE', date: '9999-12-31', reason: 'x' },
];

export const patientWorkflow = defineWorkflowService({
  machine: patientCoverageMachine,
  entity: 'patient',
  name: 'patient',
  load: findPatient,
  facts: patientFacts,
  effects: patientEffects,
  save: (tx, row, changes) => savePatient(tx, row.id, changes),
  probes,
  present: (row, { allowedEvents }) => presentPatient(row, allowedEvents),
});

/** The form field each enrolment rule is about, so the refusal shows next to it. */
const RULE_FIELDS: Partial<Record<PatientCoverageGuard, string>> = {
  policyTakesPatients: 'policyId',
  beneficiaryPlaceLeft: 'policyId',
  enrolmentWithinValidity: 'enrolledOn',
  bornByEnrolment: 'birthDate',
  singleHolder: 'relationship',
  holderEnrolledFirst: 'relationship',
  holderDocumentMatches: 'documentNumber',
  childWithinAgeLimit: 'birthDate',
  studentUntilGiven: 'studentUntil',
  partnerIsAdult: 'birthDate',
  adultHasDocument: 'documentNumber',
  documentUniqueInPolicy: 'documentNumber',
  duplicateConfirmed: 'documentNumber',
};

/**
 * An enrolment or amendment the statechart refused is a business rule on the submitted fields (422), named
 * on the field it is about with the guard whose catalog text explains it.
 */
async function asFieldRule<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RuleRefusedError)) throw error;
    const guard = (Object.keys(patientCoverageGuardRules) as PatientCoverageGuard[]).find((g) => patientCoverageGuardRules[g].rule === error.rule);
    const field = guard && RULE_FIELDS[guard];
    if (!guard || !field) throw error;
    throw new BusinessRuleError(error.rule, `The enrolment rules refused the patient (${error.rule}).`, [{ path: `body/${field}`, keyword: 'workflow', params: { rule: error.rule, guard } }]);
  }
}

const present = async (q: Queryable, row: PatientRow, actor: Actor, today: string): Promise<Patient> => (await patientWorkflow.present(q, [row], actor, today))[0];

/** Patients: the list with its policy's summary, enrolment and changes under the coverage statechart, history and the patient view. */
export const patientService = {
  present,

  async list(db: Database, filter: PatientFilter, actor: Actor, today: string) {
    const policy = filter.policyId === undefined ? undefined : await policySummary(db, filter.policyId);
    if (filter.policyId !== undefined && !policy) throw new NotFoundError('policy');
    const page = await pagePatients(db, filter);
    const { items, total } = await patientWorkflow.list(db, page, actor, today, { q: filter.q ?? null, policyId: filter.policyId ?? null });
    return { items, total, totalIsLowerBound: page.totalIsLowerBound, ...(policy ? { policy } : {}) };
  },

  get: patientWorkflow.get,

  /** Writes the patient as enrolling, then lets the statechart enrol it: a refusal rolls the row back. */
  async create(tx: Queryable, input: components['schemas']['PatientInput'], actor: Actor & { id: number }, today: string): Promise<PatientRow> {
    const { policyId, confirmDuplicate = false } = input;
    if (!(await lockPolicy(tx, policyId))) {
      throw new BusinessRuleError('patient.policyUnknown', 'No such policy.', [{ path: 'body/policyId', keyword: 'exists' }]);
    }
    const values = normalized(input);
    const id = await insertPatient(tx, { ...columnsOf(values), policy_id: policyId });
    const event = { type: 'ENROL', ...detailsOf(values, confirmDuplicate), values } as PatientCoverageEvent & WithValues;
    await asFieldRule(() => patientWorkflow.send(tx, id, event, { actor, today }));
    await auditWorkflow(tx, 'patient', actor, 'CREATE', id, { policyId });
    return patientWorkflow.find(tx, id);
  },

  /** The patient's new details, checked by the same rules as an enrolment (AMEND), with the version the client saw. */
  async update(tx: Queryable, id: number, input: components['schemas']['PatientUpdate'], actor: Actor & { id: number }, today: string): Promise<PatientRow> {
    const values = normalized(input);
    const event = { type: 'AMEND', ...detailsOf(values, input.confirmDuplicate ?? false), values } as PatientCoverageEvent & WithValues;
    return asFieldRule(() => patientWorkflow.send(tx, id, event, { actor, today, version: input.version }));
  },

  send: patientWorkflow.send,

  async history(db: Queryable, id: number) {
    const row = await patientWorkflow.find(db, id);
    return presentPatientHistory(await readHistory(db, 'patient', row.id));
  },

  /** The patient view, its reading audited like the record's. */
  async overview(db: Database, id: number, actor: Actor, today: string, pages: LinkedPages) {
    const row = await patientWorkflow.find(db, id);
    const policy = (await policySummary(db, row.policy_id))!;
    const overview = await patientOverview(db, row, await present(db, row, actor, today), policy, today, pages);
    await db.transaction((tx) => auditWorkflow(tx, 'patient', actor, 'VIEW', row.id, { part: 'overview' }));
    return overview;
  },
};

