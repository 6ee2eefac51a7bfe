import { and, assign, fromPromise, setup } from 'xstate';
import { isBlank, isIsoDate, isOnOrBefore } from '@core/workflows/workflow.ts';
import type { VerificationCategory, VerificationKind } from '@core/workflows/verification.machine.ts';

/**
 * The guided opening of a verification (`/verificaciones/nueva`), a child machine its screen owns: find the
 * patient, choose kind, category, planned service date and doctor, see the coverage facts the verification will
 * be checked against, then save. Its server calls (the patient's coverage, the creation) are actors the screen
 * provides, so the machine stays pure; what the server says of coverage is read, never guessed.
 */

export interface FlowPatient {
  id: number;
  name: string;
}

export interface VerificationFlowDraft {
  patient: FlowPatient | null;
  kind: VerificationKind | null;
  category: VerificationCategory;
  /** `YYYY-MM-DD` or empty. */
  plannedServiceDate: string;
  doctorId: number | null;
  note: string;
}

/** What the panel shows before saving: the coverage facts the verification will be checked against. */
export interface CoverageFacts {
  activeToday: boolean;
  inactiveReason: string | null;
  policyEndsOn: string | null;
  currency: string;
  annualMaximumRemainingCents: number | null;
  orthodonticRemainingCents: number | null;
  /** `YYYY-MM-DD`: the patient's age on the planned service date is checked against `orthodonticAgeLimit`. */
  birthDate: string;
  /** The age from which orthodontics is not covered; null when there is no limit. */
  orthodonticAgeLimit: number | null;
  /** Categories still waiting, with the first day each is covered. */
  waitingPeriods: { category: string; endsOn: string }[];
}

export interface VerificationFlowInput {
  /** `YYYY-MM-DD`: the planned service date may not be before it. */
  today: string;
  /** A draft kept from an earlier visit (the screen restores it). */
  draft?: VerificationFlowDraft;
}

export interface VerificationFlowContext extends VerificationFlowDraft {
  today: string;
  coverage: CoverageFacts | null;
  createdId: number | null;
  /** The error code of the last failed call, shown until the next attempt. */
  error: string | null;
}

export type VerificationFlowEvent =
  | { type: 'PICK_PATIENT'; patient: FlowPatient | null }
  | { type: 'EDIT'; changes: Partial<Omit<VerificationFlowDraft, 'patient'>> }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'SAVE' };

const provided = (name: string) => () => Promise.reject(new Error(`The ${name} actor is provided by the screen`));

const errorCode = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'server.unexpected';

type Args = { context: VerificationFlowContext };

export const verificationFlowMachine = setup({
  types: {
    context: {} as VerificationFlowContext,
    input: {} as VerificationFlowInput,
    events: {} as VerificationFlowEvent,
  },
  actors: {
    /** The patient's coverage, benefits left and running waiting periods (the patient overview). */
    loadCoverage: fromPromise<CoverageFacts, { patientId: number }>(provided('loadCoverage')),
    /** Opens the verification (POST /api/verifications); answers its id. */
    create: fromPromise<number, VerificationFlowDraft>(provided('create')),
  },
  guards: {
    patientChosen: ({ context }: Args) => context.patient !== null,
    kindChosen: ({ context }: Args) => context.kind !== null,
    orthodonticIsPreauthorization: ({ context }: Args) => context.category !== 'ORTHODONTIC' || context.kind === 'PREAUTHORIZATION',
    serviceDateNotPast: ({ context }: Args) => isIsoDate(context.plannedServiceDate) && isOnOrBefore(context.today, context.plannedServiceDate),
    noteShort: ({ context }: Args) => isBlank(context.note) || context.note.length <= 4000,
  },
  actions: {
    pickPatient: assign({
      patient: ({ context, event }) => (event.type === 'PICK_PATIENT' ? event.patient : context.patient),
      coverage: null,
    }),
    edit: assign(({ context, event }) => (event.type === 'EDIT' ? { ...context, ...event.changes } : context)),
    clearError: assign({ error: null }),
    takeCoverage: assign({ coverage: (_, params: { coverage: CoverageFacts }) => params.coverage }),
    takeCreated: assign({ createdId: (_, params: { id: number }) => params.id }),
    takeError: assign({ error: (_, params: { error: unknown }) => errorCode(params.error) }),
  },
}).createMachine({
  id: 'verificationFlow',
  initial: 'patient',
  context: ({ input }) => ({
    today: input.today,
    patient: input.draft?.patient ?? null,
    kind: input.draft?.kind ?? null,
    category: input.draft?.category ?? 'GENERAL',
    plannedServiceDate: input.draft?.plannedServiceDate ?? '',
    doctorId: input.draft?.doctorId ?? null,
    note: input.draft?.note ?? '',
    coverage: null,
    createdId: null,
    error: null,
  }),
  states: {
    patient: {
      on: {
        PICK_PATIENT: { actions: 'pickPatient' },
        NEXT: { target: 'details', guard: 'patientChosen' },
      },
    },
    details: {
      on: {
        EDIT: { actions: 'edit' },
        BACK: { target: 'patient' },
        NEXT: { target: 'checking', guard: and(['kindChosen', 'orthodonticIsPreauthorization', 'serviceDateNotPast', 'noteShort']) },
      },
    },
    checking: {
      entry: 'clearError',
      invoke: {
        id: 'loadCoverage',
        src: 'loadCoverage',
        input: ({ context }) => ({ patientId: context.patient!.id }),
        onDone: { target: 'review', actions: { type: 'takeCoverage', params: ({ event }) => ({ coverage: event.output }) } },
        onError: { target: 'checkFailed', actions: { type: 'takeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkFailed: {
      on: {
        RETRY: { target: 'checking' },
        BACK: { target: 'details' },
      },
    },
    review: {
      on: {
        BACK: { target: 'details' },
        SAVE: { target: 'saving' },
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context: { patient, kind, category, plannedServiceDate, doctorId, note } }) => ({ patient, kind, category, plannedServiceDate, doctorId, note }),
        onDone: { target: 'saved', actions: { type: 'takeCreated', params: ({ event }) => ({ id: event.output }) } },
        onError: { target: 'review', actions: { type: 'takeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
});

/** The draft part of the flow's context, as kept between visits. */
export const draftOf = ({ patient, kind, category, plannedServiceDate, doctorId, note }: VerificationFlowDraft): VerificationFlowDraft => ({
  patient,
  kind,
  category,
  plannedServiceDate,
  doctorId,
  note,
});
