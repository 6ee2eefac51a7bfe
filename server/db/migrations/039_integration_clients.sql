-- Integration clients (issue 27): practice software, clinic chains and exchanges that call the FHIR endpoint with
-- OAuth 2.0 client credentials. The secret is kept as a scrypt hash like a password; access tokens as SHA-256 like
-- session tokens. Each client acts through a user of its own (user_id), so what it creates has a creator and its
-- audit rows a user, as a staff member's do; that user has no usable password and no role.
CREATE TABLE integration_clients (
  id serial PRIMARY KEY,
  client_id text NOT NULL UNIQUE,
  name text NOT NULL,
  secret_hash text NOT NULL,
  secret_issued_at timestamptz NOT NULL DEFAULT now(),
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
  rate_limit_per_minute integer NOT NULL DEFAULT 120 CHECK (rate_limit_per_minute BETWEEN 1 AND 10000),
  user_id integer NOT NULL UNIQUE REFERENCES users(id),
  revoked_at timestamptz,
  created_by integer NOT NULL REFERENCES users(id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The doctors a client may claim for and the insurers whose patients it may read and claim against.
CREATE TABLE integration_client_doctors (
  client_id integer NOT NULL REFERENCES integration_clients(id) ON DELETE CASCADE,
  doctor_id integer NOT NULL REFERENCES doctors(id),
  PRIMARY KEY (client_id, doctor_id)
);
CREATE TABLE integration_client_insurers (
  client_id integer NOT NULL REFERENCES integration_clients(id) ON DELETE CASCADE,
  insurer_id integer NOT NULL REFERENCES insurers(id),
  PRIMARY KEY (client_id, insurer_id)
);

-- Short-lived access tokens; rotating the secret or revoking the client deletes them, and every request reads
-- the client's revocation with its token, so a revoked client is refused on its next request.
CREATE TABLE integration_tokens (
  token_hash text PRIMARY KEY,
  client_id integer NOT NULL REFERENCES integration_clients(id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integration_tokens_client_idx ON integration_tokens (client_id);

-- Each call a client made and how it was answered: the panel shows the last calls and errors.
CREATE TABLE integration_calls (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES integration_clients(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  error text
);
CREATE INDEX integration_calls_client_at_idx ON integration_calls (client_id, at DESC, id DESC);
CREATE INDEX integration_calls_client_errors_idx ON integration_calls (client_id, at DESC, id DESC) WHERE status >= 400;

-- Where a verification or a claim came from: the client, and the FHIR resource it sent as it was sent. A claim's
-- Claim.identifier (system|value) makes a resubmission answer the claim already made instead of a second one.
ALTER TABLE verifications
  ADD COLUMN integration_client_id integer REFERENCES integration_clients(id),
  ADD COLUMN source_resource jsonb;
ALTER TABLE reimbursements
  ADD COLUMN integration_client_id integer REFERENCES integration_clients(id),
  ADD COLUMN source_resource jsonb,
  ADD COLUMN source_identifier text;
CREATE UNIQUE INDEX reimbursements_source_identifier_idx ON reimbursements (integration_client_id, source_identifier) WHERE source_identifier IS NOT NULL;
