import { and, setup } from 'xstate';
import { isAfter, isBlank, isIsoDate, isOnOrBefore, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * A policy's lifecycle (research §2.2, openIMIS Idle/Active/Suspended/Expired): pending until it is
 * activated within its validity, active, suspended with a reason and resumed, expired when its validity
 * has ended (the daily scheduler), renewed for a new term (stage RENEWED), or cancelled with a reason.
 * Only a pending or active policy takes new patients (research §2.4).
 */

/** What the server reads from the database (and the clock) before checking an event. */
export interface PolicyFacts {
  /** ISO dates `YYYY-MM-DD`: the policy's validity. */
  startsOn: string;
  endsOn: string;
  today: string;
}

export type PolicyEvent =
  | { type: 'ACTIVATE' }
  | { type: 'SUSPEND'; reason: string }
  | { type: 'RESUME' }
  | { type: 'CANCEL'; reason: string }
  | { type: 'RENEW'; endsOn: string }
  /** Sent by the scheduler once the validity has ended. */
  | { type: 'EXPIRE' };

export const POLICY_STATES = ['pending', 'active', 'suspended', 'expired', 'cancelled'] as const;
export type PolicyState = (typeof POLICY_STATES)[number];

/** States in which the policy takes new patients (research §2.4: póliza must be PENDIENTE/ACTIVA). */
export const POLICY_ENROLLING_STATES = ['pending', 'active'] as const satisfies readonly PolicyState[];

export const acceptsPatients = (state: string): boolean => (POLICY_ENROLLING_STATES as readonly string[]).includes(state);

/** States whose terms and benefit rules may still be edited. */
export const POLICY_EDITABLE_STATES = ['pending', 'active', 'suspended'] as const satisfies readonly PolicyState[];

type Facts = { context: WorkflowContext<PolicyFacts> };
type GuardArgs = Facts & { event: PolicyEvent };

export const policyGuardRules = {
  validityStarted: { rule: 'policy.validityNotStarted' },
  validityNotEnded: { rule: 'policy.validityEnded' },
  validityEnded: { rule: 'policy.validityNotEnded' },
  reasonGiven: { rule: 'policy.reasonRequired' },
  renewalEndValid: { rule: 'policy.renewalEndInvalid' },
} as const satisfies GuardRules;

export type PolicyGuard = keyof typeof policyGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

const cancel = { target: 'cancelled', guard: 'reasonGiven', actions: 'recordCancellation' } as const;
const expire = { target: 'expired', guard: 'validityEnded' } as const;
const renew = { target: 'active', guard: 'renewalEndValid', actions: 'extendValidity' } as const;

export const policyMachine = setup({
  types: {
    context: {} as WorkflowContext<PolicyFacts>,
    input: {} as WorkflowInput<PolicyFacts>,
    events: {} as PolicyEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    validityStarted: ({ context: { facts } }: Facts) => isOnOrBefore(facts.startsOn, facts.today),
    validityNotEnded: ({ context: { facts } }: Facts) => isOnOrBefore(facts.today, facts.endsOn),
    validityEnded: ({ context: { facts } }: Facts) => isAfter(facts.today, facts.endsOn),
    reasonGiven: ({ event }: GuardArgs) => (event.type === 'SUSPEND' || event.type === 'CANCEL') && !isBlank(event.reason),
    renewalEndValid: ({ context: { facts }, event }: GuardArgs) =>
      event.type === 'RENEW' && isIsoDate(event.endsOn) && isAfter(event.endsOn, facts.endsOn) && isAfter(event.endsOn, facts.today),
  },
  actions: {
    /** Server: stores the suspension reason (event.reason). */
    recordSuspension: () => {},
    /** Server: clears the suspension reason. */
    clearSuspension: () => {},
    /** Server: stores the cancellation reason (event.reason). */
    recordCancellation: () => {},
    /** Server: sets the end of validity to event.endsOn and the stage to RENEWED (waiting periods are not restarted). */
    extendValidity: () => {},
  },
}).createMachine({
  id: 'policy',
  initial: 'pending',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    pending: {
      meta: meta('PENDIENTE', ['R17']),
      on: {
        ACTIVATE: { target: 'active', guard: and(['validityStarted', 'validityNotEnded']) },
        EXPIRE: expire,
        CANCEL: cancel,
      },
    },
    active: {
      meta: meta('ACTIVA', ['R4', 'R17']),
      on: {
        SUSPEND: { target: 'suspended', guard: 'reasonGiven', actions: 'recordSuspension' },
        EXPIRE: expire,
        RENEW: renew,
        CANCEL: cancel,
      },
    },
    suspended: {
      meta: meta('SUSPENDIDA'),
      on: {
        RESUME: { target: 'active', guard: 'validityNotEnded', actions: 'clearSuspension' },
        EXPIRE: expire,
        CANCEL: cancel,
      },
    },
    expired: {
      meta: meta('VENCIDA'),
      on: {
        RENEW: renew,
      },
    },
    cancelled: { type: 'final', meta: meta('CANCELADA') },
  },
});
