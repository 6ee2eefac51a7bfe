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

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[] };
type ListOperation = { operationId: string; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
type Contract = { components: { schemas: Record<string, Schema> }; paths: Record<string, { get?: ListOperation }> };

/** A schema's properties, through `$ref` and every branch of `allOf`, `oneOf` and `anyOf`. */
function propertiesOf(schema: Schema | undefined, document: Contract): Record<string, Schema> {
  if (!schema) return {};
  if (schema.$ref) return propertiesOf(document.components.schemas[schema.$ref.split('/').pop()!], document);
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return Object.assign({}, ...branches.map((branch) => propertiesOf(branch, document)), schema.properties);
}

const fieldsByOperation = new Map<string, Set<string>>();
/**
 * The fields an export of a list can name, as the contract describes the list's rows: each property, and each
 * property of an object property one level down (`insurer.name`), which is as deep as an export cell reads.
 */
export function exportableFields(operationId: string): Set<string> {
  let fields = fieldsByOperation.get(operationId);
  if (fields) return fields;
  const document = loadContract().document as Contract;
  const list = Object.values(document.paths).find((item) => item.get?.operationId === operationId)!.get!;
  const rows = propertiesOf(propertiesOf(list.responses['200']!.content['application/json']!.schema, document).items?.items, document);
  fields = new Set(Object.entries(rows).flatMap(([name, schema]) => [name, ...Object.keys(propertiesOf(schema, document)).map((inner) => `${name}.${inner}`)]));
  fieldsByOperation.set(operationId, fields);
  return fields;
}
