import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from './passwords.ts';

export const RESET_TTL_MINUTES = 60;

/** Stores a one-use reset token and mails its link: for a forgotten password and for an invitation. */
export async function mailResetLink(tx: Queryable, account: { id: number; email: string }, publicUrl: string | null, ttlMinutes = RESET_TTL_MINUTES) {
  const token = newToken();
  // One live link per account: a new one ends the ones mailed before.
  await tx.kysely.updateTable('password_resets').set({ used_at: sql`now()` }).where('user_id', '=', account.id).where('used_at', 'is', null).execute();
  await tx.kysely
    .insertInto('password_resets')
    .values({ token_hash: hashToken(token), user_id: account.id, expires_at: sql`now() + make_interval(mins => ${ttlMinutes})` })
    .execute();
  const link = `${publicUrl ?? ''}/reset-password?token=${token}`;
  await tx.kysely
    .insertInto('mail_outbox')
    .values({
      to_email: account.email,
      subject: 'Restablecer la contraseña / Reset your password',
      body: `Abra este enlace para elegir una contraseña nueva (vence en ${ttlMinutes} minutos):\n${link}\n\nOpen this link to choose a new password (it expires in ${ttlMinutes} minutes).`,
    })
    .execute();
}
