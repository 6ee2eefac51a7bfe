-- R14's per-insurer threshold becomes an integer in the minor unit of the insurer's currency, like every other
-- amount (it was numeric major units). The exponent follows ISO 4217 as the platform's Intl (CLDR) reads it.
ALTER TABLE insurers ADD COLUMN preauthorization_above_cents integer CHECK (preauthorization_above_cents >= 0);
UPDATE insurers SET preauthorization_above_cents = round(preauthorization_above * CASE
    WHEN currency IN ('BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF') THEN 1
    WHEN currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 1000
    ELSE 100 END)
  WHERE preauthorization_above IS NOT NULL;
ALTER TABLE insurers DROP COLUMN preauthorization_above;

-- Who works a reimbursement (a supervisor assigns it, a reviewer takes it), as verifications have.
ALTER TABLE reimbursements ADD COLUMN assignee_id integer REFERENCES users(id);
ALTER TABLE reimbursements ADD COLUMN assigned_at timestamptz;
CREATE INDEX reimbursements_assignee_idx ON reimbursements (assignee_id, state);

-- The analyst's decision on each line at approval (research 3.2: approve, reduce to an amount, or reject with a
-- catalog reason); the liquidation applies it on top of the engine's, at approval and again at payment.
ALTER TABLE reimbursement_lines ADD COLUMN review_decision text CHECK (review_decision IN ('APPROVE', 'REDUCE', 'REJECT'));
ALTER TABLE reimbursement_lines ADD COLUMN review_amount_cents integer CHECK (review_amount_cents >= 0);
ALTER TABLE reimbursement_lines ADD COLUMN review_reason char(2);
ALTER TABLE reimbursement_lines ADD CHECK ((review_decision = 'REDUCE') = (review_amount_cents IS NOT NULL) AND (review_decision = 'REJECT') = (review_reason IS NOT NULL));
