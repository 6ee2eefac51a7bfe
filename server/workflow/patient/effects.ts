import type { patientCoverageMachine } from '@core/workflows/patient-coverage.machine.ts';
import type { Effects } from '../shared/define-workflow.ts';
import { columnsOf, type PatientFields } from './fields.ts';
import type { PatientColumns, PatientRow } from './repository.ts';

/** The enrolment and amendment events the server sends carry the patient's fields besides what the rules read. */
export type WithValues = { values: PatientFields };

/** What each action of the coverage statechart changes on the patient. */
export const patientEffects: Effects<typeof patientCoverageMachine, PatientRow, undefined, PatientColumns> = {
  recordDetails: ({ event, changes }) => {
    if (event.type === 'AMEND') Object.assign(changes, columnsOf((event as typeof event & WithValues).values));
  },
  recordSuspension: ({ event, changes }) => {
    if (event.type === 'SUSPEND') Object.assign(changes, { suspended_on: event.date, state_reason: event.reason.trim() });
  },
  recordResumption: ({ changes }) => {
    Object.assign(changes, { suspended_on: null, state_reason: null });
  },
  recordLeaving: ({ event, changes }) => {
    if (event.type === 'END_COVERAGE') Object.assign(changes, { left_on: event.date, suspended_on: null, state_reason: event.reason.trim() });
  },
};
