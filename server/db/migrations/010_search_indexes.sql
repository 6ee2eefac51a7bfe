-- Search at a million patients: `q` is matched with ILIKE '%text%' (list-query.ts matchesText), which a
-- b-tree cannot serve. Trigram GIN indexes (pg_trgm, on PostgreSQL and in PGlite's contrib) can: each
-- index is on exactly the column or expression the lists and Búsqueda search, so the planner combines
-- them (BitmapOr) instead of reading every row. Texts shorter than three characters find no trigram and
-- fall back to reading the rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Patients: name as the patients list shows it, name as workflows and Búsqueda show it, document, credential.
CREATE INDEX patients_full_name_trgm_idx ON patients USING gin ((first_names || ' ' || last_name || coalesce(' ' || second_last_name, '')) gin_trgm_ops);
CREATE INDEX patients_name_trgm_idx ON patients USING gin ((first_names || ' ' || last_name) gin_trgm_ops);
CREATE INDEX patients_document_trgm_idx ON patients USING gin (document_number gin_trgm_ops);
CREATE INDEX patients_credential_trgm_idx ON patients USING gin (credential_number gin_trgm_ops);

CREATE INDEX policies_number_trgm_idx ON policies USING gin (number gin_trgm_ops);

CREATE INDEX policyholders_name_trgm_idx ON policyholders USING gin ((first_names || ' ' || last_names) gin_trgm_ops);
CREATE INDEX policyholders_company_trgm_idx ON policyholders USING gin (company_name gin_trgm_ops);
CREATE INDEX policyholders_document_trgm_idx ON policyholders USING gin (document_number gin_trgm_ops);
CREATE INDEX policyholders_member_trgm_idx ON policyholders USING gin (member_number gin_trgm_ops);

CREATE INDEX doctors_name_trgm_idx ON doctors USING gin ((first_names || ' ' || last_names) gin_trgm_ops);
CREATE INDEX doctors_license_trgm_idx ON doctors USING gin (license_number gin_trgm_ops);
CREATE INDEX doctors_document_trgm_idx ON doctors USING gin (document_number gin_trgm_ops);
CREATE INDEX doctors_tax_id_trgm_idx ON doctors USING gin (tax_id gin_trgm_ops);

CREATE INDEX verifications_folio_trgm_idx ON verifications USING gin (folio gin_trgm_ops);
CREATE INDEX verifications_authorization_trgm_idx ON verifications USING gin (authorization_number gin_trgm_ops);
CREATE INDEX reimbursements_folio_trgm_idx ON reimbursements USING gin (folio gin_trgm_ops);
CREATE INDEX reimbursements_invoice_trgm_idx ON reimbursements USING gin (invoice_number gin_trgm_ops);


-- The policyholders list searches first and last names as separate columns, ORed with the identifiers,
-- and the policies list ORs the number with the plan's name: every column of an OR needs its index, or
-- the planner reads the whole table.
CREATE INDEX policyholders_first_names_trgm_idx ON policyholders USING gin (first_names gin_trgm_ops);
CREATE INDEX policyholders_last_names_trgm_idx ON policyholders USING gin (last_names gin_trgm_ops);
CREATE INDEX policies_plan_name_trgm_idx ON policies USING gin (plan_name gin_trgm_ops);

-- The workflow lists' default orders: verifications by planned date, reimbursements newest first
-- (the page's tie-breaker is the id, ascending, hence the mixed directions).
CREATE INDEX verifications_planned_idx ON verifications (planned_service_date, id);
CREATE INDEX reimbursements_created_idx ON reimbursements (created_at DESC, id);
-- The policies list opens sorted by number.
CREATE INDEX policies_number_idx ON policies (number, id);

-- A page of claims reads its policies' benefit ledger (usage per policy, family deductible).
CREATE INDEX benefit_ledger_policy_idx ON benefit_ledger (policy_id);
