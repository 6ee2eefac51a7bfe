import type { BrowserContext, Request } from '@playwright/test';
import { apiToken, authHeader, expect, signIn, test, watchServerErrors } from './fixtures.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

// The live message stream after a network drop (src/features/messages/event-stream.ts): the receiver's browser goes
// offline, two messages are sent meanwhile, the network comes back, and both arrive once each, in order, without a
// reload — the client resumes with the last event id it saw and the server replays what was missed.

// The live stream's address, as the test reads it (the page's own copy is in recordLiveEvents, which runs in the page).
const EVENTS = /\/api\/events(\?|$)/;

interface Received {
  id: string;
  data: { kind: string; conversationId: number; messageId?: number };
}

/**
 * Copies every event the page's stream delivers into window.__received (the app reads its own copy of the same
 * bytes), so the test sees what reached the browser on each connection: a repeat or a gap shows there. And
 * window.__dropStreams() drops the open connections as a failing network does: Chromium's offline mode stops new
 * requests but leaves a response that is already streaming open.
 */
async function recordLiveEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const received: unknown[] = [];
    const drops: (() => void)[] = [];
    Object.assign(window, { __received: received, __dropStreams: () => drops.splice(0).forEach((drop) => drop()) });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/api\/events(\?|$)/.test(url) || !response.body) return response;
      const [ours, theirs] = response.body.tee();
      let cut: TransformStreamDefaultController | undefined;
      const forApp = theirs.pipeThrough(new TransformStream({ start: (controller) => void (cut = controller) }));
      const reader = ours.pipeThrough(new TextDecoderStream()).getReader();
      drops.push(() => {
        cut?.error(new TypeError('network error'));
        void reader.cancel();
      });
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data:\s?(.*)$/m.exec(frame)?.[1];
            if (data) received.push({ id: /^id:\s?(.*)$/m.exec(frame)?.[1], data: JSON.parse(data) });
          }
        }
      })();
      return new Response(forApp, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
}

test('after a network drop the live stream resumes: two messages sent meanwhile arrive once each, in order, without reload', async ({ browser, request }) => {
  test.setTimeout(hangLimit(90_000));
  const supervisorToken = await apiToken(request, 'supervisor@demo.local');
  const analystId = (await (await request.get('/api/me', { headers: authHeader(await apiToken(request, 'analista@demo.local')) })).json()).user.id as number;
  const subject = `Reconexión ${Date.now().toString(36)}`;
  const created = await request.post('/api/conversations', { headers: authHeader(supervisorToken), data: { subject, participantIds: [analystId], body: 'Primer mensaje.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const open = async (email: string) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES' });
    watchServerErrors(context);
    const page = await context.newPage();
    return { context, page, email };
  };
  const sender = await open('supervisor@demo.local');
  const receiver = await open('analista@demo.local');
  await recordLiveEvents(receiver.context);
  // The streams the server answered, with the Last-Event-ID each asked to resume after.
  const streams: (string | undefined)[] = [];
  receiver.page.on('response', (r) => {
    if (EVENTS.test(r.url()) && r.status() === 200) streams.push(r.request().headers()['last-event-id']);
  });
  // The receiver's other requests still on the wire: each live event makes it read the conversation again.
  const inFlight = new Set<Request>();
  receiver.page.on('request', (r) => void (EVENTS.test(r.url()) || inFlight.add(r)));
  receiver.page.on('requestfinished', (r) => void inFlight.delete(r));
  receiver.page.on('requestfailed', (r) => void inFlight.delete(r));
  for (const { page, email } of [sender, receiver]) {
    await signIn(page, email, { to: `/app/mensajes/${id}` });
    await expect(page.getByTestId('message')).toHaveText([/Primer mensaje/]);
  }
  const received = () => receiver.page.evaluate(() => (window as unknown as { __received: Received[] }).__received);
  // The stream is up and has delivered something (a read receipt at least) before it is cut.
  await expect.poll(async () => (await received()).length).toBeGreaterThan(0);
  const connectionsBefore = streams.length;

  // The network goes: no new request gets through, and the open stream breaks.
  await receiver.context.setOffline(true);
  await receiver.page.evaluate(() => (window as unknown as { __dropStreams: () => void }).__dropStreams());
  // A read of the conversation sent before the drop may still be answered, and on a slow server its answer could
  // hold a message sent after it; the test sends nothing until those are done, so what follows can only come by the
  // resumed stream.
  await expect.poll(() => inFlight.size).toBe(0);
  const reply = sender.page.getByLabel('Responder');
  for (const text of ['Segundo, sin red.', 'Tercero, sin red.']) {
    await reply.fill(text);
    await sender.page.getByRole('button', { name: 'Enviar' }).click();
    await expect(sender.page.getByTestId('message').last()).toContainText(text);
  }
  // Offline the receiver shows neither.
  await expect(receiver.page.getByTestId('message')).toHaveText([/Primer mensaje/]);
  await receiver.context.setOffline(false);

  // Back online, the stream reconnects by itself (after its back-off) and resumes after the last event it saw.
  await expect.poll(() => streams.length, { timeout: hangLimit(30_000) }).toBeGreaterThan(connectionsBefore);
  expect(streams.at(-1), 'Last-Event-ID of the resumed stream').toMatch(/^\d+$/);
  // Without a reload: both, once each, in the order sent.
  await expect(receiver.page.getByTestId('message')).toHaveText([/Primer mensaje/, /Segundo, sin red/, /Tercero, sin red/]);

  const sent = ((await (await request.get(`/api/conversations/${id}`, { headers: authHeader(supervisorToken) })).json()) as { messages: { id: number; body: string }[] }).messages;
  const missed = sent.filter((m) => /sin red/.test(m.body)).map((m) => m.id);
  expect(missed).toHaveLength(2);
  await expect
    .poll(async () => (await received()).filter((e) => e.data.kind === 'message' && e.data.conversationId === id).map((e) => e.data.messageId))
    .toEqual(missed);
  // No event id came twice over the connections.
  const ids = (await received()).map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  await sender.context.close();
  await receiver.context.close();
});
