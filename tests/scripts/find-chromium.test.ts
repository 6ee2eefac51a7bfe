import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { ensureChromium, findChromium, type Found, type Installer } from '../../scripts/find-chromium.ts';

/** A directory holding fake browsers: executable files, or plain ones where `executable` is false. */
function dir(files: Record<string, boolean> = {}) {
  const at = tempDir('find-chromium-');
  for (const [name, executable] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(at, name)), { recursive: true });
    fs.writeFileSync(path.join(at, name), '#!/bin/sh\n', { mode: executable ? 0o755 : 0o644 });
  }
  return at;
}

describe('findChromium: the search order', () => {
  const onPath = dir({ chromium: true });
  const debian = dir({ 'usr/bin/chromium': true });
  const playwright = dir({ 'chromium-1200/chrome-linux/chrome': true });
  const empty = dir();
  const all = {
    systemPaths: [path.join(debian, 'usr/bin/chromium')],
    playwrightExecutable: () => path.join(playwright, 'chromium-1200/chrome-linux/chrome'),
  };

  it('takes CHROMIUM_PATH before anything else', () => {
    const own = path.join(dir({ 'my-chrome': true }), 'my-chrome');
    expect(findChromium({ ...all, env: { CHROMIUM_PATH: own, PATH: onPath } })).toEqual({ path: own, source: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH that is not an executable instead of falling back', () => {
    expect(() => findChromium({ ...all, env: { CHROMIUM_PATH: path.join(empty, 'nope'), PATH: onPath } })).toThrow(/CHROMIUM_PATH=.*nope is not an executable/);
  });

  it('then a chromium on PATH, in PATH order', () => {
    const second = dir({ 'chromium-browser': true });
    const first = dir({ chromium: true });
    expect(findChromium({ ...all, env: { PATH: [empty, second, first, onPath].join(path.delimiter) } })).toEqual({ path: path.join(first, 'chromium'), source: 'PATH' });
    expect(findChromium({ ...all, env: { PATH: [empty, second].join(path.delimiter) } })).toEqual({ path: path.join(second, 'chromium-browser'), source: 'PATH' });
  });

  it('prefers the headless shell on PATH to the full browser', () => {
    const shell = dir({ 'chromium-headless-shell': true });
    expect(findChromium({ ...all, env: { PATH: [onPath, shell].join(path.delimiter) } })).toEqual({ path: path.join(shell, 'chromium-headless-shell'), source: 'PATH' });
  });

  it("and Debian's headless shell to Debian's full browser", () => {
    const both = dir({ 'usr/bin/chromium-headless-shell': true, 'usr/bin/chromium': true });
    const systemPaths = [path.join(both, 'usr/bin/chromium-headless-shell'), path.join(both, 'usr/bin/chromium')];
    expect(findChromium({ ...all, systemPaths, env: { PATH: empty } })).toEqual({ path: systemPaths[0], source: 'Debian' });
  });

  it("then Debian's /usr/bin/chromium when PATH has none", () => {
    expect(findChromium({ ...all, env: { PATH: empty } })).toEqual({ path: path.join(debian, 'usr/bin/chromium'), source: 'Debian' });
  });

  it("then Playwright's own cached browser", () => {
    expect(findChromium({ ...all, env: { PATH: empty }, systemPaths: [path.join(empty, 'chromium')] })).toEqual({
      path: path.join(playwright, 'chromium-1200/chrome-linux/chrome'),
      source: 'Playwright',
    });
  });

  it('skips files that are not executable and finds nothing in empty directories', () => {
    const notExecutable = dir({ chromium: false });
    expect(findChromium({ env: { PATH: notExecutable }, systemPaths: [path.join(notExecutable, 'chromium')], playwrightExecutable: () => path.join(empty, 'chrome') })).toBeNull();
  });
});

describe('ensureChromium: installing when nothing is found', () => {
  const browser: Found = { path: '/opt/chromium', source: 'Debian' };
  const installer = (name: string, usable: boolean, result: boolean, onInstall: () => void = () => {}): Installer & { ran: number } => {
    const it = { name, ran: 0, usable: () => usable, install: () => (it.ran++, onInstall(), result) };
    return it;
  };

  it('installs nothing when a browser is found', async () => {
    const apt = installer('apt', true, true);
    expect(await ensureChromium(() => browser, [apt], () => {})).toBe(browser);
    expect(apt.ran).toBe(0);
  });

  it('uses the first usable installer and searches again', async () => {
    let installed = false;
    const apt = installer('apt', false, true);
    const download = installer('download', true, true, () => (installed = true));
    const later = installer('later', true, true);
    expect(await ensureChromium(() => (installed ? browser : null), [apt, download, later], () => {})).toBe(browser);
    expect([apt.ran, download.ran, later.ran]).toEqual([0, 1, 0]);
  });

  it('tries the next installer when one fails, and gives null when none can', async () => {
    const lines: string[] = [];
    const failing = installer('apt', true, false);
    const unusable = installer('download', false, true);
    expect(await ensureChromium(() => null, [failing, unusable], (line) => lines.push(line))).toBeNull();
    expect([failing.ran, unusable.ran]).toEqual([1, 0]);
    expect(lines).toEqual(['No Chromium found; installing apt…', 'Installing apt did not give a Chromium.']);
  });
});
