import type { policyMachine } from '@core/workflows/policy.machine.ts';
import type { Effects } from '../shared/define-workflow.ts';
import type { PolicyColumns, PolicyRow } from './repository.ts';

/** What each action of the policy statechart does to the row. */
export const policyEffects: Effects<typeof policyMachine, PolicyRow, null, PolicyColumns> = {
  recordSuspension: ({ event, changes }) => {
    if (event.type === 'SUSPEND') changes.suspension_reason = event.reason.trim();
  },
  clearSuspension: ({ changes }) => {
    changes.suspension_reason = null;
  },
  recordCancellation: ({ event, changes }) => {
    if (event.type === 'CANCEL') changes.cancellation_reason = event.reason.trim();
  },
  extendValidity: ({ event, changes }) => {
    if (event.type !== 'RENEW') return;
    changes.ends_on = event.endsOn;
    changes.stage = 'RENEWED';
  },
};
