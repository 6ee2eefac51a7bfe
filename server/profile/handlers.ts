import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { loadUser } from '../auth/sessions.ts';
import { BusinessRuleError, StaleVersionError } from '../errors.ts';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';
import { audit } from '../http/define-resource.ts';

/** The signed-in user's own profile: name, language and password. */
export function profileHandlers({ db, sessions }: Deps): HandlersOf<'updateMe' | 'changeMyPassword'> {
  return {
    async updateMe(request) {
      const { id } = actor(request);
      const { name, locale, version } = request.body;
      const me = await db.transaction(async (tx) => {
        const updated = await tx.kysely
          .updateTable('users')
          .set({ name: name.trim(), locale, version: sql`version + 1`, updated_at: sql`now()` })
          .where('id', '=', id)
          .where('version', '=', version)
          .returning('id')
          .executeTakeFirst();
        const user = (await loadUser(tx, id))!;
        if (!updated) throw new StaleVersionError('user', user.version);
        await audit(tx, request, 'user', 'UPDATE', id, { version: user.version, own: true });
        return user;
      });
      const { permissions, ...user } = me;
      return { status: 200, body: { user, permissions }, headers: { ETag: `"${user.version}"` } };
    },

    async changeMyPassword(request) {
      const { id } = actor(request);
      const { currentPassword, newPassword } = request.body;
      const row = await db.kysely.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(currentPassword, row.password_hash))) {
        throw new BusinessRuleError('auth.wrongCurrentPassword', 'The current password is wrong.', [{ path: 'body/currentPassword', keyword: 'wrongPassword' }]);
      }
      // A given password is known to whoever gave it: choosing "one's own" means another one.
      if (row.must_change_password && newPassword === currentPassword) {
        throw new BusinessRuleError('auth.passwordNotChanged', 'Choose a password other than the one you were given.', [{ path: 'body/newPassword', keyword: 'samePassword' }]);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.kysely.updateTable('users').set({ password_hash: passwordHash, must_change_password: false, updated_at: sql`now()` }).where('id', '=', id).execute();
        // Whoever knew the old password is signed out everywhere but here.
        await sessions.revokeAll(tx, id, request.token ?? undefined);
        await audit(tx, request, 'user', 'PASSWORD_CHANGED', id);
      });
      return { status: 204 };
    },
  };
}
