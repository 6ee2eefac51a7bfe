-- Users, roles, sessions and the audit log: the walking skeleton's tables.
CREATE TABLE roles (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  system boolean NOT NULL DEFAULT false
);

CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  locale text NOT NULL DEFAULT 'es',
  active boolean NOT NULL DEFAULT true,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_name_idx ON users (name, id);

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
  PRIMARY KEY (user_id, role_id)
);

-- Only the SHA-256 of a token is stored, so a leaked table does not leak sessions.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_ip_at_idx ON login_failures (ip, at);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Mail the server sends (password reset links); a delivery worker or an operator reads it.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  action text NOT NULL,
  entity_type text,
  entity_id text,
  result text NOT NULL,
  ip text,
  user_agent text,
  detail jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TABLE insurers (
  id serial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  legal_name text,
  tax_id text,
  country char(2) NOT NULL,
  currency char(3) NOT NULL,
  phone text,
  email text,
  portal_url text,
  address text,
  contact_name text,
  claim_deadline_days integer NOT NULL DEFAULT 90 CHECK (claim_deadline_days BETWEEN 1 AND 365),
  cure_days integer NOT NULL DEFAULT 10 CHECK (cure_days BETWEEN 1 AND 90),
  sla_business_days integer NOT NULL DEFAULT 10 CHECK (sla_business_days BETWEEN 1 AND 90),
  verification_validity_days integer NOT NULL DEFAULT 30 CHECK (verification_validity_days BETWEEN 1 AND 365),
  preauthorization_above numeric(12, 2),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX insurers_code_key ON insurers (code);
CREATE UNIQUE INDEX insurers_tax_id_key ON insurers (tax_id) WHERE tax_id IS NOT NULL;
CREATE INDEX insurers_name_idx ON insurers (lower(name), id);
