import { expect } from 'vitest';
import type { TestServer } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

export interface SseEvent {
  id: string;
  event: string;
  data: string;
  raw: string;
}

/**
 * Opens the user's event stream on the in-process server and reads it as a browser would: frames
 * separated by a blank line, comments (`:`) skipped.
 */
export async function openStream(server: TestServer, token: string, headers: Record<string, string> = {}, query = '') {
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };
  return sseReader(await server.api.request(`http://localhost/api/events${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, env));
}

/** Reads an open `text/event-stream` response event by event. */
export function sseReader(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];
  const parse = () => {
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const raw = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of raw.split('\n')) {
        if (line.startsWith(':') || !line.includes(':')) continue;
        const at = line.indexOf(':');
        fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
      }
      if (fields.data !== undefined) queue.push({ id: fields.id, event: fields.event, data: fields.data, raw });
    }
  };
  // A read that timed out stays pending and is awaited next time, so no chunk is dropped.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const readFor = async (ms: number) => {
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
    pending ??= reader.read();
    const result = await Promise.race([pending, timeout]);
    if (result === 'timeout') return false;
    pending = null;
    if (result.done) throw new Error('The stream ended');
    buffer += decoder.decode(result.value, { stream: true });
    parse();
    return true;
  };
  return {
    contentType: response.headers.get('content-type') ?? '',
    /** The next `n` events, failing after 10 s (on a quiet machine). */
    async next(n: number): Promise<SseEvent[]> {
      const deadline = Date.now() + hangLimit(10_000);
      while (queue.length < n) {
        if (Date.now() > deadline) throw new Error(`Expected ${n} events, got ${queue.length}`);
        await readFor(deadline - Date.now());
      }
      return queue.splice(0, n);
    },
    /** Events that arrive within `ms` (none expected, usually). */
    async quiet(ms: number): Promise<SseEvent[]> {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) await readFor(deadline - Date.now());
      return queue.splice(0);
    },
    close: () => reader.cancel(),
  };
}

/** The event a participant gets for a conversation just started: ids, link, subject and sender, never the text. */
export const startedConversationEvent = (conversation: { id: number; subject: string; messages: { id: number; author: { name: string } }[] }) => ({
  kind: 'message',
  conversationId: conversation.id,
  messageId: conversation.messages[0]!.id,
  link: `/mensajes/${conversation.id}`,
  subject: conversation.subject,
  senderName: conversation.messages[0]!.author.name,
});
