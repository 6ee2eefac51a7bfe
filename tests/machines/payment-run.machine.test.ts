import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { PAYMENT_RUN_EVENTS as EVENTS, PAYMENT_RUN_FACTS as FACTS } from '@core/workflows/examples.ts';
import { eventPermitted } from '@core/workflows/event-permissions.ts';
import {
  PAYMENT_RUN_EVENT_PERMISSIONS,
  PAYMENT_RUN_OPEN_STATES,
  PAYMENT_RUN_STATES,
  paymentRunGuardRules,
  paymentRunMachine as machine,
  type PaymentRunEvent,
  type PaymentRunFacts,
  type PaymentRunState,
} from '@core/workflows/payment-run.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const at = (state: PaymentRunState, facts: PaymentRunFacts = FACTS) => snapshotAt(machine, state, facts);
const refusal = (state: PaymentRunState, event: PaymentRunEvent, facts: PaymentRunFacts = FACTS) => explainRefusal(machine, at(state, facts), event, paymentRunGuardRules);
const FINALS = ['settled', 'partiallyRejected', 'cancelled'];

describe('payment run machine — model-based', () => {
  it('covers every transition of the machine', () => {
    const scenarios = [
      { name: 'ready', facts: FACTS },
      { name: 'reported', facts: { ...FACTS, bankReportsReceived: 1 }, from: 'sent' },
    ];
    expect(untakenTransitions(machine, { scenarios, events: EVENTS, states: PAYMENT_RUN_STATES, finals: FINALS })).toEqual([]);
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, paymentRunGuardRules, PAYMENT_RUN_STATES)).toEqual([]);
  });
});

describe('payment run machine — rules', () => {
  it('submits only a run with claims, every payee account valid and a debtor account per currency', () => {
    expect(step(machine, at('draft'), { type: 'SUBMIT' }, paymentRunGuardRules)).toEqual({ ok: true, value: 'submitted', effects: [{ type: 'freezeItems', params: undefined }] });
    expect(refusal('draft', { type: 'SUBMIT' }, { ...FACTS, itemCount: 0 })).toBe('paymentRun.empty');
    expect(refusal('draft', { type: 'SUBMIT' }, { ...FACTS, invalidAccountCount: 1 })).toBe('paymentRun.payeeAccountInvalid');
    expect(refusal('draft', { type: 'SUBMIT' }, { ...FACTS, missingDebtorAccountCount: 1 })).toBe('paymentRun.debtorAccountMissing');
  });

  it('is approved by a second person, above the threshold only with the right (R13)', () => {
    expect(step(machine, at('submitted'), { type: 'APPROVE' }, paymentRunGuardRules)).toMatchObject({ ok: true, value: 'approved', effects: [{ type: 'recordApproval' }] });
    expect(refusal('submitted', { type: 'APPROVE' }, { ...FACTS, actorId: FACTS.creatorId })).toBe('paymentRun.approverIsCreator');
    expect(refusal('submitted', { type: 'APPROVE' }, { ...FACTS, atOrAboveApprovalThreshold: true })).toBe('paymentRun.aboveApprovalThreshold');
    expect(refusal('submitted', { type: 'APPROVE' }, { ...FACTS, atOrAboveApprovalThreshold: true, actorCanApproveAboveThreshold: true })).toBeNull();
    // The creator is refused even with every other right.
    expect(refusal('submitted', { type: 'APPROVE' }, { ...FACTS, actorId: 1, atOrAboveApprovalThreshold: true, actorCanApproveAboveThreshold: true })).toBe('paymentRun.approverIsCreator');
  });

  it('writes the file once: GENERATE only from approved, never again after', () => {
    expect(step(machine, at('approved'), { type: 'GENERATE' }, paymentRunGuardRules)).toMatchObject({ ok: true, value: 'generated', effects: [{ type: 'writeFile' }] });
    expect(refusal('approved', { type: 'GENERATE' }, { ...FACTS, invalidAccountCount: 2 })).toBe('paymentRun.payeeAccountInvalid');
    // A claim's liquidation changed since submission: the file would pay the old amount.
    expect(refusal('approved', { type: 'GENERATE' }, { ...FACTS, changedLiquidationCount: 1 })).toBe('paymentRun.liquidationChanged');
    for (const state of ['draft', 'submitted', 'generated', 'sent', 'settled'] as const) expect(refusal(state, { type: 'GENERATE' })).toBe(ILLEGAL_EVENT);
  });

  it('is cancelled with a reason before the file exists, never after', () => {
    for (const state of ['draft', 'submitted', 'approved'] as const) {
      expect(step(machine, at(state), { type: 'CANCEL', reason: 'Cambio de fecha' }, paymentRunGuardRules)).toMatchObject({ ok: true, value: 'cancelled', effects: [{ type: 'releaseClaims' }] });
      expect(refusal(state, { type: 'CANCEL', reason: ' ' })).toBe('paymentRun.reasonRequired');
    }
    for (const state of ['generated', 'sent'] as const) expect(refusal(state, { type: 'CANCEL', reason: 'Tarde' })).toBe(ILLEGAL_EVENT);
  });

  it('follows the bank: all accepted settles, any rejection ends partly rejected, partial answers stay sent', () => {
    expect(step(machine, at('sent'), { type: 'BANK_REPORT', pending: 0, rejected: 0 }, paymentRunGuardRules)).toMatchObject({ value: 'settled', effects: [{ type: 'applyBankStatuses' }] });
    expect(step(machine, at('sent'), { type: 'BANK_REPORT', pending: 0, rejected: 1 }, paymentRunGuardRules)).toMatchObject({
      value: 'partiallyRejected',
      effects: [{ type: 'applyBankStatuses' }, { type: 'returnRejectedClaims' }],
    });
    expect(step(machine, at('sent'), { type: 'BANK_REPORT', pending: 2, rejected: 1 }, paymentRunGuardRules)).toMatchObject({ value: 'sent' });
    expect(refusal('generated', { type: 'BANK_REPORT', pending: 0, rejected: 0 })).toBe(ILLEGAL_EVENT);
  });

  it('lets treasury confirm the payment only where the bank sent no report, with a reference', () => {
    expect(step(machine, at('sent'), { type: 'CONFIRM_SETTLEMENT', reference: 'TRF-1' }, paymentRunGuardRules)).toMatchObject({ value: 'settled', effects: [{ type: 'settleAll' }] });
    expect(refusal('sent', { type: 'CONFIRM_SETTLEMENT', reference: '' })).toBe('paymentRun.referenceRequired');
    expect(refusal('sent', { type: 'CONFIRM_SETTLEMENT', reference: 'TRF-1' }, { ...FACTS, bankReportsReceived: 1 })).toBe('paymentRun.bankReportReceived');
  });

  it('asks treasury for its steps and the approver for approval', () => {
    const treasury = ['payments:read', 'payments:create'];
    const approver = ['payments:read', 'payments:approve'];
    expect(eventPermitted(PAYMENT_RUN_EVENT_PERMISSIONS, 'GENERATE', treasury)).toBe(true);
    expect(eventPermitted(PAYMENT_RUN_EVENT_PERMISSIONS, 'APPROVE', treasury)).toBe(false);
    expect(eventPermitted(PAYMENT_RUN_EVENT_PERMISSIONS, 'APPROVE', approver)).toBe(true);
    expect(eventPermitted(PAYMENT_RUN_EVENT_PERMISSIONS, 'SUBMIT', approver)).toBe(false);
  });

  it('holds its claims while open and is final once settled, rejected in part or cancelled', () => {
    expect(PAYMENT_RUN_OPEN_STATES).toEqual(['draft', 'submitted', 'approved', 'generated', 'sent']);
    for (const state of FINALS as PaymentRunState[]) expect(allowedEvents(machine, at(state), EVENTS)).toEqual([]);
  });
});
