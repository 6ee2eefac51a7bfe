import { sessionBridge } from '../../api/client.ts';

export interface LiveEvent {
  id: string;
  event: string;
  data: { kind: 'message' | 'read' | 'closed'; conversationId: number; messageId?: number; link: string; subject: string; senderName?: string };
}

const RETRY_MS = [1000, 2000, 5000, 10000, 30000];

/**
 * The user's live notifications (GET /api/events). A fetch stream rather than EventSource, so the
 * token goes in the Authorization header and not in a URL; after a drop it reconnects with the last
 * event id it saw, and the server replays what was missed (no gaps, no repeats).
 */
export function followEvents(onEvent: (event: LiveEvent) => void, onUnauthorized: () => void): () => void {
  const controller = new AbortController();
  let lastId: string | null = null;
  let failures = 0;

  /** Reads one connection to its end; false when the session is over and reconnecting is pointless. */
  const readOnce = async (): Promise<boolean> => {
    const token = sessionBridge.getToken();
    if (!token) return false;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastId) headers['Last-Event-ID'] = lastId;
    const response = await fetch('/api/events', { headers, signal: controller.signal, cache: 'no-store' });
    if (response.status === 401) {
      onUnauthorized();
      return false;
    }
    if (!response.ok || !response.body) throw new Error(`events ${response.status}`);
    failures = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Record<string, string> = {};
        for (const line of frame.split('\n')) {
          const at = line.indexOf(':');
          if (at <= 0) continue;
          fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
        }
        if (fields.data === undefined) continue;
        if (fields.id) lastId = fields.id;
        try {
          onEvent({ id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) });
        } catch {
          // A frame that is not JSON is not ours to act on.
        }
      }
    }
    return true;
  };

  const loop = async () => {
    while (!controller.signal.aborted) {
      try {
        if (!(await readOnce())) return;
      } catch {
        if (controller.signal.aborted) return;
        failures += 1;
      }
      if (controller.signal.aborted || !sessionBridge.getToken()) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]));
    }
  };
  void loop();
  return () => controller.abort();
}
