-- A guided flow's draft (its step and what was typed), one per user, flow and record, so that it survives a
-- reload and a session expiry. Only its owner reads it: every query is keyed by the signed-in user.
CREATE TABLE flow_drafts (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  flow text NOT NULL CHECK (flow ~ '^[a-z][a-z0-9-]{0,39}$'),
  record_key text NOT NULL CHECK (record_key ~ '^[A-Za-z0-9_-]{1,64}$'),
  snapshot jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, flow, record_key)
);
