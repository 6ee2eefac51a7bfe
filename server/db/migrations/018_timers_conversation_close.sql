-- Jobs that run every few seconds or minutes in every API process (announcement publication windows):
-- one row per job and time slot, inserted by the first process to reach the slot, so N processes run
-- each slot once. Each run deletes its job's rows older than a day.
CREATE TABLE timer_runs (
  job text NOT NULL,
  slot timestamptz NOT NULL,
  -- host:pid of the process that claimed the slot, for operators.
  claimed_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  events_sent integer,
  PRIMARY KEY (job, slot)
);

-- A conversation is closed by one of its participants: it keeps its messages and takes no new ones.
ALTER TABLE conversations ADD COLUMN closed_at timestamptz;
ALTER TABLE conversations ADD COLUMN closed_by integer REFERENCES users(id);
ALTER TABLE conversations ADD CONSTRAINT conversations_closed_check CHECK ((closed_at IS NULL) = (closed_by IS NULL));
-- Participants hear of the closing on their live stream.
ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check CHECK (kind IN ('message', 'read', 'closed'));

-- Stream events are kept a while for reconnecting clients, then purged by the daily scheduler.
CREATE INDEX user_events_created_idx ON user_events (created_at);
