import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { verificationMachine } from '@core/workflows/verification.machine.ts';
import { reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import { orthodonticPlanMachine } from '@core/workflows/orthodontic-plan.machine.ts';
import { orthodonticInstallmentMachine } from '@core/workflows/orthodontic-installment.machine.ts';
import { verificationEffects } from '../../server/workflow/verification/effects.ts';
import { reimbursementEffects } from '../../server/workflow/reimbursement/effects.ts';
import { planEffects } from '../../server/workflow/orthodontic/effects.ts';
import { installmentEffects } from '../../server/workflow/orthodontic/installment-effects.ts';
import type { Effects } from '../../server/workflow/shared/define-workflow.ts';

const WORKFLOWS: [AnyStateMachine, object][] = [
  [verificationMachine, verificationEffects],
  [reimbursementMachine, reimbursementEffects],
  [orthodonticPlanMachine, planEffects],
  [orthodonticInstallmentMachine, installmentEffects],
];

describe('workflow effects', () => {
  it.each(WORKFLOWS.map(([machine, effects]) => [machine.id, machine, effects] as const))('%s: one effect per action of the machine, and nothing else', (_id, machine, effects) => {
    expect(Object.keys(effects).sort()).toEqual(Object.keys(machine.implementations.actions).sort());
  });

  it('does not compile with an effect missing or misspelt', () => {
    const { recordCancellation: _omitted, ...missing } = verificationEffects;
    // @ts-expect-error recordCancellation is one of the machine's actions
    const incomplete: Effects<typeof verificationMachine, never, undefined, object> = missing;
    // @ts-expect-error the machine has no action recordCancelation (and recordCancellation is left out)
    const misspelt: Effects<typeof verificationMachine, never, undefined, object> = { ...missing, recordCancelation: () => {} };
    // @ts-expect-error the machine has no action recordCancelation
    const extra: Effects<typeof verificationMachine, never, undefined, object> = { ...verificationEffects, recordCancelation: () => {} };
    expect([incomplete, misspelt, extra]).toHaveLength(3);
  });
});
