import type { components } from '../../openapi/schema';
import { loadContract, type Operation } from '../http/contract.ts';

export type ExportList = components['schemas']['DownloadList'];

/**
 * The lists an export can take, each read through its own list operation (same filters, same rights,
 * same audit as on screen). Lists of patients and of claims hold health data (research 2.11, R22):
 * exporting them asks for a reason. A screen that shows one operation narrowed (the reimbursements of
 * one kind, the verifications still valid to claim) exports under its own name with that narrowing
 * fixed, so the file holds what the screen listed.
 */
export const EXPORT_LISTS: Record<ExportList, { operationId: string; healthData: boolean; fixedFilters?: Record<string, string> }> = {
  insurers: { operationId: 'listInsurers', healthData: false },
  users: { operationId: 'listUsers', healthData: false },
  doctors: { operationId: 'listDoctors', healthData: false },
  policyholders: { operationId: 'listPolicyholders', healthData: false },
  patients: { operationId: 'listPatients', healthData: true },
  verifications: { operationId: 'listVerifications', healthData: true },
  reimbursements: { operationId: 'listReimbursements', healthData: true },
  'reimbursements-general': { operationId: 'listReimbursements', healthData: true, fixedFilters: { kind: 'GENERAL' } },
  'reimbursements-orthodontic': { operationId: 'listReimbursements', healthData: true, fixedFilters: { kind: 'ORTHODONTIC' } },
  'reimbursable-verifications': { operationId: 'listVerifications', healthData: true, fixedFilters: { state: 'verified' } },
  orthodonticPlans: { operationId: 'listOrthodonticPlans', healthData: true },
  announcements: { operationId: 'listAnnouncements', healthData: false },
};

let operations: Map<string, Operation> | undefined;
/** The list operations as the router sees them, so an export's filters are checked exactly as the list's own query. */
export function listOperation(operationId: string): Operation {
  operations ??= new Map(loadContract().operations.map((op) => [op.operationId, op]));
  return operations.get(operationId)!;
}
