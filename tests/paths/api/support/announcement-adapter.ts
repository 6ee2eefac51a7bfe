import { sendDueWindowEvents } from '../../../../server/announcements/service.ts';
import type { AnnouncementFacts } from '@core/workflows/announcement.machine.ts';
import type { StepRecord } from '../../../../scripts/statecharts/paths/types.ts';
import type { HistoryEntry, MachineAdapter, ReplayContext, Subject } from './api-replay.ts';

const factsOf = (scenario: { input?: unknown }) => (scenario.input as { facts: AnnouncementFacts }).facts;

/** A scenario's instant as a real one, when the real `moment` stands for the scenario's instant `standsFor`. */
const real = (instant: string | null, standsFor: string, moment = Date.now()) =>
  instant === null ? null : new Date(moment + Date.parse(instant) - Date.parse(standsFor)).toISOString();

/**
 * The server notices a window opening or closing on the real clock (its minute job, or a read that comes first),
 * with the instant it noticed as the event's `at`. So the record's window is moved for "now" to stand for the
 * step's `at` — as far as the scenario says, never further: a window that has not yet begun or ended stays so and
 * the job must leave the record alone — and then the job runs.
 */
async function noticeWindow(ctx: ReplayContext, subject: Subject, step: StepRecord) {
  const facts = subject.facts as AnnouncementFacts;
  const at = String(step.event.at);
  await ctx.server.db.query('UPDATE announcements SET publish_from = $2, publish_until = $3 WHERE id = $1', [subject.id, real(facts.publishFrom, at), real(facts.publishUntil, at)]);
  await sendDueWindowEvents(ctx.server.db);
}

let sequence = 0;

/**
 * Announcements. Their events run on the real clock, so a record's window is set relative to the moment of the
 * call (the scenario's `now`); PUBLISH, RETRACT and ARCHIVE go to `POST …/events`, REVISE is the edit of a published
 * one's text (`PUT /api/announcements/{id}`), the window events are the server's own (noticeWindow).
 */
export const announcementAdapter: MachineAdapter = {
  machine: 'announcement',
  resource: 'announcements',
  async setup(ctx, scenario) {
    const facts = factsOf(scenario);
    const created = await ctx.call('POST', '/api/announcements', {
      token: ctx.tokens.admin,
      body: {
        title: `Comunicado de la reproducción ${process.pid}-${++sequence}`,
        // A draft may be saved unfinished: an empty paragraph is a blank body.
        body: facts.hasContent ? '<p>Texto del comunicado.</p>' : '<p> </p>',
        priority: 'normal',
        audience: 'everyone',
        requiresAcknowledgement: false,
        blocking: false,
        publishFrom: real(facts.publishFrom, facts.now),
        publishUntil: real(facts.publishUntil, facts.now),
      },
    });
    if (created.status !== 201) throw new Error(`Creating the announcement answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { id: created.body.id as number, facts };
  },
  async beforeStep(ctx, subject, step) {
    if (step.event.type !== 'REVISE') return;
    const current = (await ctx.call('GET', `/api/announcements/${subject.id}`, { token: ctx.tokens.admin })).body as Record<string, unknown>;
    const fields = ['title', 'priority', 'audience', 'audienceRoles', 'audienceUserIds', 'audienceInsurerId', 'requiresAcknowledgement', 'blocking', 'publishFrom', 'publishUntil'];
    subject.revision = { ...Object.fromEntries(fields.map((f) => [f, current[f]])), body: `${current.body as string}<p>Revisado.</p>` };
  },
  send(_ctx, subject, event) {
    if (event.type === 'REVISE') return { role: 'admin', method: 'PUT', path: `/api/announcements/${subject.id}`, body: subject.revision as Record<string, unknown> };
    return { role: 'admin', body: { ...event } };
  },
  scheduled: { WINDOW_OPENED: noticeWindow, WINDOW_CLOSED: noticeWindow },
  async readHistory(ctx, id) {
    return ctx.server.db.query<HistoryEntry & Record<string, unknown>>(
      `SELECT event, from_state AS "fromState", to_state AS "toState", payload FROM workflow_history WHERE entity_type = 'announcement' AND entity_id = $1 ORDER BY id`,
      [id],
    );
  },
};
