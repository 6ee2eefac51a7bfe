import type { components } from '../../../openapi/schema';
import type { Presented } from '../shared/define-workflow.ts';
import type { PatientRow } from './repository.ts';
import { fieldsOf } from './fields.ts';
import type { readHistory } from '../shared/history.ts';

export type Patient = components['schemas']['Patient'];
type HistoryItem = components['schemas']['PatientHistory']['items'][number];

export const presentPatient = (row: PatientRow, allowedEvents: string[]): Presented<Patient> => ({
  id: row.id,
  version: row.version,
  policyId: row.policy_id,
  policyNumber: row.policy_number,
  insurerName: row.insurer_name,
  holderName: row.holder_name,
  name: row.name,
  ...fieldsOf(row),
  state: row.patient_state as Patient['state'],
  suspendedOn: row.suspended_on,
  leftOn: row.left_on,
  stateReason: row.state_reason,
  allowedEvents,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

type Entry = Awaited<ReturnType<typeof readHistory>>[number];
type Payload = { values?: Record<string, unknown>; date?: string; reason?: string } | null;

/**
 * The patient's history: each accepted coverage event with its date and reason; an amendment lists the
 * fields it changed, found by comparing its values with those of the enrolment or amendment before it.
 */
export function presentPatientHistory(entries: Entry[]): HistoryItem[] {
  let previous: Record<string, unknown> | null = null;
  return entries.map((entry) => {
    const payload = entry.payload as Payload;
    const values = payload?.values ?? null;
    const changes =
      entry.event === 'AMEND' && values && previous
        ? Object.keys(values)
            .filter((field) => JSON.stringify(values[field] ?? null) !== JSON.stringify(previous![field] ?? null))
            .map((field) => ({ field, from: previous![field] ?? null, to: values[field] ?? null }))
        : [];
    if (values) previous = values;
    return {
      id: entry.id,
      event: entry.event as HistoryItem['event'],
      fromState: entry.fromState,
      toState: entry.toState,
      actorId: entry.actorId,
      actorName: entry.actorName,
      date: payload?.date ?? null,
      reason: payload?.reason ?? null,
      changes,
      at: entry.at,
    };
  });
}
