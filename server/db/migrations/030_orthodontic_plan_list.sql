-- The plan list's default order (newest first) at a million patients (issue 9): with the scale seed's ~4 300 plans
-- the page joined every plan to its patient, policy, insurer, doctor and pre-authorisation before sorting them
-- (hash joins over the whole policies and verifications tables, 60-120 ms a page at 100 000 patients under load);
-- read in this index's order, a page joins its 20 rows only. The same order as reimbursements_created_idx.
CREATE INDEX orthodontic_plans_created_idx ON orthodontic_plans (created_at DESC, id);
