import { addDays, addMonths } from '../../src/domain/benefits/dates.ts';
import type { Queryable } from './database.ts';
import { perEuroCent } from './seed-scale-people.ts';

/**
 * Demo policyholders, policies, patients, doctors and verifications in every state, dated around
 * `today` so the demo stays current whenever it is seeded. Deterministic: same day, same data.
 */
const FIRST_NAMES = ['Lucía', 'Mateo', 'Sofía', 'Hugo', 'Martina', 'Leo', 'Valentina', 'Daniel', 'Julia', 'Pablo', 'Camila', 'Tomás', 'Elena', 'Diego', 'Paula', 'Nicolás'];
const LAST_NAMES = ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Díaz', 'Romero', 'Torres', 'Ruiz', 'Vargas', 'Castro', 'Rojas'];
const DOCTORS: [first: string, last: string, specialty: string][] = [
  ['Ana', 'Beltrán Soto', 'GENERAL'],
  ['Carlos', 'Ibáñez Mora', 'GENERAL'],
  ['Marta', 'Quiroga Paz', 'ORTHODONTICS'],
  ['Jorge', 'Salinas Vera', 'ENDODONTICS'],
  ['Inés', 'Cortés Lima', 'ORTHODONTICS'],
  ['Raúl', 'Medina Ortiz', 'PERIODONTICS'],
  ['Clara', 'Fuentes Rey', 'PEDIATRIC'],
  ['Óscar', 'Navarro Gil', 'IMPLANTOLOGY'],
];

type Seeded = { id: number };

export async function seedDomain(tx: Queryable, today: string): Promise<void> {
  const users = Object.fromEntries(
    (await tx.query<{ id: number; email: string }>('SELECT id, email FROM users')).map((u) => [u.email.split('@')[0], u.id]),
  );
  const insurers = await tx.query<Seeded & { country: string }>('SELECT id, country FROM insurers WHERE active ORDER BY id LIMIT 6');
  const doctorIds: number[] = [];
  for (const [index, [first, last, specialty]] of DOCTORS.entries()) {
    const [row] = await tx.query<Seeded>(
      `INSERT INTO doctors (first_names, last_names, license_number, license_jurisdiction, specialty, in_network)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [first, last, `COL-${28000 + index * 17}`, 'ES-MD', specialty, index % 2 === 0],
    );
    doctorIds.push(row.id);
    // In-network doctors work under agreements (convenios) with one or two insurers, since the start of last year.
    if (index % 2 === 0) {
      for (const insurer of insurers.slice(index % 3, index % 3 + 1 + (index % 4 === 0 ? 1 : 0))) {
        await tx.query('INSERT INTO doctor_agreements (doctor_id, insurer_id, valid_from) VALUES ($1, $2, $3)', [row.id, insurer.id, `${Number(today.slice(0, 4)) - 1}-01-01`]);
      }
    }
  }

  const yearStart = `${today.slice(0, 4)}-01-01`;
  const patients: { id: number; policyId: number; insurerId: number; age: number }[] = [];
  for (let h = 0; h < 12; h++) {
    const first = FIRST_NAMES[h % FIRST_NAMES.length];
    const last = `${LAST_NAMES[h % LAST_NAMES.length]} ${LAST_NAMES[(h * 5 + 3) % LAST_NAMES.length]}`;
    const holderBirth = addMonths(today, -12 * (34 + h));
    const [holder] = await tx.query<Seeded>(
      `INSERT INTO policyholders (first_names, last_names, document_type, document_number, birth_date, email, member_number, assigns_benefits, bank_name, bank_account, account_holder,
         disclosure_authorized, privacy_consent_version, privacy_consent_date)
       VALUES ($1, $2, 'DNI', $3, $4, $5, $6, $7, 'Banco Demo', $8, $9, true, '2024.1', $10) RETURNING id`,
      [first, last, `${40_000_000 + h * 7919}X`, holderBirth, `titular${h + 1}@demo.local`, `AF-${100200 + h}`, h % 3 === 0, `ES76 0000 0000 00${String(1000 + h)} 0000`, `${first} ${last}`, addMonths(yearStart, -24)],
    );
    const insurer = insurers[h % insurers.length];
    // One policy in 12 is suspended, to show a coverage that is not active.
    const state = h === 11 ? 'SUSPENDED' : 'ACTIVE';
    const [policy] = await tx.query<Seeded>(
      `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, starts_on, ends_on, state, annual_maximum_cents, ortho_percent, ortho_lifetime_maximum_cents, ortho_age_limit)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 50, $9, 19) RETURNING id`,
      [insurer.id, holder.id, `POL-${2024 + (h % 3)}-${String(501 + h).padStart(5, '0')}`, h % 2 ? 'FAMILY' : 'INDIVIDUAL', h % 2 ? 'Dental Familia Plus' : 'Dental Esencial', addMonths(yearStart, -24), addDays(addMonths(yearStart, 24), -1), state,
        // 1,500.00 in euros, in the insurer's money and its minor unit (CLP 1.500.000, MXN 30,000.00).
        150_000 * perEuroCent(insurer.country)],
    );
    // Some family plans pay basic treatment at 90 % and do not cover teeth whitening.
    if (h % 4 === 1) {
      await tx.query(`INSERT INTO benefit_rules (policy_id, kind, category, percent) VALUES ($1, 'COINSURANCE', 'BASIC', 90)`, [policy.id]);
      await tx.query(`INSERT INTO benefit_rules (policy_id, kind, procedure_code) VALUES ($1, 'EXCLUSION', 'D9972')`, [policy.id]);
    }
    const members: [relationship: string, name: string, age: number][] = [['HOLDER', first, 34 + h]];
    if (h % 2) members.push(['SPOUSE', FIRST_NAMES[(h + 7) % FIRST_NAMES.length], 32 + h], ['CHILD', FIRST_NAMES[(h + 3) % FIRST_NAMES.length], 9 + (h % 8)]);
    for (const [relationship, name, age] of members) {
      // The holder-patient carries the policyholder's document (research 2.4); every patient a credential.
      const holderDocument = relationship === 'HOLDER' ? `${40_000_000 + h * 7919}X` : null;
      const [patient] = await tx.query<Seeded>(
        `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          policy.id,
          relationship,
          name,
          LAST_NAMES[h % LAST_NAMES.length],
          addDays(addMonths(today, -12 * age), -(h * 11) % 200),
          addMonths(yearStart, -24),
          holderDocument && 'DNI',
          holderDocument,
          `CR-${100200 + h}-${members.findIndex((m) => m[0] === relationship) + 1}`,
        ],
      );
      patients.push({ id: patient.id, policyId: policy.id, insurerId: insurer.id, age });
    }
  }

  // Verifications in every state of the statechart.
  const verifier = users.verificador;
  const children = patients.filter((p) => p.age < 19);
  const adults = patients.filter((p) => p.age >= 19);
  const plan: [state: string, kind: string, category: string, patient: (typeof patients)[number], extra: Record<string, unknown>][] = [
    ['pending', 'ELIGIBILITY', 'GENERAL', adults[0], {}],
    ['pending', 'BENEFITS', 'GENERAL', adults[1], {}],
    ['pending', 'ELIGIBILITY', 'GENERAL', adults[2], { assignee_id: verifier }],
    ['inProgress', 'BENEFITS', 'GENERAL', adults[3], { assignee_id: verifier }],
    ['inProgress', 'PREAUTHORIZATION', 'ORTHODONTIC', children[0], { assignee_id: verifier }],
    ['needsInfo', 'ELIGIBILITY', 'GENERAL', adults[4], { assignee_id: verifier, note: 'Falta el número de afiliado del titular.' }],
    ['verified', 'ELIGIBILITY', 'GENERAL', adults[5], { channel: 'PORTAL' }],
    ['verified', 'BENEFITS', 'GENERAL', adults[6], { channel: 'PHONE' }],
    ['verified', 'PREAUTHORIZATION', 'ORTHODONTIC', children[1], { channel: 'PORTAL', authorization_number: 'AUT-2231' }],
    ['verified', 'ELIGIBILITY', 'GENERAL', adults[7], { channel: 'EMAIL' }],
    ['notEligible', 'ELIGIBILITY', 'GENERAL', adults[8], { reason: 'Póliza suspendida por impago.' }],
    ['expired', 'ELIGIBILITY', 'GENERAL', adults[9], { channel: 'PORTAL', expiredDaysAgo: 5 }],
    ['cancelled', 'BENEFITS', 'GENERAL', adults[10], { reason: 'Solicitud duplicada.' }],
  ];
  for (const [index, [state, kind, category, patient, extra]] of plan.entries()) {
    const resolved = ['verified', 'notEligible', 'expired'].includes(state);
    const expiredDaysAgo = (extra.expiredDaysAgo as number | undefined) ?? null;
    const validUntil = state === 'verified' ? addDays(today, 25 - index) : expiredDaysAgo ? addDays(today, -expiredDaysAgo) : null;
    await tx.query(
      `INSERT INTO verifications (folio, patient_id, policy_id, insurer_id, doctor_id, kind, category, planned_service_date, state, assignee_id, assigned_at,
         channel, authorization_number, coverage_active, valid_until, verified_at, verified_by, reason, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10::int IS NULL THEN NULL ELSE now() END,
         $11, $12, $13, $14, CASE WHEN $15 THEN now() END, CASE WHEN $15 THEN $16::int END, $17, $18, $19)`,
      [
        `VER-${today.slice(0, 4)}-${String(index + 1).padStart(6, '0')}`,
        patient.id,
        patient.policyId,
        patient.insurerId,
        category === 'ORTHODONTIC' ? doctorIds[2] : doctorIds[index % doctorIds.length],
        kind,
        category,
        addDays(today, state === 'expired' ? -40 : 3 + index),
        state,
        (extra.assignee_id as number | undefined) ?? null,
        (extra.channel as string | undefined) ?? null,
        (extra.authorization_number as string | undefined) ?? null,
        state === 'notEligible' ? false : resolved ? true : null,
        validUntil,
        resolved,
        verifier,
        (extra.reason as string | undefined) ?? null,
        (extra.note as string | undefined) ?? null,
        users.admin,
      ],
    );
  }
  await tx.query(`SELECT setval('folio_seq', $1)`, [plan.length]);
}
