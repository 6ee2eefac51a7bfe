-- Every request reads who holds which permission. A server keeps the roles' permissions in memory
-- and reloads them when this stamp moves; triggers move it on any change to roles or their
-- permissions, whatever wrote it (the roles API, the start-up sync, an operator's SQL), in the
-- writer's own transaction, so no server serves a grant or a revocation later than its next request.
CREATE TABLE access_stamp (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO access_stamp (n) VALUES (1);

CREATE FUNCTION access_stamp_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_stamp SET n = n + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER roles_access_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION access_stamp_move();
CREATE TRIGGER role_permissions_access_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION access_stamp_move();
