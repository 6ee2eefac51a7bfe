import { appendAudit } from '../audit.ts';
import { HttpProblem } from '../http/problem.ts';
import { actor, type Deps, type HandlersOf, type OperationRequest } from '../http/types.ts';
import { closeConversation, createConversation, getConversation, listConversations, listRecipients, markRead, sendMessage, unreadOf } from './conversations.ts';
import { messageAttachmentHandlers } from './attachment-handlers.ts';
import { latestEvent } from './events.ts';
import { eventStream } from './stream.ts';

type Ops =
  | 'listConversations'
  | 'createConversation'
  | 'getUnreadMessages'
  | 'listMessageRecipients'
  | 'getConversation'
  | 'sendMessage'
  | 'markConversationRead'
  | 'closeConversation'
  | 'streamEvents';

/** Where a reconnecting client left off: the Last-Event-ID header (what EventSource sends) or the query. */
function resumeFrom(request: OperationRequest<'streamEvents'>): number | undefined {
  const header = request.header('last-event-id')?.trim();
  if (header !== undefined && header !== '') {
    if (!/^\d{1,15}$/.test(header)) {
      throw new HttpProblem(400, 'request.invalid', 'Last-Event-ID must be the id of an event of this stream.', [{ path: 'header/Last-Event-ID', keyword: 'pattern' }]);
    }
    return Number(header);
  }
  return request.query.lastEventId;
}

/** Mensajes: conversations, read receipts, files and the live event stream. Bodies never go into audit rows. */
export const messageHandlers = ({ db, config, ...deps }: Deps): HandlersOf<Ops> & ReturnType<typeof messageAttachmentHandlers> => ({
  ...messageAttachmentHandlers({ db, config, ...deps }),
  async listConversations(request) {
    return { status: 200, body: await listConversations(db, actor(request), request.query) };
  },
  async createConversation(request) {
    const user = actor(request);
    const conversation = await db.transaction(async (tx) => {
      const id = await createConversation(tx, user, request.body);
      await appendAudit(tx, {
        userId: user.id,
        action: 'CREATE',
        entityType: 'conversation',
        entityId: id,
        result: 'ALLOWED',
        ip: request.ip,
        userAgent: request.userAgent,
        detail: { participants: request.body.participantIds.length + 1, ...(request.body.entityType ? { on: request.body.entityType, onId: request.body.entityId } : {}) },
      });
      return getConversation(tx, user, id);
    });
    return { status: 201, body: conversation };
  },
  async getUnreadMessages(request) {
    return { status: 200, body: await unreadOf(db, actor(request).id) };
  },
  async listMessageRecipients(request) {
    return { status: 200, body: { items: await listRecipients(db, actor(request), request.query.q) } };
  },
  async getConversation(request) {
    return { status: 200, body: await getConversation(db, actor(request), request.params.id) };
  },
  async sendMessage(request) {
    const user = actor(request);
    const message = await db.transaction(async (tx) => {
      const sent = await sendMessage(tx, user, request.params.id, request.body.body);
      await appendAudit(tx, {
        userId: user.id,
        action: 'CREATE',
        entityType: 'message',
        entityId: sent.id,
        result: 'ALLOWED',
        ip: request.ip,
        userAgent: request.userAgent,
        detail: { conversationId: request.params.id },
      });
      return sent;
    });
    return { status: 201, body: message };
  },
  async closeConversation(request) {
    const user = actor(request);
    const conversation = await db.transaction(async (tx) => {
      if (await closeConversation(tx, user, request.params.id)) {
        await appendAudit(tx, { userId: user.id, action: 'UPDATE', entityType: 'conversation', entityId: request.params.id, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail: { closed: true } });
      }
      return getConversation(tx, user, request.params.id);
    });
    return { status: 200, body: conversation };
  },
  async markConversationRead(request) {
    const user = actor(request);
    return { status: 200, body: await db.transaction((tx) => markRead(tx, user, request.params.id, request.body.upToMessageId)) };
  },
  async streamEvents(request) {
    const user = actor(request);
    const after = resumeFrom(request) ?? (await latestEvent(db, user.id));
    return {
      status: 200,
      body: eventStream(db, config, request.token!, user.id, after),
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    };
  },
});
