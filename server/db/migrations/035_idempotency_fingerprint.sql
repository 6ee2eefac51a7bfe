-- An Idempotency-Key names one request: the digest of the body it came with, so the same key with another body
-- is refused (422 idempotency.keyReused) instead of answering the first record as if it were the second's.
-- Rows made before this have none, and any body replays them as before.
ALTER TABLE reimbursements ADD COLUMN idempotency_fingerprint text;
