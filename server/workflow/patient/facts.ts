import type { PatientCoverageEvent, PatientCoverageFacts } from '@core/workflows/patient-coverage.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { dependentAges, settingDefaults } from '../../settings/record-defaults.ts';
import { neighboursOfEach, type PatientRow } from './repository.ts';

/**
 * The coverage statechart's facts for each patient: its policy, the policy's other patients, R16's ages as
 * Configuraciones holds them, and — for an enrolment or amendment — who else carries the document the event
 * gives. Three queries for the whole page.
 */
export async function patientFacts(q: Queryable, rows: readonly PatientRow[], _actor: unknown, today: string, event?: PatientCoverageEvent) {
  const result = new Map<number, { facts: PatientCoverageFacts; context: undefined }>();
  const details = event && (event.type === 'ENROL' || event.type === 'AMEND') ? event : null;
  const ages = dependentAges(await settingDefaults(q));
  const each = await neighboursOfEach(q, rows, (row) => (details ? { type: details.documentType, number: details.documentNumber } : { type: row.document_type, number: row.document_number }));
  for (const row of rows) {
    const neighbours = each.get(row.id)!;
    const facts: PatientCoverageFacts = {
      today,
      policyState: row.policy_state,
      policyStartsOn: row.starts_on,
      policyEndsOn: row.ends_on,
      maxBeneficiaries: row.max_beneficiaries,
      ...neighbours,
      holderDocument: row.holder_document_type && row.holder_document_number ? { type: row.holder_document_type, number: row.holder_document_number } : null,
      enrolledOn: row.enrolled_on,
      suspendedOn: row.suspended_on,
      relationship: row.relationship,
      coveredDependents: neighbours.otherBeneficiaries,
      ages,
    };
    result.set(row.id, { facts, context: undefined });
  }
  return result;
}
