import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { describeMachine } from '../../scripts/statecharts/describe.ts';
import type { MachineDescription } from '../../src/statecharts/format.ts';
import { writeMermaid } from '../../scripts/statecharts/mermaid.ts';
import { FEATURE, FEATURE_CATALOGS, PARALLEL_ROOT } from './fixtures.ts';

const kindsOf = (d: MachineDescription, transition: string) => d.mermaidApproximations.filter((a) => a.transition === transition).map((a) => a.kinds);

/** Light checks of the stateDiagram-v2 syntax the writer relies on. */
function checkSyntax(mmd: string) {
  const lines = mmd.trimEnd().split('\n');
  expect(lines[0]).toBe('stateDiagram-v2');
  let depth = 0;
  const declared = new Set<string>();
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('%%') || line === '--') continue;
    if (line === '}') {
      depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
      continue;
    }
    let m = /^state "([^"]*)" as ([A-Za-z_][A-Za-z0-9_]*)$/.exec(line);
    if (m) {
      declared.add(m[2]!);
      continue;
    }
    m = /^state ([A-Za-z_][A-Za-z0-9_]*) \{$/.exec(line);
    if (m) {
      expect(declared.has(m[1]!)).toBe(true);
      depth++;
      continue;
    }
    m = /^(\[\*\]|[A-Za-z_][A-Za-z0-9_]*) --> (\[\*\]|[A-Za-z_][A-Za-z0-9_]*)(?: : ([^:;\n]+))?$/.exec(line);
    expect(m, `unexpected Mermaid line: ${line}`).not.toBeNull();
    for (const end of [m![1]!, m![2]!]) if (end !== '[*]') expect(declared.has(end), `${end} used before its declaration`).toBe(true);
    if (m![3]) expect(m![3]).not.toMatch(/%%|"|<|>/);
  }
  expect(depth).toBe(0);
}

describe('Mermaid export', () => {
  it('flags every edge Mermaid cannot draw faithfully, in the JSON and in a %% approximated: comment before the edge', () => {
    const d = describeMachine(FEATURE);
    expect(kindsOf(d, 'feature.checking:always:0')).toEqual([['eventless']]);
    expect(kindsOf(d, 'feature.working.upload.failed:PING:0')).toEqual([['targetless']]);
    expect(kindsOf(d, 'feature.working.audit.idle:PING:0')).toEqual([['targetless']]);
    expect(kindsOf(d, 'feature.working.upload.failed:BACK:0')).toEqual([['cross-hierarchy']]);
    expect(kindsOf(d, 'feature.working.upload.sent:SYNC:0')).toEqual([['cross-hierarchy', 'cross-region']]);
    expect(kindsOf(d, 'feature.working.audit.idle:RESTART:0')).toEqual([['into-ancestor']]);
    expect(kindsOf(d, 'feature.working:GO:0')).toEqual([
      ['multi-target', 'into-descendant'],
      ['multi-target', 'into-descendant'],
    ]);
    expect(d.mermaidApproximations.filter((a) => a.state).map((a) => [a.state, a.kinds])).toEqual([
      ['feature.working.upload.hist', ['history']],
      ['feature.working.audit.deep', ['history']],
    ]);
    // Faithful edges are not flagged: siblings, self re-entry, delays, invoke outcomes, completion.
    for (const id of ['feature.waiting:after:1000:0', 'feature.working.upload.failed:RETRY:0', 'feature.working.audit.idle:DEEPEN:0', 'feature.working:done.state:0', 'feature.working.upload.sending:done.invoke.fetch:0']) {
      expect(kindsOf(d, id)).toEqual([]);
    }

    const mmd = writeMermaid(d);
    const lines = mmd.split('\n').map((l) => l.trim());
    const comments = lines.filter((l) => l.startsWith('%% approximated:'));
    expect(comments).toHaveLength(d.mermaidApproximations.length);
    for (const a of d.mermaidApproximations.filter((x) => x.transition)) {
      const at = lines.findIndex((l) => l.startsWith('%% approximated:') && l.includes(` ${a.transition}${a.target ? ` -> ${a.target}` : ''}:`));
      expect(at, a.transition).toBeGreaterThan(0);
      expect(lines[at + 1]).toMatch(/ --> /);
    }
  });

  it('draws lifted edges between the nearest composites, with the true ends in the label', () => {
    const mmd = writeMermaid(describeMachine(FEATURE));
    expect(mmd).toContain('feature_working --> feature_waiting : BACK · from working.upload.failed');
    expect(mmd).toContain('feature_working_upload_failed --> feature_working_upload_failed : PING [echoed(…)] / log · no target');
    expect(mmd).toContain('feature_checking --> feature_waiting : always [ready]');
    expect(mmd).toContain('feature_waiting --> feature_working : after 1000ms');
  });

  it('draws composites, parallel regions separated by --, [*] initial and final markers, states by their es · en labels', () => {
    const mmd = writeMermaid(describeMachine(FEATURE), FEATURE_CATALOGS);
    expect(mmd).toContain('  state feature_working {\n    state "upload" as feature_working_upload\n    state feature_working_upload {');
    expect(mmd).toMatch(/\n {4}--\n {4}state "audit" as feature_working_audit\n/);
    expect(mmd).toContain('  [*] --> feature_checking');
    expect(mmd).toContain('      feature_working_upload_sent --> [*]');
    expect(mmd).toContain('  feature_done --> [*]');
    expect(mmd).toContain('state "Hecho · Done" as feature_done');
    // A state whose label no catalog holds is drawn by its key.
    expect(writeMermaid(describeMachine(FEATURE))).toContain('state "done" as feature_done');
    checkSyntax(mmd);
  });

  it('wraps a parallel root with transitions of its own in a composite', () => {
    const mmd = writeMermaid(describeMachine(PARALLEL_ROOT));
    expect(mmd).toContain('  state parallelRoot {');
    expect(mmd).toContain('  parallelRoot --> parallelRoot : TICK / tick · no target');
    checkSyntax(mmd);
  });

  for (const registered of MACHINES) {
    it(`${registered.name}: syntax holds and the approximations match the comments`, () => {
      const d = describeMachine(registered, { strict: true });
      const mmd = writeMermaid(d);
      checkSyntax(mmd);
      expect(mmd.split('\n').filter((l) => l.trim().startsWith('%% approximated:'))).toHaveLength(d.mermaidApproximations.length);
    });
  }

  it('the workflow machines are flat: only their transitions without target are flagged; the app machine’s are listed', () => {
    for (const registered of MACHINES.filter((m) => m.kind === 'workflow')) {
      const d = describeMachine(registered, { strict: true });
      expect(d.mermaidApproximations.map((a) => a.transition)).toEqual(d.transitions.filter((t) => !t.targets.length).map((t) => t.id));
      for (const a of d.mermaidApproximations) expect(a.kinds).toEqual(['targetless']);
    }
    expect(describeMachine(MACHINES.find((m) => m.name === 'verification')!, { strict: true }).mermaidApproximations.map((a) => a.transition)).toEqual([
      'verification.pending:ASSIGN:0',
      'verification.inProgress:ASSIGN:0',
    ]);
    const app = describeMachine(MACHINES.find((m) => m.name === 'app')!, { strict: true });
    expect(app.mermaidApproximations.map((a) => `${a.transition}:${a.kinds.join('+')}`)).toEqual([
      'app.booting:always:0:eventless',
      'app.booting:always:1:eventless',
      'app.anonymous:DISMISS_MESSAGE:0:targetless',
      'app.anonymous.signingIn:done.invoke.signIn:0:cross-hierarchy',
      'app.anonymous.registering:done.invoke.register:0:cross-hierarchy',
      'app.authenticated:DISMISS_MESSAGE:0:targetless',
      'app.authenticated.sessionExpired.signingIn:done.invoke.reSignIn:0:cross-hierarchy',
    ]);
  });
});
