import { and, setup } from 'xstate';
import { ACCEPTS_DOCUMENTS, isBlank, isIsoDate, isOnOrBefore, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * An orthodontic treatment plan (research §3.3, R7): proposed, approved once preauthorized and past its
 * waiting period, active from banding (when its instalments are scheduled), possibly suspended, exhausted
 * when the lifetime maximum is reached, completed at debond or when the schedule ends, or cancelled.
 */

/** What the server reads from the database (and the clock) before checking an event. */
export interface OrthodonticPlanFacts {
  /** The plan's preauthorization verification is VERIFICADA. */
  preauthorizationVerified: boolean;
  authorizationNumber: string | null;
  /** Age at the banding date (from the ACTIVATE event's date), null when unknown. */
  patientAgeAtBanding: number | null;
  ageLimit: number;
  /** The orthodontic waiting period (R5, 12 months) is satisfied. */
  waitingPeriodMet: boolean;
  /** Policy active and patient enrolled today. */
  coverageActive: boolean;
  lifetimeRemainingCents: number;
  /** Instalments still scheduled, claimable or claimed. */
  openInstallments: number;
  /** ISO date `YYYY-MM-DD`. */
  today: string;
  /** Who sends the event, and who proposed the plan: the proposer may not approve it (R13, as for claims). */
  actorId: number;
  creatorId: number;
  /** What the insurer is expected to pay over the plan (min(fee × %, lifetime left)), in the currency's minor unit. */
  insurerShareCents: number;
  /** R13's approval threshold in the plan's currency. */
  approvalThresholdCents: number;
  /** The actor holds `reimbursements:approve_above_threshold`. */
  actorCanApproveAboveThreshold: boolean;
}

export type OrthodonticPlanEvent =
  | { type: 'APPROVE' }
  | { type: 'ACTIVATE'; bandingDate: string }
  | { type: 'SUSPEND'; reason: string }
  | { type: 'RESUME' }
  /** Sent by the server when a payment used up the lifetime maximum. */
  | { type: 'LIFETIME_MAXIMUM_REACHED' }
  | { type: 'REGISTER_DEBOND'; date: string }
  /** Sent by the scheduler once the last instalment is settled. */
  | { type: 'SCHEDULE_FINISHED' }
  | { type: 'CANCEL'; reason: string };

export const ORTHODONTIC_PLAN_STATES = ['proposed', 'approved', 'active', 'suspended', 'exhausted', 'completed', 'cancelled'] as const;
export type OrthodonticPlanState = (typeof ORTHODONTIC_PLAN_STATES)[number];

/** Skip reason code (research §2.7 catalogue) for instalments skipped when the lifetime maximum is reached. */
export const LIFETIME_MAXIMUM_REASON = '31';

type Facts = { context: WorkflowContext<OrthodonticPlanFacts> };
type GuardArgs = Facts & { event: OrthodonticPlanEvent };

export const orthodonticPlanGuardRules = {
  preauthorizationVerified: { rule: 'orthodonticPlan.preauthorizationNotVerified' },
  authorizationNumberRecorded: { rule: 'orthodonticPlan.authorizationNumberMissing' },
  waitingPeriodMet: { rule: 'orthodonticPlan.waitingPeriodNotMet' },
  bandingDateValid: { rule: 'orthodonticPlan.bandingDateInvalid' },
  underAgeLimitAtBanding: { rule: 'orthodonticPlan.ageLimitReached' },
  reasonGiven: { rule: 'orthodonticPlan.reasonRequired' },
  coverageActive: { rule: 'orthodonticPlan.coverageInactive' },
  lifetimeMaximumReached: { rule: 'orthodonticPlan.lifetimeRemaining' },
  debondDateValid: { rule: 'orthodonticPlan.debondDateInvalid' },
  noOpenInstallments: { rule: 'orthodonticPlan.installmentsOpen' },
  approverIsNotProposer: { rule: 'orthodonticPlan.approverIsProposer' },
  withinApprovalAuthority: { rule: 'orthodonticPlan.aboveApprovalThreshold' },
} as const satisfies GuardRules;

export type OrthodonticPlanGuard = keyof typeof orthodonticPlanGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

const debond = { target: 'completed', guard: 'debondDateValid', actions: ['recordDebondDate', 'cancelFutureInstallments'] } as const;
const cancelBeforeSchedule = { target: 'cancelled', guard: 'reasonGiven', actions: 'recordCancellation' } as const;
const cancelWithSchedule = { target: 'cancelled', guard: 'reasonGiven', actions: ['recordCancellation', 'cancelFutureInstallments'] } as const;

export const orthodonticPlanMachine = setup({
  types: {
    context: {} as WorkflowContext<OrthodonticPlanFacts>,
    input: {} as WorkflowInput<OrthodonticPlanFacts>,
    events: {} as OrthodonticPlanEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    preauthorizationVerified: ({ context: { facts } }: Facts) => facts.preauthorizationVerified,
    authorizationNumberRecorded: ({ context: { facts } }: Facts) => !isBlank(facts.authorizationNumber),
    waitingPeriodMet: ({ context: { facts } }: Facts) => facts.waitingPeriodMet,
    bandingDateValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'ACTIVATE' && isIsoDate(event.bandingDate) && isOnOrBefore(event.bandingDate, facts.today),
    underAgeLimitAtBanding: ({ context: { facts } }: Facts) => facts.patientAgeAtBanding !== null && facts.patientAgeAtBanding < facts.ageLimit,
    reasonGiven: ({ event }: GuardArgs) => (event.type === 'SUSPEND' || event.type === 'CANCEL') && !isBlank(event.reason),
    coverageActive: ({ context: { facts } }: Facts) => facts.coverageActive,
    lifetimeMaximumReached: ({ context: { facts } }: Facts) => facts.lifetimeRemainingCents <= 0,
    debondDateValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'REGISTER_DEBOND' && isIsoDate(event.date) && isOnOrBefore(event.date, facts.today),
    noOpenInstallments: ({ context: { facts } }: Facts) => facts.openInstallments === 0,
    // R13, as for claims: whoever proposed the plan cannot approve it (separation of duties).
    approverIsNotProposer: ({ context: { facts } }: Facts) => facts.actorId !== facts.creatorId,
    // R13: an insurer's share at or above the threshold (in the plan's currency) needs the right to approve above it.
    withinApprovalAuthority: ({ context: { facts } }: Facts) => facts.insurerShareCents < facts.approvalThresholdCents || facts.actorCanApproveAboveThreshold,
  },
  actions: {
    /** Server: stores aprobado_por = actor and fecha_aprobacion = now. */
    recordApproval: () => {},
    /** Server: stores fecha_colocacion = event.bandingDate. */
    recordBandingDate: () => {},
    /**
     * Server: creates instalment 0 (initial payment) and the periodic instalments from the banding date
     * (R7: first periodic on the 1st of the month after banding + waiting days), all scheduled.
     */
    scheduleInstallments: () => {},
    /** Server: stores the suspension reason (event.reason), who and when. */
    recordSuspension: () => {},
    /** Server: sends SKIP with params.reasonCode (31, lifetime maximum reached) to every scheduled instalment of the plan. */
    skipRemainingInstallments: (_: unknown, _params: { reasonCode: string }) => {},
    /** Server: stores fecha_retiro_real = event.date. */
    recordDebondDate: () => {},
    /** Server: sends CANCEL to every scheduled or claimable instalment of the plan. */
    cancelFutureInstallments: () => {},
    /** Server: stores the cancellation reason (event.reason), who cancelled and when. */
    recordCancellation: () => {},
  },
}).createMachine({
  id: 'orthodonticPlan',
  initial: 'proposed',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    proposed: {
      meta: meta('PROPUESTO', ['R5', 'R7', 'R13', 'R14']),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        APPROVE: {
          target: 'approved',
          guard: and(['preauthorizationVerified', 'authorizationNumberRecorded', 'waitingPeriodMet', 'approverIsNotProposer', 'withinApprovalAuthority']),
          actions: 'recordApproval',
        },
        CANCEL: cancelBeforeSchedule,
      },
    },
    approved: {
      meta: meta('APROBADO', ['R7']),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        ACTIVATE: {
          target: 'active',
          guard: and(['bandingDateValid', 'underAgeLimitAtBanding']),
          actions: ['recordBandingDate', 'scheduleInstallments'],
        },
        CANCEL: cancelBeforeSchedule,
      },
    },
    active: {
      meta: meta('ACTIVO', ['R7']),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        SUSPEND: { target: 'suspended', guard: 'reasonGiven', actions: 'recordSuspension' },
        LIFETIME_MAXIMUM_REACHED: {
          target: 'exhausted',
          guard: 'lifetimeMaximumReached',
          actions: { type: 'skipRemainingInstallments', params: { reasonCode: LIFETIME_MAXIMUM_REASON } },
        },
        REGISTER_DEBOND: debond,
        SCHEDULE_FINISHED: { target: 'completed', guard: 'noOpenInstallments' },
        CANCEL: cancelWithSchedule,
      },
    },
    suspended: {
      meta: meta('SUSPENDIDO'),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        RESUME: { target: 'active', guard: 'coverageActive' },
        REGISTER_DEBOND: debond,
        CANCEL: cancelWithSchedule,
      },
    },
    exhausted: {
      meta: meta('AGOTADO', ['R7']),
      on: {
        REGISTER_DEBOND: debond,
      },
    },
    completed: { type: 'final', meta: meta('COMPLETADO') },
    cancelled: { type: 'final', meta: meta('CANCELADO') },
  },
});
