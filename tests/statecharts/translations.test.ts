import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATECHART_TEXTS, type StatechartText, type TranslatedLocale } from '../../src/machines/translations.ts';
import type { GuardNode, MachineDescription } from '../../src/statecharts/format.ts';
import { diagramLang, stateLabel } from '../../src/screens/diagrams/StateDetails.tsx';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'docs', 'diagrams');
const LOCALES: TranslatedLocale[] = ['fr', 'zh', 'ja'];

const descriptions: MachineDescription[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as MachineDescription);

/** Every named guard of a description: its guard catalogue and the named nodes of its transitions' guard trees. */
function guardNames(d: MachineDescription): Set<string> {
  const names = new Set(d.guards.map((g) => g.name));
  const walk = (node: GuardNode | undefined) => {
    if (!node) return;
    if (node.kind === 'named') names.add(node.name);
    else if (node.kind === 'and' || node.kind === 'or') node.guards.forEach(walk);
    else if (node.kind === 'not') walk(node.guard);
  };
  for (const t of d.transitions) walk(t.guard);
  return names;
}

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
const missingLocales = (text: StatechartText | undefined) =>
  LOCALES.filter((l) => !text || typeof text[l] !== 'string' || text[l].trim() === '');

describe('statechart translations (src/machines/translations.ts)', () => {
  it('reads the exported descriptions', () => {
    expect(descriptions.length).toBeGreaterThan(0);
  });

  it('has a fr, zh and ja text for every state (but the root) and every named guard of docs/diagrams/*.json', () => {
    const problems: string[] = [];
    for (const d of descriptions) {
      const texts = own(STATECHART_TEXTS, d.name) ? STATECHART_TEXTS[d.name as keyof typeof STATECHART_TEXTS] : undefined;
      if (!texts) {
        problems.push(`${d.name}: no entry in STATECHART_TEXTS`);
        continue;
      }
      for (const s of d.states) {
        if (s.id === d.root) continue;
        const missing = missingLocales(own(texts.states, s.id) ? texts.states[s.id] : undefined);
        if (missing.length) problems.push(`${d.name}: state ${s.id} lacks ${missing.join(', ')}`);
      }
      for (const g of guardNames(d)) {
        const missing = missingLocales(own(texts.guards, g) ? texts.guards[g] : undefined);
        if (missing.length) problems.push(`${d.name}: guard ${g} lacks ${missing.join(', ')}`);
      }
    }
    expect(problems, `Missing translations in src/machines/translations.ts:\n${problems.join('\n')}`).toEqual([]);
  });

  it('has no entry for a machine, state or guard that no longer exists (nor for a machine’s root)', () => {
    const byName = new Map(descriptions.map((d) => [d.name, d]));
    const problems: string[] = [];
    for (const [name, texts] of Object.entries(STATECHART_TEXTS)) {
      const d = byName.get(name);
      if (!d) {
        problems.push(`${name}: no docs/diagrams/${name}.json`);
        continue;
      }
      const states = new Set(d.states.filter((s) => s.id !== d.root).map((s) => s.id));
      const guards = guardNames(d);
      for (const id of Object.keys(texts.states)) if (!states.has(id)) problems.push(`${name}: state ${id} does not exist`);
      for (const g of Object.keys(texts.guards)) if (!guards.has(g)) problems.push(`${name}: guard ${g} does not exist`);
    }
    expect(problems, `Stale entries in src/machines/translations.ts:\n${problems.join('\n')}`).toEqual([]);
  });

  it('the panel labels states in the user’s language, falling back to English, then to the key', () => {
    const d = descriptions.find((x) => x.name === 'verification')!;
    const verified = d.states.find((s) => s.id === 'verification.verified')!;
    expect(stateLabel(verified, diagramLang('es'), d.name)).toBe(verified.label?.es);
    expect(stateLabel(verified, diagramLang('en'), d.name)).toBe(verified.label?.en);
    for (const l of LOCALES) expect(stateLabel(verified, diagramLang(l), d.name)).toBe(STATECHART_TEXTS.verification.states['verification.verified'][l]);
    expect(diagramLang('de')).toBe('en');
    expect(stateLabel(verified, 'fr', 'unknown-machine')).toBe(verified.label?.en);
    expect(stateLabel({ ...verified, id: 'verification.gone', label: undefined }, 'ja', d.name)).toBe(verified.key);
    expect(stateLabel(undefined, 'zh', d.name)).toBe('');
  });
});
