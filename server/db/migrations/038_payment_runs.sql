-- Issue 26: payment runs. Treasury pays approved claims with an ISO 20022 pain.001 file and reads the
-- bank's pain.002 answer. Amounts are integers in the currency's minor unit, like every other amount.

-- The administrator's accounts money leaves from: one per insurer and currency, with the pain.001
-- version its bank takes (001.001.03 for banks that have not moved to 001.001.09).
CREATE TABLE debtor_accounts (
  id serial PRIMARY KEY,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE RESTRICT,
  currency char(3) NOT NULL,
  name text NOT NULL,
  scheme text NOT NULL CHECK (scheme IN ('IBAN', 'CLABE', 'CBU', 'CCI', 'CL', 'CO')),
  number text NOT NULL,
  bic text,
  bank_code text,
  holder_tax_id text,
  pain_version text NOT NULL DEFAULT '001.001.09' CHECK (pain_version IN ('001.001.09', '001.001.03')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (insurer_id, currency)
);

-- Where a payee is paid: a policyholder's or a doctor's (assignment of benefits) account, checked before it
-- is stored (core/payments/accounts.ts). A bank's rejection marks it for correction until it is changed.
CREATE TABLE payee_accounts (
  id serial PRIMARY KEY,
  policyholder_id integer UNIQUE REFERENCES policyholders(id) ON DELETE CASCADE,
  doctor_id integer UNIQUE REFERENCES doctors(id) ON DELETE CASCADE,
  holder_name text NOT NULL,
  scheme text NOT NULL CHECK (scheme IN ('IBAN', 'CLABE', 'CBU', 'CCI', 'CL', 'CO')),
  number text NOT NULL,
  bic text,
  bank_code text,
  holder_tax_id text,
  needs_correction boolean NOT NULL DEFAULT false,
  correction_reason text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((policyholder_id IS NULL) <> (doctor_id IS NULL))
);

CREATE TABLE payment_runs (
  id serial PRIMARY KEY,
  -- The pain.001 MsgId: the bank's status report names it.
  folio text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'draft',
  execution_date date NOT NULL,
  created_by integer NOT NULL REFERENCES users(id),
  approved_by integer REFERENCES users(id),
  approved_at timestamptz,
  generated_by integer REFERENCES users(id),
  generated_at timestamptz,
  sent_by integer REFERENCES users(id),
  sent_at timestamptz,
  settlement_reference text,
  cancel_reason text,
  -- The file is written once and never again: downloading it twice gives the same bytes.
  file_bytes bytea,
  file_sha256 text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((file_bytes IS NULL) = (file_sha256 IS NULL))
);
CREATE INDEX payment_runs_state_idx ON payment_runs (state, id);

-- A claim in a run, with what it will be paid as (frozen at submission) and the bank's answer.
CREATE TABLE payment_run_items (
  id serial PRIMARY KEY,
  run_id integer NOT NULL REFERENCES payment_runs(id) ON DELETE CASCADE,
  reimbursement_id integer NOT NULL REFERENCES reimbursements(id) ON DELETE RESTRICT,
  -- The item holds its claim while its run is open and the bank has not answered for it.
  holds_claim boolean NOT NULL DEFAULT true,
  currency char(3) NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  payee_name text,
  payee_scheme text,
  payee_number text,
  payee_bic text,
  payee_bank_code text,
  payee_tax_id text,
  debtor_account_id integer REFERENCES debtor_accounts(id),
  payment_information_id text,
  bank_status text,
  bank_reason_code text,
  bank_reason_text text,
  bank_status_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, reimbursement_id)
);
-- A claim is in at most one open run: the database says so, whatever the requests racing to add it.
CREATE UNIQUE INDEX payment_run_items_one_open_run ON payment_run_items (reimbursement_id) WHERE holds_claim;
CREATE INDEX payment_run_items_run_idx ON payment_run_items (run_id, id);

-- Each bank status report applied to a run, once: the same report again changes nothing.
CREATE TABLE payment_status_reports (
  id serial PRIMARY KEY,
  run_id integer NOT NULL REFERENCES payment_runs(id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  message_id text,
  received_by integer NOT NULL REFERENCES users(id),
  received_at timestamptz NOT NULL DEFAULT now(),
  warnings jsonb NOT NULL DEFAULT '[]',
  UNIQUE (run_id, sha256)
);

ALTER TABLE workflow_history DROP CONSTRAINT workflow_history_entity_type_check;
ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_entity_type_check
  CHECK (entity_type IN ('verification', 'reimbursement', 'orthodontic_plan', 'orthodontic_installment', 'policy', 'patient', 'announcement', 'payment_run'));
