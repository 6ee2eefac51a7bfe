-- Issue 24 items 2 and 4.
-- A category's use in a benefit year is what its lines used, whatever the rules were when they were paid: every
-- approved general line now posts CATEGORY_<category>, so a category maximum added or changed mid-year sees the
-- whole year. A category with its own deductible counts it on its own counter (DEDUCTIBLE_<category>), apart
-- from the general deductible.
ALTER TABLE benefit_ledger
  DROP CONSTRAINT benefit_ledger_kind_check,
  ADD CONSTRAINT benefit_ledger_kind_check CHECK (kind IN ('DEDUCTIBLE', 'ANNUAL_MAXIMUM', 'ORTHO_LIFETIME',
    'CATEGORY_DIAGNOSTIC', 'CATEGORY_PREVENTIVE', 'CATEGORY_BASIC', 'CATEGORY_MAJOR',
    'DEDUCTIBLE_DIAGNOSTIC', 'DEDUCTIBLE_PREVENTIVE', 'DEDUCTIBLE_BASIC', 'DEDUCTIBLE_MAJOR'));

-- The category use of claims approved before this migration, from their lines, with the status (reserved or
-- settled) of the claim's own annual-maximum row for that year; a claim that already posted it keeps its row.
-- The benefit year is the engine's: calendar, or the policy's anniversary on or before the service date.
INSERT INTO benefit_ledger (patient_id, policy_id, benefit_year_start, kind, amount_cents, reimbursement_id, status)
SELECT r.patient_id, r.policy_id, y.start, 'CATEGORY_' || l.category, sum(l.covered_cents)::int, r.id, min(a.status)
FROM reimbursement_lines l
JOIN reimbursements r ON r.id = l.reimbursement_id
JOIN policies p ON p.id = r.policy_id
CROSS JOIN LATERAL (
  SELECT CASE WHEN p.benefit_year = 'CALENDAR' THEN date_trunc('year', l.service_date)::date
              ELSE (p.starts_on + make_interval(years => extract(year FROM age(l.service_date, p.starts_on))::int))::date END AS start
) y
JOIN benefit_ledger a ON a.reimbursement_id = r.id AND a.kind = 'ANNUAL_MAXIMUM' AND a.benefit_year_start = y.start
WHERE l.status = 'APPROVED' AND l.covered_cents > 0 AND l.category IN ('DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR')
GROUP BY r.patient_id, r.policy_id, y.start, l.category, r.id
ON CONFLICT (reimbursement_id, kind, benefit_year_start) DO NOTHING;
