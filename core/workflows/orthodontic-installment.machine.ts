import { and, setup } from 'xstate';
import { isBlank, isOnOrBefore, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * One instalment of an orthodontic plan's schedule (research §3.3, R7): scheduled until its date, when the
 * scheduler makes it claimable (coverage, age and lifetime maximum permitting) or skips it; claimed by an
 * orthodontic reimbursement, then paid or rejected with it, or released when that reimbursement is cancelled.
 */

/** What the server reads from the database (and the clock) before checking an event. */
export interface OrthodonticInstallmentFacts {
  /** ISO date `YYYY-MM-DD`. */
  today: string;
  /** ISO date the instalment falls due (fecha_programada). */
  dueDate: string;
  /** Policy and patient still active today. */
  coverageActive: boolean;
  /** The patient is under the orthodontic age limit (when the policy stops payments at the cut-off). */
  patientUnderAgeLimit: boolean;
  lifetimeRemainingCents: number;
}

export type OrthodonticInstallmentEvent =
  /** Sent by the daily scheduler. */
  | { type: 'FALL_DUE' }
  /** Sent by the server when an orthodontic reimbursement for the instalment is submitted. */
  | { type: 'CLAIM' }
  /** Sent by the server when that reimbursement is paid. */
  | { type: 'PAY' }
  /** Sent by the server when that reimbursement is rejected. */
  | { type: 'REJECT' }
  | { type: 'SKIP'; reason: string }
  | { type: 'CANCEL' };

export const ORTHODONTIC_INSTALLMENT_STATES = ['scheduled', 'claimable', 'claimed', 'paid', 'rejected', 'skipped', 'cancelled'] as const;
export type OrthodonticInstallmentState = (typeof ORTHODONTIC_INSTALLMENT_STATES)[number];

type Facts = { context: WorkflowContext<OrthodonticInstallmentFacts> };
type GuardArgs = Facts & { event: OrthodonticInstallmentEvent };

export const orthodonticInstallmentGuardRules = {
  isDue: { rule: 'orthodonticInstallment.notDue' },
  coverageActive: { rule: 'orthodonticInstallment.coverageInactive' },
  patientUnderAgeLimit: { rule: 'orthodonticInstallment.ageLimitReached' },
  lifetimeRemaining: { rule: 'orthodonticInstallment.lifetimeExhausted' },
  reasonGiven: { rule: 'orthodonticInstallment.reasonRequired' },
} as const satisfies GuardRules;

export type OrthodonticInstallmentGuard = keyof typeof orthodonticInstallmentGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

export const orthodonticInstallmentMachine = setup({
  types: {
    context: {} as WorkflowContext<OrthodonticInstallmentFacts>,
    input: {} as WorkflowInput<OrthodonticInstallmentFacts>,
    events: {} as OrthodonticInstallmentEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    isDue: ({ context: { facts } }: Facts) => isOnOrBefore(facts.dueDate, facts.today),
    coverageActive: ({ context: { facts } }: Facts) => facts.coverageActive,
    patientUnderAgeLimit: ({ context: { facts } }: Facts) => facts.patientUnderAgeLimit,
    lifetimeRemaining: ({ context: { facts } }: Facts) => facts.lifetimeRemainingCents > 0,
    reasonGiven: ({ event }: GuardArgs) => event.type === 'SKIP' && !isBlank(event.reason),
  },
  actions: {
    /**
     * Server: stores the skip reason — event.reason for SKIP; for FALL_DUE the first failing condition:
     * 07 coverage not active, 04 age limit, 31 lifetime maximum exhausted (research §2.7 catalogue).
     */
    recordSkipReason: () => {},
    /** Server: links the instalment to the submitted reimbursement (reembolso_id). */
    linkReimbursement: () => {},
    /**
     * Server: adds the instalment's benefit to the plan's beneficio_pagado; when the lifetime maximum is
     * then used up, sends LIFETIME_MAXIMUM_REACHED to the plan.
     */
    recordBenefitPaid: () => {},
  },
}).createMachine({
  id: 'orthodonticInstallment',
  initial: 'scheduled',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    scheduled: {
      meta: meta('PROGRAMADA', ['R7']),
      on: {
        FALL_DUE: [
          { target: 'claimable', guard: and(['isDue', 'coverageActive', 'patientUnderAgeLimit', 'lifetimeRemaining']) },
          { target: 'skipped', guard: 'isDue', actions: 'recordSkipReason' },
        ],
        SKIP: { target: 'skipped', guard: 'reasonGiven', actions: 'recordSkipReason' },
        CANCEL: { target: 'cancelled' },
      },
    },
    claimable: {
      meta: meta('POR_RECLAMAR'),
      on: {
        CLAIM: { target: 'claimed', actions: 'linkReimbursement' },
        CANCEL: { target: 'cancelled' },
      },
    },
    claimed: {
      meta: meta('RECLAMADA'),
      on: {
        PAY: { target: 'paid', actions: 'recordBenefitPaid' },
        REJECT: { target: 'rejected' },
      },
    },
    paid: { type: 'final', meta: meta('PAGADA') },
    rejected: { type: 'final', meta: meta('RECHAZADA') },
    skipped: { type: 'final', meta: meta('OMITIDA') },
    cancelled: { type: 'final', meta: meta('CANCELADA') },
  },
});
