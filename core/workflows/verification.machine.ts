import { and, setup } from 'xstate';
import { ACCEPTS_DOCUMENTS, isAfter, isBlank, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * Verification of a patient's coverage before treatment (research §3.1, §2.6): assigned, worked, resolved
 * as verified or not eligible, expiring once its validity ends (R8); open verifications can be cancelled.
 */

export type VerificationKind = 'ELIGIBILITY' | 'BENEFITS' | 'PREAUTHORIZATION';
export type VerificationCategory = 'GENERAL' | 'ORTHODONTIC';
export type VerificationChannel = 'PORTAL' | 'PHONE' | 'EMAIL' | 'API' | 'IN_PERSON';
export const VERIFICATION_CHANNELS: readonly VerificationChannel[] = ['PORTAL', 'PHONE', 'EMAIL', 'API', 'IN_PERSON'];

/** What the server reads from the database (and the clock) before checking an event. */
export interface VerificationFacts {
  /** The user sending the event. */
  actorId: number;
  assigneeId: number | null;
  /** The actor holds `verificaciones:resolver` and may work any verification. */
  actorIsSupervisor: boolean;
  kind: VerificationKind;
  category: VerificationCategory;
  /** Policy active and patient enrolled on the planned service date. */
  coverageActiveOnServiceDate: boolean;
  patientAgeOnServiceDate: number;
  orthoAgeLimit: number;
  orthoLifetimeRemainingCents: number;
  annualMaximumRemainingCents: number;
  hasReimbursements: boolean;
  /** ISO date `YYYY-MM-DD`. */
  today: string;
  /** ISO date; set once verified. */
  validUntil: string | null;
}

export type VerificationEvent =
  | { type: 'ASSIGN'; assigneeId: number }
  | { type: 'START' }
  | { type: 'REQUEST_INFO'; note: string }
  | { type: 'INFO_RECEIVED' }
  | { type: 'RECORD_ELIGIBLE'; channel: VerificationChannel; authorizationNumber?: string }
  | { type: 'RECORD_NOT_ELIGIBLE'; reason: string }
  /** Sent by the daily scheduler. */
  | { type: 'EXPIRE' }
  | { type: 'CANCEL'; reason: string };

export const VERIFICATION_STATES = ['pending', 'inProgress', 'needsInfo', 'verified', 'notEligible', 'expired', 'cancelled'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

type Facts = { context: WorkflowContext<VerificationFacts> };
type GuardArgs = Facts & { event: VerificationEvent };

export const verificationGuardRules = {
  assigneeValid: { rule: 'verification.assigneeInvalid' },
  assignerIsSupervisorOrSelf: { rule: 'verification.assignerNotAllowed' },
  assigneeChanges: { rule: 'verification.alreadyAssignee' },
  actorMayStart: { rule: 'verification.notAssignee' },
  noteGiven: { rule: 'verification.noteRequired' },
  channelGiven: { rule: 'verification.channelRequired' },
  coverageActiveOnServiceDate: { rule: 'verification.coverageInactive' },
  annualMaximumAvailable: { rule: 'verification.annualMaximumExceeded' },
  authorizationNumberGiven: { rule: 'verification.authorizationNumberRequired' },
  orthoUnderAgeLimit: { rule: 'verification.orthoAgeLimitReached' },
  orthoLifetimeAvailable: { rule: 'verification.orthoLifetimeExhausted' },
  reasonGiven: { rule: 'verification.reasonRequired' },
  validityElapsed: { rule: 'verification.stillValid' },
  noReimbursements: { rule: 'verification.hasReimbursements' },
} as const satisfies GuardRules;

export type VerificationGuard = keyof typeof verificationGuardRules;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

/** The checks that must all pass to record a verification as eligible. */
const eligible = and([
  'channelGiven',
  'coverageActiveOnServiceDate',
  'annualMaximumAvailable',
  'authorizationNumberGiven',
  'orthoUnderAgeLimit',
  'orthoLifetimeAvailable',
]);
const cancel = { target: 'cancelled', guard: and(['reasonGiven', 'noReimbursements']), actions: 'recordCancellation' } as const;
const assign = { guard: and(['assigneeValid', 'assignerIsSupervisorOrSelf', 'assigneeChanges']), actions: 'recordAssignee' } as const;

export const verificationMachine = setup({
  types: {
    context: {} as WorkflowContext<VerificationFacts>,
    input: {} as WorkflowInput<VerificationFacts>,
    events: {} as VerificationEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    assigneeValid: ({ event }: GuardArgs) => event.type === 'ASSIGN' && Number.isInteger(event.assigneeId) && event.assigneeId > 0,
    // Handing the worklist out (bulk assign) is a supervisor's; anyone else only takes a verification for themself.
    assignerIsSupervisorOrSelf: ({ context: { facts }, event }: GuardArgs) => event.type === 'ASSIGN' && (facts.actorIsSupervisor || event.assigneeId === facts.actorId),
    // Taking what is already one's own is no step: its button shows why instead of doing nothing.
    assigneeChanges: ({ context: { facts }, event }: GuardArgs) => event.type === 'ASSIGN' && event.assigneeId !== facts.assigneeId,
    actorMayStart: ({ context: { facts } }: Facts) => facts.actorIsSupervisor || (facts.assigneeId !== null && facts.assigneeId === facts.actorId),
    noteGiven: ({ event }: GuardArgs) => event.type === 'REQUEST_INFO' && !isBlank(event.note),
    channelGiven: ({ event }: GuardArgs) => event.type === 'RECORD_ELIGIBLE' && VERIFICATION_CHANNELS.includes(event.channel),
    coverageActiveOnServiceDate: ({ context: { facts } }: Facts) => facts.coverageActiveOnServiceDate,
    annualMaximumAvailable: ({ context: { facts } }: Facts) => facts.annualMaximumRemainingCents >= 0,
    authorizationNumberGiven: ({ context: { facts }, event }: GuardArgs) =>
      facts.kind !== 'PREAUTHORIZATION' || (event.type === 'RECORD_ELIGIBLE' && !isBlank(event.authorizationNumber)),
    orthoUnderAgeLimit: ({ context: { facts } }: Facts) => facts.category !== 'ORTHODONTIC' || facts.patientAgeOnServiceDate < facts.orthoAgeLimit,
    orthoLifetimeAvailable: ({ context: { facts } }: Facts) => facts.category !== 'ORTHODONTIC' || facts.orthoLifetimeRemainingCents > 0,
    reasonGiven: ({ event }: GuardArgs) => (event.type === 'RECORD_NOT_ELIGIBLE' || event.type === 'CANCEL') && !isBlank(event.reason),
    validityElapsed: ({ context: { facts } }: Facts) => facts.validUntil !== null && isAfter(facts.today, facts.validUntil),
    noReimbursements: ({ context: { facts } }: Facts) => !facts.hasReimbursements,
  },
  actions: {
    /** Server: sets asignado_a = event.assigneeId and fecha_asignacion = now. */
    recordAssignee: () => {},
    /** Server: stores event.note as a note of the verification (what information is missing). */
    recordInfoRequest: () => {},
    /** Server: sets verificado_en = now and verificado_por = actor. */
    stampVerifiedAt: () => {},
    /** Server: stores canal, numero_autorizacion and cobertura_activa = true from the event and facts. */
    recordEligibility: () => {},
    /** Server: sets valida_hasta = min(verificado_en + validez_dias, vigencia_hasta, fin del año de beneficio) (R8). */
    setValidUntil: () => {},
    /** Server: stores motivo_no_elegible = event.reason, cobertura_activa = false and verificado_en/por. */
    recordNotEligible: () => {},
    /** Server: stores the cancellation reason (event.reason), who cancelled and when. */
    recordCancellation: () => {},
  },
}).createMachine({
  id: 'verification',
  initial: 'pending',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    pending: {
      meta: meta('PENDIENTE'),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        ASSIGN: assign,
        START: { target: 'inProgress', guard: 'actorMayStart' },
        CANCEL: cancel,
      },
    },
    inProgress: {
      meta: meta('EN_PROCESO', ['R3', 'R7', 'R8', 'R14']),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        ASSIGN: assign,
        REQUEST_INFO: { target: 'needsInfo', guard: 'noteGiven', actions: 'recordInfoRequest' },
        RECORD_ELIGIBLE: { target: 'verified', guard: eligible, actions: ['stampVerifiedAt', 'recordEligibility', 'setValidUntil'] },
        RECORD_NOT_ELIGIBLE: { target: 'notEligible', guard: 'reasonGiven', actions: 'recordNotEligible' },
        CANCEL: cancel,
      },
    },
    needsInfo: {
      meta: meta('REQUIERE_INFO'),
      tags: [ACCEPTS_DOCUMENTS],
      on: {
        INFO_RECEIVED: { target: 'inProgress' },
        CANCEL: cancel,
      },
    },
    verified: {
      meta: meta('VERIFICADA', ['R8']),
      on: {
        EXPIRE: { target: 'expired', guard: 'validityElapsed' },
      },
    },
    notEligible: { type: 'final', meta: meta('NO_ELEGIBLE') },
    expired: { type: 'final', meta: meta('VENCIDA') },
    cancelled: { type: 'final', meta: meta('ANULADA') },
  },
});
