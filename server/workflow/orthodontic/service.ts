import { orthodonticPlanMachine, type OrthodonticPlanEvent } from '@core/workflows/orthodontic-plan.machine.ts';
import type { components } from '../../../openapi/schema';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, StaleVersionError, StateConflictError } from '../../errors.ts';
import { SYSTEM, type Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import { engineInputs } from '../../settings/engine-inputs.ts';
import { ledgerOf, rulesOf } from '../shared/coverage.ts';
import { defineWorkflowService, type SendOptions } from '../shared/define-workflow.ts';
import { doctorOf } from '../shared/people.ts';
import { planEffects } from './effects.ts';
import { defaultsByCurrency, lifetimeOf, planFacts } from './facts.ts';
import { installmentWorkflow } from './installment-workflow.ts';
import { presentPlan } from './presenter.ts';
import { activePlans, findPlan, hasLivePlan, insertPlan, installmentsDueIn, pagePlans, preauthorizationOf, readPlanHistory, savePlan, type PlanFilter, type PlanRow } from './repository.ts';

/**
 * The orthodontic plan workflow (research 2.7, 3.3, R7): facts from the database, the shared plan and
 * instalment statecharts decide, and the named effects are applied in the caller's transaction.
 */

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const probes = (today: string): OrthodonticPlanEvent[] => [
  { type: 'APPROVE' },
  { type: 'ACTIVATE', bandingDate: today },
  { type: 'SUSPEND', reason: 'x' },
  { type: 'RESUME' },
  { type: 'REGISTER_DEBOND', date: today },
  { type: 'CANCEL', reason: 'x' },
];

export const planWorkflow = defineWorkflowService({
  machine: orthodonticPlanMachine,
  entity: 'orthodontic_plan',
  name: 'orthodonticPlan',
  load: findPlan,
  facts: planFacts,
  effects: planEffects,
  save: (tx, row, changes) => savePlan(tx, row.id, changes),
  probes,
  present: (row, { allowedEvents, context }, { today, inList }) => presentPlan(row, allowedEvents, context, today, !inList),
});

/** The plan's treatment and schedule can change until it is activated (the schedule is made then). */
export const EDITABLE_PLAN_STATES = ['proposed', 'approved'];

const rule = (code: string, detail: string, path: string, keyword = 'rule') => new BusinessRuleError(code, detail, [{ path: `body/${path}`, keyword }]);

async function checkOrthodontist(tx: Queryable, doctorId: number) {
  const doctor = await doctorOf(tx, doctorId);
  if (!doctor) throw rule('orthodonticPlan.doctorUnknown', 'No such doctor.', 'doctorId', 'exists');
  if (doctor.state !== 'ACTIVE') throw rule('orthodonticPlan.doctorInactive', 'The doctor is inactive or suspended.', 'doctorId');
  if (doctor.specialty !== 'ORTHODONTICS') throw rule('orthodonticPlan.doctorNotOrthodontist', 'An orthodontic plan needs an orthodontist.', 'doctorId');
}

export const planService = {
  present: async (q: Queryable, row: PlanRow, actor: Actor, today: string) => (await planWorkflow.present(q, [row], actor, today))[0],

  list: async (db: Database, filter: PlanFilter, actor: Actor, today: string) =>
    planWorkflow.list(db, await pagePlans(db, filter), actor, today, { q: filter.q ?? null, state: filter.state ?? null, patientId: filter.patientId ?? null }),

  get: planWorkflow.get,

  /**
   * A proposed plan from a verified orthodontic preauthorization (research 2.7): the patient and policy
   * come from it; the schedule's choices the request leaves out come from the policy's rules (R7).
   */
  async create(tx: Queryable, input: components['schemas']['OrthodonticPlanInput'], actor: Actor & { id: number }): Promise<PlanRow> {
    const preauth = await preauthorizationOf(tx, input.preauthorizationId);
    if (!preauth) throw rule('orthodonticPlan.preauthorizationUnknown', 'No such verification.', 'preauthorizationId', 'exists');
    if (preauth.kind !== 'PREAUTHORIZATION' || preauth.category !== 'ORTHODONTIC') {
      throw rule('orthodonticPlan.preauthorizationNotOrthodontic', 'The verification is not an orthodontic preauthorization.', 'preauthorizationId');
    }
    if (preauth.state !== 'verified') throw rule('orthodonticPlan.preauthorizationNotVerified', 'The orthodontic preauthorization is not verified.', 'preauthorizationId');
    if (!preauth.authorization_number?.trim()) throw rule('orthodonticPlan.authorizationNumberMissing', 'The preauthorization has no authorization number.', 'preauthorizationId');
    if (await hasLivePlan(tx, preauth.id)) throw rule('orthodonticPlan.preauthorizationInUse', 'Another plan already uses this preauthorization.', 'preauthorizationId');
    const rules = rulesOf(preauth, (await engineInputs(tx)).defaults);
    if (!rules.orthodontic.included) throw rule('orthodonticPlan.notCovered', 'The policy does not cover orthodontics.', 'preauthorizationId');
    await checkOrthodontist(tx, input.doctorId);
    const id = await insertPlan(tx, {
      patient_id: preauth.patient_id,
      policy_id: preauth.policy_id,
      doctor_id: input.doctorId,
      preauthorization_id: preauth.id,
      treatment_code: input.treatmentCode,
      fee_cents: input.feeCents,
      months: input.months ?? rules.orthodontic.months,
      initial_percent: input.initialPercent ?? rules.orthodontic.initialPercent,
      frequency: input.frequency ?? rules.orthodontic.frequency,
      first_delay_days: input.firstDelayDays ?? rules.orthodontic.firstDelayDays,
      created_by: actor.id,
    });
    await auditWorkflow(tx, 'orthodontic_plan', actor, 'CREATE', id, { preauthorizationId: preauth.id });
    return planWorkflow.find(tx, id);
  },

  async update(tx: Queryable, id: number, input: components['schemas']['OrthodonticPlanUpdate'], actor: Actor): Promise<PlanRow> {
    const current = await planWorkflow.find(tx, id, true);
    if (!EDITABLE_PLAN_STATES.includes(current.state)) {
      throw new StateConflictError('orthodonticPlan.notEditable', 'Only a proposed or approved plan can be changed; an active one follows its schedule.');
    }
    if (current.version !== input.version) throw new StaleVersionError('orthodonticPlan', current.version);
    await checkOrthodontist(tx, input.doctorId);
    await savePlan(tx, id, {
      doctor_id: input.doctorId,
      treatment_code: input.treatmentCode,
      fee_cents: input.feeCents,
      months: input.months,
      initial_percent: input.initialPercent,
      frequency: input.frequency,
      first_delay_days: input.firstDelayDays,
    });
    await auditWorkflow(tx, 'orthodontic_plan', actor, 'UPDATE', id);
    return planWorkflow.find(tx, id);
  },

  /**
   * An event for the plan. On activation the instalments already due (the initial payment on the banding
   * date, and any periodic one when banding is recorded late) fall due at once, as the daily scheduler
   * would the next day: staff claim the initial payment the day they record the banding.
   */
  async send(tx: Queryable, id: number, event: OrthodonticPlanEvent, options: SendOptions): Promise<PlanRow> {
    const row = await planWorkflow.send(tx, id, event, options);
    if (event.type !== 'ACTIVATE') return row;
    for (const due of await installmentsDueIn(tx, row.id, options.today)) {
      await installmentWorkflow.send(tx, due, { type: 'FALL_DUE' }, { actor: SYSTEM, today: options.today });
    }
    return planWorkflow.find(tx, row.id);
  },

  async history(db: Queryable, id: number) {
    const row = await planWorkflow.find(db, id);
    return readPlanHistory(db, row.id);
  },
};

/** Active plans whose patient has nothing left of the orthodontic lifetime maximum (two queries for all of them). */
export async function plansWithLifetimeReached(q: Queryable): Promise<number[]> {
  const plans = await activePlans(q);
  const ledger = await ledgerOf(q, plans);
  const defaultsOf = await defaultsByCurrency(q);
  return plans.filter((plan) => lifetimeOf(ledger, plan, defaultsOf(plan.currency)).remainingCents <= 0).map((plan) => plan.id);
}
