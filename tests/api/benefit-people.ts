import type { Database } from '../../server/db/database.ts';

let serial = 0;

export interface PatientOptions {
  birthDate?: string;
  enrolledOn?: string;
  priorCoverageMonths?: number;
  priorOrthodonticCoverageMonths?: number;
  /** 2: this insurer pays after another one (coordination of benefits). */
  coverageOrder?: 1 | 2;
}

/**
 * A patient alone on a policy of their own, copied from an active EUR policy of the demo data with default
 * rules (research 4.1 figures in euros), so no other patient's claims or family deductible touch theirs.
 * Written directly: the tests are about the claims, which go through the API.
 */
export async function patientOnOwnPolicy(db: Database, options: PatientOptions = {}): Promise<{ patientId: number; policyId: number }> {
  const n = ++serial;
  const [policy] = await db.query<{ id: number }>(
    `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, benefit_year, max_beneficiaries, ortho_included)
     SELECT po.insurer_id, po.policyholder_id, 'TEST-A-' || $1 || '-' || po.id, po.kind, po.plan_name, '2023-12-15', '2024-01-01', '2027-12-31', 'ACTIVE', 'CALENDAR', 8, true
       FROM policies po JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND i.currency = 'EUR' AND NOT EXISTS (SELECT 1 FROM benefit_rules br WHERE br.policy_id = po.id)
      ORDER BY po.id LIMIT 1
     RETURNING id`,
    [`${process.pid}-${n}`],
  );
  const [patient] = await db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, prior_coverage_months, prior_orthodontic_coverage_months, coverage_order, state)
     VALUES ($1, 'HOLDER', 'Prueba', 'Paciente ' || $2, $3, $4, $5, $6, $7, 'ACTIVE') RETURNING id`,
    [policy.id, n, options.birthDate ?? '1985-05-05', options.enrolledOn ?? '2023-01-01', options.priorCoverageMonths ?? 0, options.priorOrthodonticCoverageMonths ?? 0, options.coverageOrder ?? null],
  );
  return { patientId: patient.id, policyId: policy.id };
}
