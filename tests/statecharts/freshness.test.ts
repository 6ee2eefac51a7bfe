import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAMS_DIR, compareWithDisk, generateDiagrams } from '../../scripts/diagrams.ts';
import { MACHINES } from '../../src/machines/registry.ts';

describe('docs/diagrams', () => {
  it('holds, for every registered machine, the exports the generator produces now (else run `npm run diagrams`)', async () => {
    const files = await generateDiagrams();
    for (const m of MACHINES) for (const ext of ['json', 'mmd', 'scxml', 'svg', 'md']) expect(files.has(`${m.name}.${ext}`)).toBe(true);
    const { stale, missing, extra } = compareWithDisk(files);
    const problems = [...stale.map((f) => `stale: ${f}`), ...missing.map((f) => `missing: ${f}`), ...extra.map((f) => `extra: ${f}`)];
    expect(
      problems,
      `docs/diagrams is out of date with core/workflows and src/machines. Run \`npm run diagrams\` and commit docs/diagrams.\n${problems.join('\n')}`,
    ).toEqual([]);
  });

  it('generation is deterministic (two runs give byte-identical files)', async () => {
    const a = await generateDiagrams();
    const b = await generateDiagrams();
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, content] of a) expect(b.get(file), file).toBe(content);
  });

  const root = path.resolve(DIAGRAMS_DIR, '..', '..');
  const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/diagrams.ts', ...args], { cwd: root, encoding: 'utf8' });

  it('`npm run diagrams -- --check` exits 0 when current', () => {
    const run = cli('--check');
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/docs\/diagrams is up to date \(\d+ files\)/);
  });

  it('`--check` exits 1 listing stale, missing and extra files, and writes nothing; a run rewrites them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diagrams-'));
    try {
      expect(cli('--dir', dir).status).toBe(0);
      writeFileSync(path.join(dir, 'verification.mmd'), 'stateDiagram-v2\n');
      rmSync(path.join(dir, 'app.svg'));
      writeFileSync(path.join(dir, 'retired.json'), '{}\n');
      const run = cli('--check', '--dir', dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/stale: +\S*verification\.mmd/);
      expect(run.stderr).toMatch(/missing: \S*app\.svg/);
      expect(run.stderr).toMatch(/extra: +\S*retired\.json/);
      expect(run.stderr).toContain('Run `npm run diagrams`');
      expect(readFileSync(path.join(dir, 'verification.mmd'), 'utf8')).toBe('stateDiagram-v2\n');
      expect(existsSync(path.join(dir, 'app.svg'))).toBe(false);
      expect(cli('--dir', dir).status).toBe(0);
      expect(cli('--check', '--dir', dir).status).toBe(0);
      expect(existsSync(path.join(dir, 'retired.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
