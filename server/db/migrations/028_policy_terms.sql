-- Research 2.2's policy fields that 002 and 007 left out: the modality (reimbursement, network, both), the
-- issue date, the contracting company of a group policy, and whether the deductible is also taken from
-- preventive care (R2 waives it by default). Policies written before keep the research defaults; their
-- issue date was never recorded, so it stays empty rather than guessed.
ALTER TABLE policies
  ADD COLUMN modality text NOT NULL DEFAULT 'REIMBURSEMENT' CHECK (modality IN ('REIMBURSEMENT', 'NETWORK', 'MIXED')),
  ADD COLUMN issued_on date CHECK (issued_on <= ends_on),
  ADD COLUMN contracting_company text CHECK (contracting_company IS NULL OR kind = 'GROUP'),
  ADD COLUMN deductible_applies_to_preventive boolean NOT NULL DEFAULT false;
