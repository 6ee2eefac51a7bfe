-- The audit log's list at a real office's volume (issue 8: every read of patient data leaves a row, five million
-- and more a year at a million patients, measured with npm run bench -- --scale): newest first over a date range,
-- by user and by action, each a page of 50 and a count bounded at 10 000. Without these, each page sorted the
-- whole log (parallel sequential scan and top-N sort: 1.3–3.5 s p95 on 5 M rows); the lookup by record already
-- has audit_log_entity_idx (0.6 ms). The id follows the time as the order's tie-breaker.
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_user_at_idx ON audit_log (user_id, at, id);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at, id);
