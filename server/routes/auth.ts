import { appendAudit } from '../audit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/passwords.ts';
import { mailResetLink } from '../auth/reset-mail.ts';
import { loadUser, publicUser } from '../auth/sessions.ts';
import { HttpProblem } from '../http/problem.ts';
import { actor, type Deps, type Handlers } from '../http/types.ts';

const invalidCredentials = () => new HttpProblem(401, 'auth.invalidCredentials', 'The e-mail or the password is wrong.');

// Verifying against a real hash when the account does not exist keeps timing from revealing it.
let dummyHash: Promise<string> | undefined;

export function authHandlers({ db, config, sessions }: Deps): Handlers {
  const lockWindow = config.lockoutMinutes;

  async function refuseBusyAddress(ip: string) {
    const [{ count }] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM login_failures WHERE ip = $1 AND at > now() - make_interval(mins => $2)`,
      [ip, lockWindow],
    );
    if (count >= config.addressAttempts) {
      throw new HttpProblem(429, 'auth.tooManyAttempts', 'Too many failed sign-ins from this address; try again later.', undefined, {
        'Retry-After': String(lockWindow * 60),
      });
    }
  }

  return {
    async logIn({ body, ip, userAgent }) {
      await refuseBusyAddress(ip);
      const email = String(body.email).trim().toLowerCase();
      const [account] = await db.query<{ id: number; password_hash: string; active: boolean; locked_for: number | null }>(
        `SELECT id, password_hash, active,
                CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END AS locked_for
           FROM users WHERE lower(email) = $1`,
        [email],
      );
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
          await tx.query(`DELETE FROM login_failures WHERE ip = $1 AND at < now() - make_interval(mins => $2)`, [ip, lockWindow]);
          await tx.query('INSERT INTO login_failures (ip) VALUES ($1)', [ip]);
          if (account) {
            await tx.query(
              `UPDATE users SET
                 failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
                 locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE locked_until END
               WHERE id = $1`,
              [account.id, config.lockoutAttempts, lockWindow],
            );
          }
          await appendAudit(tx, { userId: account?.id ?? null, action: 'LOGIN_FAILED', result: 'DENIED', ip, userAgent, detail: { email } });
        });
        throw invalidCredentials();
      }
      const token = await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET failed_attempts = 0, locked_until = NULL WHERE id = $1', [account.id]);
        await appendAudit(tx, { userId: account.id, action: 'LOGIN', result: 'ALLOWED', ip, userAgent });
        return sessions.open(tx, account.id);
      });
      const user = (await loadUser(db, account.id))!;
      return { status: 200, body: { status: 'success', message: 'Signed in.', authorisation: { token, type: 'bearer' }, user: publicUser(user) } };
    },

    async register({ body, ip, userAgent }) {
      const passwordHash = await hashPassword(body.password);
      const { id, token } = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id`,
          [body.name.trim(), body.email.trim().toLowerCase(), passwordHash],
        );
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
        const [account] = await tx.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE lower(email) = $1 AND active', [email]);
        await appendAudit(tx, { userId: account?.id ?? null, action: 'PASSWORD_RESET_REQUESTED', result: account ? 'ALLOWED' : 'DENIED', ip, userAgent, detail: { email } });
        if (!account) return;
        await mailResetLink(tx, account, config.publicUrl);
      });
      return { status: 202 };
    },

    async resetPassword({ body, ip, userAgent }) {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const [reset] = await tx.query<{ user_id: number }>(
          `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
          [hashToken(body.token)],
        );
        if (!reset) throw new HttpProblem(422, 'auth.resetTokenInvalid', 'The reset link is invalid, used or expired.');
        await tx.query('UPDATE users SET password_hash = $2, failed_attempts = 0, locked_until = NULL, updated_at = now() WHERE id = $1', [reset.user_id, passwordHash]);
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
