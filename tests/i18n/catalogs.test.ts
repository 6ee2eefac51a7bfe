import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const dir = path.resolve('src/i18n/messages');
const LOCALES = ['es', 'en', 'fr', 'zh', 'ja'];
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Record<string, string>]));

function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(el.value);
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      found.add(el.value);
      Object.values(el.options).forEach((o) => argumentsOf(o.value, found));
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, found);
  }
  return found;
}

/** Every message id the code uses literally: `id: '…'`, `id="…"`, `labelId: '…'`, `titleId: '…'`. */
function idsUsedInCode(): Set<string> {
  const ids = new Set<string>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/(?<![$\w])(?:id|labelId|titleId)(?::\s*|=)['"]([a-zA-Z][\w.]*\.[\w.]+)['"]/g)) ids.add(m[1]);
      }
    }
  };
  walk(path.resolve('src'));
  return ids;
}

describe('message catalogs', () => {
  it.each(LOCALES)('%s has exactly the keys of the Spanish source', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(Object.keys(catalogs.es).sort());
  });

  it.each(LOCALES)('%s messages are valid ICU with the same arguments as Spanish', (locale) => {
    for (const [id, message] of Object.entries(catalogs[locale])) {
      const args = [...argumentsOf(parse(message))].sort();
      expect({ id, args }).toEqual({ id, args: [...argumentsOf(parse(catalogs.es[id]))].sort() });
    }
  });

  it('every id written in the code exists in the catalogs', () => {
    const missing = [...idsUsedInCode()].filter((id) => !(id in catalogs.es));
    expect(missing).toEqual([]);
  });

  it("keeps the specification's Spanish form messages and pagination text", () => {
    expect(catalogs.es['form.required']).toBe('Por favor ingresar {label}');
    expect(catalogs.es['form.default']).toBe('Este campo es requerido');
    expect(catalogs.es['form.type']).toBe('{label} no es un {type} válido');
    expect(catalogs.es['pagination.perPage']).toBe('{size} / página');
    expect(catalogs.en['form.required']).toBe('Please enter {label}');
  });

  // Issue 28, item 17: a term is spelled one way in each language (the reviewers' glossary).
  const VARIANTS: Record<string, { preferred: string; not: RegExp }[]> = {
    ja: [{ preferred: '払い戻し', not: /払戻し/ }],
  };
  it.each(Object.keys(VARIANTS))('%s spells each glossary term one way', (locale) => {
    for (const { preferred, not } of VARIANTS[locale]) {
      const elsewise = Object.entries(catalogs[locale]).filter(([, text]) => not.test(text));
      expect(elsewise, `use ${preferred}`).toEqual([]);
      expect(Object.values(catalogs[locale]).some((text) => text.includes(preferred))).toBe(true);
    }
  });
});
