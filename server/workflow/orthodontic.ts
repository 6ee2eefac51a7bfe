import { allowedEvents, snapshotAt } from '../../src/machines/workflow.ts';
import { orthodonticPlanMachine, type OrthodonticPlanEvent, type OrthodonticPlanFacts } from '../../src/machines/orthodontic-plan.machine.ts';
import {
  orthodonticInstallmentMachine,
  type OrthodonticInstallmentEvent,
  type OrthodonticInstallmentFacts,
} from '../../src/machines/orthodontic-installment.machine.ts';
import { addMonths, ageOn, isIsoDate } from '../../src/domain/benefits/dates.ts';
import { orthodonticInstallmentDue, orthodonticSchedule, orthodonticScheduleInput } from '../../src/domain/benefits/orthodontic.ts';
import type { BenefitRules, InstallmentFrequency } from '../../src/domain/benefits/rules.ts';
import type { Queryable } from '../db/database.ts';
import { HttpProblem, notFound } from '../http/problem.ts';
import { COVERAGE_COLUMNS, coverageActiveOn, coveragePeriods, rulesOf, usageOf, type CoverageRow } from './coverage.ts';
import { runEvent, type Effect } from './run-event.ts';
import type { Actor } from './shared/actor.ts';

/**
 * The orthodontic plan workflow (research 2.7, 3.3, R7): facts from the database, the shared plan and
 * instalment statecharts decide, and the named effects are applied here in the caller's transaction.
 * Instalments are driven by the plan's effects (skip, cancel), by the daily scheduler (FALL_DUE) and by
 * their orthodontic reimbursement (CLAIM, PAY, REJECT, RELEASE — see reimbursement.ts).
 */

/** Research 2.7: the orthodontic treatment codes a plan may have (CDT D8010–D8090). */
export const TREATMENT_CODES = ['D8070', 'D8080', 'D8090', 'D8010', 'D8020', 'D8030', 'D8040'] as const;
/** Instalments still expected to be paid or in payment. */
export const OPEN_INSTALLMENT_STATES = ['scheduled', 'claimable', 'claimed'];
/** Skip reason of instalments falling due while the plan is suspended (coverage not active, research 2.7). */
export const SUSPENDED_SKIP_REASON = '07';

export const SELECT = `SELECT o.*, o.banding_date::text AS banding_date, o.debond_date::text AS debond_date,
    p.first_names || ' ' || p.last_name AS patient_name, d.first_names || ' ' || d.last_names AS doctor_name,
    v.folio AS preauthorization_folio, v.state AS preauthorization_state, v.authorization_number,
    v.planned_service_date::text AS preauthorization_date, po.insurer_id, i.name AS insurer_name, ${COVERAGE_COLUMNS}
  FROM orthodontic_plans o
  JOIN patients p ON p.id = o.patient_id
  JOIN policies po ON po.id = o.policy_id
  JOIN insurers i ON i.id = po.insurer_id
  JOIN doctors d ON d.id = o.doctor_id
  JOIN verifications v ON v.id = o.preauthorization_id`;

export type PlanRow = CoverageRow & {
  id: number; doctor_id: number; preauthorization_id: number; treatment_code: string; fee_cents: number; months: number; initial_percent: number;
  frequency: InstallmentFrequency; first_delay_days: number; banding_date: string | null; debond_date: string | null; state: string; reason: string | null;
  approved_by: number | null; approved_at: Date | null; created_by: number; version: number; created_at: Date; updated_at: Date;
  patient_name: string; doctor_name: string; preauthorization_folio: string; preauthorization_state: string; authorization_number: string | null;
  preauthorization_date: string; insurer_id: number; insurer_name: string;
};

export type InstallmentRow = {
  id: number; plan_id: number; number: number; due_date: string; billable_cents: number; benefit_cents: number; state: string; reason: string | null;
  reimbursement_id: number | null; paid_cents: number | null; version: number;
};

export async function findPlan(q: Queryable, id: number, lock = false): Promise<PlanRow> {
  const [row] = await q.query<PlanRow>(`${SELECT} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`, [id]);
  if (!row) throw notFound('orthodonticPlan');
  return row;
}

export const installmentsOf = (q: Queryable, planId: number) =>
  q.query<InstallmentRow>(
    `SELECT i.*, i.due_date::text AS due_date, r.paid_cents
       FROM orthodontic_installments i LEFT JOIN reimbursements r ON r.id = i.reimbursement_id
      WHERE i.plan_id = $1 ORDER BY i.number`,
    [planId],
  );

/** What is left of the patient's orthodontic lifetime maximum, from the ledger (ORTHO_LIFETIME holds what was paid). */
export async function lifetimeOf(q: Queryable, row: CoverageRow): Promise<{ rules: BenefitRules; usedCents: number; remainingCents: number }> {
  const rules = rulesOf(row);
  const usedCents = (await usageOf(q, row)).orthoLifetimeUsedCents;
  return { rules, usedCents, remainingCents: Math.max(0, rules.orthodontic.lifetimeMaximumCents - usedCents) };
}

/** R5: the orthodontic waiting period from enrolment is over on `date`, or waived by prior continuous coverage. */
function waitingPeriodMetOn(row: CoverageRow, rules: BenefitRules, date: string): boolean {
  const waiver = rules.waitingPeriods.waiverPriorCoverageMonths;
  if (waiver !== null && row.prior_coverage_months >= waiver) return true;
  return addMonths(row.enrolled_on, rules.waitingPeriods.months.ORTHODONTIC) <= date;
}

/**
 * The plan's facts for the statechart. The age at banding is taken on the ACTIVATE event's date (on
 * the stored banding date, else today, for other events); the waiting period on the banding date, else
 * on the preauthorization's planned service date.
 */
async function planFactsOf(q: Queryable, row: PlanRow, today: string, event?: OrthodonticPlanEvent): Promise<OrthodonticPlanFacts> {
  const { rules, remainingCents } = await lifetimeOf(q, row);
  const bandingDate = event?.type === 'ACTIVATE' ? event.bandingDate : (row.banding_date ?? today);
  const waitingOn = event?.type === 'ACTIVATE' && isIsoDate(event.bandingDate) ? event.bandingDate : (row.banding_date ?? row.preauthorization_date);
  const [{ open }] = await q.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM orthodontic_installments WHERE plan_id = $1 AND state = ANY($2::text[])`,
    [row.id, OPEN_INSTALLMENT_STATES],
  );
  return {
    preauthorizationVerified: row.preauthorization_state === 'verified',
    authorizationNumber: row.authorization_number,
    patientAgeAtBanding: isIsoDate(bandingDate) ? ageOn(row.birth_date, bandingDate) : null,
    ageLimit: rules.orthodontic.ageLimit ?? Number.POSITIVE_INFINITY,
    waitingPeriodMet: waitingPeriodMetOn(row, rules, waitingOn),
    coverageActive: coverageActiveOn(row, today),
    lifetimeRemainingCents: remainingCents,
    openInstallments: open,
    today,
  };
}

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
function probeEvents(today: string): OrthodonticPlanEvent[] {
  return [
    { type: 'APPROVE' },
    { type: 'ACTIVATE', bandingDate: today },
    { type: 'SUSPEND', reason: 'x' },
    { type: 'RESUME' },
    { type: 'REGISTER_DEBOND', date: today },
    { type: 'CANCEL', reason: 'x' },
  ];
}

/** What the plan is expected to pay: before banding the engine's estimate (min(fee × %, lifetime left)), then paid + open instalments. */
async function benefitsOf(q: Queryable, row: PlanRow, installments: InstallmentRow[], rules: BenefitRules, remainingCents: number, today: string) {
  const [{ paid }] = await q.query<{ paid: number }>(
    `SELECT coalesce(sum(l.amount_cents), 0)::int AS paid FROM benefit_ledger l JOIN reimbursements r ON r.id = l.reimbursement_id
      WHERE r.orthodontic_plan_id = $1 AND l.kind = 'ORTHO_LIFETIME'`,
    [row.id],
  );
  let estimated: number;
  if (installments.length === 0 && ['proposed', 'approved'].includes(row.state)) {
    estimated = orthodonticSchedule(
      orthodonticScheduleInput(rules, {
        feeCents: row.fee_cents,
        bandingDate: row.banding_date ?? today,
        lifetimeUsedCents: rules.orthodontic.lifetimeMaximumCents - remainingCents,
        months: row.months,
        frequency: row.frequency,
        initialPercent: row.initial_percent,
        firstDelayDays: row.first_delay_days,
      }),
    ).totalBenefitCents;
  } else {
    estimated = paid + installments.filter((i) => OPEN_INSTALLMENT_STATES.includes(i.state)).reduce((t, i) => t + i.benefit_cents, 0);
  }
  return { estimatedBenefitCents: estimated, paidBenefitCents: paid };
}

const toInstallment = (i: InstallmentRow) => ({
  id: i.id,
  number: i.number,
  dueDate: i.due_date,
  billableCents: i.billable_cents,
  benefitCents: i.benefit_cents,
  state: i.state,
  reason: i.reason,
  reimbursementId: i.reimbursement_id,
  paidCents: i.state === 'paid' ? i.paid_cents : null,
  version: i.version,
});

/** The plan as the API returns it; `withInstallments` adds its schedule (the list leaves it out). */
export async function presentPlan(q: Queryable, row: PlanRow, today: string, withInstallments = true) {
  const { rules, remainingCents } = await lifetimeOf(q, row);
  const installments = await installmentsOf(q, row.id);
  const facts = await planFactsOf(q, row, today);
  const snapshot = snapshotAt(orthodonticPlanMachine, row.state, facts);
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: row.patient_name,
    policyId: row.policy_id,
    insurerId: row.insurer_id,
    insurerName: row.insurer_name,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    preauthorizationId: row.preauthorization_id,
    preauthorizationFolio: row.preauthorization_folio,
    authorizationNumber: row.authorization_number,
    treatmentCode: row.treatment_code,
    feeCents: row.fee_cents,
    months: row.months,
    initialPercent: row.initial_percent,
    frequency: row.frequency,
    firstDelayDays: row.first_delay_days,
    coveragePercent: rules.coveragePercent.ORTHODONTIC,
    lifetimeMaximumCents: rules.orthodontic.lifetimeMaximumCents,
    lifetimeRemainingCents: remainingCents,
    ...(await benefitsOf(q, row, installments, rules, remainingCents, today)),
    bandingDate: row.banding_date,
    debondDate: row.debond_date,
    state: row.state,
    reason: row.reason,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at ? new Date(row.approved_at).toISOString() : null,
    ...(withInstallments ? { installments: installments.map(toInstallment) } : {}),
    allowedEvents: allowedEvents(orthodonticPlanMachine, snapshot, probeEvents(today)),
    createdBy: row.created_by,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Creation.

export interface PlanInput {
  preauthorizationId: number;
  doctorId: number;
  treatmentCode: string;
  feeCents: number;
  months?: number;
  initialPercent?: number;
  frequency?: InstallmentFrequency;
  firstDelayDays?: number;
}

const rule = (code: string, detail: string, path: string, keyword = 'rule') => new HttpProblem(422, code, detail, [{ path: `body/${path}`, keyword }]);

async function checkOrthodontist(tx: Queryable, doctorId: number) {
  const [doctor] = await tx.query<{ state: string; specialty: string }>('SELECT state, specialty FROM doctors WHERE id = $1', [doctorId]);
  if (!doctor) throw rule('orthodonticPlan.doctorUnknown', 'No such doctor.', 'doctorId', 'exists');
  if (doctor.state !== 'ACTIVE') throw rule('orthodonticPlan.doctorInactive', 'The doctor is inactive or suspended.', 'doctorId');
  if (doctor.specialty !== 'ORTHODONTICS') throw rule('orthodonticPlan.doctorNotOrthodontist', 'An orthodontic plan needs an orthodontist.', 'doctorId');
}

/** The plan's treatment and schedule can change until it is activated (the schedule is made then). */
export const EDITABLE_PLAN_STATES = ['proposed', 'approved'];

export interface PlanUpdate extends Required<Omit<PlanInput, 'preauthorizationId'>> {
  version: number;
}

export async function updatePlan(tx: Queryable, id: number, input: PlanUpdate): Promise<PlanRow> {
  const current = await findPlan(tx, id, true);
  if (!EDITABLE_PLAN_STATES.includes(current.state)) {
    throw new HttpProblem(409, 'orthodonticPlan.notEditable', 'Only a proposed or approved plan can be changed; an active one follows its schedule.');
  }
  if (current.version !== input.version) {
    throw new HttpProblem(409, 'conflict.staleVersion', `The plan was changed by someone else (version ${current.version}).`, [
      { path: 'body/version', keyword: 'stale', params: { currentVersion: current.version } },
    ]);
  }
  await checkOrthodontist(tx, input.doctorId);
  await tx.query(
    `UPDATE orthodontic_plans SET doctor_id = $2, treatment_code = $3, fee_cents = $4, months = $5, initial_percent = $6, frequency = $7,
       first_delay_days = $8, version = version + 1, updated_at = now() WHERE id = $1`,
    [id, input.doctorId, input.treatmentCode, input.feeCents, input.months, input.initialPercent, input.frequency, input.firstDelayDays],
  );
  return findPlan(tx, id);
}

/**
 * A proposed plan from a verified orthodontic preauthorization (research 2.7): the patient and policy
 * come from it; the schedule's choices the request leaves out come from the policy's rules (R7).
 */
export async function createPlan(tx: Queryable, input: PlanInput, creatorId: number): Promise<PlanRow> {
  const [preauth] = await tx.query<CoverageRow & { id: number; kind: string; category: string; state: string; authorization_number: string | null }>(
    `SELECT v.id, v.kind, v.category, v.state, v.authorization_number, ${COVERAGE_COLUMNS}
       FROM verifications v JOIN patients p ON p.id = v.patient_id JOIN policies po ON po.id = v.policy_id JOIN insurers i ON i.id = v.insurer_id
      WHERE v.id = $1 FOR SHARE OF v`,
    [input.preauthorizationId],
  );
  if (!preauth) throw rule('orthodonticPlan.preauthorizationUnknown', 'No such verification.', 'preauthorizationId', 'exists');
  if (preauth.kind !== 'PREAUTHORIZATION' || preauth.category !== 'ORTHODONTIC') {
    throw rule('orthodonticPlan.preauthorizationNotOrthodontic', 'The verification is not an orthodontic preauthorization.', 'preauthorizationId');
  }
  if (preauth.state !== 'verified') throw rule('orthodonticPlan.preauthorizationNotVerified', 'The orthodontic preauthorization is not verified.', 'preauthorizationId');
  if (!preauth.authorization_number?.trim()) throw rule('orthodonticPlan.authorizationNumberMissing', 'The preauthorization has no authorization number.', 'preauthorizationId');
  const live = await tx.query(`SELECT 1 FROM orthodontic_plans WHERE preauthorization_id = $1 AND state <> 'cancelled'`, [preauth.id]);
  if (live.length) throw rule('orthodonticPlan.preauthorizationInUse', 'Another plan already uses this preauthorization.', 'preauthorizationId');
  const rules = rulesOf(preauth);
  if (!rules.orthodontic.included) throw rule('orthodonticPlan.notCovered', 'The policy does not cover orthodontics.', 'preauthorizationId');

  await checkOrthodontist(tx, input.doctorId);

  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO orthodontic_plans (patient_id, policy_id, doctor_id, preauthorization_id, treatment_code, fee_cents, months, initial_percent, frequency, first_delay_days, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      preauth.patient_id,
      preauth.policy_id,
      input.doctorId,
      preauth.id,
      input.treatmentCode,
      input.feeCents,
      input.months ?? rules.orthodontic.months,
      input.initialPercent ?? rules.orthodontic.initialPercent,
      input.frequency ?? rules.orthodontic.frequency,
      input.firstDelayDays ?? rules.orthodontic.firstDelayDays,
      creatorId,
    ],
  );
  return findPlan(tx, row.id);
}

// ---------------------------------------------------------------------------------------------------
// Events of the plan.

/**
 * Checks and applies one plan event inside the caller's transaction: the plan's row is locked, then the
 * patient's (as reimbursements do before reading the ledger), so concurrent events and payments serialise.
 */
export async function sendPlanEvent(tx: Queryable, id: number, event: OrthodonticPlanEvent, actor: Actor, today: string, version?: number): Promise<PlanRow> {
  const current = await findPlan(tx, id, true);
  await tx.query('SELECT id FROM patients WHERE id = $1 FOR UPDATE', [current.patient_id]);
  if (version !== undefined && version !== current.version) {
    throw new HttpProblem(409, 'conflict.staleVersion', `The orthodontic plan was changed by someone else (version ${current.version}).`, [
      { path: 'body/version', keyword: 'stale', params: { currentVersion: current.version } },
    ]);
  }
  const facts = await planFactsOf(tx, current, today, event);
  await runEvent({
    tx,
    machine: orthodonticPlanMachine,
    entity: 'orthodontic_plan',
    id: current.id,
    state: current.state,
    facts,
    event,
    actor,
    apply: (next, effects) => applyPlanEffects(tx, current, next, effects, event, actor, today),
  });
  return findPlan(tx, current.id);
}

async function applyPlanEffects(tx: Queryable, row: PlanRow, next: string, effects: Effect[], event: OrthodonticPlanEvent, actor: Actor, today: string) {
  const set: Record<string, unknown> = { state: next };
  for (const effect of effects) {
    switch (effect.type) {
      case 'recordApproval':
        set.approved_by = actor.id;
        set.approved_at = new Date().toISOString();
        break;
      case 'recordBandingDate':
        if (event.type === 'ACTIVATE') set.banding_date = event.bandingDate;
        break;
      case 'scheduleInstallments':
        if (event.type === 'ACTIVATE') await scheduleInstallments(tx, row, event.bandingDate);
        break;
      case 'recordSuspension':
        if (event.type === 'SUSPEND') set.reason = event.reason.trim();
        break;
      case 'skipRemainingInstallments':
        for (const i of await tx.query<{ id: number }>(`SELECT id FROM orthodontic_installments WHERE plan_id = $1 AND state = 'scheduled' ORDER BY number`, [row.id])) {
          await sendInstallmentEvent(tx, i.id, { type: 'SKIP', reason: String(effect.params?.reasonCode) }, actor, today);
        }
        break;
      case 'recordDebondDate':
        if (event.type === 'REGISTER_DEBOND') set.debond_date = event.date;
        break;
      case 'cancelFutureInstallments':
        for (const i of await tx.query<{ id: number }>(
          `SELECT id FROM orthodontic_installments WHERE plan_id = $1 AND state IN ('scheduled', 'claimable') ORDER BY number`,
          [row.id],
        )) {
          await sendInstallmentEvent(tx, i.id, { type: 'CANCEL' }, actor, today);
        }
        break;
      case 'recordCancellation':
        if (event.type === 'CANCEL') set.reason = event.reason.trim();
        break;
      default:
        throw new Error(`The orthodontic plan workflow has no effect named ${effect.type}`);
    }
  }
  const columns = Object.keys(set);
  await tx.query(
    `UPDATE orthodontic_plans SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [row.id, ...columns.map((c) => set[c])],
  );
}

/**
 * ACTIVATE's effect: the engine's schedule (R7) from the banding date, with what is left of the lifetime
 * maximum now, stored as instalments — scheduled, or skipped (31) where the schedule already says so.
 */
async function scheduleInstallments(tx: Queryable, row: PlanRow, bandingDate: string) {
  const { rules, usedCents } = await lifetimeOf(tx, row);
  const schedule = orthodonticSchedule(
    orthodonticScheduleInput(rules, {
      feeCents: row.fee_cents,
      bandingDate,
      lifetimeUsedCents: usedCents,
      months: row.months,
      frequency: row.frequency,
      initialPercent: row.initial_percent,
      firstDelayDays: row.first_delay_days,
    }),
  );
  for (const i of schedule.installments) {
    await tx.query(
      `INSERT INTO orthodontic_installments (plan_id, number, due_date, billable_cents, benefit_cents, state, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, i.number, i.dueDate, i.billableCents, i.benefitCents, i.status === 'SKIPPED' ? 'skipped' : 'scheduled', i.reason ?? null],
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Events of one instalment (sent by the plan's effects and by the scheduler).

type InstallmentLockRow = InstallmentRow & { plan_state: string; banding_date: string | null };

/**
 * The instalment's facts when it falls due, from the engine's `orthodonticInstallmentDue` (coverage on
 * the due date, age, lifetime left): the machine then makes it claimable, or skipped with the engine's
 * reason. While the plan is suspended the instalments falling due are skipped as not covered (07).
 */
async function installmentFactsOf(q: Queryable, installment: InstallmentLockRow, plan: PlanRow, today: string) {
  const { rules, remainingCents } = await lifetimeOf(q, plan);
  const outcome = orthodonticInstallmentDue({
    billableCents: installment.billable_cents,
    dueDate: installment.due_date,
    coveragePercent: rules.coveragePercent.ORTHODONTIC,
    lifetimeRemainingCents: remainingCents,
    birthDate: plan.birth_date,
    bandingDate: plan.banding_date ?? installment.due_date,
    ageLimit: rules.orthodontic.ageLimit,
    stopAtAgeLimit: rules.orthodontic.stopAtAgeLimit,
    coveragePeriods: plan.state === 'suspended' ? [] : coveragePeriods(plan),
    asOf: today,
  });
  const skipped = outcome.status === 'SKIPPED' ? outcome.reason : null;
  const facts: OrthodonticInstallmentFacts = {
    today,
    dueDate: installment.due_date,
    coverageActive: skipped !== '07',
    patientUnderAgeLimit: skipped !== '04',
    lifetimeRemainingCents: skipped === '31' ? 0 : remainingCents,
  };
  return { facts, outcome };
}

/** Checks and applies one instalment event (plan and patient already locked by the caller, or locked here). */
export async function sendInstallmentEvent(tx: Queryable, id: number, event: OrthodonticInstallmentEvent, actor: Actor, today: string): Promise<void> {
  const [installment] = await tx.query<InstallmentLockRow>(
    `SELECT i.*, i.due_date::text AS due_date, NULL::int AS paid_cents, o.state AS plan_state, o.banding_date::text AS banding_date
       FROM orthodontic_installments i JOIN orthodontic_plans o ON o.id = i.plan_id WHERE i.id = $1`,
    [id],
  );
  if (!installment) throw notFound('orthodonticInstallment');
  const plan = await findPlan(tx, installment.plan_id, true);
  await tx.query('SELECT id FROM patients WHERE id = $1 FOR UPDATE', [plan.patient_id]);
  const [locked] = await tx.query<InstallmentLockRow>(`SELECT i.*, i.due_date::text AS due_date FROM orthodontic_installments i WHERE i.id = $1 FOR UPDATE`, [id]);
  const current = { ...installment, state: locked.state, version: locked.version };
  const { facts, outcome } = await installmentFactsOf(tx, current, plan, today);
  await runEvent({
    tx,
    machine: orthodonticInstallmentMachine,
    entity: 'orthodontic_installment',
    id: current.id,
    state: current.state,
    facts,
    event,
    actor,
    apply: async (next, effects) => {
      const set: Record<string, unknown> = { state: next };
      for (const effect of effects) {
        if (effect.type !== 'recordSkipReason') throw new Error(`The orthodontic instalment workflow applies no effect ${effect.type} here`);
        set.reason = event.type === 'SKIP' ? event.reason.trim() : outcome.status === 'SKIPPED' ? outcome.reason : null;
        set.benefit_cents = 0;
      }
      if (next === 'claimable' && outcome.status === 'CLAIMABLE') set.benefit_cents = outcome.benefitCents;
      const columns = Object.keys(set);
      await tx.query(
        `UPDATE orthodontic_installments SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1 WHERE id = $1`,
        [current.id, ...columns.map((c) => set[c])],
      );
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// History and the scheduler's selections.

/**
 * The plan's history with its instalments' (FALL_DUE, CLAIM, PAY, SKIP, CANCEL…), oldest first; each row
 * says which entity it belongs to and, for an instalment, its number.
 */
export async function readPlanHistory(q: Queryable, planId: number) {
  const rows = await q.query<{
    id: string; entity_type: string; entity_id: number; number: number | null; event: string; from_state: string | null; to_state: string;
    actor_id: number | null; actor_name: string | null; payload: Record<string, unknown> | null; at: Date;
  }>(
    `SELECT h.id, h.entity_type, h.entity_id, i.number, h.event, h.from_state, h.to_state, h.actor_id, u.name AS actor_name, h.payload, h.at
       FROM workflow_history h
       LEFT JOIN orthodontic_installments i ON h.entity_type = 'orthodontic_installment' AND i.id = h.entity_id
       LEFT JOIN users u ON u.id = h.actor_id
      WHERE (h.entity_type = 'orthodontic_plan' AND h.entity_id = $1) OR (h.entity_type = 'orthodontic_installment' AND i.plan_id = $1)
      ORDER BY h.id`,
    [planId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    entityType: r.entity_type,
    installmentId: r.entity_type === 'orthodontic_installment' ? r.entity_id : null,
    installmentNumber: r.entity_type === 'orthodontic_installment' ? r.number : null,
    event: r.event,
    fromState: r.from_state,
    toState: r.to_state,
    actorId: r.actor_id,
    actorName: r.actor_name,
    payload: r.payload,
    at: new Date(r.at).toISOString(),
  }));
}

/** Scheduled instalments of active or suspended plans due on or before `today`. */
export async function installmentsFallingDue(q: Queryable, today: string): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT i.id FROM orthodontic_installments i JOIN orthodontic_plans o ON o.id = i.plan_id
      WHERE i.state = 'scheduled' AND i.due_date <= $1::date AND o.state IN ('active', 'suspended') ORDER BY i.due_date, i.id`,
    [today],
  );
  return rows.map((r) => r.id);
}

/** Active plans whose patient has nothing left of the orthodontic lifetime maximum. */
export async function plansWithLifetimeReached(q: Queryable): Promise<number[]> {
  const plans = await q.query<PlanRow>(`${SELECT} WHERE o.state = 'active' ORDER BY o.id`);
  const due: number[] = [];
  for (const plan of plans) if ((await lifetimeOf(q, plan)).remainingCents <= 0) due.push(plan.id);
  return due;
}

/** Active plans with no instalment still scheduled, claimable or claimed. */
export async function plansWithScheduleFinished(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT o.id FROM orthodontic_plans o
      WHERE o.state = 'active' AND NOT EXISTS (SELECT 1 FROM orthodontic_installments i WHERE i.plan_id = o.id AND i.state = ANY($1::text[]))
      ORDER BY o.id`,
    [OPEN_INSTALLMENT_STATES],
  );
  return rows.map((r) => r.id);
}
