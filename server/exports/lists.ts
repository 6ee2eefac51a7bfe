import type { components } from '../../openapi/schema';
import { loadContract, type Operation } from '../http/contract.ts';

export type ExportList = components['schemas']['DownloadList'];

export interface ExportListSpec {
  operationId: string;
  healthData: boolean;
  fixedFilters?: Record<string, string>;
  /** The catalog prefix its screen names values with (`<catalog>.<field>.<value>`, as FieldValue does). */
  catalog: string;
  /** The statechart whose state names (`machine.<machine>.state.<state>`) the screen shows for `state`. */
  machine?: string;
  /** `lines`: one row per line of each claim listed (line-rows.ts), with LINE_FIELDS for columns. */
  rows?: 'lines';
}

/**
 * The columns of a claims export by line (issue 28 item 6): the claim's folio, the line's number, code and tooth,
 * its decision (Aprobada, Reducida, Rechazada) with its reason's code and text, what the reviewer cut, the excess
 * over the maximum and what it covers.
 */
export const LINE_FIELDS = ['folio', 'line', 'procedureCode', 'tooth', 'decision', 'reasonCode', 'reasonText', 'reviewCutCents', 'excessCents', 'coveredCents'] as const;

/**
 * The lists an export can take, each read through its own list operation (same filters, same rights,
 * same audit as on screen). Lists of patients and of claims hold health data (research 2.11, R22):
 * exporting them asks for a reason. A screen that shows one operation narrowed (the reimbursements of
 * one kind, the verifications still valid to claim) exports under its own name with that narrowing
 * fixed, so the file holds what the screen listed.
 */
export const EXPORT_LISTS: Record<ExportList, ExportListSpec> = {
  insurers: { operationId: 'listInsurers', healthData: false, catalog: 'insurers' },
  users: { operationId: 'listUsers', healthData: false, catalog: 'users' },
  doctors: { operationId: 'listDoctors', healthData: false, catalog: 'doctors' },
  policyholders: { operationId: 'listPolicyholders', healthData: false, catalog: 'policyholders' },
  patients: { operationId: 'listPatients', healthData: true, catalog: 'patients' },
  verifications: { operationId: 'listVerifications', healthData: true, catalog: 'verifications', machine: 'verification' },
  reimbursements: { operationId: 'listReimbursements', healthData: true, catalog: 'reimbursements', machine: 'reimbursement' },
  'reimbursements-general': { operationId: 'listReimbursements', healthData: true, fixedFilters: { kind: 'GENERAL' }, catalog: 'reimbursements', machine: 'reimbursement' },
  'reimbursements-orthodontic': { operationId: 'listReimbursements', healthData: true, fixedFilters: { kind: 'ORTHODONTIC' }, catalog: 'reimbursements', machine: 'reimbursement' },
  'reimbursement-lines': { operationId: 'listReimbursements', healthData: true, catalog: 'reimbursements', machine: 'reimbursement', rows: 'lines' },
  'reimbursable-verifications': { operationId: 'listVerifications', healthData: true, fixedFilters: { state: 'verified' }, catalog: 'verifications', machine: 'verification' },
  orthodonticPlans: { operationId: 'listOrthodonticPlans', healthData: true, catalog: 'orthodonticPlans', machine: 'orthodonticPlan' },
  announcements: { operationId: 'listAnnouncements', healthData: false, catalog: 'announcements', machine: 'announcement' },
};

let operations: Map<string, Operation> | undefined;
/** The list operations as the router sees them, so an export's filters are checked exactly as the list's own query. */
export function listOperation(operationId: string): Operation {
  operations ??= new Map(loadContract().operations.map((op) => [op.operationId, op]));
  return operations.get(operationId)!;
}

/** A field's schema as the export needs it: enough to show its value as the screen does. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type ListOperation = { operationId: string; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
type Contract = { components: { schemas: Record<string, Schema> }; paths: Record<string, { get?: ListOperation }> };

/** A schema through its `$ref`s, its branches merged (a nullable `$ref` is `oneOf: [$ref, null]`). */
function resolved(schema: Schema | undefined, document: Contract): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolved(document.components.schemas[schema.$ref.split('/').pop()!], document);
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((branch) => resolved(branch, document));
  return Object.assign({}, ...branches.filter((branch) => branch.type !== 'null'), { ...schema, allOf: undefined, oneOf: undefined, anyOf: undefined });
}

/** A schema's properties, through `$ref` and every branch of `allOf`, `oneOf` and `anyOf`. */
function propertiesOf(schema: Schema | undefined, document: Contract): Record<string, Schema> {
  if (!schema) return {};
  if (schema.$ref) return propertiesOf(document.components.schemas[schema.$ref.split('/').pop()!], document);
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return Object.assign({}, ...branches.map((branch) => propertiesOf(branch, document)), schema.properties);
}

const fieldsByOperation = new Map<string, Map<string, Schema>>();
/**
 * The fields an export of a list can name, as the contract describes the list's rows, with their schemas: each
 * property, and each property of an object property one level down (`insurer.name`), which is as deep as an
 * export cell reads.
 */
export function exportFieldSchemas(operationId: string): Map<string, Schema> {
  let fields = fieldsByOperation.get(operationId);
  if (fields) return fields;
  const document = loadContract().document as Contract;
  const list = Object.values(document.paths).find((item) => item.get?.operationId === operationId)!.get!;
  const rows = propertiesOf(propertiesOf(list.responses['200']!.content['application/json']!.schema, document).items?.items, document);
  fields = new Map(
    Object.entries(rows).flatMap(([name, schema]) => [
      [name, resolved(schema, document)] as const,
      ...Object.entries(propertiesOf(schema, document)).map(([inner, innerSchema]) => [`${name}.${inner}`, resolved(innerSchema, document)] as const),
    ]),
  );
  fieldsByOperation.set(operationId, fields);
  return fields;
}

/** The names of exportFieldSchemas. */
export const exportableFields = (operationId: string): Set<string> => new Set(exportFieldSchemas(operationId).keys());

/** The columns an export of the list may name: its rows' fields, or a line export's LINE_FIELDS. */
export const exportableColumns = (list: ExportListSpec): Set<string> => (list.rows === 'lines' ? new Set<string>(LINE_FIELDS) : exportableFields(list.operationId));
