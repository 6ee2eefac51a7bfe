import { and, setup } from 'xstate';
import type { EventPermissions } from './event-permissions.ts';
import { isBlank, type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * A payment run (issue 26): treasury gathers approved claims into a draft, submits it, a second person
 * approves it (never its creator; at or above R13's threshold on a currency's total only with the right
 * to approve above it), treasury generates the ISO 20022 pain.001 file once (immutable), marks it sent
 * to the bank, and the bank's status report — or treasury's confirmation where a bank sends none —
 * settles it, or leaves it partly rejected with the rejected claims payable again. It may be cancelled
 * until the file exists; after that only the bank's answer moves it.
 */

/** What the server reads from the database before checking an event. */
export interface PaymentRunFacts {
  actorId: number;
  creatorId: number;
  /** Claims in the run. */
  itemCount: number;
  /** Claims whose payee has no valid bank account (the run shows which). */
  invalidAccountCount: number;
  /** Currencies of the run without a debtor account for their insurer. */
  missingDebtorAccountCount: number;
  /** Some currency's total in the run is at or above R13's approval threshold in that currency. */
  atOrAboveApprovalThreshold: boolean;
  /** The actor holds `reimbursements:approve_above_threshold`. */
  actorCanApproveAboveThreshold: boolean;
  /** Bank status reports already applied to the run. */
  bankReportsReceived: number;
  /** Claims whose liquidation (amount to pay or state) is no longer what the run froze at submission. */
  changedLiquidationCount: number;
}

export type PaymentRunEvent =
  /** Claims added or removed; sent by the run's item operations. */
  | { type: 'EDIT'; add?: number[]; remove?: number[] }
  | { type: 'SUBMIT' }
  /** The approver sends it back to treasury. */
  | { type: 'REOPEN'; reason: string }
  | { type: 'APPROVE' }
  | { type: 'GENERATE' }
  | { type: 'MARK_SENT' }
  /** A matched status report: what is still pending and how many were rejected after applying it. */
  | { type: 'BANK_REPORT'; pending: number; rejected: number }
  /** Treasury confirms the bank paid everything, for a bank that sends no report. */
  | { type: 'CONFIRM_SETTLEMENT'; reference: string }
  | { type: 'CANCEL'; reason: string };

export const PAYMENT_RUN_STATES = ['draft', 'submitted', 'approved', 'generated', 'sent', 'settled', 'partiallyRejected', 'cancelled'] as const;
export type PaymentRunState = (typeof PAYMENT_RUN_STATES)[number];

/** States whose claims are held by the run (a claim is in at most one of these runs: a database constraint too). */
export const PAYMENT_RUN_OPEN_STATES = ['draft', 'submitted', 'approved', 'generated', 'sent'] as const satisfies readonly PaymentRunState[];

type Facts = { context: WorkflowContext<PaymentRunFacts> };
type GuardArgs = Facts & { event: PaymentRunEvent };

export const paymentRunGuardRules = {
  hasItems: { rule: 'paymentRun.empty' },
  payeeAccountsValid: { rule: 'paymentRun.payeeAccountInvalid' },
  debtorAccountsConfigured: { rule: 'paymentRun.debtorAccountMissing' },
  approverIsNotCreator: { rule: 'paymentRun.approverIsCreator' },
  withinApprovalAuthority: { rule: 'paymentRun.aboveApprovalThreshold' },
  reasonGiven: { rule: 'paymentRun.reasonRequired' },
  referenceGiven: { rule: 'paymentRun.referenceRequired' },
  noBankReport: { rule: 'paymentRun.bankReportReceived' },
  reportAnswersAll: { rule: 'paymentRun.reportLeavesPending' },
  reportRejectsNone: { rule: 'paymentRun.reportHasRejections' },
  liquidationsUnchanged: { rule: 'paymentRun.liquidationChanged' },
} as const satisfies GuardRules;

export type PaymentRunGuard = keyof typeof paymentRunGuardRules;

/** Treasury runs the file; a second person approves it (research 2.12: who approves is not who pays). */
export const PAYMENT_RUN_EVENT_PERMISSIONS = {
  EDIT: 'payments:create',
  SUBMIT: 'payments:create',
  REOPEN: 'payments:approve',
  APPROVE: 'payments:approve',
  GENERATE: 'payments:create',
  MARK_SENT: 'payments:create',
  BANK_REPORT: 'payments:create',
  CONFIRM_SETTLEMENT: 'payments:create',
  CANCEL: 'payments:create',
} as const satisfies EventPermissions<PaymentRunEvent['type']>;

const meta = (status: string, rules: string[] = []): WorkflowStateMeta => ({ status, rules });

const cancel = { target: 'cancelled', guard: 'reasonGiven', actions: 'releaseClaims' } as const;
const ready = and(['hasItems', 'payeeAccountsValid', 'debtorAccountsConfigured']);

export const paymentRunMachine = setup({
  types: {
    context: {} as WorkflowContext<PaymentRunFacts>,
    input: {} as WorkflowInput<PaymentRunFacts>,
    events: {} as PaymentRunEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    hasItems: ({ context: { facts } }: Facts) => facts.itemCount > 0,
    payeeAccountsValid: ({ context: { facts } }: Facts) => facts.invalidAccountCount === 0,
    debtorAccountsConfigured: ({ context: { facts } }: Facts) => facts.missingDebtorAccountCount === 0,
    approverIsNotCreator: ({ context: { facts } }: Facts) => facts.actorId !== facts.creatorId,
    // R13 on the run: a currency's total at or above its threshold needs the right to approve above it.
    withinApprovalAuthority: ({ context: { facts } }: Facts) => !facts.atOrAboveApprovalThreshold || facts.actorCanApproveAboveThreshold,
    reasonGiven: ({ event }: GuardArgs) => (event.type === 'CANCEL' || event.type === 'REOPEN') && !isBlank(event.reason),
    referenceGiven: ({ event }: GuardArgs) => event.type === 'CONFIRM_SETTLEMENT' && !isBlank(event.reference),
    noBankReport: ({ context: { facts } }: Facts) => facts.bankReportsReceived === 0,
    reportAnswersAll: ({ event }: GuardArgs) => event.type === 'BANK_REPORT' && event.pending === 0,
    reportRejectsNone: ({ event }: GuardArgs) => event.type === 'BANK_REPORT' && event.rejected === 0,
    // The file pays what was approved: a claim whose liquidation changed after submission is not paid on the old amount.
    liquidationsUnchanged: ({ context: { facts } }: Facts) => facts.changedLiquidationCount === 0,
  },
  actions: {
    /** Server: records the claims added or removed (a claim leaving before generation is free again). */
    recordItems: () => {},
    /** Server: freezes the run's payees and amounts as they will be paid. */
    freezeItems: () => {},
    /** Server: stores approved_by = actor and approved_at = now. */
    recordApproval: () => {},
    /** Server: writes the pain.001 file once, stores its bytes and SHA-256 (also in the audit row). */
    writeFile: () => {},
    /** Server: stores sent_at and who marked it sent. */
    recordSent: () => {},
    /** Server: stores each transaction's bank status; settles the accepted claims' reservations (they are paid). */
    applyBankStatuses: () => {},
    /** Server: sends each rejected claim back to payable with the bank's reason and marks its payee account for correction. */
    returnRejectedClaims: () => {},
    /** Server: settles every claim still pending, with treasury's reference. */
    settleAll: () => {},
    /** Server: frees the run's claims and stores the reason. */
    releaseClaims: () => {},
  },
}).createMachine({
  id: 'paymentRun',
  initial: 'draft',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    draft: {
      meta: meta('BORRADOR'),
      on: {
        EDIT: { actions: 'recordItems' },
        SUBMIT: { target: 'submitted', guard: ready, actions: 'freezeItems' },
        CANCEL: cancel,
      },
    },
    submitted: {
      meta: meta('PRESENTADA', ['R13']),
      on: {
        APPROVE: { target: 'approved', guard: and(['approverIsNotCreator', 'withinApprovalAuthority', 'payeeAccountsValid']), actions: 'recordApproval' },
        REOPEN: { target: 'draft', guard: 'reasonGiven' },
        CANCEL: cancel,
      },
    },
    approved: {
      meta: meta('APROBADA', ['R13']),
      on: {
        GENERATE: { target: 'generated', guard: and(['payeeAccountsValid', 'debtorAccountsConfigured', 'liquidationsUnchanged']), actions: 'writeFile' },
        CANCEL: cancel,
      },
    },
    generated: {
      meta: meta('GENERADA'),
      on: { MARK_SENT: { target: 'sent', actions: 'recordSent' } },
    },
    sent: {
      meta: meta('ENVIADA'),
      on: {
        BANK_REPORT: [
          { target: 'settled', guard: and(['reportAnswersAll', 'reportRejectsNone']), actions: 'applyBankStatuses' },
          { target: 'partiallyRejected', guard: 'reportAnswersAll', actions: ['applyBankStatuses', 'returnRejectedClaims'] },
          // Partial answers leave the rest pending: the run stays sent.
          { actions: ['applyBankStatuses', 'returnRejectedClaims'] },
        ],
        CONFIRM_SETTLEMENT: { target: 'settled', guard: and(['noBankReport', 'referenceGiven']), actions: 'settleAll' },
      },
    },
    settled: { type: 'final', meta: meta('PAGADA') },
    partiallyRejected: { type: 'final', meta: meta('PAGADA_CON_DEVOLUCIONES') },
    cancelled: { type: 'final', meta: meta('ANULADA') },
  },
});
