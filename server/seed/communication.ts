import type { Queryable } from '../db/database.ts';
import { emitUserEvents } from '../messages/events.ts';

/**
 * Demo notes and a conversation, so Notas and Mensajes show how they are used from the first sign-in: notes
 * on the first reimbursement and patient (one pinned, one private), and a conversation about the
 * reimbursement between the supervisor and the analyst, the first message read, the reply not yet.
 */
export async function seedCommunication(tx: Queryable): Promise<void> {
  const users = new Map((await tx.query<{ id: number; email: string }>(`SELECT id, email FROM users`)).map((u) => [u.email, u.id]));
  const supervisor = users.get('supervisor@demo.local');
  const analyst = users.get('analista@demo.local');
  const [claim] = await tx.query<{ id: number; folio: string; patient_id: number }>(
    `SELECT r.id, r.folio, v.patient_id FROM reimbursements r JOIN verifications v ON v.id = r.verification_id ORDER BY r.id LIMIT 1`,
  );
  if (!supervisor || !analyst || !claim) return;
  const note = (type: string, id: number, text: string, author: number, visibility = 'internal', pinned = false) =>
    tx.query(`INSERT INTO notes (entity_type, entity_id, text, visibility, pinned, author_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now() - interval '2 days', now() - interval '2 days')`, [
      type,
      id,
      text,
      visibility,
      pinned,
      author,
    ]);
  await note('reimbursement', claim.id, 'El titular pidió que el pago se haga a la cuenta nueva que informó por teléfono.', analyst, 'internal', true);
  await note('reimbursement', claim.id, 'Revisar si la boleta incluye el copago del control.', supervisor);
  await note('patient', claim.patient_id, 'Prefiere que lo contacten por correo, no por teléfono.', analyst);
  await note('patient', claim.patient_id, 'Recordar preguntar por el seguro complementario en la próxima visita.', analyst, 'private');

  const [conversation] = await tx.query<{ id: number }>(
    `INSERT INTO conversations (subject, entity_type, entity_id, created_by, last_message_at, created_at) VALUES ($1, 'reimbursement', $2, $3, now() - interval '1 day', now() - interval '1 day') RETURNING id`,
    [`Cuenta de pago del reembolso ${claim.folio}`, claim.id, supervisor],
  );
  await tx.query(`INSERT INTO conversation_participants (conversation_id, user_id) VALUES ($1, $2), ($1, $3)`, [conversation!.id, supervisor, analyst]);
  const say = async (author: number, body: string, hoursAgo: number) => {
    const [message] = await tx.query<{ id: number }>(
      `INSERT INTO messages (conversation_id, author_id, body, created_at) VALUES ($1, $2, $3, now() - make_interval(hours => $4)) RETURNING id`,
      [conversation!.id, author, body, hoursAgo],
    );
    await emitUserEvents(tx, [author === supervisor ? analyst : supervisor], { kind: 'message', conversationId: conversation!.id, messageId: message!.id });
    return message!.id;
  };
  const first = await say(supervisor, '¿Confirmaste con el titular la cuenta nueva antes de aprobar el pago?', 24);
  await tx.query(`INSERT INTO message_reads (message_id, user_id, read_at) VALUES ($1, $2, now() - interval '20 hours')`, [first, analyst]);
  await say(analyst, 'Sí, me la confirmó por correo; la dejé anotada en el reembolso.', 20);
}
