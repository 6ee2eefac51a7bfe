import type { VerificationFacts } from '@core/workflows/verification.machine.ts';
import type { Queryable } from '../../db/database.ts';
import { engineInputsByCurrency } from '../../settings/engine-inputs.ts';
import { isSupervisor, type Actor } from '../shared/actor.ts';
import { coverageActiveOn, ledgerOf, orthoAgeLimitOf, patientAgeOn, remainingBenefits, usageOf } from '../shared/coverage.ts';
import type { VerificationRow } from './repository.ts';

/** The statechart's facts for each verification, from the rows and one read of their policies' ledger. */
export async function verificationFacts(q: Queryable, rows: readonly VerificationRow[], actor: Actor, today: string) {
  const ledger = await ledgerOf(q, rows);
  // Amount defaults are per currency: each verification reads those of its insurer's currency.
  const inputsIn = await engineInputsByCurrency(q);
  return new Map(
    rows.map((row) => {
      const date = row.planned_service_date;
      const { defaults } = inputsIn(row.insurer_currency);
      const facts: VerificationFacts = {
        actorId: actor.id ?? 0,
        assigneeId: row.assignee_id,
        actorIsSupervisor: isSupervisor(actor),
        kind: row.kind,
        category: row.category,
        coverageActiveOnServiceDate: coverageActiveOn(row, date),
        patientAgeOnServiceDate: patientAgeOn(row, date),
        orthoAgeLimit: orthoAgeLimitOf(row, defaults),
        ...remainingBenefits(row, usageOf(ledger, row), date, defaults),
        hasReimbursements: row.has_reimbursements,
        today,
        validUntil: row.valid_until,
      };
      return [row.id, { facts, context: undefined }];
    }),
  );
}
