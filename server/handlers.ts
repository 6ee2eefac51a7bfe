import type { Deps, Handlers } from './http/types.ts';
import { attachmentHandlers } from './workflow/attachments/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import { draftHandlers } from './drafts/handlers.ts';
import { healthHandlers } from './health/handlers.ts';
import { doctorHandlers } from './doctors/handlers.ts';
import { insurerHandlers } from './insurers/handlers.ts';
import { orthodonticPlanHandlers } from './workflow/orthodontic/handlers.ts';
import { patientHandlers } from './workflow/patient/handlers.ts';
import { policyHandlers } from './workflow/policy/handlers.ts';
import { policyholderHandlers } from './policyholders/handlers.ts';
import { reimbursementHandlers } from './workflow/reimbursement/handlers.ts';
import { reimbursementPreviewHandlers } from './workflow/reimbursement/preview-handlers.ts';
import { reimbursementAssigneeHandlers } from './workflow/reimbursement/assignee-handlers.ts';
import { roleHandlers } from './roles/handlers.ts';
import { userHandlers } from './users/handlers.ts';
import { profileHandlers } from './profile/handlers.ts';
import { searchHandlers } from './search/handlers.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { verificationHandlers } from './workflow/verification/handlers.ts';
import { announcementHandlers } from './announcements/handlers.ts';
import { exportHandlers } from './exports/handlers.ts';
import { dashboardHandlers } from './dashboard/handlers.ts';
import { messageHandlers } from './messages/handlers.ts';
import { notesHandlers } from './notes/handlers.ts';
import { paymentRunHandlers } from './workflow/payment-run/handlers.ts';
import { fhirHandlers } from './fhir/handlers.ts';
import { integrationClientHandlers } from './fhir/client-handlers.ts';
import { sourceHandlers } from './fhir/source-handlers.ts';

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
  ...paymentRunHandlers(deps),
  ...integrationClientHandlers(deps),
  ...fhirHandlers(deps),
  ...sourceHandlers(deps),
});
