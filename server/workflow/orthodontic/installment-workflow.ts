import { orthodonticInstallmentMachine } from '@core/workflows/orthodontic-installment.machine.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { installmentFacts } from './facts.ts';
import { claimableBenefit, installmentEffects } from './installment-effects.ts';
import { findInstallment, saveInstallment } from './repository.ts';

/**
 * One instalment of an orthodontic plan's schedule: moved by the plan's effects (skip, cancel), by the
 * daily scheduler (FALL_DUE) and by its orthodontic reimbursement (CLAIM, PAY, REJECT).
 * The API offers no event of its own, so there is nothing to probe.
 */
export const installmentWorkflow = defineWorkflowService({
  machine: orthodonticInstallmentMachine,
  entity: 'orthodontic_installment',
  name: 'orthodonticInstallment',
  load: findInstallment,
  facts: installmentFacts,
  effects: installmentEffects,
  afterEffects: claimableBenefit,
  save: (tx, row, changes) => saveInstallment(tx, row.id, changes),
  probes: () => [],
});
