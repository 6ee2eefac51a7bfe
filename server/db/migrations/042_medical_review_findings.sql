-- Issue 28 item 5: the dental auditor's medical review carries its result (agree, reduce, reject lines, ask for
-- documents), findings, an optional document of the claim and the lines it changes. The whole review is the
-- history row's payload; the claim keeps its latest review here too, so the record, the approval's liquidation
-- and the liquidation PDF read it with the claim instead of searching its history. Its line changes are applied by
-- every later liquidation (the approval keeps them), and survive a recalculation that clears the approver's own.
ALTER TABLE reimbursements ADD COLUMN medical_review jsonb;

-- A reduction may carry its reason code too (issue 28 item 6: each line shows why it was cut); a rejection still must.
-- The constraint of migration 017 had no name: PostgreSQL and PGlite named it reimbursement_lines_check.
ALTER TABLE reimbursement_lines DROP CONSTRAINT reimbursement_lines_check;
ALTER TABLE reimbursement_lines ADD CONSTRAINT reimbursement_lines_review_check
  CHECK ((review_decision = 'REDUCE') = (review_amount_cents IS NOT NULL) AND (review_decision <> 'REJECT' OR review_reason IS NOT NULL) AND (review_decision IS NOT NULL OR review_reason IS NULL));
