import type { Updateable } from 'kysely';
import { orthodonticSchedule, orthodonticScheduleInput } from '@core/benefits/orthodontic.ts';
import type { orthodonticPlanMachine } from '@core/workflows/orthodontic-plan.machine.ts';
import type { DB } from '../../db/database.ts';
import type { Effects } from '../shared/define-workflow.ts';
import type { PlanContext } from './facts.ts';
import { installmentWorkflow } from './installment-workflow.ts';
import { installmentIdsIn, insertInstallments, type PlanRow } from './repository.ts';

/** What the plan machine's named actions mean for the plan's row and its instalments. */
export const planEffects: Effects<typeof orthodonticPlanMachine, PlanRow, PlanContext, Updateable<DB['orthodontic_plans']>> = {
  recordApproval({ actor, changes }) {
    changes.approved_by = actor.id;
    changes.approved_at = new Date().toISOString();
  },
  recordBandingDate({ event, changes }) {
    if (event.type === 'ACTIVATE') changes.banding_date = event.bandingDate;
  },
  /**
   * The engine's schedule (R7) from the banding date, with what is left of the lifetime maximum now,
   * stored as instalments — scheduled, or skipped (31) where the schedule already says so.
   */
  async scheduleInstallments({ tx, row, event, context }) {
    if (event.type !== 'ACTIVATE') return;
    const { rules, usedCents } = context.lifetime;
    const schedule = orthodonticSchedule(
      orthodonticScheduleInput(rules, {
        feeCents: row.fee_cents,
        bandingDate: event.bandingDate,
        lifetimeUsedCents: usedCents,
        months: row.months,
        frequency: row.frequency,
        initialPercent: row.initial_percent,
        firstDelayDays: row.first_delay_days,
      }),
    );
    await insertInstallments(
      tx,
      schedule.installments.map((i) => ({
        plan_id: row.id,
        number: i.number,
        due_date: i.dueDate,
        billable_cents: i.billableCents,
        benefit_cents: i.benefitCents,
        state: i.status === 'SKIPPED' ? 'skipped' : 'scheduled',
        reason: i.reason ?? null,
      })),
    );
  },
  recordSuspension({ event, changes }) {
    if (event.type === 'SUSPEND') changes.reason = event.reason.trim();
  },
  async skipRemainingInstallments({ tx, row, params, actor, today }) {
    for (const id of await installmentIdsIn(tx, row.id, ['scheduled'])) {
      await installmentWorkflow.send(tx, id, { type: 'SKIP', reason: String(params?.reasonCode) }, { actor, today });
    }
  },
  recordDebondDate({ event, changes }) {
    if (event.type === 'REGISTER_DEBOND') changes.debond_date = event.date;
  },
  async cancelFutureInstallments({ tx, row, actor, today }) {
    for (const id of await installmentIdsIn(tx, row.id, ['scheduled', 'claimable'])) {
      await installmentWorkflow.send(tx, id, { type: 'CANCEL' }, { actor, today });
    }
  },
  recordCancellation({ event, changes }) {
    if (event.type === 'CANCEL') changes.reason = event.reason.trim();
  },
};
