import type { Deps, Handlers } from '../http/types.ts';
import { attachmentHandlers } from './attachments.ts';
import { authHandlers } from './auth.ts';
import { draftHandlers } from './drafts.ts';
import { healthHandlers } from './health.ts';
import { doctorHandlers } from '../resources/doctors.ts';
import { insurerHandlers } from '../resources/insurers.ts';
import { orthodonticPlanHandlers } from './orthodontic-plans.ts';
import { patientHandlers } from './patients.ts';
import { policyHandlers } from './policies.ts';
import { policyholderHandlers } from '../resources/policyholders.ts';
import { reimbursementHandlers } from './reimbursements.ts';
import { reimbursementPreviewHandlers } from './reimbursement-preview.ts';
import { reimbursementAssigneeHandlers } from './reimbursement-assignees.ts';
import { roleHandlers } from '../resources/roles.ts';
import { userHandlers } from '../resources/users.ts';
import { profileHandlers } from './profile.ts';
import { searchHandlers } from './search.ts';
import { settingsHandlers } from './settings.ts';
import { verificationHandlers } from './verifications.ts';
import { announcementHandlers } from '../announcements/handlers.ts';
import { exportHandlers } from '../exports/handlers.ts';
import { dashboardHandlers } from '../dashboard/handlers.ts';
import { messageHandlers } from '../messages/handlers.ts';
import { notesHandlers } from '../notes/handlers.ts';

/** Every operation handler, keyed by the contract's operationId. */
export const createHandlers = (deps: Deps): Handlers => ({
  ...healthHandlers(deps),
  ...authHandlers(deps),
  ...userHandlers(deps),
  ...profileHandlers(deps),
  ...roleHandlers(deps),
  ...draftHandlers(deps),
  ...insurerHandlers(deps),
  ...doctorHandlers(deps),
  ...verificationHandlers(deps),
  ...attachmentHandlers(deps),
  ...reimbursementHandlers(deps),
  ...reimbursementPreviewHandlers(deps),
  ...reimbursementAssigneeHandlers(deps),
  ...orthodonticPlanHandlers(deps),
  ...patientHandlers(deps),
  ...policyholderHandlers(deps),
  ...policyHandlers(deps),
  ...searchHandlers(deps),
  ...settingsHandlers(deps),
  ...announcementHandlers(deps),
  ...exportHandlers(deps),
  ...dashboardHandlers(deps),
  ...notesHandlers(deps),
  ...messageHandlers(deps),
});
