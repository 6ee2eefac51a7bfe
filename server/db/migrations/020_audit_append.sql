-- Appending audit rows in one statement: the head row is locked, each row's hash is taken over the
-- previous hash and the row's canonical JSON (made by server/audit.ts, which hashes exactly
-- '["<previous hash>",' || canonical_rest), and the head moves, in one round trip instead of four.
CREATE FUNCTION audit_append(entries jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prev text;
  entry jsonb;
  appended bigint;
BEGIN
  SELECT last_hash INTO prev FROM audit_head FOR UPDATE;
  FOR entry IN SELECT value FROM jsonb_array_elements(entries) WITH ORDINALITY ORDER BY ordinality LOOP
    INSERT INTO audit_log (at, user_id, action, entity_type, entity_id, result, ip, user_agent, detail, prev_hash, hash)
    VALUES ((entry->>'at')::timestamptz, (entry->>'user_id')::integer, entry->>'action', entry->>'entity_type', entry->>'entity_id',
      entry->>'result', entry->>'ip', entry->>'user_agent', entry->'detail', prev,
      encode(sha256(convert_to('["' || prev || '",' || (entry->>'canonical_rest'), 'UTF8')), 'hex'))
    RETURNING id, hash INTO appended, prev;
  END LOOP;
  IF appended IS NOT NULL THEN
    UPDATE audit_head SET last_id = appended, last_hash = prev, row_count = row_count + jsonb_array_length(entries);
  END IF;
END $$;
