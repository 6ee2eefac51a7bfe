-- Users and roles are edited in the panel now: optimistic versions, and the role filter's index.
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE INDEX user_roles_role_idx ON user_roles (role_id, user_id);
