import { appendAudit } from '../audit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from './passwords.ts';
import { mailResetLink } from './reset-mail.ts';
import { takeThrottle } from './throttle.ts';
import { loadUser, publicUser } from './sessions.ts';
import { HttpProblem } from '../http/problem.ts';
import { sql } from 'kysely';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';

const invalidCredentials = () => new HttpProblem(401, 'auth.invalidCredentials', 'The e-mail or the password is wrong.');

// Verifying against a real hash when the account does not exist keeps timing from revealing it.
let dummyHash: Promise<string> | undefined;
// Serialises the attempts of one address (with its hash as the second key), also across servers.
const ADDRESS_LOCK = 8_150_344;
/** The throttle kind of an account's password evaluations in flight, and how long one may stay in flight. */
const PENDING = 'sign-in-pending';
const PENDING_SECONDS = 30;

export function authHandlers({ db, config, sessions }: Deps): HandlersOf<'logIn' | 'register' | 'logOut' | 'forgotPassword' | 'resetPassword' | 'getMe'> {
  const lockWindow = config.lockoutMinutes;

  const tooManyFromAddress = () =>
    new HttpProblem(429, 'auth.tooManyAttempts', 'Too many failed sign-ins from this address; try again later.', undefined, {
      'Retry-After': String(lockWindow * 60),
    });
  const locked = (seconds: number) =>
    new HttpProblem(429, 'auth.locked', 'The account is locked after too many failed sign-ins; try again later.', undefined, { 'Retry-After': String(seconds) });

  /**
   * Reserves one evaluation of a password, in one transaction (the address under an advisory lock, the
   * account row locked), so a burst of simultaneous attempts cannot outrun the limits. The address counts
   * the attempt as a failure at once; the account counts it as pending (a `sign-in-pending` throttle event):
   * an account evaluates at most as many passwords at a time as it has failures left before the lock. An
   * attempt beyond that is `busy`: it waits for those in flight to settle instead of being refused, so
   * correct passwords sent at once all get in, and wrong ones can never be evaluated beyond the limit.
   */
  const reserveAttempt = (ip: string, email: string) =>
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADDRESS_LOCK, ip]);
      // Failures older than the window no longer count; dropping them keeps the table small.
      await tx.kysely.deleteFrom('login_failures').where('ip', '=', ip).where(sql<boolean>`at < now() - make_interval(mins => ${lockWindow})`).execute();
      const { count } = await tx.kysely
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('ip', '=', ip)
        .executeTakeFirstOrThrow();
      if (Number(count) >= config.addressAttempts) return { refused: 'address' as const };
      const account = await tx.kysely
        .selectFrom('users')
        .select(['id', 'password_hash', 'active', 'failed_attempts', sql<number | null>`CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END`.as('locked_for')])
        .where(sql`lower(email)`, '=', email)
        .forUpdate()
        .executeTakeFirst();
      if (account?.locked_for || (account && account.failed_attempts >= config.lockoutAttempts)) {
        return { refused: 'locked' as const, account, retryAfter: account.locked_for ?? lockWindow * 60 };
      }
      let pendingId: string | number | null = null;
      if (account) {
        const key = String(account.id);
        // A pending evaluation lapses after a while, so one a crashed server left behind does not hold its slot for ever.
        await tx.kysely.deleteFrom('throttle_events').where('kind', '=', PENDING).where('key', '=', key).where(sql<boolean>`at < now() - make_interval(secs => ${PENDING_SECONDS})`).execute();
        const pending = await tx.kysely
          .selectFrom('throttle_events')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('kind', '=', PENDING)
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (account.failed_attempts + Number(pending.count) >= config.lockoutAttempts) return { refused: 'busy' as const };
        pendingId = (await tx.kysely.insertInto('throttle_events').values({ kind: PENDING, key }).returning('id').executeTakeFirstOrThrow()).id;
      }
      const failure = await tx.kysely.insertInto('login_failures').values({ ip }).returning('id').executeTakeFirstOrThrow();
      return { refused: null, account, failureId: failure.id, pendingId };
    });

  /** Reserves an evaluation, waiting (briefly, a few at a time) while the account's slots are all in flight. */
  async function reserveWhenFree(ip: string, email: string) {
    const giveUpAt = Date.now() + PENDING_SECONDS * 1000;
    for (;;) {
      const attempt = await reserveAttempt(ip, email);
      if (attempt.refused !== 'busy') return attempt;
      if (Date.now() > giveUpAt) return { refused: 'locked' as const, account: null, retryAfter: 1 };
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40));
    }
  }

  return {
    async logIn({ body, ip, userAgent }) {
      const email = String(body.email).trim().toLowerCase();
      const attempt = await reserveWhenFree(ip, email);
      if (attempt.refused === 'address') throw tooManyFromAddress();
      if (attempt.refused === 'locked') {
        await db.transaction((tx) => appendAudit(tx, { userId: attempt.account?.id ?? null, action: 'LOGIN_FAILED', result: 'DENIED', ip, userAgent, detail: { reason: 'locked' } }));
        throw locked(attempt.retryAfter);
      }
      const { account, failureId, pendingId } = attempt;
      const passwordOk = await verifyPassword(body.password, account?.password_hash ?? (await (dummyHash ??= hashPassword(newToken()))));
      if (!account || !passwordOk || !account.active) {
        await db.transaction(async (tx) => {
          if (account) {
            // The pending attempt becomes a failure; reaching the limit locks the account and starts the count again.
            await tx.kysely.deleteFrom('throttle_events').where('id', '=', pendingId!).execute();
            const reached = sql<boolean>`failed_attempts + 1 >= ${config.lockoutAttempts}`;
            await tx.kysely
              .updateTable('users')
              .set({
                failed_attempts: sql`CASE WHEN ${reached} THEN 0 ELSE failed_attempts + 1 END`,
                locked_until: sql`CASE WHEN ${reached} THEN now() + make_interval(mins => ${lockWindow}) ELSE locked_until END`,
              })
              .where('id', '=', account.id)
              .execute();
          }
          await appendAudit(tx, { userId: account?.id ?? null, action: 'LOGIN_FAILED', result: 'DENIED', ip, userAgent, detail: { email } });
        });
        throw invalidCredentials();
      }
      const token = await db.transaction(async (tx) => {
        await tx.kysely.deleteFrom('login_failures').where('id', '=', failureId).execute();
        await tx.kysely.deleteFrom('throttle_events').where('id', '=', pendingId!).execute();
        await tx.kysely.updateTable('users').set({ failed_attempts: 0, locked_until: null }).where('id', '=', account.id).execute();
        await appendAudit(tx, { userId: account.id, action: 'LOGIN', result: 'ALLOWED', ip, userAgent });
        return sessions.open(tx, account.id);
      });
      const user = (await loadUser(db, account.id))!;
      return { status: 200, body: { status: 'success', message: 'Signed in.', authorisation: { token, type: 'bearer' }, user: publicUser(user) } };
    },

    async register({ body, ip, userAgent }) {
      const passwordHash = await hashPassword(body.password);
      const { id, token } = await db.transaction(async (tx) => {
        if (!(await takeThrottle(tx, 'register', ip, config.registrationsPerAddress, 60))) {
          throw new HttpProblem(429, 'auth.tooManyAttempts', 'Too many accounts created from this address; try again later.', undefined, { 'Retry-After': '3600' });
        }
        const row = await tx.kysely
          .insertInto('users')
          .values({ name: body.name.trim(), email: body.email.trim().toLowerCase(), password_hash: passwordHash })
          .returning('id')
          .executeTakeFirstOrThrow();
        await appendAudit(tx, { userId: row.id, action: 'REGISTER', entityType: 'user', entityId: row.id, result: 'ALLOWED', ip, userAgent });
        return { id: row.id, token: await sessions.open(tx, row.id) };
      });
      const user = (await loadUser(db, id))!;
      return { status: 201, body: { status: 'success', message: 'Registered.', authorisation: { token, type: 'bearer' }, user: publicUser(user) } };
    },

    async logOut(request) {
      await db.transaction(async (tx) => {
        await sessions.revoke(tx, request.token!);
        await appendAudit(tx, { userId: actor(request).id, action: 'LOGOUT', result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent });
      });
      return { status: 204 };
    },

    async forgotPassword({ body, ip, userAgent }) {
      const email = body.email.trim().toLowerCase();
      await db.transaction(async (tx) => {
        const account = await tx.kysely.selectFrom('users').select(['id', 'email']).where(sql`lower(email)`, '=', email).where('active', '=', true).executeTakeFirst();
        // Throttled requests answer exactly like the others: the answer never tells what happened.
        const sends =
          account !== undefined &&
          (await takeThrottle(tx, 'reset-address', ip, config.resetRequestsPerAddress, 60)) &&
          (await takeThrottle(tx, 'reset-account', String(account.id), config.resetMailsPerAccount, 60));
        const detail = { email, ...(account && !sends ? { reason: 'throttled' } : {}) };
        await appendAudit(tx, { userId: account?.id ?? null, action: 'PASSWORD_RESET_REQUESTED', result: sends ? 'ALLOWED' : 'DENIED', ip, userAgent, detail });
        if (sends) await mailResetLink(tx, account, config.publicUrl);
      });
      return { status: 202 };
    },

    async resetPassword({ body, ip, userAgent }) {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const reset = await tx.kysely
          .updateTable('password_resets')
          .set({ used_at: sql`now()` })
          .where('token_hash', '=', hashToken(body.token))
          .where('used_at', 'is', null)
          .where(sql<boolean>`expires_at > now()`)
          .returning('user_id')
          .executeTakeFirst();
        if (!reset) throw new HttpProblem(422, 'auth.resetTokenInvalid', 'The reset link is invalid, used or expired.');
        await tx.kysely
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: false, failed_attempts: 0, locked_until: null, updated_at: sql`now()` })
          .where('id', '=', reset.user_id)
          .execute();
        await sessions.revokeAll(tx, reset.user_id);
        await appendAudit(tx, { userId: reset.user_id, action: 'PASSWORD_RESET', entityType: 'user', entityId: reset.user_id, result: 'ALLOWED', ip, userAgent });
      });
      return { status: 204 };
    },

    async getMe(request) {
      const { permissions, ...user } = actor(request);
      return { status: 200, body: { user, permissions } };
    },
  };
}
