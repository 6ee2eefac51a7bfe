/**
 * Per-machine fixtures for generated test paths: the payload variants of each event (making every guard that
 * reads the event pass and fail) and the scenarios — facts sets or browser storage — that together reach every
 * state, transition and guard outcome. Built on the facts shared with the hand-written model tests in
 * tests/machines (core/workflows/examples.ts), plus one scenario per fact-reading guard that makes only that guard fail.
 *
 * Facts never change during a path: the workflow machines' context is `{ facts }`, read by the server before
 * each event. So a fact guard that must fail needs its own scenario, and the guards combined with `and([...])`
 * before it must pass there (xstate stops at the first refusing guard).
 */
import { MACHINES } from '../../src/machines/registry.ts';
import { reimbursementFlow } from './fixture-reimbursement-flow.ts';
import { verificationFlow } from './fixture-verification-flow.ts';
import {
  ANNOUNCEMENT_EVENTS,
  ANNOUNCEMENT_FACTS as ANNOUNCEMENT,
  ORTHODONTIC_INSTALLMENT_EVENTS,
  ORTHODONTIC_INSTALLMENT_FACTS as INSTALLMENT,
  ORTHODONTIC_PLAN_EVENTS,
  ORTHODONTIC_PLAN_FACTS as PLAN,
  PATIENT_COVERAGE_EVENTS,
  PATIENT_COVERAGE_FACTS as PATIENT,
  PAYMENT_RUN_EVENTS,
  PAYMENT_RUN_FACTS as RUN,
  POLICY_EVENTS,
  POLICY_FACTS as POLICY,
  REIMBURSEMENT_EVENTS,
  REIMBURSEMENT_FACTS as REIMBURSEMENT,
  VERIFICATION_EVENTS,
  VERIFICATION_FACTS as VERIFICATION,
} from '@core/workflows/examples.ts';
import { STORAGE_KEYS } from '../../src/machines/session-storage.ts';
import type { VerificationFacts } from '@core/workflows/verification.machine.ts';
import type { MachineFixture, PathEvent, Scenario } from '../statecharts/paths/types.ts';

const byType = (events: PathEvent[]): Record<string, PathEvent[]> => {
  const grouped: Record<string, PathEvent[]> = {};
  for (const event of events) (grouped[event.type] ??= []).push(event);
  return grouped;
};

const facts = <F>(name: string, description: string, value: F): Scenario => ({ name, description, input: { facts: value } });

// ---------------------------------------------------------------------------------------------------
// app (tests/machines/app.machine.test.ts): the session. Invoked actors are modelled by their outcome events.

const USER = { id: 1, name: 'Ana', email: 'ana@demo.local', roles: ['administrator'] };
const GRANT = { token: 'token-123', user: USER };
const NO_TOKEN = { token: null, user: null };

const app: MachineFixture = {
  subject: 'the back office in a browser',
  abstraction: 'value',
  events: byType([
    { type: 'SIGN_IN', email: USER.email, password: 'secret' },
    { type: 'REGISTER', name: USER.name, email: USER.email, password: 'secret12' },
    { type: 'REQUEST_RESET', email: USER.email },
    { type: 'LOG_OUT' },
    { type: 'SESSION_EXPIRED' },
    { type: 'DISMISS_MESSAGE' },
    ...['signIn', 'register', 'reSignIn'].flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: GRANT },
      { type: `xstate.done.actor.${id}`, output: NO_TOKEN },
      { type: `xstate.error.actor.${id}`, error: { code: 'auth.invalidCredentials' } },
    ]),
    { type: 'xstate.done.actor.requestReset' },
    { type: 'xstate.error.actor.requestReset', error: { code: 'network.unreachable' } },
    { type: 'xstate.done.actor.logOut' },
    { type: 'xstate.error.actor.logOut', error: { message: 'offline' } },
  ]),
  scenarios: [
    { name: 'signed-out', description: 'nothing in browser storage', storage: {} },
    {
      name: 'stored-session',
      description: 'a session token and user kept in browser storage',
      storage: { [STORAGE_KEYS.token]: GRANT.token, [STORAGE_KEYS.user]: JSON.stringify(USER) },
    },
    { name: 'stored-error', description: 'a sign-in error message kept under `errors`', storage: { [STORAGE_KEYS.errors]: 'Cuenta suspendida' } },
  ],
};

// ---------------------------------------------------------------------------------------------------
// preferences (tests/machines/preferences.machine.test.ts): one state, guards on the event's value.

const preferences: MachineFixture = {
  subject: 'the theme settings',
  abstraction: 'value',
  events: byType([
    { type: 'TOGGLE_NAV_COLLAPSED' },
    { type: 'TOGGLE_MOBILE_NAV' },
    { type: 'SET_MOBILE_NAV', value: false },
    { type: 'SET_BLANK_LAYOUT', value: true },
    { type: 'SET_LOCALE', value: 'ja' },
    { type: 'SET_LOCALE', value: 'de' },
    { type: 'SET_TOP_NAV_COLOR', value: '#112233' },
    { type: 'SET_TOP_NAV_COLOR', value: 'red;background:url(x)' },
    { type: 'SET_HEADER_NAV_COLOR', value: '#445566' },
    { type: 'SET_HEADER_NAV_COLOR', value: 'blue' },
    { type: 'SET_SIDE_NAV_THEME', value: 'dark' },
    { type: 'SET_NAV_TYPE', value: 'TOP' },
    { type: 'SET_THEME', value: 'dark' },
    { type: 'SET_DIRECTION', value: 'rtl' },
  ]),
  scenarios: [{ name: 'defaults', description: "the specification's default preferences", storage: {} }],
};

// ---------------------------------------------------------------------------------------------------
// verification (tests/machines/verification.machine.test.ts)

const ORTHO_PREAUTH: VerificationFacts = { ...VERIFICATION, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', patientAgeOnServiceDate: 18, assigneeId: null, actorIsSupervisor: true };

const verification: MachineFixture = {
  subject: 'a verification',
  events: byType(VERIFICATION_EVENTS),
  scenarios: [
    facts('general', 'general verification, assigned to the actor, everything allowed, validity elapsed', VERIFICATION),
    facts('ortho-preauthorization', 'orthodontic preauthorization worked by a supervisor, nobody assigned', ORTHO_PREAUTH),
    facts('not-assignee', 'assigned to someone else, the actor is no supervisor', { ...VERIFICATION, assigneeId: 8 }),
    facts('coverage-inactive', 'coverage not active on the service date', { ...VERIFICATION, coverageActiveOnServiceDate: false }),
    facts('annual-maximum-exceeded', 'remaining annual maximum negative', { ...VERIFICATION, annualMaximumRemainingCents: -1 }),
    facts('ortho-age-limit', 'orthodontic, patient at the age limit', { ...ORTHO_PREAUTH, patientAgeOnServiceDate: 19 }),
    facts('ortho-lifetime-exhausted', 'orthodontic, lifetime maximum used up', { ...ORTHO_PREAUTH, orthoLifetimeRemainingCents: 0 }),
    facts('still-valid-with-reimbursements', 'valid until the end of the year, with reimbursements', {
      ...VERIFICATION,
      validUntil: '2025-12-31',
      hasReimbursements: true,
    }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// reimbursement (tests/machines/reimbursement.machine.test.ts)


const reimbursement: MachineFixture = {
  subject: 'a reimbursement',
  events: byType(REIMBURSEMENT_EVENTS),
  scenarios: [
    facts('general', 'general, fully approved, resubmitted on the cure deadline', REIMBURSEMENT),
    facts('ortho-partial-cure-over', 'orthodontic, one line rejected, cure period over', {
      ...REIMBURSEMENT,
      kind: 'ORTHODONTIC',
      approvedLineCount: 1,
      rejectedLineCount: 1,
      cureDeadline: '2025-05-09',
    }),
    facts('all-lines-rejected', 'every line rejected by the automatic checks', { ...REIMBURSEMENT, approvedLineCount: 0, rejectedLineCount: 2 }),
    facts('no-line-decided', 'no line approved and not every line rejected', { ...REIMBURSEMENT, approvedLineCount: 0, rejectedLineCount: 1 }),
    facts('no-lines', 'no lines', { ...REIMBURSEMENT, lineCount: 0, approvedLineCount: 0 }),
    facts('missing-documents', 'a required document missing', { ...REIMBURSEMENT, missingDocuments: ['FACTURA'] }),
    facts('filing-deadline-passed', 'filed after the deadline', { ...REIMBURSEMENT, withinFilingDeadline: false }),
    facts('coverage-inactive', 'coverage inactive on a service date', { ...REIMBURSEMENT, coverageActiveOnServiceDates: false }),
    facts('duplicate-line', 'a line duplicating another reimbursement', { ...REIMBURSEMENT, duplicateLineCount: 1 }),
    facts('outside-verification', "a service date outside the verification's validity", { ...REIMBURSEMENT, serviceDatesWithinVerification: false }),
    facts('liquidation-changed', 'the liquidation at payment differs from the approved one', { ...REIMBURSEMENT, liquidationUnchanged: false }),
    facts('partial-liquidation-changed', 'partly approved, the liquidation at payment differs from the approved one', {
      ...REIMBURSEMENT,
      approvedLineCount: 1,
      rejectedLineCount: 1,
      liquidationUnchanged: false,
    }),
    facts('approver-is-creator', 'the actor created it', { ...REIMBURSEMENT, actorId: 1 }),
    facts('not-editor', 'the actor neither created it, nor is its assignee, nor a supervisor', { ...REIMBURSEMENT, assigneeId: null }),
    facts('supervisor', 'the actor is a supervisor who assigns it to someone else', { ...REIMBURSEMENT, actorIsSupervisor: true, assigneeId: null }),
    facts('payer-is-approver', 'the actor approved it', { ...REIMBURSEMENT, approverId: 2 }),
    facts('medical-review-pending', 'sampled for medical review, not yet reviewed', { ...REIMBURSEMENT, medicalReviewRequired: true }),
    facts('at-threshold', 'payable exactly at the threshold, actor without the permission', { ...REIMBURSEMENT, payableCents: 100_000 }),
    facts('above-threshold', 'payable above the threshold, actor without the permission', { ...REIMBURSEMENT, payableCents: 150_000 }),
    facts('nothing-payable', 'nothing to pay', { ...REIMBURSEMENT, payableCents: 0 }),
    facts('no-bank-details', 'payee without bank details', { ...REIMBURSEMENT, payeeHasBankDetails: false }),
    facts('already-paid', 'already paid', { ...REIMBURSEMENT, alreadyPaid: true }),
    facts('in-payment-run', 'held by an open payment run', { ...REIMBURSEMENT, heldByPaymentRun: true }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// orthodontic plan (tests/machines/orthodontic-plan.machine.test.ts)


const orthodonticPlan: MachineFixture = {
  subject: 'an orthodontic plan',
  events: byType(ORTHODONTIC_PLAN_EVENTS),
  scenarios: [
    facts('whole-life', 'preauthorized, banded at 18 (limit 19), lifetime maximum used up, schedule over', PLAN),
    facts('lapsed-with-schedule', 'coverage lapsed, lifetime maximum left, 12 instalments open', {
      ...PLAN,
      coverageActive: false,
      lifetimeRemainingCents: 50_000,
      openInstallments: 12,
    }),
    facts('not-preauthorized', 'preauthorization not verified', { ...PLAN, preauthorizationVerified: false }),
    facts('no-authorization-number', 'no authorization number recorded', { ...PLAN, authorizationNumber: null }),
    facts('waiting-period', 'waiting period not over', { ...PLAN, waitingPeriodMet: false }),
    facts('age-limit-at-banding', 'patient 19 at banding (limit 19)', { ...PLAN, patientAgeAtBanding: 19 }),
    facts('proposer-approves', 'the user who proposed the plan approves it (R13)', { ...PLAN, actorId: 1 }),
    facts('above-threshold-without-right', 'insurer’s share 1,500.00 over the 1,000.00 threshold, approver without the right (R13)', { ...PLAN, actorCanApproveAboveThreshold: false }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// orthodontic instalment (tests/machines/orthodontic-installment.machine.test.ts)


const orthodonticInstallment: MachineFixture = {
  subject: 'an orthodontic instalment',
  events: byType(ORTHODONTIC_INSTALLMENT_EVENTS),
  scenarios: [
    facts('due', 'due today, covered, under the age limit, lifetime maximum left', INSTALLMENT),
    facts('not-due', 'due tomorrow', { ...INSTALLMENT, dueDate: '2025-07-02' }),
    facts('coverage-lapsed', 'due after the policy lapsed', { ...INSTALLMENT, coverageActive: false }),
    facts('age-limit', 'patient at the age limit', { ...INSTALLMENT, patientUnderAgeLimit: false }),
    facts('lifetime-exhausted', 'lifetime maximum used up', { ...INSTALLMENT, lifetimeRemainingCents: 0 }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// patient coverage (tests/machines/patient-coverage.machine.test.ts)

const patientCoverage: MachineFixture = {
  subject: "a patient's coverage",
  events: byType(PATIENT_COVERAGE_EVENTS),
  scenarios: [
    facts('family-member', 'a child of an open policy with its holder enrolled and places left', PATIENT),
    facts('no-holder-yet', 'the policy has no holder-patient yet', { ...PATIENT, otherHolder: false }),
    facts('policy-suspended', 'the policy is suspended', { ...PATIENT, policyState: 'SUSPENDED' }),
    facts('policy-full', 'the policy has as many patients as it allows', { ...PATIENT, otherBeneficiaries: 8 }),
    facts('document-in-policy', 'another patient of the policy has the same document', { ...PATIENT, documentInPolicy: true }),
    facts('document-elsewhere', 'a patient of another policy has the same document', { ...PATIENT, documentElsewhere: true }),
    facts('holder-with-dependents', 'the holder-patient, with two dependants still covered', { ...PATIENT, relationship: 'HOLDER', otherHolder: false, coveredDependents: 2 }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// policy (tests/machines/policy.machine.test.ts)

const policy: MachineFixture = {
  subject: 'a policy',
  events: byType(POLICY_EVENTS),
  scenarios: [
    facts('in-validity', 'within its validity (January to December), in June', POLICY),
    facts('not-started', 'validity starting next month', { ...POLICY, startsOn: '2025-07-01' }),
    facts('ended', 'validity ended two weeks ago', { ...POLICY, today: '2026-01-15' }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// announcement (tests/machines/announcement.machine.test.ts)

const announcement: MachineFixture = {
  subject: 'an announcement',
  events: byType(ANNOUNCEMENT_EVENTS),
  scenarios: [
    facts('window-open', 'with content, its window began an hour ago and ends next month', ANNOUNCEMENT),
    facts('starts-later', 'with content, its window begins tomorrow', { ...ANNOUNCEMENT, publishFrom: '2025-06-02T09:00:00.000Z' }),
    facts('window-ended', 'with content, its window ended yesterday', { ...ANNOUNCEMENT, publishFrom: '2025-05-01T09:00:00.000Z', publishUntil: '2025-05-31T10:00:00.000Z' }),
    facts('no-content', 'its title or body is still blank', { ...ANNOUNCEMENT, hasContent: false }),
  ],
};

// ---------------------------------------------------------------------------------------------------
// payment run (tests/machines/payment-run.machine.test.ts)

const paymentRun: MachineFixture = {
  subject: 'a payment run',
  events: byType(PAYMENT_RUN_EVENTS),
  scenarios: [
    facts('ready', 'three claims with valid accounts, created by someone else, under the threshold', RUN),
    facts('empty', 'no claims yet', { ...RUN, itemCount: 0 }),
    facts('invalid-account', 'one payee without a valid bank account', { ...RUN, invalidAccountCount: 1 }),
    facts('no-debtor-account', 'a currency without the insurer\'s debtor account', { ...RUN, missingDebtorAccountCount: 1 }),
    facts('own-run', 'the approver created the run', { ...RUN, actorId: 1 }),
    facts('above-threshold', 'a currency\'s total at or above the threshold, approver without the right', { ...RUN, atOrAboveApprovalThreshold: true }),
    facts('above-threshold-allowed', 'a currency\'s total at or above the threshold, approver with the right', { ...RUN, atOrAboveApprovalThreshold: true, actorCanApproveAboveThreshold: true }),
    facts('reported', 'the bank already sent a status report', { ...RUN, bankReportsReceived: 1 }),
    facts('liquidation-changed', 'a claim\'s liquidation changed after the run was submitted', { ...RUN, changedLiquidationCount: 1 }),
  ],
};

/** Fixtures by registered machine name. */
export const FIXTURES: Record<string, MachineFixture> = {
  app,
  preferences,
  verification,
  reimbursement,
  'orthodontic-plan': orthodonticPlan,
  'orthodontic-installment': orthodonticInstallment,
  policy,
  'patient-coverage': patientCoverage,
  'reimbursement-flow': reimbursementFlow,
  'verification-flow': verificationFlow,
  announcement,
  'payment-run': paymentRun,
};

/** Registered machines without a fixture (a new machine must get one). */
export const machinesWithoutFixture = (): string[] => MACHINES.map((m) => m.name).filter((name) => !FIXTURES[name]);
