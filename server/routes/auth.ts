import { appendAudit } from '../audit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/passwords.ts';
import { mailResetLink } from '../auth/reset-mail.ts';
import { loadUser, publicUser } from '../auth/sessions.ts';
import { HttpProblem } from '../http/problem.ts';
import { sql } from 'kysely';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';

const invalidCredentials = () => new HttpProblem(401, 'auth.invalidCredentials', 'The e-mail or the password is wrong.');

// Verifying against a real hash when the account does not exist keeps timing from revealing it.
let dummyHash: Promise<string> | undefined;

export function authHandlers({ db, config, sessions }: Deps): HandlersOf<'logIn' | 'register' | 'logOut' | 'forgotPassword' | 'resetPassword' | 'getMe'> {
  const lockWindow = config.lockoutMinutes;

  async function refuseBusyAddress(ip: string) {
    const { count } = await db.kysely
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .where(sql<boolean>`at > now() - make_interval(mins => ${lockWindow})`)
      .executeTakeFirstOrThrow();
    if (Number(count) >= config.addressAttempts) {
      throw new HttpProblem(429, 'auth.tooManyAttempts', 'Too many failed sign-ins from this address; try again later.', undefined, {
        'Retry-After': String(lockWindow * 60),
      });
    }
  }

  return {
    async logIn({ body, ip, userAgent }) {
      await refuseBusyAddress(ip);
      const email = String(body.email).trim().toLowerCase();
      const account = await db.kysely
        .selectFrom('users')
        .select(['id', 'password_hash', 'active', sql<number | null>`CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END`.as('locked_for')])
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
      if (account?.locked_for) {
        await db.transaction((tx) => appendAudit(tx, { userId: account.id, action: 'LOGIN_FAILED', result: 'DENIED', ip, userAgent, detail: { reason: 'locked' } }));
        throw new HttpProblem(429, 'auth.locked', 'The account is locked after too many failed sign-ins; try again later.', undefined, {
          'Retry-After': String(account.locked_for),
        });
      }
      const passwordOk = await verifyPassword(body.password, account?.password_hash ?? (await (dummyHash ??= hashPassword(newToken()))));
      if (!account || !passwordOk || !account.active) {
        await db.transaction(async (tx) => {
          // Failures older than the window no longer count; dropping them keeps the table small.
          await tx.kysely.deleteFrom('login_failures').where('ip', '=', ip).where(sql<boolean>`at < now() - make_interval(mins => ${lockWindow})`).execute();
          await tx.kysely.insertInto('login_failures').values({ ip }).execute();
          if (account) {
            const locks = sql<boolean>`failed_attempts + 1 >= ${config.lockoutAttempts}`;
            await tx.kysely
              .updateTable('users')
              .set({
                failed_attempts: sql`CASE WHEN ${locks} THEN 0 ELSE failed_attempts + 1 END`,
                locked_until: sql`CASE WHEN ${locks} THEN now() + make_interval(mins => ${lockWindow}) ELSE locked_until END`,
              })
              .where('id', '=', account.id)
              .execute();
          }
          await appendAudit(tx, { userId: account?.id ?? null, action: 'LOGIN_FAILED', result: 'DENIED', ip, userAgent, detail: { email } });
        });
        throw invalidCredentials();
      }
      const token = await db.transaction(async (tx) => {
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
        await appendAudit(tx, { userId: account?.id ?? null, action: 'PASSWORD_RESET_REQUESTED', result: account ? 'ALLOWED' : 'DENIED', ip, userAgent, detail: { email } });
        if (!account) return;
        await mailResetLink(tx, account, config.publicUrl);
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
          .set({ password_hash: passwordHash, failed_attempts: 0, locked_until: null, updated_at: sql`now()` })
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
