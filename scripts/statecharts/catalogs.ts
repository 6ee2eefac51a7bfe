/**
 * The catalogs the exports read the statecharts' texts from (ids: core/workflows/texts.ts). The writers show
 * Spanish and English; a text missing from a catalog shows as the state's key (or nothing for a guard), and
 * `missingTexts` lets `npm run diagrams` refuse to write such exports.
 */
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };
import { actionTextId, eventTextId } from '@core/workflows/texts.ts';
import type { MachineDescription } from '../../src/statecharts/format.ts';

export const LANGS = ['es', 'en', 'fr', 'zh', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export type Catalogs = Record<Lang, Readonly<Record<string, string>>>;

/** The project's five catalogs. */
export const CATALOGS: Catalogs = { es, en, fr, zh, ja };

/** The Spanish and English texts of an id, when both catalogs hold it. */
export function bilingual(id: string | undefined, catalogs: Catalogs = CATALOGS): { es: string; en: string } | undefined {
  if (id === undefined || !Object.hasOwn(catalogs.es, id) || !Object.hasOwn(catalogs.en, id)) return undefined;
  return { es: catalogs.es[id]!, en: catalogs.en[id]! };
}

/** The text ids of a description (state labels, guard descriptions, event names, action descriptions) that a catalog lacks, as `<lang>: <id>`. */
export function missingTexts(d: MachineDescription, catalogs: Catalogs = CATALOGS): string[] {
  const events = new Set(d.transitions.filter((t) => t.kind === 'event' || t.kind === 'done.invoke' || t.kind === 'error.invoke').map((t) => eventTextId(d.id, t.event)));
  const ids = [...d.states.flatMap((s) => (s.labelId ? [s.labelId] : [])), ...d.guards.map((g) => g.textId), ...events, ...d.actions.map((a) => actionTextId(d.id, a.name))];
  return LANGS.flatMap((lang) => ids.filter((id) => !Object.hasOwn(catalogs[lang], id)).map((id) => `${lang}: ${id}`));
}
