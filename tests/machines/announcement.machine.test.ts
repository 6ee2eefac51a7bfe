import { describe, expect, it } from 'vitest';
import { untakenTransitions } from './workflow-model.ts';
import { ANNOUNCEMENT_EVENTS as EVENTS, ANNOUNCEMENT_FACTS as FACTS } from '@core/workflows/examples.ts';
import {
  ANNOUNCEMENT_STATES,
  announcementGuardRules,
  announcementMachine as machine,
  type AnnouncementEvent,
  type AnnouncementFacts,
  type AnnouncementState,
} from '@core/workflows/announcement.machine.ts';
import { ILLEGAL_EVENT, allowedEvents, explainRefusal, lintWorkflow, snapshotAt, step } from '@core/workflows/workflow.ts';

const LATER: AnnouncementFacts = { ...FACTS, publishFrom: '2025-06-02T09:00:00.000Z' };
const at = (state: AnnouncementState, facts: AnnouncementFacts = FACTS) => snapshotAt(machine, state, facts);
const refusal = (state: AnnouncementState, event: AnnouncementEvent, facts: AnnouncementFacts = FACTS) => explainRefusal(machine, at(state, facts), event, announcementGuardRules);

describe('announcement machine — model-based', () => {
  it('covers every transition of the machine', () => {
    const scenarios = [
      { name: 'window open', facts: FACTS },
      { name: 'starts tomorrow', facts: LATER },
    ];
    expect(untakenTransitions(machine, { scenarios, events: EVENTS, states: ANNOUNCEMENT_STATES, finals: ['archived'] })).toEqual([]);
  });

  it('follows the house conventions: named guards and actions, rules, statuses, state list', () => {
    expect(lintWorkflow(machine, announcementGuardRules, ANNOUNCEMENT_STATES)).toEqual([]);
  });
});

describe('announcement machine — rules', () => {
  it('publishes a draft at once when its window has begun, and records the publication', () => {
    expect(step(machine, at('draft'), { type: 'PUBLISH' }, announcementGuardRules)).toEqual({ ok: true, value: 'published', effects: [{ type: 'recordPublication', params: undefined }] });
  });

  it('schedules a draft whose window begins later, and publishes it when the start is noticed', () => {
    expect(step(machine, at('draft', LATER), { type: 'PUBLISH' }, announcementGuardRules)).toMatchObject({ ok: true, value: 'scheduled', effects: [] });
    expect(refusal('scheduled', { type: 'WINDOW_OPENED', at: '2025-06-02T08:59:59.000Z' }, LATER)).toBe('announcement.startNotReached');
    expect(step(machine, at('scheduled', LATER), { type: 'WINDOW_OPENED', at: '2025-06-02T09:00:00.000Z' }, announcementGuardRules)).toMatchObject({ ok: true, value: 'published' });
    expect(step(machine, at('scheduled', LATER), { type: 'RETRACT' }, announcementGuardRules)).toMatchObject({ ok: true, value: 'draft' });
  });

  it('refuses to publish without content or after the window ended', () => {
    expect(refusal('draft', { type: 'PUBLISH' }, { ...FACTS, hasContent: false })).toBe('announcement.contentMissing');
    expect(refusal('draft', { type: 'PUBLISH' }, { ...FACTS, publishUntil: '2025-06-01T10:00:00.000Z' })).toBe('announcement.windowNotOpen');
  });

  it('revises a published announcement as a new version, only with content', () => {
    expect(step(machine, at('published'), { type: 'REVISE' }, announcementGuardRules)).toEqual({ ok: true, value: 'published', effects: [{ type: 'newBodyVersion', params: undefined }] });
    expect(refusal('published', { type: 'REVISE' }, { ...FACTS, hasContent: false })).toBe('announcement.contentMissing');
    expect(refusal('draft', { type: 'REVISE' })).toBe(ILLEGAL_EVENT);
  });

  it('archives when the window has ended, or on request from any open state', () => {
    expect(refusal('published', { type: 'WINDOW_CLOSED', at: '2025-06-30T23:59:59.000Z' })).toBe('announcement.windowNotEnded');
    expect(step(machine, at('published'), { type: 'WINDOW_CLOSED', at: '2025-07-01T00:00:00.000Z' }, announcementGuardRules)).toMatchObject({ ok: true, value: 'archived', effects: [{ type: 'recordArchive' }] });
    expect(refusal('published', { type: 'WINDOW_CLOSED', at: '2030-01-01T00:00:00.000Z' }, { ...FACTS, publishUntil: null })).toBe('announcement.windowNotEnded');
    for (const state of ['draft', 'scheduled', 'published'] as const) expect(step(machine, at(state), { type: 'ARCHIVE' }, announcementGuardRules)).toMatchObject({ ok: true, value: 'archived' });
  });

  it('is final once archived', () => {
    expect(allowedEvents(machine, at('archived'), EVENTS)).toEqual([]);
  });
});
