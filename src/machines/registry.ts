import type { AnyStateMachine } from 'xstate';
import { announcementGuardRules, announcementMachine } from './announcement.machine.ts';
import { appMachine } from './app.machine.ts';
import { orthodonticInstallmentGuardRules, orthodonticInstallmentMachine } from './orthodontic-installment.machine.ts';
import { orthodonticPlanGuardRules, orthodonticPlanMachine } from './orthodontic-plan.machine.ts';
import { policyGuardRules, policyMachine } from './policy.machine.ts';
import { patientCoverageGuardRules, patientCoverageMachine } from './patient-coverage.machine.ts';
import { preferencesMachine } from './preferences.machine.ts';
import { reimbursementGuardRules, reimbursementMachine } from './reimbursement.machine.ts';
import { reimbursementFlowMachine } from './reimbursement-flow.machine.ts';
import { verificationGuardRules, verificationMachine } from './verification.machine.ts';
import { verificationFlowMachine } from './verification-flow.machine.ts';
import type { GuardRules } from './workflow.ts';

export interface RegisteredMachine {
  /** File stem under src/machines and name of the exported diagrams. */
  name: string;
  machine: AnyStateMachine;
  /** The rule code the API answers when each guard refuses (workflow machines; none for the session's). */
  rules: GuardRules;
  /** Workflow and flow machines must be covered at 100 % of their transitions. */
  kind: 'session' | 'preferences' | 'workflow' | 'flow';
}

/** Every machine of the project, for diagrams, test paths, coverage and the texts of refusals. */
export const MACHINES: RegisteredMachine[] = [
  { name: 'app', machine: appMachine, rules: {}, kind: 'session' },
  { name: 'preferences', machine: preferencesMachine, rules: {}, kind: 'preferences' },
  { name: 'verification', machine: verificationMachine, rules: verificationGuardRules, kind: 'workflow' },
  { name: 'reimbursement', machine: reimbursementMachine, rules: reimbursementGuardRules, kind: 'workflow' },
  { name: 'orthodontic-plan', machine: orthodonticPlanMachine, rules: orthodonticPlanGuardRules, kind: 'workflow' },
  { name: 'orthodontic-installment', machine: orthodonticInstallmentMachine, rules: orthodonticInstallmentGuardRules, kind: 'workflow' },
  { name: 'policy', machine: policyMachine, rules: policyGuardRules, kind: 'workflow' },
  { name: 'patient-coverage', machine: patientCoverageMachine, rules: patientCoverageGuardRules, kind: 'workflow' },
  // A screen's flow, not a record's lifecycle: its guards check what was typed, so no API rule answers for them.
  { name: 'reimbursement-flow', machine: reimbursementFlowMachine, rules: {}, kind: 'flow' },
  { name: 'verification-flow', machine: verificationFlowMachine, rules: {}, kind: 'flow' },
  { name: 'announcement', machine: announcementMachine, rules: announcementGuardRules, kind: 'workflow' },
];
