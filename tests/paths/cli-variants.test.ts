import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hangLimit } from '../../scripts/hang-limit.ts';

const committed = path.resolve('tests/paths/preferences/transitions');
const experiment = path.join(committed, 'seed-7-length-5');
const snapshot = (dir: string) => Object.fromEntries(fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => [e.name, fs.readFileSync(path.join(dir, e.name), 'utf8')]));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test-paths/cli.ts', ...args], { encoding: 'utf8' });

afterAll(() => fs.rmSync(experiment, { recursive: true, force: true }));

describe('npm run test:paths with other options than the committed ones', () => {
  it('writes into its own folder and leaves the committed files as they are', { timeout: hangLimit(120_000) }, () => {
    const before = snapshot(committed);
    const result = run('--machine', 'preferences', '--criterion', 'transitions', '--seed', '7', '--max-length', '5');
    expect(result.status, result.stderr).toBe(0);
    expect(snapshot(committed)).toEqual(before);
    const written = snapshot(experiment);
    expect(Object.keys(written).sort()).toEqual(['paths.json', 'paths.md', 'preferences.transitions.paths.test.ts']);
    expect(JSON.parse(written['paths.json']!)).toMatchObject({ seed: 7, maxLength: 5, command: expect.stringContaining('--seed 7') });
    // The default options still find their committed files up to date.
    expect(run('--machine', 'preferences', '--criterion', 'transitions', '--check').status).toBe(0);
  });
});
