-- The audit chain's head and length, kept beside the chain: without them, removing the newest rows
-- (or every row) still verified as intact. TRUNCATE, which row triggers do not see, is refused too.
CREATE TABLE audit_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id bigint NOT NULL,
  last_hash text NOT NULL,
  row_count bigint NOT NULL
);
INSERT INTO audit_head (last_id, last_hash, row_count)
SELECT coalesce(max(id), 0), coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), repeat('0', 64)), count(*) FROM audit_log;

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
