// Boundary fixtures of the announcement machine's instants: its window's start and end, at the instant and one
// millisecond either side, and the time-driven events noticed then.
import { describe, it } from 'vitest';
import { checkBoundary, type BoundaryCase } from './boundaries.ts';

const NOW = '2025-06-01T10:00:00.000Z';
const BEFORE = '2025-06-01T09:59:59.999Z';
const AFTER = '2025-06-01T10:00:00.001Z';
const WINDOW = { now: NOW, publishUntil: '2025-07-01T00:00:00.000Z' };
const CASES: BoundaryCase[] = [
  { name: 'published a millisecond after the start', state: 'draft', facts: { ...WINDOW, publishFrom: BEFORE }, event: { type: 'PUBLISH' }, expected: { to: 'published' } },
  { name: 'published at the start', state: 'draft', facts: { ...WINDOW, publishFrom: NOW }, event: { type: 'PUBLISH' }, expected: { to: 'published' } },
  { name: 'published a millisecond before the start: scheduled', state: 'draft', facts: { ...WINDOW, publishFrom: AFTER }, event: { type: 'PUBLISH' }, expected: { to: 'scheduled' } },
  { name: 'published a millisecond before the end', state: 'draft', facts: { now: NOW, publishFrom: '2025-05-01T00:00:00.000Z', publishUntil: AFTER }, event: { type: 'PUBLISH' }, expected: { to: 'published' } },
  { name: 'published at the end', state: 'draft', facts: { now: NOW, publishFrom: '2025-05-01T00:00:00.000Z', publishUntil: NOW }, event: { type: 'PUBLISH' }, expected: { refusedBy: 'windowOpen' } },
  { name: 'start noticed a millisecond early', state: 'scheduled', facts: { ...WINDOW, publishFrom: NOW }, event: { type: 'WINDOW_OPENED', at: BEFORE }, expected: { refusedBy: 'startReached' } },
  { name: 'start noticed at the start', state: 'scheduled', facts: { ...WINDOW, publishFrom: NOW }, event: { type: 'WINDOW_OPENED', at: NOW }, expected: { to: 'published' } },
  { name: 'end noticed a millisecond early', state: 'published', facts: { now: NOW, publishFrom: '2025-05-01T00:00:00.000Z', publishUntil: AFTER }, event: { type: 'WINDOW_CLOSED', at: NOW }, expected: { refusedBy: 'windowEnded' } },
  { name: 'end noticed at the end', state: 'published', facts: { now: NOW, publishFrom: '2025-05-01T00:00:00.000Z', publishUntil: NOW }, event: { type: 'WINDOW_CLOSED', at: NOW }, expected: { to: 'archived' } },
  { name: 'no end: never closes', state: 'published', facts: { now: NOW, publishFrom: '2025-05-01T00:00:00.000Z', publishUntil: null }, event: { type: 'WINDOW_CLOSED', at: '2099-01-01T00:00:00.000Z' }, expected: { refusedBy: 'windowEnded' } },
  { name: 'a window event without its instant', state: 'scheduled', facts: { ...WINDOW, publishFrom: '' }, event: { type: 'WINDOW_OPENED', at: '' }, expected: { refusedBy: 'startReached' } },
];

describe('announcement — boundaries', () => {
  for (const c of CASES) it(c.name, () => checkBoundary('announcement', c));
});
