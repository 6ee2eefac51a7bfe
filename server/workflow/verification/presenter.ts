import type { components } from '../../../openapi/schema';
import type { Presented } from '../shared/define-workflow.ts';
import type { VerificationRow } from './repository.ts';

const DAY = 86_400_000;
/** Days from today to the last valid day, counting both (0 once it is past). */
const daysLeft = (today: string, validUntil: string) => Math.max(0, Math.round((Date.parse(validUntil) - Date.parse(today)) / DAY) + 1);

/** The verification as the API returns it, with the events its statechart accepts now. */
export const presentVerification = (row: VerificationRow, allowedEvents: string[], today: string): Presented<components['schemas']['Verification']> => ({
  id: row.id,
  folio: row.folio,
  patientId: row.patient_id,
  patientName: row.patient_name,
  policyId: row.policy_id,
  policyNumber: row.policy_number,
  insurerId: row.insurer_id,
  insurerName: row.insurer_name,
  doctorId: row.doctor_id,
  kind: row.kind,
  category: row.category,
  plannedServiceDate: row.planned_service_date,
  state: row.state,
  assigneeId: row.assignee_id,
  assigneeName: row.assignee_name,
  channel: row.channel,
  authorizationNumber: row.authorization_number,
  coverageActive: row.coverage_active,
  validUntil: row.valid_until,
  verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
  reason: row.reason,
  note: row.note,
  source: row.integration_client_name ? { clientName: row.integration_client_name } : null,
  validDaysLeft: row.state === 'verified' && row.valid_until ? daysLeft(today, row.valid_until) : null,
  allowedEvents,
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});
