-- Benefit facts judged from the dates and the money actually paid (issue 13).

-- Reserve at approval, settle at payment: an approved claim's deductible and maximum use are RESERVED
-- so that later claims are liquidated against them; the payment turns them SETTLED. The settled rows
-- are the money paid; a claim sent back to review releases (deletes) its reservation.
ALTER TABLE benefit_ledger
  ADD COLUMN status text NOT NULL DEFAULT 'SETTLED' CHECK (status IN ('RESERVED', 'SETTLED'));

-- R5 [S34]: only prior cover that included orthodontics waives the orthodontic waiting period.
ALTER TABLE patients
  ADD COLUMN prior_orthodontic_coverage_months integer NOT NULL DEFAULT 0 CHECK (prior_orthodontic_coverage_months >= 0);

-- Research 4.3: the payment receipt when the holder is reimbursed (HOLDER_PAYEE), the final X-ray for
-- endodontics, implants and crowns (RADIOGRAPHED), the initial X-ray and dental report of an orthodontic
-- treatment's first claim.
ALTER TABLE required_documents
  DROP CONSTRAINT required_documents_general_check,
  DROP CONSTRAINT required_documents_orthodontic_initial_check,
  DROP CONSTRAINT required_documents_orthodontic_installment_check,
  ADD CONSTRAINT required_documents_general_check CHECK (general IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED')),
  ADD CONSTRAINT required_documents_orthodontic_initial_check CHECK (orthodontic_initial IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED')),
  ADD CONSTRAINT required_documents_orthodontic_installment_check CHECK (orthodontic_installment IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED'));

UPDATE required_documents SET general = 'HOLDER_PAYEE', orthodontic_initial = 'HOLDER_PAYEE', orthodontic_installment = 'HOLDER_PAYEE' WHERE document_type = 'PAYMENT_RECEIPT';
UPDATE required_documents SET general = 'RADIOGRAPHED' WHERE document_type = 'XRAY_FINAL';
UPDATE required_documents SET orthodontic_initial = 'ALWAYS' WHERE document_type IN ('XRAY_INITIAL', 'DENTAL_REPORT');
