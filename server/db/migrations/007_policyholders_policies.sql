-- Policyholders and policies as master data (research 2.2, 2.3): what 002 left out of the holder
-- (address, disclosure authorisation, privacy consent) and of the policy's lifecycle (stage, the
-- suspension and cancellation reasons), and the policy statechart's history rows.

-- Consent and e-mail stay nullable for rows written before they were asked for; the API requires
-- them on every create and update.
ALTER TABLE policyholders
  ADD COLUMN address text,
  ADD COLUMN disclosure_authorized boolean NOT NULL DEFAULT false,
  ADD COLUMN privacy_consent_version text,
  ADD COLUMN privacy_consent_date date;

ALTER TABLE policies
  ADD COLUMN stage text NOT NULL DEFAULT 'NEW' CHECK (stage IN ('NEW', 'RENEWED')),
  ADD COLUMN suspension_reason text,
  ADD COLUMN cancellation_reason text;

-- A policy's accepted events (activate, suspend, resume, cancel, renew, expire) join the workflows' history.
ALTER TABLE workflow_history DROP CONSTRAINT workflow_history_entity_type_check;
ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_entity_type_check
  CHECK (entity_type IN ('verification', 'reimbursement', 'orthodontic_plan', 'orthodontic_installment', 'policy'));
