import type { Database, Queryable } from '../db/database.ts';
import { seedScaleAudit } from './scale-audit.ts';
import { seedScaleOrthodontics } from './scale-orthodontic.ts';
import { BANKS, COUNTRIES, FEMALE_NAMES, MALE_NAMES, MORE_INSURERS, OTHER_COUNTRY, PLANS, PROCEDURES, STREETS, SURNAMES } from './scale-people.ts';

/**
 * `npm run seed -- --patients 1000000`: a data set the size of a real administrator's, written by
 * set-based SQL (INSERT … SELECT over generate_series) inside the database, never row by row from
 * Node. Deterministic: the same count and day give the same rows (pseudo-random values come from
 * hashing each row's number). Per 1 000 patients: 400 policyholders with one policy each (families
 * of one to five: holder, spouse or partner, children with their ages and documents), 100 doctors,
 * about 380 verifications and 230 reimbursements with their lines and, once paid, benefit ledger rows; and
 * orthodontic plans with their instalments and claims (seed-scale-orthodontic.ts).
 */
export interface ScaleOptions {
  patients: number;
  today: string;
  /** Audit log rows, a year of the office's activity (default five per patient: seed-scale-audit.ts). */
  auditRows?: number;
  log?: (message: string) => void;
}

/** Members per family, 20 families at a time (50 patients): mostly one or two, some up to five. */
const FAMILY_SIZES = [1, 2, 3, 1, 4, 1, 2, 5, 1, 3, 2, 1, 4, 1, 2, 3, 1, 4, 5, 4];
const PER_CYCLE = FAMILY_SIZES.reduce((a, b) => a + b, 0);
/** Patients before the n-th family of a cycle. */
const FAMILY_OFFSETS = FAMILY_SIZES.map((_, n) => FAMILY_SIZES.slice(0, n).reduce((a, b) => a + b, 0));

/** How many families it takes to reach `patients` (the last may be cut short). */
export function familiesFor(patients: number): number {
  const cycles = Math.floor(patients / PER_CYCLE);
  const rest = patients % PER_CYCLE;
  return cycles * FAMILY_SIZES.length + FAMILY_OFFSETS.filter((offset) => offset < rest).length;
}

/** Tables the scale seed fills; their plain indexes are rebuilt once after the rows are in. */
const BULK_TABLES = [
  'policyholders', 'policies', 'patients', 'doctors', 'doctor_agreements', 'verifications', 'reimbursements', 'reimbursement_lines', 'benefit_ledger', 'workflow_history',
  'orthodontic_plans', 'orthodontic_installments', 'audit_log',
];

/** Helper functions that live only in the seeding session (pg_temp). */
const FUNCTIONS = `
CREATE FUNCTION pg_temp.r(i bigint, salt int, n int) RETURNS int LANGUAGE sql IMMUTABLE AS
  $$ SELECT (abs(hashint8(i * 97 + salt)::bigint) % n)::int $$;
CREATE FUNCTION pg_temp.pick(items text[], i bigint, salt int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT items[1 + pg_temp.r(i, salt, array_length(items, 1))] $$;
CREATE FUNCTION pg_temp.ascii(t text) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT translate(lower(t), 'áéíóúüñ ', 'aeiouun.') $$;
CREATE FUNCTION pg_temp.rut_dv(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE s WHEN 11 THEN '0' WHEN 10 THEN 'K' ELSE s::text END
  FROM (SELECT 11 - (sum(substr(reverse(n::text), i, 1)::int * (2 + (i - 1) % 6)) % 11)::int AS s
        FROM generate_series(1, length(n::text)) AS i) AS t $$;
CREATE FUNCTION pg_temp.base36(n bigint, width int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', ((n / power(36, width - i)::bigint) % 36)::int + 1, 1), '' ORDER BY i)
  FROM generate_series(1, width) AS i $$;
-- A person's document number: p (unique per person) spread over 8 digits without collisions (7919 is prime to 89 000 000).
CREATE FUNCTION pg_temp.document(format text, p bigint, birth date, female boolean, first text, last1 text, last2 text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE format
    WHEN 'RUT' THEN n::text || '-' || pg_temp.rut_dv(n)
    WHEN 'DNI_ES' THEN lpad(n::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', (n % 23)::int + 1, 1)
    WHEN 'CURP' THEN translate(upper(left(last1, 2) || left(last2, 1) || left(first, 1)), 'ÁÉÍÓÚÜÑ', 'AEIOUUX')
      || to_char(birth, 'YYMMDD') || CASE WHEN female THEN 'M' ELSE 'H' END || 'DF' || pg_temp.base36(p, 5)
    WHEN 'CC' THEN (1000000000 + n)::text
    ELSE n::text
  END
  FROM (SELECT 10000000 + (p * 7919) % 89000000 AS n) AS spread $$;
CREATE FUNCTION pg_temp.document_type(format text) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE format WHEN 'RUT' THEN 'RUT' WHEN 'CURP' THEN 'CURP' WHEN 'CC' THEN 'CC' ELSE 'DNI' END $$;
CREATE FUNCTION pg_temp.given_names(female boolean, i bigint, salt int, female_names text[], male_names text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN pg_temp.r(i, salt + 1, 10) < 3
    THEN pg_temp.pick(names, i, salt) || ' ' || names[1 + (pg_temp.r(i, salt, array_length(names, 1)) + 1 + pg_temp.r(i, salt + 2, array_length(names, 1) - 1)) % array_length(names, 1)]
    ELSE pg_temp.pick(names, i, salt) END
  FROM (SELECT CASE WHEN female THEN female_names ELSE male_names END AS names) AS n $$;
`;

export async function seedScale(db: Database, { patients, today, auditRows = 5 * patients, log = () => {} }: ScaleOptions): Promise<void> {
  const families = familiesFor(patients);
  const doctors = Math.max(1, Math.round(patients / 10));
  const countries = [...COUNTRIES, ...['UY', 'DO', 'GT', 'EC', 'BO', 'PY', 'CR', 'PA', 'HN', 'SV', 'NI', 'VE', 'CU'].map((country) => ({ country, ...OTHER_COUNTRY }))];
  const step = async (label: string, work: (tx: Queryable) => Promise<unknown>, tx: Queryable) => {
    const start = performance.now();
    await work(tx).catch((error: Error) => {
      throw new Error(`scale seed, ${label}: ${error.message}`, { cause: error });
    });
    log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };

  await db.transaction(async (tx) => {
    await tx.exec(FUNCTIONS);
    const names = [FEMALE_NAMES, MALE_NAMES, SURNAMES];

    await step('insurers', async () => {
      for (const [code, name, country, currency] of MORE_INSURERS) {
        await tx.query(
          `INSERT INTO insurers (code, name, legal_name, country, currency, email, claim_deadline_days) VALUES ($1, $2, $2 || ' S.A.', $3, $4, $5, 90) ON CONFLICT DO NOTHING`,
          [code, name, country, currency, `contacto@${code.toLowerCase()}.example`],
        );
      }
      await tx.query(
        `CREATE TEMP TABLE scale_insurers ON COMMIT DROP AS
         SELECT (row_number() OVER (ORDER BY i.id))::int AS n, i.id, i.code, i.country, c."documentFormat" AS format, c."callingCode" AS calling_code,
                c.cities, c.jurisdictions, c."perEuro" AS per_euro
         FROM insurers i JOIN jsonb_to_recordset($1::jsonb) AS c(country text, "documentFormat" text, "callingCode" text, cities text[], jurisdictions text[], "perEuro" int)
           ON c.country = i.country
         WHERE i.active`,
        [JSON.stringify(countries)],
      );
    }, tx);

    const [{ holders: holderBase, policies: policyBase, doctors: doctorBase }] = await tx.query<{ holders: number; policies: number; doctors: number }>(
      `SELECT (SELECT coalesce(max(id), 0) FROM policyholders) AS holders, (SELECT coalesce(max(id), 0) FROM policies) AS policies, (SELECT coalesce(max(id), 0) FROM doctors) AS doctors`,
    );

    // Plain indexes are built once at the end, much faster than row by row; unique ones stay and guard the data.
    const indexes = await tx.query<{ name: string; definition: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace AND NOT i.indisunique AND NOT i.indisprimary`,
      [BULK_TABLES],
    );
    for (const index of indexes) await tx.exec(`DROP INDEX "${index.name}"`);

    await step(`families (${families})`, () => tx.query(
      `CREATE TEMP TABLE scale_family ON COMMIT DROP AS
       SELECT f.*,
         CASE WHEN f.members > 1 AND pg_temp.r(f.g, 10, 100) < CASE WHEN f.members = 2 THEN 70 ELSE 85 END THEN true ELSE false END AS has_spouse,
         pg_temp.given_names(f.h_female, f.g, 11, $5, $6) AS h_first,
         pg_temp.pick($7, f.g, 14) AS h_last1, pg_temp.pick($7, f.g, 15) AS h_last2,
         ($4::date - make_interval(years => f.h_age, days => pg_temp.r(f.g, 16, 365)))::date AS h_birth,
         NOT f.h_female OR pg_temp.r(f.g, 17, 100) < 5 AS s_female,
         pg_temp.pick($7, f.g, 18) AS s_last1, pg_temp.pick($7, f.g, 19) AS s_last2,
         greatest(20, f.h_age + pg_temp.r(f.g, 20, 11) - 5) AS s_age
       FROM (
         SELECT g, $2::int + g AS holder_id, $3::int + g AS policy_id,
           $8::int * ((g - 1) / $9::int) + ($10::int[])[(g - 1) % $9::int + 1] AS before,
           ($11::int[])[(g - 1) % $9::int + 1] AS members,
           pg_temp.r(g, 12, 2) = 0 AS h_female,
           CASE WHEN ($11::int[])[(g - 1) % $9::int + 1] >= 3 THEN 28 + pg_temp.r(g, 13, 40) ELSE 24 + pg_temp.r(g, 13, 49) END AS h_age,
           ins.id AS insurer_id, ins.code AS insurer_code, ins.country, ins.format, ins.calling_code, ins.cities, ins.per_euro,
           -- Policy states: most active; some pending, suspended, expired or cancelled.
           CASE WHEN pg_temp.r(g, 21, 100) < 85 THEN 'ACTIVE' WHEN pg_temp.r(g, 21, 100) < 87 THEN 'PENDING' WHEN pg_temp.r(g, 21, 100) < 90 THEN 'SUSPENDED'
                WHEN pg_temp.r(g, 21, 100) < 97 THEN 'EXPIRED' ELSE 'CANCELLED' END AS state,
           pg_temp.r(g, 22, 2190) AS age_days
         FROM generate_series(1, $1::int) AS g
         JOIN scale_insurers ins ON ins.n = 1 + pg_temp.r(g, 1, (SELECT count(*)::int FROM scale_insurers))
       ) AS f`,
      [families, holderBase, policyBase, today, ...names.slice(0, 2), names[2], PER_CYCLE, FAMILY_SIZES.length, FAMILY_OFFSETS, FAMILY_SIZES],
    ), tx);

    await step('policyholders', () => tx.query(
      `INSERT INTO policyholders (id, kind, first_names, last_names, document_type, document_number, birth_date, email, phone, member_number,
         assigns_benefits, bank_name, bank_account_type, bank_account, account_holder, address, disclosure_authorized, privacy_consent_version, privacy_consent_date)
       SELECT f.holder_id, 'PERSON', f.h_first, f.h_last1 || ' ' || f.h_last2, pg_temp.document_type(f.format),
         pg_temp.document(f.format, f.g, f.h_birth, f.h_female, f.h_first, f.h_last1, f.h_last2), f.h_birth,
         pg_temp.ascii(split_part(f.h_first, ' ', 1)) || '.' || pg_temp.ascii(f.h_last1) || f.g || '@correo.example',
         '+' || f.calling_code || ' 9' || lpad((pg_temp.r(f.g, 23, 100000000))::text, 8, '0'),
         f.insurer_code || '-' || lpad(f.g::text, 8, '0'),
         pg_temp.r(f.g, 24, 10) < 3,
         CASE WHEN pg_temp.r(f.g, 25, 10) < 6 THEN pg_temp.pick($1, f.g, 26) END,
         CASE WHEN pg_temp.r(f.g, 25, 10) < 6 THEN CASE WHEN pg_temp.r(f.g, 39, 3) = 0 THEN 'CHECKING' ELSE 'SAVINGS' END END,
         CASE WHEN pg_temp.r(f.g, 25, 10) < 6 THEN
           CASE WHEN f.country = 'ES' THEN 'ES' || lpad(pg_temp.r(f.g, 27, 100)::text, 2, '0') || ' 2100 ' || lpad(pg_temp.r(f.g, 28, 10000)::text, 4, '0') || ' 5502 0001 ' || lpad(pg_temp.r(f.g, 29, 1000000)::text, 6, '0')
                ELSE lpad(pg_temp.r(f.g, 27, 1000000000)::text, 12, '0') END END,
         CASE WHEN pg_temp.r(f.g, 25, 10) < 6 THEN f.h_first || ' ' || f.h_last1 || ' ' || f.h_last2 END,
         pg_temp.pick($2, f.g, 30) || ' ' || (1 + pg_temp.r(f.g, 31, 2500)) || ', ' || pg_temp.pick(f.cities, f.g, 32),
         pg_temp.r(f.g, 33, 10) < 8, '2024-1', ($3::date - f.age_days)
       FROM scale_family f`,
      [BANKS, STREETS, today],
    ), tx);

    await step('policies', () => tx.query(
      `INSERT INTO policies (id, insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, benefit_year, annual_maximum_cents, deductible_cents,
         family_deductible_cents, max_beneficiaries, ortho_included, ortho_percent, ortho_lifetime_maximum_cents, ortho_age_limit, stage, suspension_reason, cancellation_reason)
       SELECT f.policy_id, f.insurer_id, f.holder_id,
         'POL-' || extract(year FROM s.starts_on) || '-' || lpad(f.g::text, 7, '0'),
         CASE WHEN f.members = 1 THEN 'INDIVIDUAL' ELSE 'FAMILY' END,
         CASE WHEN f.members = 1 THEN pg_temp.pick($2, f.g, 34) ELSE pg_temp.pick($3, f.g, 34) END,
         -- Issued one to four weeks before it starts.
         s.starts_on - 7 * (1 + pg_temp.r(f.g, 41, 4)),
         s.starts_on,
         CASE WHEN f.state IN ('EXPIRED') THEN s.starts_on + make_interval(years => greatest(1, f.age_days / 365))
              ELSE s.starts_on + make_interval(years => f.age_days / 365 + 1) END,
         f.state,
         CASE WHEN pg_temp.r(f.g, 35, 10) < 8 THEN 'CALENDAR' ELSE 'ANNIVERSARY' END,
         150000 * f.per_euro * (1 + pg_temp.r(f.g, 36, 2)), 5000 * f.per_euro, CASE WHEN f.members > 1 THEN 15000 * f.per_euro END,
         8, f.members > 1, 50, 150000 * f.per_euro, 19,
         CASE WHEN f.age_days >= 365 AND pg_temp.r(f.g, 37, 2) = 0 THEN 'RENEWED' ELSE 'NEW' END,
         CASE WHEN f.state = 'SUSPENDED' THEN 'Impago de la prima.' END,
         CASE WHEN f.state = 'CANCELLED' THEN 'Baja a petición del titular.' END
       FROM scale_family f
       -- Pending policies start soon; expired ones ended at least a month ago; the others run today.
       CROSS JOIN LATERAL (SELECT CASE WHEN f.state = 'PENDING' THEN $1::date + 1 + pg_temp.r(f.g, 38, 60)
                                       WHEN f.state = 'EXPIRED' THEN $1::date - 400 - f.age_days
                                       ELSE $1::date - f.age_days END AS starts_on) AS s`,
      [today, PLANS.slice(0, 1).concat(PLANS.slice(3)), PLANS.slice(1)],
    ), tx);

    await step('patients', () => tx.query(
      `INSERT INTO patients (policy_id, relationship, first_names, last_name, second_last_name, document_type, document_number, birth_date, enrolled_on, left_on, state,
         sex, email, phone, credential_number, is_student, student_until)
       SELECT m.policy_id, m.relationship, m.first_names, m.last1, m.last2, pg_temp.document_type(m.format),
         pg_temp.document(m.format, m.p, m.birth, m.female, m.first_names, m.last1, m.last2),
         m.birth, m.enrolled_on,
         CASE WHEN m.leaves THEN least($2::date - 1, m.enrolled_on + 30 + pg_temp.r(m.p, 40, 300)) END,
         CASE WHEN m.leaves THEN 'LEFT' ELSE 'ACTIVE' END,
         CASE WHEN m.female THEN 'F' ELSE 'M' END,
         CASE WHEN m.age >= 18 AND pg_temp.r(m.p, 41, 2) = 0 THEN pg_temp.ascii(split_part(m.first_names, ' ', 1)) || '.' || pg_temp.ascii(m.last1) || m.p || '@correo.example' END,
         CASE WHEN m.age >= 14 AND pg_temp.r(m.p, 42, 10) < 7 THEN '+' || m.calling_code || ' 9' || lpad(pg_temp.r(m.p, 43, 100000000)::text, 8, '0') END,
         CASE WHEN pg_temp.r(m.p, 44, 10) < 6 THEN m.insurer_code || '-' || lpad(m.policy_id::text, 7, '0') || '-' || lpad(m.member::text, 2, '0') END,
         m.age >= 19 AND m.relationship = 'CHILD',
         CASE WHEN m.age >= 19 AND m.relationship = 'CHILD' THEN (date_trunc('year', $2::date) + interval '1 year - 1 day')::date END
       FROM (
         SELECT x.*, greatest(x.policy_starts, x.birth) AS enrolled_on,
           -- Enrolled (at the policy's start, or at birth) two months ago at least, so the leaving day comes after it.
           x.member > 1 AND greatest(x.policy_starts, x.birth) < $2::date - 60 AND pg_temp.r(x.p, 45, 100) < 2 AS leaves
         FROM (
           SELECT f.policy_id, f.format, f.calling_code, f.insurer_code, k.member, pol.starts_on AS policy_starts,
             CASE WHEN k.member = 1 THEN f.g ELSE $3::bigint + (f.g - 1) * 8 + k.member END AS p,
             c.relationship, c.female, c.age,
             CASE c.relationship WHEN 'HOLDER' THEN f.h_first ELSE pg_temp.given_names(c.female, $3::bigint + (f.g - 1) * 8 + k.member, 50, $4, $5) END AS first_names,
             CASE c.relationship WHEN 'HOLDER' THEN f.h_last1 WHEN 'CHILD' THEN CASE WHEN f.has_spouse AND f.h_female THEN f.s_last1 ELSE f.h_last1 END ELSE f.s_last1 END AS last1,
             CASE c.relationship WHEN 'HOLDER' THEN f.h_last2 WHEN 'CHILD' THEN CASE WHEN NOT f.has_spouse THEN f.h_last2 WHEN f.h_female THEN f.h_last1 ELSE f.s_last1 END ELSE f.s_last2 END AS last2,
             CASE c.relationship WHEN 'HOLDER' THEN f.h_birth
               ELSE ($2::date - make_interval(years => c.age, days => pg_temp.r($3::bigint + (f.g - 1) * 8 + k.member, 51, 365)))::date END AS birth
           FROM scale_family f
           JOIN policies pol ON pol.id = f.policy_id
           CROSS JOIN LATERAL generate_series(1, f.members) AS k(member)
           CROSS JOIN LATERAL (
             SELECT CASE WHEN k.member = 1 THEN 'HOLDER'
                         WHEN k.member = 2 AND f.has_spouse THEN CASE WHEN pg_temp.r(f.g, 52, 100) < 85 THEN 'SPOUSE' ELSE 'PARTNER' END
                         ELSE 'CHILD' END AS relationship
           ) AS rel
           CROSS JOIN LATERAL (
             SELECT rel.relationship,
               CASE rel.relationship WHEN 'HOLDER' THEN f.h_female WHEN 'CHILD' THEN pg_temp.r(f.g * 8 + k.member, 53, 2) = 0 ELSE f.s_female END AS female,
               CASE rel.relationship WHEN 'HOLDER' THEN f.h_age WHEN 'CHILD' THEN pg_temp.r(f.g * 8 + k.member, 54, least(23, f.h_age - 19) + 1) ELSE f.s_age END AS age
           ) AS c
           WHERE f.before + k.member <= $1::int
         ) AS x
       ) AS m`,
      [patients, today, families, FEMALE_NAMES, MALE_NAMES],
    ), tx);

    await step(`doctors (${doctors})`, () => tx.query(
      `INSERT INTO doctors (id, first_names, last_names, license_number, license_jurisdiction, specialty, other_specialties, tax_id, in_network, state,
         document_type, document_number, license_verified_on, clinic_name, clinic_address, clinic_city, clinic_phone, clinic_email, suspension_reason, suspended_on)
       SELECT $2::int + d.g, d.first, d.last1 || ' ' || d.last2, 'COL-' || (100000 + d.g), pg_temp.pick(ins.jurisdictions, d.g, 60),
         d.specialty, CASE WHEN d.specialty <> 'GENERAL' AND pg_temp.r(d.g, 61, 10) < 3 THEN ARRAY['GENERAL'] ELSE '{}' END,
         pg_temp.document(ins.format, d.p, d.birth, d.female, d.first, d.last1, d.last2),
         pg_temp.r(d.g, 62, 10) < 6, d.state,
         pg_temp.document_type(ins.format), pg_temp.document(ins.format, d.p, d.birth, d.female, d.first, d.last1, d.last2),
         $3::date - pg_temp.r(d.g, 63, 1500),
         'Clínica Dental ' || d.last1, pg_temp.pick($4, d.g, 64) || ' ' || (1 + pg_temp.r(d.g, 65, 3000)), pg_temp.pick(ins.cities, d.g, 66),
         '+' || ins.calling_code || ' 2' || lpad(pg_temp.r(d.g, 67, 10000000)::text, 7, '0'),
         'consulta.' || pg_temp.ascii(d.last1) || d.g || '@clinica.example',
         CASE WHEN d.state = 'SUSPENDED' THEN 'Licencia en revisión por el colegio profesional.' END,
         CASE WHEN d.state = 'SUSPENDED' THEN $3::date - pg_temp.r(d.g, 68, 200) END
       FROM (
         SELECT g, 1 + pg_temp.r(g, 69, (SELECT count(*)::int FROM scale_insurers)) AS insurer_n,
           -- Doctors' people numbers come after every patient's, so their documents never collide.
           $5::bigint * 9 + g AS p, pg_temp.r(g, 70, 2) = 0 AS female,
           ($3::date - make_interval(years => 28 + pg_temp.r(g, 71, 40)))::date AS birth,
           pg_temp.pick($6, g, 72) AS last1, pg_temp.pick($6, g, 73) AS last2,
           pg_temp.given_names(pg_temp.r(g, 70, 2) = 0, g, 74, $7, $8) AS first,
           CASE WHEN pg_temp.r(g, 75, 100) < 60 THEN 'GENERAL' ELSE (ARRAY['ORTHODONTICS', 'ENDODONTICS', 'PERIODONTICS', 'PEDIATRIC', 'PROSTHODONTICS', 'MAXILLOFACIAL_SURGERY', 'IMPLANTOLOGY', 'RADIOLOGY'])[1 + pg_temp.r(g, 76, 8)] END AS specialty,
           CASE WHEN pg_temp.r(g, 77, 100) < 93 THEN 'ACTIVE' WHEN pg_temp.r(g, 77, 100) < 98 THEN 'INACTIVE' ELSE 'SUSPENDED' END AS state
         FROM generate_series(1, $1::int) AS g
       ) AS d
       JOIN scale_insurers ins ON ins.n = d.insurer_n`,
      [doctors, doctorBase, today, STREETS, families, SURNAMES, FEMALE_NAMES, MALE_NAMES],
    ), tx);

    await step('doctor agreements', () => tx.query(
      `INSERT INTO doctor_agreements (doctor_id, insurer_id, valid_from, valid_to)
       SELECT d.id, ins.id, d.license_verified_on, CASE WHEN pg_temp.r(d.id * 3 + a, 80, 10) = 0 THEN d.license_verified_on + 365 END
       FROM doctors d CROSS JOIN generate_series(1, 2) AS a
       JOIN scale_insurers ins ON ins.n = 1 + pg_temp.r(d.id * 3 + a, 81, (SELECT count(*)::int FROM scale_insurers))
       WHERE d.id > $1 AND d.in_network AND (a = 1 OR pg_temp.r(d.id, 82, 2) = 0)`,
      [doctorBase],
    ), tx);

    const [{ verifier, admin, analyst, auditor, treasury }] = await tx.query<Record<string, number>>(
      `SELECT (SELECT id FROM users WHERE email = 'verificador@demo.local') AS verifier, (SELECT id FROM users WHERE email = 'admin@demo.local') AS admin,
              (SELECT id FROM users WHERE email = 'analista@demo.local') AS analyst, (SELECT id FROM users WHERE email = 'auditor@demo.local') AS auditor,
              (SELECT id FROM users WHERE email = 'tesoreria@demo.local') AS treasury`,
    );

    // About a third of the patients had their coverage checked once, some twice, over the last two years.
    await step('verifications', () => tx.query(
      `INSERT INTO verifications (folio, patient_id, policy_id, insurer_id, doctor_id, kind, category, planned_service_date, state, assignee_id, assigned_at, channel,
         authorization_number, coverage_active, valid_until, verified_at, verified_by, reason, note, created_by, created_at, updated_at)
       SELECT 'VER-' || extract(year FROM v.created_at) || '-' || lpad(nextval('folio_seq')::text, 6, '0'),
         v.patient_id, v.policy_id, v.insurer_id, v.doctor_id, v.kind, v.category, v.created_at::date + 3 + pg_temp.r(v.n, 84, 18), v.state,
         CASE WHEN v.state <> 'pending' THEN $3::int END, CASE WHEN v.state <> 'pending' THEN v.created_at + interval '2 hours' END,
         CASE WHEN v.resolved THEN (ARRAY['PORTAL', 'PHONE', 'EMAIL'])[1 + pg_temp.r(v.n, 85, 3)] END,
         CASE WHEN v.resolved AND v.kind = 'PREAUTHORIZATION' THEN 'AUT-' || v.n END,
         CASE WHEN v.state = 'notEligible' THEN false WHEN v.resolved THEN true END,
         CASE WHEN v.state IN ('verified', 'expired') THEN (v.created_at + interval '1 day')::date + 30 END,
         CASE WHEN v.resolved THEN v.created_at + interval '1 day' END, CASE WHEN v.resolved THEN $3::int END,
         CASE v.state WHEN 'notEligible' THEN 'Póliza no vigente en la fecha de atención.' WHEN 'cancelled' THEN 'Solicitud duplicada.' END,
         CASE WHEN v.state = 'needsInfo' THEN 'Falta el número de afiliado del titular.' END,
         CASE WHEN pg_temp.r(v.n, 86, 2) = 0 THEN $3::int ELSE $4::int END, v.created_at, v.created_at + interval '1 day'
       FROM (
         SELECT s.*, s.state IN ('verified', 'expired', 'notEligible') AS resolved
         FROM (
           SELECT p.id * 2 + round AS n, p.id AS patient_id, p.policy_id, pol.insurer_id,
             CASE WHEN pg_temp.r(p.id * 2 + round, 87, 10) < 9 THEN $2::int + 1 + pg_temp.r(p.id * 2 + round, 88, $5::int) END AS doctor_id,
             CASE WHEN pg_temp.r(p.id * 2 + round, 89, 100) < 45 THEN 'ELIGIBILITY' WHEN pg_temp.r(p.id * 2 + round, 89, 100) < 85 OR p.birth_date < $1::date - 6570 THEN 'BENEFITS' ELSE 'PREAUTHORIZATION' END AS kind,
             CASE WHEN pg_temp.r(p.id * 2 + round, 89, 100) >= 85 AND p.birth_date >= $1::date - 6570 THEN 'ORTHODONTIC' ELSE 'GENERAL' END AS category,
             c.created_at,
             CASE WHEN pg_temp.r(p.id * 2 + round, 90, 100) < 4 THEN 'cancelled'
                  WHEN pg_temp.r(p.id * 2 + round, 90, 100) < 8 THEN 'notEligible'
                  WHEN c.created_at > $1::date - 10 THEN (ARRAY['pending', 'inProgress', 'needsInfo'])[1 + pg_temp.r(p.id * 2 + round, 91, 3)]
                  WHEN c.created_at + interval '31 days' < $1::date THEN 'expired'
                  ELSE 'verified' END AS state
           FROM patients p
           JOIN policies pol ON pol.id = p.policy_id
           CROSS JOIN generate_series(0, 1) AS round
           CROSS JOIN LATERAL (SELECT $1::date - pg_temp.r(p.id * 2 + round, 92, 720) + make_interval(hours => 8 + pg_temp.r(p.id * 2 + round, 93, 10)) AS created_at) AS c
           WHERE p.policy_id > $6::int AND pg_temp.r(p.id, 94 + round, 100) < CASE round WHEN 0 THEN 30 ELSE 8 END
         ) AS s
       ) AS v
       ORDER BY v.created_at`,
      [today, doctorBase, verifier, admin, doctors, policyBase],
    ), tx);

    // Two in three verified general checks led to a claim, made out in the insurer's money.
    await step('reimbursements', () => tx.query(
      `INSERT INTO reimbursements (folio, verification_id, patient_id, policy_id, insurer_id, doctor_id, kind, payee, invoice_number, invoice_date, currency,
         claimed_cents, state, reason, submitted_on, cure_deadline, requested_documents, approved_by, paid_by, payment_reference, paid_on, created_by, created_at, updated_at)
       SELECT 'REE-' || extract(year FROM r.created_at) || '-' || lpad(nextval('folio_seq')::text, 6, '0'),
         r.verification_id, r.patient_id, r.policy_id, r.insurer_id, r.doctor_id, 'GENERAL',
         CASE WHEN pg_temp.r(r.id, 100, 10) < 7 THEN 'HOLDER' ELSE 'PROVIDER' END,
         'F-' || extract(year FROM r.created_at) || '-' || lpad((100000 + r.id)::text, 7, '0'), r.service_date, r.currency,
         0, r.state,
         CASE r.state WHEN 'rejected' THEN 'Tratamiento no cubierto por el plan.' WHEN 'cancelled' THEN 'Presentado por error.' END,
         CASE WHEN r.state NOT IN ('draft', 'cancelled') THEN r.created_at::date + 1 END,
         CASE WHEN r.state = 'needsDocuments' THEN r.created_at::date + 11 END,
         CASE WHEN r.state = 'needsDocuments' THEN ARRAY['XRAY_FINAL'] ELSE '{}' END,
         CASE WHEN r.state IN ('approved', 'partiallyApproved', 'paid', 'rejected') THEN $2::int END,
         CASE WHEN r.state = 'paid' THEN $3::int END,
         CASE WHEN r.state = 'paid' THEN 'TRF-' || r.id END,
         CASE WHEN r.state = 'paid' THEN least($1::date, r.created_at::date + 12) END,
         $4::int, r.created_at, r.created_at + interval '2 days'
       FROM (
         SELECT v.id, v.id AS verification_id, v.patient_id, v.policy_id, v.insurer_id, coalesce(v.doctor_id, $5::int + 1 + pg_temp.r(v.id, 101, $6::int)) AS doctor_id,
           i.currency, v.planned_service_date AS service_date, v.created_at + interval '4 hours' AS created_at,
           CASE WHEN v.created_at > $1::date - 20 THEN (ARRAY['draft', 'inReview', 'needsDocuments'])[1 + pg_temp.r(v.id, 102, 3)]
                WHEN pg_temp.r(v.id, 103, 100) < 70 THEN 'paid' WHEN pg_temp.r(v.id, 103, 100) < 78 THEN 'approved'
                WHEN pg_temp.r(v.id, 103, 100) < 82 THEN 'partiallyApproved' WHEN pg_temp.r(v.id, 103, 100) < 88 THEN 'rejected'
                WHEN pg_temp.r(v.id, 103, 100) < 93 THEN 'cancelled' ELSE 'inReview' END AS state
         FROM verifications v JOIN insurers i ON i.id = v.insurer_id
         WHERE v.state IN ('verified', 'expired') AND v.category = 'GENERAL' AND v.policy_id > $7::int AND pg_temp.r(v.id, 104, 3) < 2
           AND v.planned_service_date <= $1::date
       ) AS r
       ORDER BY r.created_at`,
      [today, auditor, treasury, analyst, doctorBase, doctors, policyBase],
    ), tx);

    await tx.query(
      `CREATE TEMP TABLE scale_procedures ON COMMIT DROP AS
       SELECT (row_number() OVER ())::int AS n, * FROM jsonb_to_recordset($1::jsonb) AS x(code text, category text, euro_cents int, percent int, tooth boolean)`,
      [JSON.stringify(PROCEDURES.map(([code, category, euroCents, percent, tooth]) => ({ code, category, euro_cents: euroCents, percent, tooth })))],
    );
    // One to three lines each; the plan pays the category's share, after the deductible on the first line of the year.
    await step('reimbursement lines', () => tx.query(
      `INSERT INTO reimbursement_lines (reimbursement_id, position, procedure_code, tooth, service_date, quantity, charged_cents, category, allowed_cents,
         deductible_cents, covered_cents, excess_cents, status, reason)
       SELECT l.reimbursement_id, l.position, l.code, l.tooth, l.service_date, 1, l.charged, l.category,
         CASE WHEN l.judged THEN l.charged END,
         CASE WHEN l.judged THEN l.deductible END,
         CASE WHEN l.judged AND NOT l.rejected THEN l.covered END,
         CASE WHEN l.judged THEN CASE WHEN l.rejected THEN l.charged ELSE l.charged - l.deductible - l.covered END END,
         CASE WHEN NOT l.judged THEN 'PENDING' WHEN l.rejected THEN 'REJECTED' ELSE 'APPROVED' END,
         CASE WHEN l.rejected THEN '04' END
       FROM (SELECT c.*, ((c.charged - c.deductible)::bigint * c.percent / 100)::int AS covered FROM (
         SELECT r.id AS reimbursement_id, k.position, p.code, p.category, p.percent, r.invoice_date AS service_date,
           CASE WHEN p.tooth THEN (ARRAY['11', '16', '21', '26', '36', '46', '31', '41'])[1 + pg_temp.r(r.id * 4 + k.position, 110, 8)] END AS tooth,
           p.euro_cents * (80 + pg_temp.r(r.id * 4 + k.position, 111, 41)) / 100 * ins.per_euro AS charged,
           CASE WHEN k.position = 1 AND p.category NOT IN ('DIAGNOSTIC', 'PREVENTIVE') THEN least(5000 * ins.per_euro, p.euro_cents * ins.per_euro / 2) ELSE 0 END AS deductible,
           r.state IN ('approved', 'partiallyApproved', 'paid', 'rejected') AS judged,
           r.state = 'rejected' OR (r.state = 'partiallyApproved' AND k.position = 2) AS rejected
         FROM reimbursements r
         JOIN insurers i ON i.id = r.insurer_id
         JOIN scale_insurers ins ON ins.id = i.id
         CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r(r.id, 112, 3)) AS k(position)
         JOIN scale_procedures p ON p.n = 1 + pg_temp.r(r.id * 4 + k.position, 113, $1::int)
         WHERE r.policy_id > $2::int
       ) AS c) AS l`,
      [PROCEDURES.length, policyBase],
    ), tx);

    await step('reimbursement totals', () => tx.query(
      `UPDATE reimbursements r SET claimed_cents = t.claimed, allowed_cents = t.allowed, deductible_cents = t.deductible, payable_cents = t.covered,
         paid_cents = CASE WHEN r.state = 'paid' THEN t.covered END
       FROM (SELECT reimbursement_id, sum(charged_cents) AS claimed, coalesce(sum(allowed_cents), 0) AS allowed,
               coalesce(sum(deductible_cents), 0) AS deductible, coalesce(sum(covered_cents), 0) AS covered
             FROM reimbursement_lines GROUP BY reimbursement_id) AS t
       WHERE t.reimbursement_id = r.id AND r.policy_id > $1::int`,
      [policyBase],
    ), tx);

    // Paying posts the deductible and the annual maximum used to the patient's benefit year, and what each
    // category's lines used (CATEGORY_<category>, as the engine posts for every approved general line).
    await step('benefit ledger', () => tx.query(
      `INSERT INTO benefit_ledger (patient_id, policy_id, benefit_year_start, kind, amount_cents, reimbursement_id, at)
       SELECT r.patient_id, r.policy_id, date_trunc('year', r.invoice_date)::date, k.kind, k.amount, r.id, r.paid_on
       FROM reimbursements r
       CROSS JOIN LATERAL (VALUES ('DEDUCTIBLE', r.deductible_cents), ('ANNUAL_MAXIMUM', r.payable_cents)) AS k(kind, amount)
       WHERE r.state = 'paid' AND r.policy_id > $1::int AND k.amount > 0
       UNION ALL
       SELECT r.patient_id, r.policy_id, date_trunc('year', r.invoice_date)::date, 'CATEGORY_' || l.category, sum(l.covered_cents)::int, r.id, r.paid_on
       FROM reimbursements r JOIN reimbursement_lines l ON l.reimbursement_id = r.id
       WHERE r.state = 'paid' AND r.policy_id > $1::int AND l.status = 'APPROVED' AND l.covered_cents > 0
         AND l.category IN ('DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR')
       GROUP BY r.patient_id, r.policy_id, r.invoice_date, l.category, r.id, r.paid_on`,
      [policyBase],
    ), tx);

    // Each verification and claim reached its state along its statechart, step by step, as the history
    // screens and the patient's coverage events read it (research 2.12: who did what, when).
    await step('verification history', () => tx.query(
      `INSERT INTO workflow_history (entity_type, entity_id, event, from_state, to_state, actor_id, at, on_date)
       SELECT 'verification', v.id, s.event, s.from_state, s.to_state,
         CASE s.actor WHEN 'assigner' THEN $2::int WHEN 'verifier' THEN $3::int END, t.at, t.at::date
       FROM verifications v
       JOIN (VALUES
         ('ASSIGN', 'pending', 'pending', 'assigner', 1), ('START', 'pending', 'inProgress', 'verifier', 2),
         ('REQUEST_INFO', 'inProgress', 'needsInfo', 'verifier', 3), ('RECORD_ELIGIBLE', 'inProgress', 'verified', 'verifier', 3),
         ('RECORD_NOT_ELIGIBLE', 'inProgress', 'notEligible', 'verifier', 3), ('CANCEL', 'inProgress', 'cancelled', 'verifier', 3),
         ('EXPIRE', 'verified', 'expired', 'system', 4)
       ) AS s(event, from_state, to_state, actor, step)
         ON s.step <= 2 OR s.to_state = v.state OR (v.state = 'expired' AND s.to_state = 'verified')
       CROSS JOIN LATERAL (SELECT CASE WHEN s.event = 'EXPIRE' THEN (v.valid_until + 1)::timestamptz ELSE v.created_at + s.step * interval '1 hour' END AS at) AS t
       -- A pending one was never assigned (the verifications step leaves its assignee empty).
       WHERE v.policy_id > $1::int AND v.state <> 'pending'
       ORDER BY v.id, s.step`,
      [policyBase, admin, verifier],
    ), tx);
    await step('reimbursement history', () => tx.query(
      `INSERT INTO workflow_history (entity_type, entity_id, event, from_state, to_state, actor_id, payload, at, on_date)
       SELECT 'reimbursement', r.id, s.event, s.from_state, s.to_state,
         CASE s.actor WHEN 'analyst' THEN $2::int WHEN 'auditor' THEN $3::int WHEN 'treasury' THEN $4::int END,
         CASE s.event WHEN 'REQUEST_DOCUMENTS' THEN jsonb_build_object('documents', r.requested_documents) WHEN 'PAY' THEN jsonb_build_object('reference', r.payment_reference) END,
         t.at, t.at::date
       FROM reimbursements r
       JOIN (VALUES
         ('CANCEL', 'draft', 'cancelled', 'analyst', 1), ('SUBMIT', 'draft', 'submitted', 'analyst', 1), ('CHECK', 'submitted', 'inReview', 'system', 2),
         ('REQUEST_DOCUMENTS', 'inReview', 'needsDocuments', 'auditor', 3), ('APPROVE', 'inReview', 'approved', 'auditor', 3),
         ('APPROVE', 'inReview', 'partiallyApproved', 'auditor', 3), ('REJECT', 'inReview', 'rejected', 'auditor', 3), ('PAY', 'approved', 'paid', 'treasury', 4)
       ) AS s(event, from_state, to_state, actor, step)
         ON s.to_state = r.state
         OR (r.state NOT IN ('draft', 'cancelled') AND s.step <= 2 AND s.event <> 'CANCEL')
         OR (r.state = 'paid' AND s.to_state = 'approved')
       CROSS JOIN LATERAL (SELECT CASE WHEN s.event = 'PAY' THEN r.paid_on::timestamptz + interval '10 hours' ELSE r.created_at + s.step * interval '1 day' END AS at) AS t
       WHERE r.policy_id > $1::int
       ORDER BY r.id, s.step`,
      [policyBase, analyst, auditor, treasury],
    ), tx);

    await seedScaleOrthodontics(tx, { today, policyBase, step: (label, work) => step(label, work, tx) });
    if (auditRows > 0) await seedScaleAudit(tx, { rows: auditRows, today, step: (label, work) => step(label, work, tx) });

    // Rows written with their own ids leave the sequences behind.
    for (const table of ['policyholders', 'policies', 'doctors', 'orthodontic_plans', 'orthodontic_installments', 'reimbursements']) {
      await tx.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
    }

    await step(`indexes (${indexes.length})`, async () => {
      for (const index of indexes) await tx.exec(index.definition);
    }, tx);
  });

  const start = performance.now();
  for (const table of BULK_TABLES) await db.exec(`ANALYZE ${table}`);
  log(`analyze: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
