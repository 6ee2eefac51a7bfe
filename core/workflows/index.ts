import type { AnyStateMachine } from 'xstate';
import { announcementGuardRules, announcementMachine } from './announcement.machine.ts';
import { orthodonticInstallmentGuardRules, orthodonticInstallmentMachine } from './orthodontic-installment.machine.ts';
import { orthodonticPlanGuardRules, orthodonticPlanMachine } from './orthodontic-plan.machine.ts';
import { PAYMENT_RUN_EVENT_PERMISSIONS, paymentRunGuardRules, paymentRunMachine } from './payment-run.machine.ts';
import { patientCoverageGuardRules, patientCoverageMachine } from './patient-coverage.machine.ts';
import { policyGuardRules, policyMachine } from './policy.machine.ts';
import { REIMBURSEMENT_EVENT_PERMISSIONS, reimbursementGuardRules, reimbursementMachine } from './reimbursement.machine.ts';
import { verificationGuardRules, verificationMachine } from './verification.machine.ts';
import type { EventPermissions } from './event-permissions.ts';
import type { GuardRules } from './workflow.ts';

export interface Workflow {
  /** File stem under core/workflows and name of the exported diagrams. */
  name: string;
  machine: AnyStateMachine;
  /** The rule code the API answers when each guard refuses. */
  rules: GuardRules;
  /** The permission an event asks of its sender beyond the events operation's own, where it does. */
  permissions?: EventPermissions;
}

/** The lifecycles the server runs, each enforced on every event it accepts. */
export const WORKFLOWS: readonly Workflow[] = [
  { name: 'verification', machine: verificationMachine, rules: verificationGuardRules },
  { name: 'reimbursement', machine: reimbursementMachine, rules: reimbursementGuardRules, permissions: REIMBURSEMENT_EVENT_PERMISSIONS },
  { name: 'orthodontic-plan', machine: orthodonticPlanMachine, rules: orthodonticPlanGuardRules },
  { name: 'orthodontic-installment', machine: orthodonticInstallmentMachine, rules: orthodonticInstallmentGuardRules },
  { name: 'policy', machine: policyMachine, rules: policyGuardRules },
  { name: 'patient-coverage', machine: patientCoverageMachine, rules: patientCoverageGuardRules },
  { name: 'announcement', machine: announcementMachine, rules: announcementGuardRules },
  { name: 'payment-run', machine: paymentRunMachine, rules: paymentRunGuardRules, permissions: PAYMENT_RUN_EVENT_PERMISSIONS },
];

/** The workflow a machine belongs to, by its id, so a `machine.provide(...)` copy finds it too. */
export function workflowOf(machine: AnyStateMachine): Workflow {
  const workflow = WORKFLOWS.find((w) => w.machine.id === machine.id);
  if (!workflow) throw new Error(`The machine "${machine.id}" is not in WORKFLOWS.`);
  return workflow;
}
