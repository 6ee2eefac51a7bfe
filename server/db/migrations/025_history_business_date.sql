-- The business date of each workflow event (issue 11): the server's `today`, which tests, demos and a back-dated
-- day's work move away from the computer's clock. A policy suspended, resumed or cancelled takes effect on that
-- day, and the coverage read from the history must see the same day (the timestamp `at` stays the real moment,
-- for the audit). Rows written before this column existed had no other date than `at`.
ALTER TABLE workflow_history ADD COLUMN on_date date;
UPDATE workflow_history SET on_date = at::date;
ALTER TABLE workflow_history ALTER COLUMN on_date SET NOT NULL;
