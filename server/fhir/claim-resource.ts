import { minorToMajor } from '@core/benefits/currency.ts';
import type { Queryable } from '../db/database.ts';
import { CLAIM_RESPONSE, claimIdentifier, coding, linesOf, type ClaimRow } from './claim-response.ts';

/**
 * A claim the client sent, as the panel holds it now: its lines after any analyst's edit (so the practice sees what
 * is being adjudicated, not only what it sent), its status from the same table as its ClaimResponse, and the
 * identifiers of both sides. The resource as it arrived is kept apart (`source_resource`) and shown in the panel.
 */
export async function claimResource(q: Queryable, row: ClaimRow) {
  const currency = row.currency.trim();
  const money = (cents: number) => ({ value: minorToMajor(cents, currency), currency });
  const lines = await linesOf(q, row.id);
  const identifier = claimIdentifier(row);
  const sent = row.source_resource as { priority?: unknown } | null;
  return {
    resourceType: 'Claim',
    id: String(row.id),
    identifier: [...(identifier ? [identifier] : []), { system: 'urn:dental-backoffice:reimbursement', value: row.folio }],
    status: CLAIM_RESPONSE[row.state].status,
    type: coding('http://terminology.hl7.org/CodeSystem/claim-type', 'oral'),
    use: 'claim',
    patient: { reference: `Patient/${row.patient_id}` },
    created: new Date(row.created_at).toISOString(),
    insurer: { display: row.insurer_name },
    provider: { reference: `Practitioner/${row.doctor_id}`, display: row.doctor_name },
    // R4 requires a priority; the practice's own when it sent one.
    priority: sent?.priority ?? coding('http://terminology.hl7.org/CodeSystem/processpriority', 'normal'),
    payee: { type: coding('http://terminology.hl7.org/CodeSystem/payeetype', row.payee === 'PROVIDER' ? 'provider' : 'subscriber') },
    insurance: [{ sequence: 1, focal: true, coverage: { reference: `Coverage/${row.patient_id}` } }],
    item: lines.map((line) => ({
      sequence: line.position,
      productOrService: coding('http://www.ada.org/cdt', line.procedure_code),
      servicedDate: line.service_date,
      quantity: { value: line.quantity },
      net: money(line.charged_cents),
      ...(line.tooth ? { bodySite: coding('http://terminology.hl7.org/CodeSystem/ex-tooth', line.tooth) } : {}),
      ...(line.surfaces ? { subSite: [...line.surfaces].map((s) => coding('http://terminology.hl7.org/CodeSystem/FDI-surface', s === 'F' ? 'V' : s)) } : {}),
    })),
    total: money(row.claimed_cents),
  };
}
