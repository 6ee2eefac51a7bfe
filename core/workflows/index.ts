import type { AnyStateMachine } from 'xstate';
import { announcementGuardRules, announcementMachine } from './announcement.machine.ts';
import { orthodonticInstallmentGuardRules, orthodonticInstallmentMachine } from './orthodontic-installment.machine.ts';
import { orthodonticPlanGuardRules, orthodonticPlanMachine } from './orthodontic-plan.machine.ts';
import { paymentRunGuardRules, paymentRunMachine } from './payment-run.machine.ts';
import { patientCoverageGuardRules, patientCoverageMachine } from './patient-coverage.machine.ts';
import { policyGuardRules, policyMachine } from './policy.machine.ts';
import { reimbursementGuardRules, reimbursementMachine } from './reimbursement.machine.ts';
import { verificationGuardRules, verificationMachine } from './verification.machine.ts';
import type { GuardRules } from './workflow.ts';

export interface Workflow {
  /** File stem under core/workflows and name of the exported diagrams. */
  name: string;
  machine: AnyStateMachine;
  /** The rule code the API answers when each guard refuses. */
  rules: GuardRules;
}

/** The lifecycles the server runs, each enforced on every event it accepts. */
export const WORKFLOWS: readonly Workflow[] = [
  { name: 'verification', machine: verificationMachine, rules: verificationGuardRules },
  { name: 'reimbursement', machine: reimbursementMachine, rules: reimbursementGuardRules },
  { name: 'orthodontic-plan', machine: orthodonticPlanMachine, rules: orthodonticPlanGuardRules },
  { name: 'orthodontic-installment', machine: orthodonticInstallmentMachine, rules: orthodonticInstallmentGuardRules },
  { name: 'policy', machine: policyMachine, rules: policyGuardRules },
  { name: 'patient-coverage', machine: patientCoverageMachine, rules: patientCoverageGuardRules },
  { name: 'announcement', machine: announcementMachine, rules: announcementGuardRules },
  { name: 'payment-run', machine: paymentRunMachine, rules: paymentRunGuardRules },
];
