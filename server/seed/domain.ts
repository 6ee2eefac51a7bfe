import { addDays, addMonths } from '@core/benefits/dates.ts';
import type { VerificationCategory, VerificationChannel, VerificationEvent, VerificationKind } from '@core/workflows/verification.machine.ts';
import { loadUser } from '../auth/sessions.ts';
import { SYSTEM, type Actor } from '../workflow/shared/actor.ts';
import { verificationService, verificationWorkflow } from '../workflow/verification/service.ts';
import type { Queryable } from '../db/database.ts';
import { perEuroCent } from './scale-people.ts';

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
      `INSERT INTO policyholders (first_names, last_names, document_type, document_number, birth_date, email, member_number, assigns_benefits, bank_name, bank_account_type, bank_account, account_holder,
         disclosure_authorized, privacy_consent_version, privacy_consent_date)
       VALUES ($1, $2, 'DNI', $3, $4, $5, $6, $7, 'Banco Demo', $11, $8, $9, true, '2024.1', $10) RETURNING id`,
      [first, last, `${40_000_000 + h * 7919}X`, holderBirth, `titular${h + 1}@demo.local`, `AF-${100200 + h}`, h % 3 === 0, `ES76 0000 0000 00${String(1000 + h)} 0000`, `${first} ${last}`, addMonths(yearStart, -24), h % 2 ? 'SAVINGS' : 'CHECKING'],
    );
    const insurer = insurers[h % insurers.length];
    // One policy in 12 is suspended, to show a coverage that is not active.
    const state = h === 11 ? 'SUSPENDED' : 'ACTIVE';
    const [policy] = await tx.query<Seeded>(
      `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, annual_maximum_cents, ortho_percent, ortho_lifetime_maximum_cents, ortho_age_limit)
       VALUES ($1, $2, $3, $4, $5, $6::date - 15, $6, $7, $8, $9, 50, $9, 19) RETURNING id`,
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

  await seedVerifications(tx, users, patients, doctorIds, today);
}

type DemoUsers = Record<string, number>;
type DemoPatient = { id: number; age: number };

/**
 * Verifications in every state of the statechart, made the way staff make them: created by the
 * administrator, handed to the verifier by the supervisor, worked and resolved by the verifier, so
 * each carries its history and audit rows. The expired one was verified long enough ago that its
 * validity has ended, and the scheduler's daily expiry (the system actor) expires it today.
 */
async function seedVerifications(tx: Queryable, users: DemoUsers, patients: DemoPatient[], doctorIds: number[], today: string): Promise<void> {
  const actor = async (name: string): Promise<Actor & { id: number }> => {
    const user = (await loadUser(tx, users[name]))!;
    return { id: user.id, roles: user.roles, permissions: user.permissions };
  };
  const [admin, supervisor, verifier] = await Promise.all(['admin', 'supervisor', 'verificador'].map(actor));
  const children = patients.filter((p) => p.age < 19);
  const adults = patients.filter((p) => p.age >= 19);
  const assign: VerificationEvent = { type: 'ASSIGN', assigneeId: verifier.id };
  const start: VerificationEvent = { type: 'START' };
  const worked = (...events: VerificationEvent[]): [VerificationEvent, Actor][] => [[assign, supervisor], [start, verifier], ...events.map((e): [VerificationEvent, Actor] => [e, verifier])];
  const eligible = (channel: VerificationChannel, authorizationNumber?: string): VerificationEvent => ({ type: 'RECORD_ELIGIBLE', channel, authorizationNumber });
  const plan: [kind: VerificationKind, category: VerificationCategory, patient: DemoPatient, events: [VerificationEvent, Actor][]][] = [
    ['ELIGIBILITY', 'GENERAL', adults[0], []],
    ['BENEFITS', 'GENERAL', adults[1], []],
    ['ELIGIBILITY', 'GENERAL', adults[2], [[assign, supervisor]]],
    ['BENEFITS', 'GENERAL', adults[3], worked()],
    ['PREAUTHORIZATION', 'ORTHODONTIC', children[0], worked()],
    ['ELIGIBILITY', 'GENERAL', adults[4], worked({ type: 'REQUEST_INFO', note: 'Falta el número de afiliado del titular.' })],
    ['ELIGIBILITY', 'GENERAL', adults[5], worked(eligible('PORTAL'))],
    ['BENEFITS', 'GENERAL', adults[6], worked(eligible('PHONE'))],
    ['PREAUTHORIZATION', 'ORTHODONTIC', children[1], worked(eligible('PORTAL', 'AUT-2231'))],
    ['ELIGIBILITY', 'GENERAL', adults[7], worked(eligible('EMAIL'))],
    ['ELIGIBILITY', 'GENERAL', adults[8], worked({ type: 'RECORD_NOT_ELIGIBLE', reason: 'Póliza suspendida por impago.' })],
    ['ELIGIBILITY', 'GENERAL', adults[9], []],
    ['BENEFITS', 'GENERAL', adults[10], [[{ type: 'CANCEL', reason: 'Solicitud duplicada.' }, supervisor]]],
  ];
  const expiring = 11;
  for (const [index, [kind, category, patient, events]] of plan.entries()) {
    const row = await verificationService.create(
      tx,
      {
        patientId: patient.id,
        kind,
        category,
        plannedServiceDate: addDays(today, index === expiring ? -40 : 3 + index),
        doctorId: category === 'ORTHODONTIC' ? doctorIds[2] : doctorIds[index % doctorIds.length],
      },
      admin,
      today,
    );
    for (const [event, by] of events) await verificationService.send(tx, row.id, event, { actor: by, today });
    if (index === expiring) {
      // Verified on the day that makes its validity end five days ago.
      const verifiedOn = addDays(today, -5 - row.verification_validity_days);
      for (const [event, by] of worked(eligible('PORTAL'))) await verificationService.send(tx, row.id, event, { actor: by, today: verifiedOn });
      await verificationWorkflow.send(tx, row.id, { type: 'EXPIRE' }, { actor: SYSTEM, today });
    }
  }
}
