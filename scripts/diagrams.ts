/**
 * `npm run diagrams`: writes docs/diagrams/<name>.{json,mmd,scxml,svg,md} for every machine registered in
 * src/machines/registry.ts, plus docs/diagrams/README.md (the index), and removes exports of machines no
 * longer registered. The SVG is laid out offline by Graphviz compiled to WebAssembly. Labels and guard
 * descriptions come from the catalogs (src/i18n/messages); a machine whose texts a catalog lacks is refused.
 *
 * Beside them, `<name>.<lang>.svg` is the reader's view in each of the five languages (names from the catalogs,
 * no code), which the Diagramas area shows by default and offers for download.
 *
 * `npm run diagrams -- --check` regenerates in memory, writes nothing, and exits 1 listing the stale,
 * missing and extra files. `--dir <path>` uses another folder than docs/diagrams (for tests).
 * `npm run diagrams -- --lang ja` writes only the reader's-view SVG of every machine in that language.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { MACHINES, type RegisteredMachine } from '../src/machines/registry.ts';
import type { MachineDescription } from '../src/statecharts/format.ts';
import { LANGS, missingTexts, type Lang } from './statecharts/catalogs.ts';
import { describeMachine, descriptionJson } from './statecharts/describe.ts';
import { finishSvg, writeDot } from './statecharts/dot.ts';
import { writeIndex, writeMarkdown } from './statecharts/markdown.ts';
import { writeMermaid } from './statecharts/mermaid.ts';
import { readerTexts } from './statecharts/reader.ts';
import { writeScxml } from './statecharts/scxml.ts';

export const DIAGRAMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'diagrams');

/** File extensions the generator owns in docs/diagrams (anything else there is left alone). */
const OWNED = /\.(json|mmd|scxml|svg|md)$/;

let graphviz: Awaited<ReturnType<typeof Graphviz.load>> | undefined;

/** The SVG of a DOT source, rendered offline. */
export async function renderSvg(dot: string): Promise<string> {
  graphviz ??= await Graphviz.load();
  return finishSvg(graphviz.dot(dot, 'svg'));
}

/** The reader's-view SVG file of a machine in a language. */
export const readerSvgName = (name: string, lang: Lang) => `${name}.${lang}.svg`;

/** A machine's description, refused when a catalog lacks one of its texts. */
function describeWithTexts(registered: RegisteredMachine): MachineDescription {
  const description = describeMachine(registered, { strict: true });
  const missing = missingTexts(description);
  if (missing.length) throw new Error(`Machine "${registered.name}" has texts missing from the catalogs (src/i18n/messages, ids: core/workflows/texts.ts):\n${missing.join('\n')}`);
  return description;
}

/** The reader's-view SVG of a machine in a language. */
export const readerSvg = (description: MachineDescription, lang: Lang) => renderSvg(writeDot(description, undefined, readerTexts(lang)));

/** Every export of one machine, by file name. */
export async function machineFiles(registered: RegisteredMachine): Promise<{ description: MachineDescription; files: Map<string, string> }> {
  const description = describeWithTexts(registered);
  const { name } = description;
  const mermaid = writeMermaid(description);
  const files = new Map<string, string>([
    [`${name}.json`, descriptionJson(description)],
    [`${name}.mmd`, mermaid],
    [`${name}.scxml`, writeScxml(description)],
    [`${name}.svg`, await renderSvg(writeDot(description))],
    [`${name}.md`, writeMarkdown(description, { mermaid, svg: `${name}.svg` })],
  ]);
  for (const lang of LANGS) files.set(readerSvgName(name, lang), await readerSvg(description, lang));
  return { description, files };
}

/** The reader's-view SVG of every machine in one language, by file name (`--lang`). */
export async function readerFiles(lang: Lang, machines: readonly RegisteredMachine[] = MACHINES): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const registered of machines) files.set(readerSvgName(registered.name, lang), await readerSvg(describeWithTexts(registered), lang));
  return files;
}

/** Every file of docs/diagrams, by file name, as the generator produces it now. */
export async function generateDiagrams(machines: readonly RegisteredMachine[] = MACHINES): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  const descriptions: MachineDescription[] = [];
  const names = new Set<string>();
  for (const registered of machines) {
    if (names.has(registered.name)) throw new Error(`Two registered machines are named "${registered.name}"`);
    names.add(registered.name);
    const { description, files } = await machineFiles(registered);
    descriptions.push(description);
    for (const [file, content] of files) all.set(file, content);
  }
  all.set('README.md', writeIndex(descriptions));
  return all;
}

export interface Staleness {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** Compares the generated files with what docs/diagrams holds. */
export function compareWithDisk(files: Map<string, string>, dir = DIAGRAMS_DIR): Staleness {
  const onDisk = existsSync(dir) ? readdirSync(dir).filter((f) => OWNED.test(f)) : [];
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [file, content] of files) {
    const full = path.join(dir, file);
    if (!existsSync(full)) missing.push(file);
    else if (readFileSync(full, 'utf8') !== content) stale.push(file);
  }
  const extra = onDisk.filter((f) => !files.has(f)).sort();
  return { stale, missing, extra };
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const at = argv.indexOf('--dir');
  const dir = at >= 0 && argv[at + 1] ? path.resolve(argv[at + 1]!) : DIAGRAMS_DIR;
  const rel = (f: string) => path.relative(process.cwd(), path.join(dir, f));
  const langAt = argv.indexOf('--lang');
  if (langAt >= 0) {
    const lang = argv[langAt + 1];
    if (!(LANGS as readonly string[]).includes(lang ?? '')) {
      console.error(`--lang takes one of ${LANGS.join(', ')}${lang ? ` (not "${lang}")` : ''}.`);
      return 2;
    }
    const files = await readerFiles(lang as Lang);
    mkdirSync(dir, { recursive: true });
    for (const [file, content] of files) writeFileSync(path.join(dir, file), content);
    console.log(`Wrote the reader's view in ${lang} of ${files.size} machines: ${[...files.keys()].map(rel).join(', ')}`);
    return 0;
  }
  const files = await generateDiagrams();
  if (check) {
    const { stale, missing, extra } = compareWithDisk(files, dir);
    if (!stale.length && !missing.length && !extra.length) {
      console.log(`${path.relative(process.cwd(), dir) || '.'} is up to date (${files.size} files).`);
      return 0;
    }
    for (const f of stale) console.error(`stale:   ${rel(f)}`);
    for (const f of missing) console.error(`missing: ${rel(f)}`);
    for (const f of extra) console.error(`extra:   ${rel(f)} (no registered machine produces it)`);
    console.error('Run `npm run diagrams` to regenerate docs/diagrams.');
    return 1;
  }
  mkdirSync(dir, { recursive: true });
  const { stale, missing, extra } = compareWithDisk(files, dir);
  for (const [file, content] of files) writeFileSync(path.join(dir, file), content);
  for (const f of extra) rmSync(path.join(dir, f));
  const changed = stale.length + missing.length + extra.length;
  console.log(`Wrote ${files.size} files to ${path.relative(process.cwd(), dir) || '.'} (${changed ? `${stale.length} changed, ${missing.length} new, ${extra.length} removed` : 'no change'}).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
