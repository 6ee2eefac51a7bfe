import { and, setup } from 'xstate';
import { type GuardRules, type WorkflowContext, type WorkflowInput, type WorkflowStateMeta } from './workflow.ts';

/**
 * An announcement's life (research §2.8, Open Dental AlertItem): a draft is published at once when its
 * window has begun, or scheduled until it does; the window's start publishes a scheduled one and its end
 * archives a published one (the server sends both when it notices the time). Revising the title or body
 * of a published announcement makes a new version, whose acknowledgements start again.
 */

/** What the server reads from the database (and the clock) before checking an event. */
export interface AnnouncementFacts {
  /** ISO timestamps; comparing the strings compares the instants (all in UTC, `Z`). */
  now: string;
  publishFrom: string;
  /** Open-ended when null. */
  publishUntil: string | null;
  /** Title and body are not blank (a draft may be saved unfinished). */
  hasContent: boolean;
}

export type AnnouncementEvent =
  | { type: 'PUBLISH' }
  /** A scheduled announcement goes back to being a draft. */
  | { type: 'RETRACT' }
  /** Sent by the server when it notices the window has begun; `at` is the instant it noticed (ISO). */
  | { type: 'WINDOW_OPENED'; at: string }
  /** Sent by the server when it notices the window has ended. */
  | { type: 'WINDOW_CLOSED'; at: string }
  /** A published announcement's title or body was changed: a new version. */
  | { type: 'REVISE' }
  | { type: 'ARCHIVE' };

export const ANNOUNCEMENT_STATES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const announcementGuardRules = {
  hasContent: { rule: 'announcement.contentMissing' },
  startsLater: { rule: 'announcement.startReached' },
  startReached: { rule: 'announcement.startNotReached' },
  windowOpen: { rule: 'announcement.windowNotOpen' },
  windowEnded: { rule: 'announcement.windowNotEnded' },
} as const satisfies GuardRules;

export type AnnouncementGuard = keyof typeof announcementGuardRules;

type Facts = { context: WorkflowContext<AnnouncementFacts> };
type GuardArgs = Facts & { event: AnnouncementEvent };

const meta = (status: string): WorkflowStateMeta => ({ status, rules: [] });
const endedAt = (facts: AnnouncementFacts, instant: string) => facts.publishUntil !== null && facts.publishUntil <= instant;
const noticedAt = (event: AnnouncementEvent) => (event.type === 'WINDOW_OPENED' || event.type === 'WINDOW_CLOSED' ? event.at : '');

const archive = { target: 'archived', actions: 'recordArchive' } as const;

export const announcementMachine = setup({
  types: {
    context: {} as WorkflowContext<AnnouncementFacts>,
    input: {} as WorkflowInput<AnnouncementFacts>,
    events: {} as AnnouncementEvent,
    meta: {} as WorkflowStateMeta,
  },
  guards: {
    hasContent: ({ context: { facts } }: Facts) => facts.hasContent,
    startsLater: ({ context: { facts } }: Facts) => facts.publishFrom > facts.now,
    // The time-driven events say when they were noticed: the facts were built when the record was loaded.
    startReached: ({ context: { facts }, event }: GuardArgs) => noticedAt(event) !== '' && facts.publishFrom <= noticedAt(event),
    windowOpen: ({ context: { facts } }: Facts) => facts.publishFrom <= facts.now && !endedAt(facts, facts.now),
    windowEnded: ({ context: { facts }, event }: GuardArgs) => noticedAt(event) !== '' && endedAt(facts, noticedAt(event)),
  },
  actions: {
    /** Server: stores when it was published (the first time). */
    recordPublication: () => {},
    /** Server: raises the body version (the edit kept the replaced title and body), so every acknowledgement is asked again. */
    newBodyVersion: () => {},
    /** Server: stores when it was archived. */
    recordArchive: () => {},
  },
}).createMachine({
  id: 'announcement',
  initial: 'draft',
  context: ({ input }) => ({ facts: input.facts }),
  states: {
    draft: {
      meta: meta('BORRADOR'),
      on: {
        // Tried in order: the refusal names the first guard that fails, and "the window has ended" is the useful one.
        PUBLISH: [
          { target: 'published', guard: and(['hasContent', 'windowOpen']), actions: 'recordPublication' },
          { target: 'scheduled', guard: and(['hasContent', 'startsLater']) },
        ],
        ARCHIVE: archive,
      },
    },
    scheduled: {
      meta: meta('PROGRAMADO'),
      on: {
        WINDOW_OPENED: { target: 'published', guard: 'startReached', actions: 'recordPublication' },
        RETRACT: { target: 'draft' },
        ARCHIVE: archive,
      },
    },
    published: {
      meta: meta('PUBLICADO'),
      on: {
        REVISE: { target: 'published', guard: 'hasContent', actions: 'newBodyVersion' },
        WINDOW_CLOSED: { target: 'archived', guard: 'windowEnded', actions: 'recordArchive' },
        ARCHIVE: archive,
      },
    },
    archived: { type: 'final', meta: meta('ARCHIVADO') },
  },
});
