-- The domain core: who is covered (policyholders, policies with their benefit rules, patients,
-- doctors) and the three workflows (verifications, reimbursements, orthodontic plans) with their
-- histories, attachments and the ledger of benefit use. Money is integer cents.

CREATE TABLE policyholders (
  id serial PRIMARY KEY,
  kind text NOT NULL DEFAULT 'PERSON' CHECK (kind IN ('PERSON', 'COMPANY')),
  first_names text,
  last_names text,
  company_name text,
  document_type text NOT NULL,
  document_number text NOT NULL,
  birth_date date,
  email text,
  phone text,
  member_number text NOT NULL,
  assigns_benefits boolean NOT NULL DEFAULT false,
  bank_name text,
  bank_account text,
  account_holder text,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_type, document_number)
);

CREATE TABLE policies (
  id serial PRIMARY KEY,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE RESTRICT,
  policyholder_id integer NOT NULL REFERENCES policyholders(id) ON DELETE RESTRICT,
  number text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('INDIVIDUAL', 'FAMILY', 'GROUP')),
  plan_name text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on > starts_on),
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('PENDING', 'ACTIVE', 'SUSPENDED', 'EXPIRED', 'CANCELLED')),
  benefit_year text NOT NULL DEFAULT 'CALENDAR' CHECK (benefit_year IN ('CALENDAR', 'ANNIVERSARY')),
  annual_maximum_cents integer,
  deductible_cents integer,
  family_deductible_cents integer,
  max_beneficiaries integer NOT NULL DEFAULT 8,
  ortho_included boolean NOT NULL DEFAULT true,
  ortho_percent integer CHECK (ortho_percent BETWEEN 0 AND 100),
  ortho_lifetime_maximum_cents integer,
  ortho_age_limit integer,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (insurer_id, number)
);
CREATE INDEX policies_policyholder_idx ON policies (policyholder_id);

-- A policy's own benefit rules over the insurer's and the research defaults (research 2.2):
-- coverage percentage or waiting months for a category, or a procedure code it excludes.
CREATE TABLE benefit_rules (
  id serial PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('COINSURANCE', 'WAITING_PERIOD', 'EXCLUSION')),
  category text CHECK (category IN ('DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR', 'ORTHODONTIC')),
  procedure_code text CHECK (procedure_code ~ '^D[0-9]{4}$'),
  percent integer CHECK (percent BETWEEN 0 AND 100),
  months integer CHECK (months BETWEEN 0 AND 120),
  CHECK (
    (kind = 'COINSURANCE' AND category IS NOT NULL AND percent IS NOT NULL) OR
    (kind = 'WAITING_PERIOD' AND category IS NOT NULL AND months IS NOT NULL) OR
    (kind = 'EXCLUSION' AND procedure_code IS NOT NULL)
  ),
  UNIQUE (policy_id, kind, category, procedure_code)
);
CREATE INDEX benefit_rules_policy_idx ON benefit_rules (policy_id);

CREATE TABLE patients (
  id serial PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE RESTRICT,
  relationship text NOT NULL CHECK (relationship IN ('HOLDER', 'SPOUSE', 'PARTNER', 'CHILD', 'DISABLED_DEPENDENT', 'OTHER_DEPENDENT')),
  first_names text NOT NULL,
  last_name text NOT NULL,
  second_last_name text,
  document_type text,
  document_number text,
  birth_date date NOT NULL,
  enrolled_on date NOT NULL,
  left_on date,
  prior_coverage_months integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'SUSPENDED', 'LEFT')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX patients_policy_idx ON patients (policy_id);
CREATE INDEX patients_name_idx ON patients (lower(last_name), lower(first_names), id);

CREATE TABLE doctors (
  id serial PRIMARY KEY,
  first_names text NOT NULL,
  last_names text NOT NULL,
  license_number text NOT NULL,
  license_jurisdiction text NOT NULL,
  specialty text NOT NULL DEFAULT 'GENERAL',
  tax_id text,
  in_network boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'INACTIVE', 'SUSPENDED')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (license_jurisdiction, license_number)
);

CREATE TABLE verifications (
  id serial PRIMARY KEY,
  folio text NOT NULL UNIQUE,
  patient_id integer NOT NULL REFERENCES patients(id) ON DELETE RESTRICT,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE RESTRICT,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE RESTRICT,
  doctor_id integer REFERENCES doctors(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('ELIGIBILITY', 'BENEFITS', 'PREAUTHORIZATION')),
  category text NOT NULL CHECK (category IN ('GENERAL', 'ORTHODONTIC')),
  planned_service_date date NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  assignee_id integer REFERENCES users(id),
  assigned_at timestamptz,
  channel text,
  authorization_number text,
  coverage_active boolean,
  valid_until date,
  verified_at timestamptz,
  verified_by integer REFERENCES users(id),
  reason text,
  note text,
  reverifies_id integer REFERENCES verifications(id),
  created_by integer NOT NULL REFERENCES users(id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_state_idx ON verifications (state, planned_service_date, id);
CREATE INDEX verifications_assignee_idx ON verifications (assignee_id, state);
CREATE INDEX verifications_insurer_idx ON verifications (insurer_id, state);
CREATE INDEX verifications_patient_idx ON verifications (patient_id);

CREATE TABLE reimbursements (
  id serial PRIMARY KEY,
  folio text NOT NULL UNIQUE,
  verification_id integer NOT NULL REFERENCES verifications(id) ON DELETE RESTRICT,
  patient_id integer NOT NULL REFERENCES patients(id) ON DELETE RESTRICT,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE RESTRICT,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE RESTRICT,
  doctor_id integer NOT NULL REFERENCES doctors(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('GENERAL', 'ORTHODONTIC')),
  orthodontic_plan_id integer,
  installment_id integer,
  payee text NOT NULL DEFAULT 'HOLDER' CHECK (payee IN ('HOLDER', 'PROVIDER')),
  invoice_number text,
  invoice_date date,
  currency char(3) NOT NULL,
  claimed_cents integer NOT NULL DEFAULT 0,
  allowed_cents integer NOT NULL DEFAULT 0,
  deductible_cents integer NOT NULL DEFAULT 0,
  payable_cents integer NOT NULL DEFAULT 0,
  paid_cents integer,
  other_insurer_paid_cents integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'draft',
  reason text,
  submitted_on date,
  cure_deadline date,
  requested_documents text[] NOT NULL DEFAULT '{}',
  approved_by integer REFERENCES users(id),
  paid_by integer REFERENCES users(id),
  payment_reference text,
  paid_on date,
  created_by integer NOT NULL REFERENCES users(id),
  idempotency_key text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (created_by, idempotency_key)
);
CREATE INDEX reimbursements_state_idx ON reimbursements (kind, state, id);
CREATE INDEX reimbursements_verification_idx ON reimbursements (verification_id);
CREATE INDEX reimbursements_patient_idx ON reimbursements (patient_id);

CREATE TABLE reimbursement_lines (
  id serial PRIMARY KEY,
  reimbursement_id integer NOT NULL REFERENCES reimbursements(id) ON DELETE CASCADE,
  position integer NOT NULL,
  procedure_code text NOT NULL,
  tooth text,
  service_date date NOT NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  charged_cents integer NOT NULL CHECK (charged_cents > 0),
  other_insurer_paid_cents integer NOT NULL DEFAULT 0,
  category text,
  allowed_cents integer,
  deductible_cents integer,
  covered_cents integer,
  excess_cents integer,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  reason text,
  UNIQUE (reimbursement_id, position)
);

CREATE TABLE orthodontic_plans (
  id serial PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patients(id) ON DELETE RESTRICT,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE RESTRICT,
  doctor_id integer NOT NULL REFERENCES doctors(id) ON DELETE RESTRICT,
  preauthorization_id integer NOT NULL REFERENCES verifications(id) ON DELETE RESTRICT,
  treatment_code text NOT NULL,
  fee_cents integer NOT NULL CHECK (fee_cents > 0),
  months integer NOT NULL DEFAULT 24 CHECK (months BETWEEN 1 AND 36),
  initial_percent integer NOT NULL DEFAULT 20 CHECK (initial_percent BETWEEN 0 AND 100),
  frequency text NOT NULL DEFAULT 'MONTHLY' CHECK (frequency IN ('MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'ANNUAL')),
  first_delay_days integer NOT NULL DEFAULT 30,
  banding_date date,
  debond_date date,
  state text NOT NULL DEFAULT 'proposed',
  -- The suspension or cancellation reason.
  reason text,
  approved_by integer REFERENCES users(id),
  approved_at timestamptz,
  created_by integer NOT NULL REFERENCES users(id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orthodontic_plans_patient_idx ON orthodontic_plans (patient_id);
CREATE INDEX orthodontic_plans_state_idx ON orthodontic_plans (state, id);
-- A preauthorization backs one plan at a time (a cancelled plan releases it).
CREATE UNIQUE INDEX orthodontic_plans_preauthorization_idx ON orthodontic_plans (preauthorization_id) WHERE state <> 'cancelled';

CREATE TABLE orthodontic_installments (
  id serial PRIMARY KEY,
  plan_id integer NOT NULL REFERENCES orthodontic_plans(id) ON DELETE CASCADE,
  number integer NOT NULL,
  due_date date NOT NULL,
  billable_cents integer NOT NULL,
  benefit_cents integer NOT NULL,
  state text NOT NULL DEFAULT 'scheduled',
  -- The skip reason code (research 2.7 catalogue: 04, 07, 31).
  reason text,
  reimbursement_id integer REFERENCES reimbursements(id),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (plan_id, number)
);
CREATE INDEX orthodontic_installments_due_idx ON orthodontic_installments (state, due_date);

ALTER TABLE reimbursements
  ADD CONSTRAINT reimbursements_plan_fk FOREIGN KEY (orthodontic_plan_id) REFERENCES orthodontic_plans(id),
  ADD CONSTRAINT reimbursements_installment_fk FOREIGN KEY (installment_id) REFERENCES orthodontic_installments(id);

-- One history for the three workflows: every accepted event, who sent it and what it carried.
CREATE TABLE workflow_history (
  id bigserial PRIMARY KEY,
  entity_type text NOT NULL CHECK (entity_type IN ('verification', 'reimbursement', 'orthodontic_plan', 'orthodontic_installment')),
  entity_id integer NOT NULL,
  event text NOT NULL,
  from_state text,
  to_state text NOT NULL,
  actor_id integer REFERENCES users(id),
  payload jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workflow_history_entity_idx ON workflow_history (entity_type, entity_id, id);

CREATE TABLE attachments (
  id serial PRIMARY KEY,
  owner_type text NOT NULL CHECK (owner_type IN ('verification', 'reimbursement', 'orthodontic_plan')),
  owner_id integer NOT NULL,
  document_type text NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 15728640),
  sha256 text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  clinical boolean NOT NULL DEFAULT false,
  uploaded_by integer NOT NULL REFERENCES users(id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_owner_idx ON attachments (owner_type, owner_id);

-- Append-only use of deductible, annual maximum and orthodontic lifetime maximum, posted at payment.
CREATE TABLE benefit_ledger (
  id bigserial PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patients(id) ON DELETE RESTRICT,
  policy_id integer NOT NULL REFERENCES policies(id) ON DELETE RESTRICT,
  benefit_year_start date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('DEDUCTIBLE', 'ANNUAL_MAXIMUM', 'ORTHO_LIFETIME')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  reimbursement_id integer NOT NULL REFERENCES reimbursements(id) ON DELETE RESTRICT,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reimbursement_id, kind, benefit_year_start)
);
CREATE INDEX benefit_ledger_patient_idx ON benefit_ledger (patient_id, benefit_year_start, kind);

-- Daily time-driven events: one row per job and day, claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE scheduled_runs (
  job text NOT NULL,
  run_on date NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  events_sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (job, run_on)
);

CREATE SEQUENCE folio_seq;
