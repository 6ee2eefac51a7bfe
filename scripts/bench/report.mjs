// Writes a benchmark's latest tables into docs/benchmarks.md: each section a script owns lies between
// `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` and is replaced whole by the latest run;
// everything outside the markers is kept. A section not in the file yet is appended at its end.
// BENCH_WRITE=0 only prints; BENCH_DOC=<file> writes elsewhere.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = process.env.BENCH_DOC ?? path.join(root, 'docs/benchmarks.md');

/** A Markdown table; cells are strings (a `|` inside one is escaped). */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** When, on what code and what machine a run was measured: the line heading each written table. */
export function conditions(what) {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown commit';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout?.trim() ? ' with local changes' : '';
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `Last run ${when} UTC, code of ${commit}${dirty}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end; ${what}.`;
}

/** Replaces the section `name` of docs/benchmarks.md with `body` (Markdown). */
export function writeSection(name, body) {
  if (process.env.BENCH_WRITE === '0') return;
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const text = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from);
  if (from >= 0 && to < 0) throw new Error(`${DOC}: ${start} without its ${end}`);
  const next = to < 0 ? `${text.trimEnd()}\n\n${block}\n` : text.slice(0, from) + block + text.slice(to + end.length);
  fs.writeFileSync(DOC, next);
  console.log(`${path.relative(process.cwd(), DOC)}: section ${name} written`);
}

/** Only a full run replaces a section; a partial one says why it wrote nothing. */
export function writeIfWhole(name, whole, why, body) {
  if (whole) writeSection(name, typeof body === 'function' ? body() : body);
  else console.log(`docs/benchmarks.md: section ${name} not written (${why})`);
}
