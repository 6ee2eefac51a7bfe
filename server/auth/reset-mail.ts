import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from './passwords.ts';

export const RESET_TTL_MINUTES = 60;

/** Stores a one-use reset token and mails its link: for a forgotten password and for an invitation. */
export async function mailResetLink(tx: Queryable, account: { id: number; email: string }, publicUrl: string | null, ttlMinutes = RESET_TTL_MINUTES) {
  const token = newToken();
  await tx.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
    hashToken(token),
    account.id,
    ttlMinutes,
  ]);
  const link = `${publicUrl ?? ''}/reset-password?token=${token}`;
  await tx.query('INSERT INTO mail_outbox (to_email, subject, body) VALUES ($1, $2, $3)', [
    account.email,
    'Restablecer la contraseña / Reset your password',
    `Abra este enlace para elegir una contraseña nueva (vence en ${ttlMinutes} minutos):\n${link}\n\nOpen this link to choose a new password (it expires in ${ttlMinutes} minutes).`,
  ]);
}
