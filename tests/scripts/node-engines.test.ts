import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The machines run Node 20 (DESIGN.md): a package that declares it needs a later Node does not belong in the lock.
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
const project = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };

describe('the Node the machines run', () => {
  it('is one the project declares it runs on', () => {
    expect(semver.satisfies('20.19.0', project.engines.node)).toBe(true);
  });

  it('runs every package in package-lock.json', () => {
    const needsLater = Object.entries(lock.packages)
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range && !semver.satisfies('20.19.0', range))
      .map(([name, range]) => `${name} needs node ${range}`);
    expect(needsLater).toEqual([]);
  });
});
