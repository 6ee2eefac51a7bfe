import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError } from '../errors.ts';

type AgreementInput = components['schemas']['DoctorAgreementInput'];
type Agreement = components['schemas']['DoctorAgreement'];

const rule = (code: string, message: string, errors: { index: number; field: keyof AgreementInput; keyword: string }[]) =>
  new BusinessRuleError(
    code,
    message,
    errors.map(({ index, field, keyword }) => ({ path: `body/agreements/${index}/${field}`, keyword })),
  );

const overlaps = (a: AgreementInput, b: AgreementInput) => (a.validTo ?? '9999-12-31') >= b.validFrom && (b.validTo ?? '9999-12-31') >= a.validFrom;

/**
 * The agreements a doctor is saved with: each ends on or after its start, names an insurer there is,
 * and two agreements with one insurer never cover the same day. Each refusal names the rows it concerns.
 */
export async function checkAgreements(tx: Queryable, agreements: AgreementInput[]) {
  const backwards = agreements.flatMap((a, index) => (a.validTo && a.validTo < a.validFrom ? [{ index, field: 'validTo' as const, keyword: 'endsBeforeStart' }] : []));
  if (backwards.length) throw rule('doctor.agreementEndsBeforeStart', 'An agreement ends before it starts.', backwards);

  const ids = [...new Set(agreements.map((a) => a.insurerId))];
  const known = ids.length ? new Set((await tx.kysely.selectFrom('insurers').select('id').where('id', 'in', ids).execute()).map((r) => r.id)) : new Set<number>();
  const unknown = agreements.flatMap((a, index) => (known.has(a.insurerId) ? [] : [{ index, field: 'insurerId' as const, keyword: 'exists' }]));
  if (unknown.length) throw rule('doctor.agreementInsurerUnknown', 'An agreement names no insurer there is.', unknown);

  const overlapping = agreements.flatMap((a, index) =>
    agreements.some((b, other) => other < index && b.insurerId === a.insurerId && overlaps(a, b)) ? [{ index, field: 'validFrom' as const, keyword: 'overlaps' }] : [],
  );
  if (overlapping.length) throw rule('doctor.agreementOverlap', 'Two agreements with the same insurer cover the same days.', overlapping);
}

/** The doctor's agreements become exactly these. */
export async function replaceAgreements(tx: Queryable, doctorId: number, agreements: AgreementInput[]) {
  await tx.kysely.deleteFrom('doctor_agreements').where('doctor_id', '=', doctorId).execute();
  if (!agreements.length) return;
  await tx.kysely
    .insertInto('doctor_agreements')
    .values(agreements.map((a) => ({ doctor_id: doctorId, insurer_id: a.insurerId, valid_from: a.validFrom, valid_to: a.validTo ?? null })))
    .execute();
}

/** The agreements of a page of doctors in one query, by doctor, oldest first. */
export async function agreementsOf(q: Queryable, doctorIds: number[]): Promise<Map<number, Agreement[]>> {
  const byDoctor = new Map<number, Agreement[]>(doctorIds.map((id) => [id, []]));
  if (!doctorIds.length) return byDoctor;
  const rows = await q.kysely
    .selectFrom('doctor_agreements as a')
    .innerJoin('insurers as i', 'i.id', 'a.insurer_id')
    .select((eb) => [
      'a.id',
      'a.doctor_id',
      'a.insurer_id',
      'i.name',
      eb.cast<string>('a.valid_from', 'text').as('valid_from'),
      eb.cast<string | null>('a.valid_to', 'text').as('valid_to'),
    ])
    .where('a.doctor_id', 'in', doctorIds)
    .orderBy('a.valid_from')
    .orderBy('a.id')
    .execute();
  for (const row of rows) {
    byDoctor.get(row.doctor_id)!.push({ id: row.id, insurerId: row.insurer_id, insurerName: row.name, validFrom: row.valid_from, validTo: row.valid_to });
  }
  return byDoctor;
}
