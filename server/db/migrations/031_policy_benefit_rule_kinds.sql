-- Research 2.2's child table ReglaBeneficio in full: besides a category's coinsurance and waiting months and
-- an excluded code, a policy's rule may set a category's deductible or maximum (per person or per family),
-- a code's frequency (a number of services per period, or one every so many years or months), an age limit
-- for a code or a category, and a fixed copay per code. The amount is in the insurer's currency's minor unit.
ALTER TABLE benefit_rules
  DROP CONSTRAINT benefit_rules_kind_check,
  DROP CONSTRAINT benefit_rules_check,
  DROP CONSTRAINT benefit_rules_policy_id_kind_category_procedure_code_key,
  ADD COLUMN amount_cents integer CHECK (amount_cents >= 0),
  ADD COLUMN quantity integer CHECK (quantity BETWEEN 0 AND 1200),
  ADD COLUMN period text CHECK (period IN ('BENEFIT_YEAR', 'CALENDAR_YEAR', 'LIFETIME', 'YEARS', 'MONTHS', 'LAST_12_MONTHS')),
  ADD COLUMN level text CHECK (level IN ('INDIVIDUAL', 'FAMILY')),
  ADD CONSTRAINT benefit_rules_kind_check CHECK (kind IN ('COINSURANCE', 'WAITING_PERIOD', 'EXCLUSION', 'DEDUCTIBLE', 'MAXIMUM', 'FREQUENCY', 'AGE_LIMIT', 'FIXED_COPAY')),
  ADD CONSTRAINT benefit_rules_fields_check CHECK (
    (kind = 'COINSURANCE' AND category IS NOT NULL AND percent IS NOT NULL) OR
    (kind = 'WAITING_PERIOD' AND category IS NOT NULL AND months IS NOT NULL) OR
    (kind = 'EXCLUSION' AND procedure_code IS NOT NULL) OR
    (kind IN ('DEDUCTIBLE', 'MAXIMUM') AND category IS NOT NULL AND amount_cents IS NOT NULL AND level IS NOT NULL) OR
    (kind = 'FREQUENCY' AND procedure_code IS NOT NULL AND quantity IS NOT NULL AND period IS NOT NULL) OR
    (kind = 'AGE_LIMIT' AND (category IS NULL) <> (procedure_code IS NULL) AND quantity IS NOT NULL) OR
    (kind = 'FIXED_COPAY' AND procedure_code IS NOT NULL AND amount_cents IS NOT NULL)
  ),
  -- Research: unique on (policy, category or code, kind, period, level); an absent period or level is one value.
  ADD CONSTRAINT benefit_rules_unique_rule UNIQUE NULLS NOT DISTINCT (policy_id, kind, category, procedure_code, period, level);

-- A category's maximum is counted in the ledger apart from the annual maximum (kind CATEGORY_<category>),
-- for the policies that set one.
ALTER TABLE benefit_ledger
  DROP CONSTRAINT benefit_ledger_kind_check,
  ADD CONSTRAINT benefit_ledger_kind_check CHECK (kind IN ('DEDUCTIBLE', 'ANNUAL_MAXIMUM', 'ORTHO_LIFETIME', 'CATEGORY_DIAGNOSTIC', 'CATEGORY_PREVENTIVE', 'CATEGORY_BASIC', 'CATEGORY_MAJOR'));
