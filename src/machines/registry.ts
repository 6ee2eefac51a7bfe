import type { AnyStateMachine } from 'xstate';
import { WORKFLOWS } from '@core/workflows/index.ts';
import type { GuardRules } from '@core/workflows/workflow.ts';
import { appMachine } from './app.machine.ts';
import { preferencesMachine } from './preferences.machine.ts';
import { reimbursementFlowMachine } from './reimbursement-flow.machine.ts';
import { verificationFlowMachine } from './verification-flow.machine.ts';

export interface RegisteredMachine {
  /** File stem (core/workflows for a workflow, src/machines for the app's own) and name of the exported diagrams. */
  name: string;
  machine: AnyStateMachine;
  /** The rule code the API answers when each guard refuses (workflow machines; none for the session's). */
  rules: GuardRules;
  /** Workflow and flow machines must be covered at 100 % of their transitions. */
  kind: 'session' | 'preferences' | 'workflow' | 'flow';
}

const workflow = (name: string): RegisteredMachine => ({ ...WORKFLOWS.find((w) => w.name === name)!, kind: 'workflow' });

/** Every machine of the project, for diagrams, test paths, coverage and the simulator: the server's lifecycles and the app's own. */
export const MACHINES: RegisteredMachine[] = [
  { name: 'app', machine: appMachine, rules: {}, kind: 'session' },
  { name: 'preferences', machine: preferencesMachine, rules: {}, kind: 'preferences' },
  workflow('verification'),
  workflow('reimbursement'),
  workflow('orthodontic-plan'),
  workflow('orthodontic-installment'),
  workflow('policy'),
  workflow('patient-coverage'),
  // A screen's flow, not a record's lifecycle: its guards check what was typed, so no API rule answers for them.
  { name: 'reimbursement-flow', machine: reimbursementFlowMachine, rules: {}, kind: 'flow' },
  { name: 'verification-flow', machine: verificationFlowMachine, rules: {}, kind: 'flow' },
  workflow('announcement'),
  workflow('payment-run'),
];
