import { and, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { isValidTooth } from '@core/benefits/procedures.ts';
import { isAfter, isBlank, isIsoDate } from '@core/workflows/workflow.ts';

/**
 * The guided creation of a reimbursement from a verification (`/reembolsos/nuevo/:verificacion_id`), a child
 * machine its screen owns: invoice, procedure lines, then the draft is saved (created once with an
 * Idempotency-Key, updated with its version afterwards), documents uploaded to it, the engine's liquidation
 * previewed and the draft submitted. The server calls are actors the screen provides, so the machine stays pure;
 * what the server says of the record (its `allowedEvents`, the documents it still misses) is read, never guessed.
 */

export type Payee = 'HOLDER' | 'PROVIDER';

export interface FlowInvoice {
  doctorId: number | null;
  invoiceNumber: string;
  /** `YYYY-MM-DD` or empty. */
  invoiceDate: string;
  payee: Payee;
  /** Stamped or receipted by the provider: a general claim then needs no separate payment receipt (research 4.3). */
  invoicePaid: boolean;
}

const BLANK_INVOICE: FlowInvoice = { doctorId: null, invoiceNumber: '', invoiceDate: '', payee: 'HOLDER', invoicePaid: false };

export interface FlowLine {
  /** Stable key of the row on screen (lines have no id before they are saved). */
  key: string;
  procedureCode: string;
  /** Whether the catalog says this code names a tooth (R19). */
  requiresTooth: boolean;
  /** FDI tooth, `''` when none. */
  tooth: string;
  /** Surfaces touched (M, O, D, B, L), kept in the draft for the analyst's reading. */
  surfaces: string;
  serviceDate: string;
  quantity: number;
  chargedCents: number;
}

/** What the flow reads of the saved draft. */
export interface FlowRecord {
  id: number;
  version: number;
  state: string;
  allowedEvents: readonly string[];
  missingDocuments: readonly string[];
}

export interface FlowLiquidation {
  status: string;
  totals: { claimedCents: number; payableCents: number };
}

export interface FlowDraft {
  invoice: FlowInvoice;
  lines: FlowLine[];
}

/** A draft as kept: one kept before the invoice had its paid mark has none. */
export interface KeptDraft extends Omit<FlowDraft, 'invoice'> {
  invoice: Omit<FlowInvoice, 'invoicePaid'> & Partial<Pick<FlowInvoice, 'invoicePaid'>>;
}

export interface ReimbursementFlowInput {
  verificationId: number;
  /** Sent with the create, so a double click or a retry after a lost answer makes one record. */
  idempotencyKey: string;
  /** `YYYY-MM-DD`: no invoice or service date after it. */
  today: string;
  /** A draft kept from an earlier visit (the screen restores it). */
  draft?: KeptDraft;
  /** The doctor the verification names: the invoice starts with it, so nobody types it twice. */
  verificationDoctorId?: number | null;
}

export interface ReimbursementFlowContext extends ReimbursementFlowInput, FlowDraft {
  record: FlowRecord | null;
  liquidation: FlowLiquidation | null;
  /** The error code of the last failed call, shown until the next attempt. */
  error: string | null;
}

export type ReimbursementFlowEvent =
  | { type: 'EDIT_INVOICE'; changes: Partial<FlowInvoice> }
  | { type: 'ADD_LINE'; line: FlowLine }
  | { type: 'EDIT_LINE'; key: string; changes: Partial<Omit<FlowLine, 'key'>> }
  | { type: 'REMOVE_LINE'; key: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** An upload finished: the record as the server answers it now (documents still missing, version). */
  | { type: 'DOCUMENTS_CHANGED'; record: FlowRecord }
  | { type: 'RETRY' }
  | { type: 'SUBMIT' };

export interface SaveInput {
  verificationId: number;
  idempotencyKey: string;
  invoice: FlowInvoice;
  lines: FlowLine[];
  record: FlowRecord | null;
}

const provided = (name: string) => () => Promise.reject(new Error(`The ${name} actor is provided by the screen`));

const errorCode = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'server.unexpected';

const lineComplete = (line: FlowLine, today: string) =>
  /^D\d{4}$/.test(line.procedureCode) &&
  isIsoDate(line.serviceDate) &&
  !isAfter(line.serviceDate, today) &&
  Number.isInteger(line.quantity) &&
  line.quantity >= 1 &&
  line.quantity <= 99 &&
  Number.isSafeInteger(line.chargedCents) &&
  line.chargedCents > 0 &&
  (line.tooth === '' ? !line.requiresTooth : isValidTooth(line.tooth)) &&
  /^[MODBLFI]{0,5}$/.test(line.surfaces);

type Args = { context: ReimbursementFlowContext };

export const reimbursementFlowMachine = setup({
  types: {
    context: {} as ReimbursementFlowContext,
    input: {} as ReimbursementFlowInput,
    events: {} as ReimbursementFlowEvent,
  },
  actors: {
    /** Creates the draft (POST with the Idempotency-Key) or replaces a saved one's details and lines (PUT with its version). */
    saveDraft: fromPromise<FlowRecord, SaveInput>(provided('saveDraft')),
    /** The engine's liquidation of the saved draft, line by line. */
    previewLiquidation: fromPromise<FlowLiquidation, { id: number }>(provided('previewLiquidation')),
    /** Sends SUBMIT with the record's version; the server checks the lines at once. */
    submit: fromPromise<FlowRecord, { record: FlowRecord }>(provided('submit')),
  },
  guards: {
    invoiceComplete: ({ context: { invoice, today } }: Args) =>
      invoice.doctorId !== null && !isBlank(invoice.invoiceNumber) && isIsoDate(invoice.invoiceDate) && !isAfter(invoice.invoiceDate, today),
    hasLines: ({ context }: Args) => context.lines.length > 0,
    linesComplete: ({ context }: Args) => context.lines.every((line) => lineComplete(line, context.today)),
    submitAllowed: ({ context }: Args) => context.record?.allowedEvents.includes('SUBMIT') ?? false,
  },
  actions: {
    editInvoice: assign({ invoice: ({ context, event }) => (event.type === 'EDIT_INVOICE' ? { ...context.invoice, ...event.changes } : context.invoice) }),
    addLine: assign({ lines: ({ context, event }) => (event.type === 'ADD_LINE' ? [...context.lines, event.line] : context.lines) }),
    editLine: assign({
      lines: ({ context, event }) => (event.type === 'EDIT_LINE' ? context.lines.map((line) => (line.key === event.key ? { ...line, ...event.changes } : line)) : context.lines),
    }),
    removeLine: assign({ lines: ({ context, event }) => (event.type === 'REMOVE_LINE' ? context.lines.filter((line) => line.key !== event.key) : context.lines) }),
    /** The record as the server answered it: after an upload (DOCUMENTS_CHANGED), a save or the submission. */
    keepRecord: assign({ record: ({ event }) => ('record' in event ? event.record : (event as unknown as DoneActorEvent<FlowRecord>).output) }),
    keepLiquidation: assign({ liquidation: ({ event }) => (event as unknown as DoneActorEvent<FlowLiquidation>).output }),
    keepError: assign({ error: ({ event }) => errorCode((event as unknown as ErrorActorEvent).error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'reimbursementFlow',
  initial: 'invoice',
  context: ({ input }) => ({
    ...input,
    invoice: { ...BLANK_INVOICE, doctorId: input.verificationDoctorId ?? null, ...input.draft?.invoice },
    lines: input.draft?.lines ?? [],
    record: null,
    liquidation: null,
    error: null,
  }),
  states: {
    invoice: {
      on: {
        EDIT_INVOICE: { actions: 'editInvoice' },
        NEXT: { target: 'lines', guard: 'invoiceComplete' },
      },
    },
    lines: {
      on: {
        ADD_LINE: { actions: 'addLine' },
        EDIT_LINE: { actions: 'editLine' },
        REMOVE_LINE: { actions: 'removeLine' },
        BACK: 'invoice',
        NEXT: { target: 'saving', guard: and(['hasLines', 'linesComplete']) },
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ verificationId: context.verificationId, idempotencyKey: context.idempotencyKey, invoice: context.invoice, lines: context.lines, record: context.record }),
        onDone: { target: 'documents', actions: 'keepRecord' },
        onError: { target: 'lines', actions: 'keepError' },
      },
    },
    documents: {
      on: {
        DOCUMENTS_CHANGED: { actions: 'keepRecord' },
        BACK: 'lines',
        NEXT: 'preview',
      },
    },
    preview: {
      initial: 'loading',
      on: {
        BACK: 'documents',
      },
      states: {
        loading: {
          invoke: {
            id: 'previewLiquidation',
            src: 'previewLiquidation',
            input: ({ context }) => ({ id: context.record!.id }),
            onDone: { target: 'ready', actions: 'keepLiquidation' },
            onError: { target: 'failed', actions: 'keepError' },
          },
        },
        failed: {
          on: { RETRY: { target: 'loading', actions: 'clearError' } },
        },
        ready: {
          on: {
            // When the server refuses SUBMIT (a missing document, a duplicate line) the screen shows its reason.
            SUBMIT: { target: '#reimbursementFlow.submitting', guard: 'submitAllowed' },
          },
        },
      },
    },
    submitting: {
      entry: 'clearError',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ record: context.record! }),
        onDone: { target: 'submitted', actions: 'keepRecord' },
        onError: { target: 'preview', actions: 'keepError' },
      },
    },
    submitted: { type: 'final' },
  },
});

/** The draft worth keeping across a reload: what was typed, not what the server holds. */
export const flowDraft = (context: ReimbursementFlowContext): FlowDraft => ({ invoice: context.invoice, lines: context.lines });
