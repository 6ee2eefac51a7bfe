import type { DownloadList } from '../../api/resources/downloads.ts';

const labelled = (fields: string[]) => fields.map((field) => ({ field, labelId: `downloads.columnLabel.${field}` }));
const VERIFICATION_COLUMNS = labelled(['folio', 'patientName', 'insurerName', 'kind', 'plannedServiceDate', 'state']);
const REIMBURSEMENT_COLUMNS = labelled(['folio', 'patientName', 'insurerName', 'state', 'claimedCents', 'payableCents']);

/**
 * The columns of an export asked for here rather than from a list's "Exportar" (which sends the list's own
 * visible columns): each a field of the list's rows with the catalog id of its heading.
 */
export const DEFAULT_COLUMNS: Record<DownloadList, { field: string; labelId: string }[]> = {
  insurers: ['code', 'name', 'country', 'currency', 'active'].map((field) => ({ field, labelId: `insurers.field.${field}` })),
  users: ['name', 'email', 'roles'].map((field) => ({ field, labelId: `users.field.${field}` })),
  doctors: ['lastNames', 'firstNames', 'licenseNumber', 'specialty', 'state'].map((field) => ({ field, labelId: `doctors.field.${field}` })),
  patients: ['lastName', 'firstNames', 'documentNumber', 'policyNumber', 'insurerName', 'state'].map((field) => ({ field, labelId: `patients.field.${field}` })),
  policyholders: ['name', 'documentNumber', 'memberNumber', 'email', 'policyCount'].map((field) => ({ field, labelId: `policyholders.field.${field}` })),
  verifications: VERIFICATION_COLUMNS,
  reimbursements: REIMBURSEMENT_COLUMNS,
  'reimbursements-general': REIMBURSEMENT_COLUMNS,
  'reimbursements-orthodontic': REIMBURSEMENT_COLUMNS,
  // One row per line of each claim (issue 28 item 6).
  'reimbursement-lines': labelled(['folio', 'line', 'procedureCode', 'tooth', 'decision', 'reasonCode', 'reasonText', 'reviewCutCents', 'excessCents', 'coveredCents']),
  'reimbursable-verifications': VERIFICATION_COLUMNS,
  announcements: ['title', 'priority', 'state', 'audience', 'publishFrom', 'publishUntil', 'requiresAcknowledgement', 'blocking'].map((field) => ({ field, labelId: `announcements.field.${field}` })),
  orthodonticPlans: labelled(['patientName', 'insurerName', 'doctorName', 'preauthorizationFolio', 'feeCents', 'paidBenefitCents', 'state']),
};
