-- Requests that send mail or create accounts, counted per key (an address, an account) to throttle them.
CREATE TABLE throttle_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX throttle_events_kind_key_at_idx ON throttle_events (kind, key, at);
