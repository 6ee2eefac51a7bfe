-- Patients as master data (research 2.4): what 002 left out of a beneficiary (sex, contact, credential
-- number, student status, other coverage for COB, the suspension and its reason), a transient state
-- for the enrolment the coverage statechart is checking, and the coverage events' history rows.

ALTER TABLE patients
  ADD COLUMN sex text CHECK (sex IN ('F', 'M', 'X', 'UNDISCLOSED')),
  ADD COLUMN email text,
  ADD COLUMN phone text,
  ADD COLUMN credential_number text,
  ADD COLUMN is_student boolean NOT NULL DEFAULT false,
  ADD COLUMN student_until date,
  ADD COLUMN other_coverage_insurer text,
  ADD COLUMN other_coverage_number text,
  ADD COLUMN coverage_order smallint CHECK (coverage_order IN (1, 2)),
  ADD COLUMN suspended_on date,
  ADD COLUMN state_reason text,
  ADD CONSTRAINT patients_left_after_enrolment CHECK (left_on IS NULL OR left_on > enrolled_on);

-- ENROLLING lives only inside the transaction that enrols a patient: the row is written, the statechart
-- checks the enrolment against it and the policy's other patients, and a refusal rolls it back.
ALTER TABLE patients DROP CONSTRAINT patients_state_check;
ALTER TABLE patients ADD CONSTRAINT patients_state_check CHECK (state IN ('ENROLLING', 'ACTIVE', 'SUSPENDED', 'LEFT'));

-- The last guard against a race the statechart's facts cannot see: one covered holder per policy and
-- one covered patient per document within a policy.
CREATE UNIQUE INDEX patients_one_holder_idx ON patients (policy_id) WHERE relationship = 'HOLDER' AND state IN ('ACTIVE', 'SUSPENDED');
CREATE UNIQUE INDEX patients_document_in_policy_idx ON patients (policy_id, document_type, document_number)
  WHERE document_number IS NOT NULL AND state IN ('ACTIVE', 'SUSPENDED');
-- The same person on other policies (duplicate check) and the search by document.
CREATE INDEX patients_document_idx ON patients (document_number) WHERE document_number IS NOT NULL;

ALTER TABLE workflow_history DROP CONSTRAINT workflow_history_entity_type_check;
ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_entity_type_check
  CHECK (entity_type IN ('verification', 'reimbursement', 'orthodontic_plan', 'orthodontic_installment', 'policy', 'patient'));
