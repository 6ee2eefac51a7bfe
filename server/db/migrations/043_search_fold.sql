-- Search ignores accents and case (issue 28, item 9): "mateo rodriguez" finds "Mateo Rodríguez", "ＲＯＤＲＩＧＵＥＺ"
-- too. PGlite ships no `unaccent`, and lower()/ILIKE depend on the database's locale (PGlite's C locale lowers
-- ASCII only, a C.UTF-8 PostgreSQL lowers É as well), so the folding is one fixed table in SQL, the same on
-- both databases: the Latin letters of Spanish, French, English, pinyin and romaji (accents, cedilla, tilde,
-- umlaut, macron, caron) and ASCII capitals to their lower-case base letter, full-width Latin letters and
-- digits (as a Chinese or Japanese input method types them) to ASCII, the ideographic space to a space,
-- combining marks (text typed decomposed, NFD) dropped, ß æ œ spelled out. CJK characters have no case and
-- pass unchanged. A plain SQL function is inlined by the planner in queries and index expressions alike,
-- so the trigram indexes below serve `search_fold(column) LIKE search_fold(pattern)` (list-query.ts).
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(translate($1,
    'ÀÁÂÃÄÅàáâãäåĀāĂăĄąǍǎÇçĆćĈĉĊċČčĎďĐđÐðÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıǏǐĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőǑǒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųǓǔǕǖǗǘǙǚǛǜŴŵÝýÿŶŷŸŹźŻżŽžABCDEFGHIJKLMNOPQRSTUVWXYZＡａＢｂＣｃＤｄＥｅＦｆＧｇＨｈＩｉＪｊＫｋＬｌＭｍＮｎＯｏＰｐＱｑＲｒＳｓＴｔＵｕＶｖＷｗＸｘＹｙＺｚ０１２３４５６７８９ÆŒ　' || U&'\0300\0301\0302\0303\0304\0305\0306\0307\0308\0309\030a\030b\030c\030d\030e\030f\0310\0311\0312\0313\0314\0315\0316\0317\0318\0319\031a\031b\031c\031d\031e\031f\0320\0321\0322\0323\0324\0325\0326\0327\0328\0329\032a\032b\032c\032d\032e\032f\0330\0331\0332\0333\0334\0335\0336\0337\0338\0339\033a\033b\033c\033d\033e\033f\0340\0341\0342\0343\0344\0345\0346\0347\0348\0349\034a\034b\034c\034d\034e\034f\0350\0351\0352\0353\0354\0355\0356\0357\0358\0359\035a\035b\035c\035d\035e\035f\0360\0361\0362\0363\0364\0365\0366\0367\0368\0369\036a\036b\036c\036d\036e\036f',
    'aaaaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzabcdefghijklmnopqrstuvwxyzaabbccddeeffgghhiijjkkllmmnnooppqqrrssttuuvvwwxxyyzz0123456789æœ '),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe')
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
