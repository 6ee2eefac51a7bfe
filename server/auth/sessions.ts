import { sql } from 'kysely';
import type { Database, Queryable } from '../db/database.ts';
import type { Config } from '../config.ts';
import { BASE_PERMISSIONS } from './roles.ts';
import { hashToken, newToken } from './passwords.ts';
import { sessionCache } from './session-cache.ts';

export interface SessionUser {
  id: number;
  version: number;
  name: string;
  email: string;
  locale: 'es' | 'en' | 'fr' | 'zh' | 'ja';
  active: boolean;
  locked: boolean;
  lockedUntil: string | null;
  roles: string[];
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  /** Given a password by an administrator: until they choose their own, only that and signing out are open. */
  mustChangeCredentials: boolean;
}

const USER_COLUMNS = `u.id, u.version, u.name, u.email, u.locale, u.active, u.must_change_password, u.created_at, u.updated_at,
  CASE WHEN u.locked_until > now() THEN u.locked_until END AS locked_until,
  coalesce(array_agg(DISTINCT r.code) FILTER (WHERE r.code IS NOT NULL), '{}') AS roles,
  coalesce(array_agg(DISTINCT rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions`;
const USER_JOINS = `LEFT JOIN user_roles ur ON ur.user_id = u.id
  LEFT JOIN roles r ON r.id = ur.role_id
  LEFT JOIN role_permissions rp ON rp.role_id = r.id`;

type UserRow = {
  id: number;
  version: number;
  name: string;
  email: string;
  locale: SessionUser['locale'];
  active: boolean;
  must_change_password: boolean;
  locked_until: Date | null;
  created_at: Date;
  updated_at: Date;
  roles: string[];
  permissions: string[];
};

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    email: row.email,
    locale: row.locale,
    active: row.active,
    locked: row.locked_until !== null,
    lockedUntil: row.locked_until && new Date(row.locked_until).toISOString(),
    roles: [...row.roles].sort(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    permissions: [...new Set([...BASE_PERMISSIONS, ...row.permissions])].sort(),
    mustChangeCredentials: row.must_change_password,
  };
}

export const publicUser = ({ permissions: _permissions, ...user }: SessionUser) => user;

/** Users with their roles and permissions, in the order of `ids`. */
export async function loadUsers(db: Queryable, ids: number[]): Promise<SessionUser[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u ${USER_JOINS} WHERE u.id = ANY($1::int[]) GROUP BY u.id`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, toSessionUser(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadUser(db: Queryable, id: number): Promise<SessionUser | null> {
  return (await loadUsers(db, [id]))[0] ?? null;
}

type AccessRow = { id: number; code: string; permissions: string[] };
type SessionRow = Omit<UserRow, 'roles' | 'permissions' | 'locked_until'> & {
  session_id: string;
  locked_until: Date | null;
  /** Seconds, on the database's clock: measured there so that this process's clock does not matter. */
  expires_in: number;
  idle_for: number;
  locked_for: number | null;
  role_ids: number[];
  stamp: string;
};
/** What the cache keeps: the user as of the read, and when the lock (if any) ends on this process's clock. */
type CachedUser = { user: SessionUser; lockedUntil: number | null };

// The touch of last_seen_at happens at most once a minute: a session last seen earlier is read again.
const TOUCH_EVERY_MS = 60_000;

export function sessionStore(db: Database, config: Config) {
  // The roles' codes and permissions as of an access stamp (migration 020): read once per change, not per request.
  let access: { stamp: string; roles: Map<number, AccessRow> } | null = null;
  const rolesAt = async (stamp: string) => {
    if (access?.stamp !== stamp) {
      const rows = await db.query<AccessRow>(
        `SELECT r.id, r.code, coalesce(array_agg(rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions
         FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id GROUP BY r.id`,
      );
      // Read after the stamp: at worst newer than it, which only costs one more reload.
      access = { stamp, roles: new Map(rows.map((row) => [row.id, row])) };
    }
    return access.roles;
  };
  const cache = sessionCache<CachedUser>(db);

  return {
    async open(tx: Queryable, userId: number): Promise<string> {
      const token = newToken();
      await tx.kysely
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), user_id: userId, expires_at: sql`now() + make_interval(mins => ${config.sessionTtlMinutes})` })
        .execute();
      return token;
    },

    /**
     * The user behind a live token: not revoked, not past its expiry, not idle too long, account
     * active. Most requests find it in memory (server/auth/session-cache.ts). Otherwise one statement
     * finds the session, the user, the user's roles and the access stamp; the roles' permissions come
     * from memory while the stamp has not moved, so a change to a role or to who holds it applies on
     * the holder's next request.
     */
    async authenticate(token: string): Promise<SessionUser | null> {
      const key = hashToken(token);
      const asked = performance.now();
      const cached = await cache.lookup(key);
      if (cached && asked < cached.expiresAt && asked - cached.lastSeenAt < TOUCH_EVERY_MS) {
        const { user, lockedUntil } = cached.user;
        const locked = lockedUntil !== null && performance.now() < lockedUntil;
        return { ...user, locked, lockedUntil: locked ? user.lockedUntil : null };
      }
      const mark = cache.mark();
      const sent = performance.now();
      const [session] = await db.query<SessionRow>(
        `SELECT s.id AS session_id, extract(epoch FROM s.expires_at - now())::float8 AS expires_in,
           extract(epoch FROM now() - s.last_seen_at)::float8 AS idle_for,
           u.id, u.version, u.name, u.email, u.locale, u.active, u.must_change_password, u.created_at, u.updated_at,
           CASE WHEN u.locked_until > now() THEN u.locked_until END AS locked_until,
           CASE WHEN u.locked_until > now() THEN extract(epoch FROM u.locked_until - now())::float8 END AS locked_for,
           ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id) AS role_ids,
           (SELECT n::text FROM access_stamp) AS stamp
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND u.active
           AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2)`,
        [key, config.sessionIdleMinutes],
      );
      if (!session) {
        cache.forget(key);
        return null;
      }
      // Touching last_seen_at at most once a minute keeps reads from turning into writes.
      const stale = session.idle_for * 1000 >= TOUCH_EVERY_MS;
      if (stale) await db.kysely.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', session.session_id).execute();
      const roles = await rolesAt(session.stamp);
      const held = session.role_ids.flatMap((id) => roles.get(id) ?? []);
      const user = toSessionUser({ ...session, roles: held.map((role) => role.code), permissions: [...new Set(held.flatMap((role) => role.permissions))] });
      // Times counted from before the statement was sent, so each lies before its real moment.
      cache.store(key, mark, {
        userId: user.id,
        user: { user, lockedUntil: session.locked_for === null ? null : sent + session.locked_for * 1000 },
        expiresAt: sent + session.expires_in * 1000,
        lastSeenAt: stale ? sent : sent - session.idle_for * 1000,
      });
      return user;
    },

    async revoke(tx: Queryable, token: string): Promise<void> {
      await tx.kysely.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
    },

    /** Every session of the user, but the one of `keepToken` when given. */
    async revokeAll(tx: Queryable, userId: number, keepToken?: string): Promise<void> {
      await tx.kysely
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('token_hash', '<>', keepToken ? hashToken(keepToken) : '')
        .execute();
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
