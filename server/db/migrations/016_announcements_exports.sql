-- Announcements (research 2.8) with their read and acknowledgement rows, and export jobs (research 2.11).

-- Which insurers' staff a user belongs to: the "insurer" audience of an announcement.
CREATE TABLE user_insurers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  insurer_id integer NOT NULL REFERENCES insurers(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, insurer_id)
);
CREATE INDEX user_insurers_insurer_idx ON user_insurers (insurer_id);

CREATE TABLE announcements (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) <= 150),
  body text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('low', 'normal', 'medium', 'high')),
  audience text NOT NULL CHECK (audience IN ('everyone', 'roles', 'users', 'insurer')),
  audience_roles text[] NOT NULL DEFAULT '{}',
  audience_user_ids integer[] NOT NULL DEFAULT '{}',
  audience_insurer_id integer REFERENCES insurers(id) ON DELETE RESTRICT,
  requires_acknowledgement boolean NOT NULL DEFAULT false,
  blocking boolean NOT NULL DEFAULT false,
  publish_from timestamptz NOT NULL,
  publish_until timestamptz,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'published', 'archived')),
  body_version integer NOT NULL DEFAULT 1,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  published_at timestamptz,
  archived_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (publish_until IS NULL OR publish_until > publish_from),
  CHECK (NOT blocking OR (requires_acknowledgement AND priority = 'high'))
);
CREATE INDEX announcements_live_idx ON announcements (state, publish_from) WHERE state IN ('scheduled', 'published');
CREATE INDEX announcements_publish_from_idx ON announcements (publish_from DESC, id);

-- The title and body of each version replaced by a revision, so what a user acknowledged stays readable.
CREATE TABLE announcement_versions (
  announcement_id integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  body_version integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  replaced_at timestamptz NOT NULL DEFAULT now(),
  replaced_by integer REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (announcement_id, body_version)
);

-- One row per user and version: a new version has none, so its acknowledgements start again.
CREATE TABLE announcement_reads (
  announcement_id integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  body_version integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  ip text,
  PRIMARY KEY (announcement_id, body_version, user_id)
);
CREATE INDEX announcement_reads_user_idx ON announcement_reads (user_id);

ALTER TABLE workflow_history DROP CONSTRAINT workflow_history_entity_type_check;
ALTER TABLE workflow_history ADD CONSTRAINT workflow_history_entity_type_check
  CHECK (entity_type IN ('verification', 'reimbursement', 'orthodontic_plan', 'orthodontic_installment', 'policy', 'patient', 'announcement'));

-- The export queue: any server process claims a queued job (FOR UPDATE SKIP LOCKED); a running job
-- whose lease lapsed (its process died) is claimed again, and only the holder of the latest claim
-- (claim_token) may write progress or finish it, so a job completes once.
CREATE TABLE export_jobs (
  id serial PRIMARY KEY,
  list text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  filters jsonb NOT NULL DEFAULT '{}',
  columns jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed', 'expired')),
  reason text,
  contains_health_data boolean NOT NULL,
  requested_by integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  attempts integer NOT NULL DEFAULT 0,
  claim_token text,
  -- host:pid of the process holding the latest claim, for operators (which process runs what).
  claimed_by text,
  lease_until timestamptz,
  rows_done integer NOT NULL DEFAULT 0,
  rows_total integer,
  size_bytes bigint,
  storage_key text,
  file_name text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  download_count integer NOT NULL DEFAULT 0,
  last_downloaded_at timestamptz,
  CHECK (NOT contains_health_data OR length(btrim(coalesce(reason, ''))) > 0)
);
CREATE INDEX export_jobs_claim_idx ON export_jobs (id) WHERE state IN ('queued', 'running');
CREATE INDEX export_jobs_requester_idx ON export_jobs (requested_by, created_at DESC);
CREATE INDEX export_jobs_expiry_idx ON export_jobs (expires_at) WHERE state = 'completed';
