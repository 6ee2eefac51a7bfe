import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { describeMachine, descriptionJson } from '../../scripts/statecharts/describe.ts';
import { readScxml, writeScxml } from '../../scripts/statecharts/scxml.ts';
import { parseXml, type XmlElement } from '../../scripts/statecharts/xml.ts';
import type { MachineDescription } from '../../src/statecharts/format.ts';
import { FEATURE, INLINE, PARALLEL_ROOT } from './fixtures.ts';

/** What the round trip must keep, in a form whose diff reads well when it fails. */
const graph = (d: MachineDescription) => ({
  states: d.states.map((s) => ({ id: s.id, parent: s.parent, type: s.type, initial: s.initial, final: s.final, children: s.children })),
  transitions: d.transitions.map((t) => ({ id: t.id, source: t.source, event: t.event, targets: t.targets, guard: t.guard, actions: t.actions.map((a) => a.name) })),
});

const elementsNamed = (e: XmlElement, name: string): XmlElement[] =>
  e.children.flatMap((c) => (typeof c === 'string' ? [] : [...(c.name === name ? [c] : []), ...elementsNamed(c, name)]));

describe('SCXML round trip', () => {
  const cases = [...MACHINES.map((m) => describeMachine(m, { strict: true })), describeMachine(FEATURE), describeMachine(INLINE), describeMachine(PARALLEL_ROOT)];
  for (const d of cases) {
    it(`${d.name}: readScxml(writeScxml(d)) gives back the same graph and the same whole description`, () => {
      const back = readScxml(writeScxml(d));
      expect(graph(back)).toEqual(graph(d));
      expect(back).toEqual(d);
      expect(descriptionJson(back)).toBe(descriptionJson(d));
    });
  }

  it('fails on any difference: a changed target, guard, event or action is caught', () => {
    const d = describeMachine(MACHINES.find((m) => m.name === 'verification')!, { strict: true });
    const xml = writeScxml(d);
    const mutations = [
      xml.replace('target="verification.verified"', 'target="verification.expired"'),
      xml.replace('cond="noteGiven"', 'cond="reasonGiven"'),
      xml.replace('event="INFO_RECEIVED"', 'event="INFO_SENT"'),
      xml.replace('<xs:action name="recordInfoRequest"/>', '<xs:action name="recordNothing"/>'),
      xml.replace('<final id="verification.expired">', '<state id="verification.expired">').replace(/(<state id="verification.expired">[\s\S]*?)<\/final>/, '$1</state>'),
    ];
    for (const mutated of mutations) {
      expect(mutated).not.toBe(xml);
      expect(readScxml(mutated)).not.toEqual(d);
    }
  });
});

describe('SCXML output', () => {
  const d = describeMachine(FEATURE);
  const xml = writeScxml(d);
  const doc = parseXml(xml);

  it('is W3C-shaped: <scxml initial>, <state>, <parallel>, <final>, <history>, <invoke>, <onentry>/<onexit>', () => {
    expect(doc.name).toBe('scxml');
    expect(doc.attrs).toMatchObject({ xmlns: 'http://www.w3.org/2005/07/scxml', 'xmlns:xs': 'urn:dental:statechart', version: '1.0', initial: 'feature.checking' });
    expect(elementsNamed(doc, 'parallel').map((e) => e.attrs.id)).toEqual(['feature.working']);
    expect(elementsNamed(doc, 'final').map((e) => e.attrs.id)).toEqual(['feature.working.upload.sent', 'feature.done']);
    expect(elementsNamed(doc, 'history').map((e) => [e.attrs.id, e.attrs.type])).toEqual([
      ['feature.working.upload.hist', 'shallow'],
      ['feature.working.audit.deep', 'deep'],
    ]);
    expect(elementsNamed(doc, 'invoke').map((e) => e.attrs)).toEqual([{ id: 'fetch', type: 'xstate', src: 'fetcher' }]);
    expect(elementsNamed(doc, 'state').find((e) => e.attrs.id === 'feature.working.upload')!.attrs.initial).toBe('feature.working.upload.sending');
  });

  it('writes eventless transitions without event, delays as <send delay>/<cancel>, guards as cond expressions, actions as xs:action', () => {
    const transitions = elementsNamed(doc, 'transition');
    const byXsId = (id: string) => transitions.find((t) => t.attrs['xs:id'] === id)!;
    expect(byXsId('feature.checking:always:0').attrs).toMatchObject({ cond: 'ready', target: 'feature.waiting', type: 'internal' });
    expect(byXsId('feature.checking:always:0').attrs.event).toBeUndefined();
    expect(byXsId('feature.waiting:after:1000:0').attrs.event).toBe('xstate.after.1000.feature.waiting');
    expect(elementsNamed(doc, 'send').map((s) => s.attrs.delay ?? s.attrs.delayexpr)).toEqual(['1000ms', 'slow']);
    expect(elementsNamed(doc, 'cancel')).toHaveLength(2);
    expect(byXsId('feature.working:GO:0').attrs).toMatchObject({
      event: 'GO',
      cond: 'and(ready, or(not(big), In("#feature.working.upload.sent")), allowed({"min":2}))',
      target: 'feature.working.upload.sent feature.working.audit.idle',
    });
    expect(byXsId('feature.working:GO:0').attrs.type).toBeUndefined();
    expect(byXsId('feature.working.upload.sending:error.invoke.fetch:0').attrs.event).toBe('error.invoke.fetch');
    expect(byXsId('feature.working:done.state:0').attrs.event).toBe('done.state.feature.working');
    expect(xml).toContain(`<xs:action name="note" params='{"text":"failed"}'/>`);
    expect(xml).toContain(`<xs:meta status="DONE" json='{"extra":{"weight":1}}'>`);
    expect(xml).toContain('<xs:guard name="big" implemented="true" rule="feature.notBig"/>');
  });

  it('the registered reimbursement keeps its static action params', () => {
    const r = writeScxml(describeMachine(MACHINES.find((m) => m.name === 'reimbursement')!, { strict: true }));
    expect(r).toContain(`<xs:action name="recordRejection" params='{"reasonCode":"32"}'/>`);
    expect(r).toContain('cond="and(withinCurePeriod, documentsComplete)"');
  });
});

describe('the XML parser', () => {
  it('reads attributes in either quote, entities, comments, CDATA and self-closing elements', () => {
    const e = parseXml(`<?xml version="1.0"?>\n<!-- c --><a x='1 &quot;two&quot;' y="&lt;&#65;&#x42;&amp;"><b/><!-- d --><c><![CDATA[<raw>]]> &amp; text</c></a>`);
    expect(e.attrs).toEqual({ x: '1 "two"', y: '<AB&' });
    expect(e.children).toEqual([{ name: 'b', attrs: {}, children: [] }, { name: 'c', attrs: {}, children: ['<raw>', ' & text'] }]);
  });

  it('rejects malformed documents', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(/Expected closing tag 'b'/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/Attribute 'x' is repeated/);
    expect(() => parseXml('<a>&nope;</a>')).toThrow(/unknown entity/);
  });
});
