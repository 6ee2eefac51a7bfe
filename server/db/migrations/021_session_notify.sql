-- Servers keep live sessions in memory (server/auth/session-cache.ts). Whatever changes who may use a
-- session (a revocation, a deleted or back-dated session, a user disabled, locked or edited, a role
-- given or taken, a role's permissions) sends a notification on `session_changes` in the writer's own
-- transaction, so it reaches every server at commit, whichever process or operator wrote it.
-- Payloads: 'u:<user id>' forgets that user's sessions; '*' forgets every session.
-- A session's per-minute touch (last_seen_at moving forward) notifies nobody: a copy that is older
-- than the database only makes a server read the row again, never accept an idle session.

-- The trigger's argument names the row's user id column.
CREATE FUNCTION session_changes_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('session_changes', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM pg_notify('session_changes', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION session_changes_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', '*');
  RETURN NULL;
END $$;

-- A new session needs no notice (a server that does not know a token reads it); any other change
-- but a forward touch does.
CREATE TRIGGER sessions_changes AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at') OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION session_changes_row('user_id');
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_changes_row('user_id');

-- A failed sign-in counts attempts on the user's row; only the counter changing is no news.
CREATE TRIGGER users_changes AFTER UPDATE ON users FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'failed_attempts') IS DISTINCT FROM (to_jsonb(NEW) - 'failed_attempts'))
  EXECUTE FUNCTION session_changes_row('id');
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_changes_row('id');

CREATE TRIGGER user_roles_changes AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION session_changes_row('user_id');

CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION session_changes_all();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION session_changes_all();
CREATE TRIGGER user_roles_truncated AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION session_changes_all();
CREATE TRIGGER roles_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_all();
CREATE TRIGGER role_permissions_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_all();
