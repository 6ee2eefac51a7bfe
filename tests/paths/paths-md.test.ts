import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PathsFile } from '../../scripts/statecharts/paths/types.ts';
import { eventText, pathSummary } from '../../scripts/test-paths/render.ts';

const md = (machine: string, criterion = 'transitions') => readFileSync(path.resolve(import.meta.dirname, machine, criterion, 'paths.md'), 'utf8');

describe('paths.md for readers', () => {
  it('heads each path with what it does, in the panel’s Spanish words: the events it sends and the state it ends in', () => {
    const text = md('reimbursement');
    expect(text).toContain('## P2 — Presentar → Revisión automática → Aprobar → Pagar; ends in Pagado');
    // The scenario names only the facts the path starts from.
    expect(text).toMatch(/_Scenario general; states draft → submitted → inReview → approved → paid\. Generator: /);
    // Every committed paths.md heads every path with the summary of its own steps.
    for (const machine of readdirSync(path.resolve(import.meta.dirname)).filter((d) => existsSync(path.resolve(import.meta.dirname, d, 'transitions', 'paths.json')))) {
      const file = JSON.parse(readFileSync(path.resolve(import.meta.dirname, machine, 'transitions', 'paths.json'), 'utf8')) as PathsFile;
      const headings = md(machine).split('\n').filter((l) => l.startsWith('## P'));
      expect(headings, machine).toEqual(file.paths.map((p) => `## ${p.id} — ${pathSummary(p, file.machineId)}`));
      expect(headings.filter((h) => !/; ends in [^`]+$|— starts in /.test(h)), machine).toEqual([]);
    }
  });

  it('names every event with its Spanish label beside the id', () => {
    expect(md('reimbursement')).toContain('**When** `SUBMIT` (Presentar), **Then** the state is `submitted` (Presentado)');
    expect(md('app')).toContain('`xstate.done.actor.signIn` (El servidor aceptó el inicio de sesión)');
    expect(eventText({ type: 'PAY', reference: 'TRF-1' }, 'reimbursement')).toBe('`PAY` (Pagar) `{"reference":"TRF-1"}`');
    expect(eventText({ type: 'PAY' })).toBe('`PAY`');
    expect(eventText({ type: 'NO_SUCH_EVENT' }, 'reimbursement')).toBe('`NO_SUCH_EVENT`');
  });

  it('marks a refused or ignored event in the summary, and a path without events by its start', () => {
    const initial = { state: 'inReview', transitions: [], guards: [] };
    const refused = { event: { type: 'APPROVE' }, state: 'inReview', transitions: [], guards: ['approverIsNotCreator:false'] };
    const ignored = { event: { type: 'RESUBMIT' }, state: 'inReview', transitions: [], guards: [] };
    expect(pathSummary({ initial, steps: [refused, ignored] }, 'reimbursement')).toBe('Aprobar (refused) → Volver a presentar (ignored); ends in En revisión');
    expect(pathSummary({ initial, steps: [] }, 'reimbursement')).toBe('starts in En revisión');
  });
});
