import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };
import { factTextId, fieldTextId } from '../../src/features/diagrams/simulator/labels.ts';
import { examplePayload, SIMULATED, startingFacts } from '../../src/features/diagrams/simulator/simulate.ts';
import { FIXTURES } from '../../scripts/test-paths/fixtures.ts';

const CATALOGS: Record<string, Record<string, string>> = { es, en, fr, zh, ja };

/** Every fact and payload field the simulator shows, as the catalog ids of their labels. */
function shownIds(): string[] {
  const ids = new Set<string>();
  for (const { name, machine } of SIMULATED) {
    for (const fact of Object.keys(startingFacts(name))) ids.add(factTextId(machine.id, fact));
    for (const type of Object.keys(FIXTURES[name]?.events ?? {})) for (const field of Object.keys(examplePayload(name, type))) ids.add(fieldTextId(machine.id, field));
  }
  return [...ids].sort();
}

describe('the simulator’s labels', () => {
  it('names every fact and payload field in the five languages, and keeps no label for one that is gone', () => {
    const shown = shownIds();
    expect(shown.length).toBeGreaterThan(90);
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      expect(shown.filter((id) => !catalog[id]?.trim()), `${lang}: missing`).toEqual([]);
      const kept = Object.keys(catalog).filter((id) => /^simulator\.(fact|field)\./.test(id));
      expect(kept.filter((id) => !shown.includes(id)), `${lang}: stale`).toEqual([]);
    }
  });

  it('translates them rather than copying the Spanish or the code’s identifier', () => {
    const shown = shownIds();
    for (const lang of ['en', 'fr', 'zh', 'ja']) {
      const copies = shown.filter((id) => CATALOGS[lang]![id] === es[id as keyof typeof es]);
      // A few words are the same in Spanish and French (Date, Note, Motif…); never more than a handful.
      expect(copies.length, `${lang} copies of Spanish: ${copies.join(', ')}`).toBeLessThanOrEqual(lang === 'fr' ? 4 : 0);
    }
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      const identifiers = shown.filter((id) => catalog[id] === id.split('.').pop());
      expect(identifiers, `${lang}: labels that are the identifier`).toEqual([]);
    }
  });
});
