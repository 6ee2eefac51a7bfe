-- Indexes the guided workflow's lists need at a million patients (issue 9, measured with npm run bench -- --scale):
-- a plan's instalments look up each instalment's open draft claim (165 ms a page walking every reimbursement
-- backwards), a plan's paid amount sums the ledger of the plan's claims, and the verification history filters by
-- doctor (a sequential scan for its bounded count). Partial where most rows carry no value.
CREATE INDEX reimbursements_installment_idx ON reimbursements (installment_id, state) WHERE installment_id IS NOT NULL;
CREATE INDEX reimbursements_plan_idx ON reimbursements (orthodontic_plan_id) WHERE orthodontic_plan_id IS NOT NULL;
CREATE INDEX verifications_doctor_idx ON verifications (doctor_id, state) WHERE doctor_id IS NOT NULL;
