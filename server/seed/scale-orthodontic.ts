import type { Queryable } from '../db/database.ts';

/**
 * The scale seed's orthodontic treatments, written set-based like the rest of it: most verified orthodontic
 * pre-authorisations of children aged 7 to 17 past their waiting period lead to a plan, whose path follows
 * the plan statechart by the dates (proposed, approved, banded and active, then exhausted when the claim of
 * the instalment that uses up the lifetime maximum is approved and debonded later; some suspended, cancelled
 * or debonded early; a plan that never reaches the maximum completes when its last instalment is paid).
 * An active plan's instalments are the engine's schedule (R7, `orthodonticSchedule`): the initial payment on
 * the banding date, then equal monthly ones with the odd cents on the first, each paying the coverage
 * percentage until the lifetime maximum is used up (skipped, 31, after it). Each instalment falls due on its
 * date and is claimed by an orthodontic reimbursement two to three weeks later, approved two days after
 * (reserved in the ledger) and paid a week after that (settled). The seed ends where the daily scheduler
 * finds nothing left to do on `today`: no instalment due and still scheduled, no active plan with its
 * maximum used up or with nothing open. Fees are 2 600–7 600 € in the insurer's money, at most the API's
 * 100 000 000 minor units.
 */
export interface OrthodonticScaleOptions {
  today: string;
  /** The scale rows are those of policies after this id (the demo's come before). */
  policyBase: number;
  step: (label: string, work: () => Promise<unknown>) => Promise<void>;
}

/** Why plans stop before their end, in the seed's Spanish like the other texts the staff type. */
const SUSPENSION_REASONS = ['Póliza en revisión por cambio de titular.', 'Tratamiento interrumpido por un viaje largo del paciente.', 'La familia pidió una pausa en el tratamiento.'];
const EARLY_CANCELLATION_REASONS = ['La familia eligió otro tratamiento.', 'El paciente cambió de ortodoncista.', 'Presupuesto rechazado por la familia.'];
const DROPOUT_REASONS = ['Abandono del tratamiento por la familia.', 'Traslado a otra ciudad; sigue con otro profesional.'];

export async function seedScaleOrthodontics(tx: Queryable, { today, policyBase, step }: OrthodonticScaleOptions): Promise<void> {
  const [users] = await tx.query<Record<'analyst' | 'auditor' | 'supervisor' | 'treasury', number>>(
    `SELECT (SELECT id FROM users WHERE email = 'analista@demo.local') AS analyst, (SELECT id FROM users WHERE email = 'auditor@demo.local') AS auditor,
            (SELECT id FROM users WHERE email = 'supervisor@demo.local') AS supervisor, (SELECT id FROM users WHERE email = 'tesoreria@demo.local') AS treasury`,
  );
  // The engine's defaults the plan takes when staff leave them out (R5, R7), as the settings hold them.
  const [settings] = await tx.query<Record<'waiting' | 'initial' | 'months' | 'delay', number>>(
    `SELECT (SELECT value FROM setting_defaults WHERE key = 'waitingPeriods.months.ORTHODONTIC') AS waiting,
            (SELECT value FROM setting_defaults WHERE key = 'orthodontic.initialPercent') AS initial,
            (SELECT value FROM setting_defaults WHERE key = 'orthodontic.months') AS months,
            (SELECT value FROM setting_defaults WHERE key = 'orthodontic.firstDelayDays') AS delay`,
  );
  const [bases] = await tx.query<Record<'plans' | 'installments' | 'reimbursements', number>>(
    `SELECT (SELECT coalesce(max(id), 0) FROM orthodontic_plans) AS plans, (SELECT coalesce(max(id), 0) FROM orthodontic_installments) AS installments,
            (SELECT coalesce(max(id), 0) FROM reimbursements) AS reimbursements`,
  );

  await step('orthodontic plans', async () => {
    await tx.query(
      `CREATE TEMP TABLE scale_orthodontists ON COMMIT DROP AS
       SELECT (row_number() OVER (ORDER BY id))::int AS n, id FROM doctors WHERE specialty = 'ORTHODONTICS' AND state = 'ACTIVE'`,
    );
    // One plan per patient, on the first pre-authorisation that qualifies; its fate (0–99) decides how it ends.
    await tx.query(
      `CREATE TEMP TABLE scale_plans ON COMMIT DROP AS
       SELECT b.*,
         b.fate >= 10 AND b.banding_date <= $1::date AS activated,
         b.banding_date + interval '16 hours' AS activated_at,
         CASE WHEN b.fate BETWEEN 10 AND 14 THEN b.banding_date + 20 + pg_temp.r(b.preauthorization_id, 140, 400) + interval '15 hours' END AS suspend_at,
         CASE WHEN b.fate < 3 THEN b.approved_at
              WHEN b.fate < 6 THEN b.banding_date - 1 + interval '10 hours'
              WHEN b.fate BETWEEN 15 AND 17 THEN b.banding_date + 30 + pg_temp.r(b.preauthorization_id, 141, 500) + interval '11 hours' END AS cancel_at,
         CASE WHEN b.fate BETWEEN 18 AND 20 THEN b.banding_date + 150 + pg_temp.r(b.preauthorization_id, 142, 300) + interval '12 hours' END AS debond_at,
         -- After the maximum is used up the treatment goes on; the brackets come off about when planned.
         (b.banding_date + make_interval(months => b.months, days => pg_temp.r(b.preauthorization_id, 143, 60)))::date AS planned_debond,
         -- The engine's split (percentOf rounds half up): the initial share, then the rest in equal parts.
         ((b.fee_cents::bigint * b.initial_percent + 50) / 100)::int AS initial_cents
       FROM (
         SELECT a.*, $2::int + (row_number() OVER (ORDER BY a.created_at, a.preauthorization_id))::int AS id,
           a.approved_at::date + 7 + pg_temp.r(a.preauthorization_id, 128, 41) AS banding_date
         FROM (
           SELECT DISTINCT ON (v.patient_id) v.id AS preauthorization_id, v.patient_id, v.policy_id, v.insurer_id, i.currency,
             pol.ortho_lifetime_maximum_cents AS lifetime_cents, pol.ortho_percent AS coverage_percent, pol.benefit_year, pol.starts_on AS policy_starts_on,
             ph.bank_account IS NOT NULL AS holder_has_bank,
             coalesce(own.id, o.id) AS doctor_id,
             CASE WHEN v.planned_service_date < p.birth_date + interval '12 years' THEN 'D8070' ELSE 'D8080' END AS treatment_code,
             least(100000000, (260000 + 5000 * pg_temp.r(v.id, 121, 101)) * ins.per_euro) AS fee_cents,
             greatest(1, least(36, $3::int + (ARRAY[-6, 0, 0, 0, 6])[1 + pg_temp.r(v.id, 122, 5)])) AS months,
             $4::int AS initial_percent, $5::int AS first_delay_days,
             c.created_at, c.created_at + make_interval(days => 1 + pg_temp.r(v.id, 124, 5), hours => 2) AS approved_at,
             pg_temp.r(v.id, 125, 100) AS fate
           FROM verifications v
           JOIN patients p ON p.id = v.patient_id
           JOIN policies pol ON pol.id = v.policy_id
           JOIN policyholders ph ON ph.id = pol.policyholder_id
           JOIN insurers i ON i.id = v.insurer_id
           JOIN scale_insurers ins ON ins.id = v.insurer_id
           LEFT JOIN doctors own ON own.id = v.doctor_id AND own.specialty = 'ORTHODONTICS' AND own.state = 'ACTIVE'
           JOIN scale_orthodontists o ON o.n = 1 + pg_temp.r(v.id, 126, (SELECT count(*)::int FROM scale_orthodontists))
           -- Made within the pre-authorisation's validity, a few days after it was verified.
           CROSS JOIN LATERAL (SELECT v.verified_at + make_interval(days => 1 + pg_temp.r(v.id, 120, 7), hours => 1 + pg_temp.r(v.id, 127, 5)) AS created_at) AS c
           WHERE v.policy_id > $6::int AND v.kind = 'PREAUTHORIZATION' AND v.category = 'ORTHODONTIC' AND v.state IN ('verified', 'expired')
             AND pol.state = 'ACTIVE' AND pol.ortho_included AND p.state = 'ACTIVE' AND p.prior_orthodontic_coverage_months = 0
             -- R5: approval needs the orthodontic waiting period over on the planned date; orthodontics is for 7 to 17.
             AND p.enrolled_on + make_interval(months => $7::int) <= v.planned_service_date
             AND v.planned_service_date >= p.birth_date + interval '7 years' AND v.planned_service_date < p.birth_date + interval '18 years'
             AND pg_temp.r(v.id, 129, 100) < 85
             AND c.created_at::date <= $1::date
           ORDER BY v.patient_id, v.id
         ) AS a
       ) AS b`,
      [today, bases.plans, settings.months, settings.initial, settings.delay, policyBase, settings.waiting],
    );
  });

  // Instalments and their claims, by the dates: each one's state is where its own events had taken it by today.
  await step('orthodontic schedules', async () => {
    await tx.query(
      `CREATE TEMP TABLE scale_installments ON COMMIT DROP AS
       SELECT w.*,
         CASE WHEN w.lifetime_skipped OR w.skipped_uncovered THEN 'skipped'
              WHEN w.claim_state IN ('inReview', 'approved') THEN 'claimed' WHEN w.claim_state = 'paid' THEN 'paid'
              WHEN w.stopped THEN 'cancelled'
              WHEN w.falls_due THEN 'claimable' ELSE 'scheduled' END AS state,
         NULL::int AS claim_id
       FROM (
         SELECT v.*,
           CASE WHEN NOT v.has_claim THEN NULL
                -- Started in the last two days and not sent yet.
                WHEN v.claim_at::date >= $1::date - 1 AND NOT v.cut_off AND pg_temp.r(v.id, 133, 2) = 0 THEN 'draft'
                WHEN v.approve_at::date > $1::date THEN 'inReview'
                WHEN v.paid_on > $1::date THEN 'approved'
                ELSE 'paid' END AS claim_state,
           -- Cancelled with the plan (cancelled or debonded early) while still scheduled or claimable.
           v.cut_off AND NOT v.lifetime_skipped AND NOT v.has_claim AS stopped
         FROM (
           SELECT u.*,
             u.falls_due AND u.claim_at::date <= $1::date AND (u.cutoff_at IS NULL OR u.claim_at < u.cutoff_at) AS has_claim,
             coalesce(u.cutoff_at::date <= $1::date, false) AS cut_off
           FROM (
             SELECT s.*,
               NOT s.lifetime_skipped AND s.due_date <= $1::date AND (s.suspend_at IS NULL OR s.fall_at < s.suspend_at) AND (s.cutoff_at IS NULL OR s.fall_at < s.cutoff_at) AS falls_due,
               -- Falling due while the plan is suspended: not covered (07).
               NOT s.lifetime_skipped AND s.due_date <= $1::date AND s.suspend_at IS NOT NULL AND s.fall_at >= s.suspend_at AS skipped_uncovered,
               s.claim_at + interval '1 hour' AS submit_at, s.claim_at + interval '1 day' AS review_at,
               s.claim_at + interval '2 days 2 hours' AS approve_at, s.claim_at::date + 9 AS paid_on
             FROM (
               SELECT q.*,
                 q.before_cents >= q.lifetime_cents AS lifetime_skipped,
                 q.before_cents < q.lifetime_cents AND q.before_cents + q.percent_cents >= q.lifetime_cents AS reaches_lifetime,
                 CASE WHEN q.before_cents >= q.lifetime_cents THEN 0 ELSE least(q.percent_cents, q.lifetime_cents - q.before_cents) END::int AS benefit_cents,
                 -- The initial one falls due when the banding is recorded; the others at the scheduler's run that day.
                 CASE WHEN q.number = 0 THEN q.activated_at ELSE q.due_date + interval '30 minutes' END AS fall_at,
                 q.due_date + make_interval(days => 2 + pg_temp.r(q.id, 130, 20), hours => 9 + pg_temp.r(q.id, 131, 8)) AS claim_at
               FROM (
                 SELECT k.*, coalesce(sum(k.percent_cents) OVER (PARTITION BY k.plan_id ORDER BY k.number ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before_cents
                 FROM (
                   SELECT $2::int + (row_number() OVER (ORDER BY p.id, n.number))::int AS id, p.id AS plan_id, n.number,
                     p.lifetime_cents, p.activated_at, p.suspend_at, CASE WHEN p.fate >= 15 THEN coalesce(p.cancel_at, p.debond_at) END AS cutoff_at,
                     d.due_date, d.billable_cents, ((d.billable_cents::bigint * p.coverage_percent + 50) / 100)::int AS percent_cents
                   FROM scale_plans p
                   CROSS JOIN LATERAL generate_series(CASE WHEN p.initial_cents > 0 THEN 0 ELSE 1 END, p.months) AS n(number)
                   CROSS JOIN LATERAL (SELECT
                     CASE WHEN n.number = 0 THEN p.banding_date ELSE (date_trunc('month', p.banding_date + p.first_delay_days) + make_interval(months => n.number))::date END AS due_date,
                     CASE WHEN n.number = 0 THEN p.initial_cents
                          ELSE (p.fee_cents - p.initial_cents) / p.months + CASE WHEN n.number <= (p.fee_cents - p.initial_cents) % p.months THEN 1 ELSE 0 END END AS billable_cents
                   ) AS d
                   WHERE p.activated
                 ) AS k
               ) AS q
             ) AS s
           ) AS u
         ) AS v
       ) AS w`,
      [today, bases.installments],
    );
    await tx.query(
      `UPDATE scale_installments s SET claim_id = c.claim_id
       FROM (SELECT id, $1::int + (row_number() OVER (ORDER BY claim_at, id))::int AS claim_id FROM scale_installments WHERE has_claim) AS c
       WHERE c.id = s.id`,
      [bases.reimbursements],
    );
    // What ends an active plan first: its maximum used up (the scheduler's run after the approval that reserved
    // the last of it), its last instalment paid (the run after), or its fate — suspension, drop-out, early debond.
    await tx.query(`ALTER TABLE scale_plans ADD COLUMN exhausted_at timestamptz, ADD COLUMN finished_at timestamptz, ADD COLUMN first_at timestamptz`);
    await tx.query(
      `UPDATE scale_plans p SET
         exhausted_at = CASE WHEN o.reserved_last IS NOT NULL THEN least(o.reserved_last::date + interval '1 day 1 hour', $1::date + interval '23 hours') END,
         finished_at = CASE WHEN o.all_paid AND NOT o.reaches THEN least(o.last_paid + interval '1 day 1 hour', $1::date + interval '23 hours') END
       FROM (SELECT plan_id, max(approve_at) FILTER (WHERE reaches_lifetime AND claim_state IN ('approved', 'paid')) AS reserved_last,
               bool_and(state = 'paid') AS all_paid, bool_or(reaches_lifetime) AS reaches, max(paid_on) AS last_paid
             FROM scale_installments GROUP BY plan_id) AS o
       WHERE o.plan_id = p.id`,
      [today],
    );
    await tx.query(
      `UPDATE scale_plans SET first_at = least(exhausted_at, finished_at,
         CASE WHEN suspend_at::date <= $1::date THEN suspend_at END,
         CASE WHEN fate >= 15 AND cancel_at::date <= $1::date THEN cancel_at END,
         CASE WHEN debond_at::date <= $1::date THEN debond_at END)
       WHERE activated`,
      [today],
    );
  });

  await step('orthodontic plan events', async () => {
    // Each plan's path through the statechart, oldest first; its state is where the last event left it.
    await tx.query(
      `CREATE TEMP TABLE scale_plan_events ON COMMIT DROP AS
       SELECT p.id AS plan_id, e.step, e.event, e.from_state, e.to_state, e.at, CASE WHEN e.by_staff THEN $2::int END AS actor_id, e.payload
       FROM scale_plans p
       CROSS JOIN LATERAL (SELECT
         CASE WHEN p.debond_at IS NOT NULL THEN greatest(p.debond_at, p.exhausted_at + interval '1 day')
              ELSE greatest(p.planned_debond, p.exhausted_at::date + 7 + pg_temp.r(p.preauthorization_id, 144, 30)) + interval '12 hours' END AS debond_after_exhaustion,
         pg_temp.pick($3, p.preauthorization_id, 145) AS suspension_reason, pg_temp.pick($4, p.preauthorization_id, 146) AS early_reason,
         pg_temp.pick($5, p.preauthorization_id, 147) AS dropout_reason
       ) AS x
       JOIN LATERAL (VALUES
         (1, 'CANCEL', 'proposed', 'cancelled', p.approved_at, true, jsonb_build_object('reason', x.early_reason), p.fate < 3),
         (1, 'APPROVE', 'proposed', 'approved', p.approved_at, true, NULL, p.fate >= 3 AND p.fate NOT IN (6, 7)),
         (2, 'CANCEL', 'approved', 'cancelled', p.cancel_at, true, jsonb_build_object('reason', x.early_reason), p.fate BETWEEN 3 AND 5),
         (2, 'ACTIVATE', 'approved', 'active', p.activated_at, true, jsonb_build_object('bandingDate', p.banding_date), p.activated),
         (3, 'LIFETIME_MAXIMUM_REACHED', 'active', 'exhausted', p.exhausted_at, false, NULL, p.first_at = p.exhausted_at),
         (3, 'SCHEDULE_FINISHED', 'active', 'completed', p.finished_at, false, NULL, p.first_at = p.finished_at),
         (3, 'SUSPEND', 'active', 'suspended', p.suspend_at, true, jsonb_build_object('reason', x.suspension_reason), p.first_at = p.suspend_at),
         (3, 'CANCEL', 'active', 'cancelled', p.cancel_at, true, jsonb_build_object('reason', x.dropout_reason), p.first_at = p.cancel_at),
         (3, 'REGISTER_DEBOND', 'active', 'completed', p.debond_at, true, jsonb_build_object('date', p.debond_at::date), p.first_at = p.debond_at),
         (4, 'REGISTER_DEBOND', 'exhausted', 'completed', x.debond_after_exhaustion, true, jsonb_build_object('date', x.debond_after_exhaustion::date), p.first_at = p.exhausted_at)
       ) AS e(step, event, from_state, to_state, at, by_staff, payload, applies) ON e.applies AND e.at::date <= $1::date`,
      [today, users.auditor, SUSPENSION_REASONS, EARLY_CANCELLATION_REASONS, DROPOUT_REASONS],
    );
  });

  await step('orthodontic plans and instalments', async () => {
    await tx.query(
      `INSERT INTO orthodontic_plans (id, patient_id, policy_id, doctor_id, preauthorization_id, treatment_code, fee_cents, months, initial_percent, frequency,
         first_delay_days, banding_date, debond_date, state, reason, approved_by, approved_at, created_by, version, created_at, updated_at)
       SELECT p.id, p.patient_id, p.policy_id, p.doctor_id, p.preauthorization_id, p.treatment_code, p.fee_cents, p.months, p.initial_percent, 'MONTHLY',
         p.first_delay_days, CASE WHEN p.activated THEN p.banding_date END, (e.last ->> 'date')::date, coalesce(e.state, 'proposed'), e.last_reason,
         CASE WHEN e.approved THEN $2::int END, CASE WHEN e.approved THEN p.approved_at END, $1::int, 1 + coalesce(e.events, 0), p.created_at, coalesce(e.last_at, p.created_at)
       FROM scale_plans p
       LEFT JOIN (
         SELECT plan_id, count(*)::int AS events, max(at) AS last_at, bool_or(event = 'APPROVE') AS approved,
           (array_agg(to_state ORDER BY step DESC))[1] AS state, (array_agg(payload ORDER BY step DESC))[1] AS last,
           (array_agg(payload ->> 'reason' ORDER BY step DESC) FILTER (WHERE payload ? 'reason'))[1] AS last_reason
         FROM scale_plan_events GROUP BY plan_id
       ) AS e ON e.plan_id = p.id
       ORDER BY p.id`,
      [users.analyst, users.auditor],
    );
    await tx.query(
      `INSERT INTO orthodontic_installments (id, plan_id, number, due_date, billable_cents, benefit_cents, state, reason, version)
       SELECT id, plan_id, number, due_date, billable_cents, CASE WHEN state = 'skipped' THEN 0 ELSE benefit_cents END, state,
         CASE WHEN lifetime_skipped THEN '31' WHEN skipped_uncovered THEN '07' END,
         1 + (falls_due OR skipped_uncovered)::int + coalesce(claim_state IN ('inReview', 'approved', 'paid'), false)::int + coalesce(claim_state = 'paid', false)::int
           + (state = 'cancelled')::int
       FROM scale_installments ORDER BY id`,
    );
  });

  // The instalments' claims, made out like the analyst's (one line: the plan's treatment on the due date for the instalment's amount).
  await step('orthodontic reimbursements', async () => {
    await tx.query(
      `CREATE TEMP TABLE scale_ortho_claims ON COMMIT DROP AS
       SELECT c.*,
         c.number = 0 OR c.billable_cents >= c.threshold_cents AS reviewed_medically,
         CASE WHEN c.benefit_cents >= c.threshold_cents THEN $1::int ELSE $2::int END AS approver_id
       FROM (
         SELECT s.claim_id AS id, s.id AS installment_id, s.plan_id, s.number, s.due_date, s.billable_cents, s.benefit_cents, s.percent_cents, s.claim_state AS state,
           s.claim_at, s.submit_at, s.review_at, s.approve_at, s.paid_on, p.preauthorization_id, p.patient_id, p.policy_id, p.insurer_id, p.doctor_id, p.currency,
           p.treatment_code, p.holder_has_bank, p.benefit_year, p.policy_starts_on,
           coalesce((SELECT value FROM setting_defaults WHERE key = 'approvalThresholdCents:' || p.currency), 2147483647) AS threshold_cents
         FROM scale_installments s JOIN scale_plans p ON p.id = s.plan_id
         WHERE s.has_claim
       ) AS c`,
      [users.supervisor, users.auditor],
    );
    await tx.query(
      `INSERT INTO reimbursements (id, folio, verification_id, patient_id, policy_id, insurer_id, doctor_id, kind, orthodontic_plan_id, installment_id, payee,
         invoice_number, invoice_date, currency, claimed_cents, allowed_cents, deductible_cents, payable_cents, paid_cents, state, submitted_on,
         approved_by, paid_by, payment_reference, paid_on, medical_reviewed_by, medical_reviewed_at, created_by, version, created_at, updated_at)
       SELECT c.id, 'REE-' || extract(year FROM c.claim_at) || '-' || lpad(nextval('folio_seq')::text, 6, '0'),
         c.preauthorization_id, c.patient_id, c.policy_id, c.insurer_id, c.doctor_id, 'ORTHODONTIC', c.plan_id, c.installment_id,
         -- The holder is paid when the policyholder gave bank details; else the clinic.
         CASE WHEN c.holder_has_bank AND pg_temp.r(c.id, 150, 10) < 8 THEN 'HOLDER' ELSE 'PROVIDER' END,
         'F-ORT-' || c.plan_id || '-' || c.number, greatest(c.due_date, c.claim_at::date - pg_temp.r(c.id, 151, 3)), c.currency,
         c.billable_cents, CASE WHEN c.state <> 'draft' THEN c.billable_cents ELSE 0 END, 0, CASE WHEN c.state <> 'draft' THEN c.benefit_cents ELSE 0 END,
         CASE WHEN c.state = 'paid' THEN c.benefit_cents END, c.state,
         CASE WHEN c.state <> 'draft' THEN c.submit_at::date END,
         CASE WHEN c.state IN ('approved', 'paid') THEN c.approver_id END,
         CASE WHEN c.state = 'paid' THEN $2::int END, CASE WHEN c.state = 'paid' THEN 'TRF-ORT-' || c.id END, CASE WHEN c.state = 'paid' THEN c.paid_on END,
         CASE WHEN t.reviewed THEN $3::int END, CASE WHEN t.reviewed THEN c.review_at END,
         $1::int, t.version, c.claim_at, t.updated_at
       FROM scale_ortho_claims c
       CROSS JOIN LATERAL (SELECT c.reviewed_medically AND c.state <> 'draft' AND (c.state <> 'inReview' OR c.review_at::date <= $4::date) AS reviewed) AS r
       CROSS JOIN LATERAL (SELECT r.reviewed,
         -- One version per event: SUBMIT, CHECK, the medical review, APPROVE, PAY.
         1 + CASE c.state WHEN 'draft' THEN 0 WHEN 'inReview' THEN 2 WHEN 'approved' THEN 3 ELSE 4 END + r.reviewed::int AS version,
         CASE c.state WHEN 'draft' THEN c.claim_at WHEN 'inReview' THEN CASE WHEN r.reviewed THEN c.review_at ELSE c.submit_at END
              WHEN 'approved' THEN c.approve_at ELSE c.paid_on + interval '10 hours' END AS updated_at) AS t
       ORDER BY c.claim_at, c.id`,
      [users.analyst, users.treasury, users.auditor, today],
    );
    await tx.query(
      `UPDATE orthodontic_installments i SET reimbursement_id = s.claim_id
       FROM scale_installments s WHERE s.id = i.id AND s.state IN ('claimed', 'paid')`,
    );
    // The liquidation stored at the automatic check: the coverage percentage capped by what is left of the lifetime maximum.
    await tx.query(
      `INSERT INTO reimbursement_lines (reimbursement_id, position, procedure_code, service_date, quantity, charged_cents, category, allowed_cents,
         deductible_cents, covered_cents, excess_cents, status)
       SELECT c.id, 1, c.treatment_code, c.due_date, 1, c.billable_cents,
         CASE WHEN c.state <> 'draft' THEN 'ORTHODONTIC' END, CASE WHEN c.state <> 'draft' THEN c.billable_cents END, CASE WHEN c.state <> 'draft' THEN 0 END,
         CASE WHEN c.state <> 'draft' THEN c.benefit_cents END, CASE WHEN c.state <> 'draft' THEN c.percent_cents - c.benefit_cents END,
         CASE WHEN c.state <> 'draft' THEN 'APPROVED' ELSE 'PENDING' END
       FROM scale_ortho_claims c ORDER BY c.id`,
    );
    // Approval reserves the lifetime maximum used; payment settles it (in the benefit year of the instalment's date).
    await tx.query(
      `INSERT INTO benefit_ledger (patient_id, policy_id, benefit_year_start, kind, amount_cents, reimbursement_id, at, status)
       SELECT c.patient_id, c.policy_id,
         CASE WHEN c.benefit_year = 'CALENDAR' THEN date_trunc('year', c.due_date)::date
              ELSE (SELECT max(a)::date FROM (VALUES (c.policy_starts_on + make_interval(years => y.n)), (c.policy_starts_on + make_interval(years => y.n - 1))) AS x(a) WHERE a <= c.due_date) END,
         'ORTHO_LIFETIME', c.benefit_cents, c.id,
         CASE WHEN c.state = 'paid' THEN c.paid_on + interval '10 hours' ELSE c.approve_at END,
         CASE WHEN c.state = 'paid' THEN 'SETTLED' ELSE 'RESERVED' END
       FROM scale_ortho_claims c
       CROSS JOIN LATERAL (SELECT (extract(year FROM c.due_date) - extract(year FROM c.policy_starts_on))::int AS n) AS y
       WHERE c.state IN ('approved', 'paid') AND c.benefit_cents > 0`,
    );
  });

  // The plans', instalments' and claims' history in one time order, as the plan screen reads it (by id):
  // an instalment is claimed as its claim is submitted and paid as it is paid, as the workflow does it.
  await step('orthodontic history', () => tx.query(
    `INSERT INTO workflow_history (entity_type, entity_id, event, from_state, to_state, actor_id, payload, at, on_date)
     SELECT h.entity_type, h.entity_id, h.event, h.from_state, h.to_state, h.actor_id, h.payload, h.at, h.at::date
     FROM (
       -- A plan's own event comes before the instalments it moves on activation, after those it cancels at the end.
       SELECT 'orthodontic_plan' AS entity_type, e.plan_id AS entity_id, e.event, e.from_state, e.to_state, e.actor_id, e.payload, e.at, CASE WHEN e.step >= 3 THEN 3 ELSE 0 END AS kind, e.step
       FROM scale_plan_events e
       UNION ALL
       SELECT 'orthodontic_installment', s.id, ev.event, ev.from_state, ev.to_state, ev.actor_id, ev.payload, ev.at, 1, ev.step
       FROM scale_installments s
       JOIN LATERAL (VALUES
         (1, 'FALL_DUE', 'scheduled', 'claimable', s.fall_at, NULL::int, NULL::jsonb, s.falls_due),
         (1, 'FALL_DUE', 'scheduled', 'skipped', s.fall_at, NULL, NULL, s.skipped_uncovered),
         (2, 'CLAIM', 'claimable', 'claimed', s.submit_at, $1::int, jsonb_build_object('reimbursementId', s.claim_id), s.state IN ('claimed', 'paid')),
         (3, 'PAY', 'claimed', 'paid', s.paid_on + interval '10 hours', $2::int, jsonb_build_object('reimbursementId', s.claim_id), s.state = 'paid'),
         (3, 'CANCEL', CASE WHEN s.falls_due THEN 'claimable' ELSE 'scheduled' END, 'cancelled', s.cutoff_at, $3::int, NULL, s.state = 'cancelled')
       ) AS ev(step, event, from_state, to_state, at, actor_id, payload, applies) ON ev.applies
       UNION ALL
       SELECT 'reimbursement', c.id, ev.event, ev.from_state, ev.to_state, ev.actor_id, ev.payload, ev.at, 2, ev.step
       FROM scale_ortho_claims c
       JOIN reimbursements r ON r.id = c.id
       JOIN LATERAL (VALUES
         (1, 'SUBMIT', 'draft', 'submitted', c.submit_at, $1::int, NULL::jsonb, c.state <> 'draft'),
         (2, 'CHECK', 'submitted', 'inReview', c.submit_at, $1::int, NULL, c.state <> 'draft'),
         (3, 'COMPLETE_MEDICAL_REVIEW', 'inReview', 'inReview', c.review_at, $3::int, NULL, r.medical_reviewed_by IS NOT NULL),
         (4, 'APPROVE', 'inReview', 'approved', c.approve_at, r.approved_by, NULL, c.state IN ('approved', 'paid')),
         (5, 'PAY', 'approved', 'paid', c.paid_on + interval '10 hours', $2::int, jsonb_build_object('reference', r.payment_reference), c.state = 'paid')
       ) AS ev(step, event, from_state, to_state, at, actor_id, payload, applies) ON ev.applies
     ) AS h
     ORDER BY h.at, h.kind, h.entity_id, h.step`,
    [users.analyst, users.treasury, users.auditor],
  ));
}
