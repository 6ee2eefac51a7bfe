// `npm run test:e2e` runs this first: it finds the Chromium the browser tests drive, installs one when
// it can, and otherwise stops at once with one line saying what to install. playwright.config.ts
// asks findChromium() for the same path.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export type Source = 'CHROMIUM_PATH' | 'PATH' | 'Debian' | 'Playwright';
export interface Found {
  path: string;
  source: Source;
}

export interface SearchOptions {
  env?: NodeJS.ProcessEnv;
  /** Debian's package, looked for even when PATH does not list its directory. */
  systemPaths?: string[];
  /** Where Playwright's own download is, or would be, installed. */
  playwrightExecutable?: () => string;
}

export const NOTHING_FOUND =
  "No Chromium for the browser tests: install Debian's (sudo apt-get install chromium-headless-shell), or run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.";

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Headless shells first: Chromium's old headless mode, without the browser's own UI, took about a third less time
 * than the full browser over the same specs (docs/qa.md); the full browser drives the tests as well.
 */
const NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser'];

/**
 * In order: CHROMIUM_PATH, a Chromium on PATH (by name: the headless shell, then `chromium`, `chromium-browser`; each
 * in PATH order), Debian's /usr/bin/chromium-headless-shell then /usr/bin/chromium, Playwright's cached browser.
 */
export function findChromium({
  env = process.env,
  systemPaths = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'],
  playwrightExecutable = () => chromium.executablePath(),
}: SearchOptions = {}): Found | null {
  if (env.CHROMIUM_PATH) {
    // Named on purpose, so a wrong name is an error rather than a silent fall-back to another browser.
    if (!isExecutable(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.`);
    return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of NAMES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return { path: file, source: 'PATH' };
    }
  }
  const system = systemPaths.find(isExecutable);
  if (system) return { path: system, source: 'Debian' };
  const own = playwrightExecutable();
  return own && isExecutable(own) ? { path: own, source: 'Playwright' } : null;
}

export interface Installer {
  name: string;
  /** Quick (seconds at most): whether this way of installing can work on this machine. */
  usable(): boolean | Promise<boolean>;
  /** Installs; true when it says it succeeded. */
  install(): boolean;
}

/** The browser found, or the first installer that works followed by a new search; null when neither. */
export async function ensureChromium(search: () => Found | null, installers: Installer[], log: (line: string) => void): Promise<Found | null> {
  const found = search();
  if (found) return found;
  for (const installer of installers) {
    if (!(await installer.usable())) continue;
    log(`No Chromium found; installing ${installer.name}…`);
    if (installer.install()) {
      const installed = search();
      if (installed) return installed;
    }
    log(`Installing ${installer.name} did not give a Chromium.`);
  }
  return null;
}

const succeeds = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
  spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } }).status === 0;

/** Debian's package through apt-get, as root (or with sudo that needs no password). */
export function debianInstaller(): Installer {
  const asRoot = process.getuid?.() === 0;
  const sudo = (args: string[]) => (asRoot ? args : ['sudo', '-n', ...args]);
  const apt = (...args: string[]) => {
    const [command, ...rest] = sudo(['apt-get', '-qq', '-o', 'Acquire::Retries=0', '-o', 'Acquire::http::Timeout=20', ...args]);
    return succeeds(command, rest, { DEBIAN_FRONTEND: 'noninteractive' });
  };
  return {
    name: "Debian's chromium-headless-shell with apt-get",
    usable: () => fs.existsSync('/usr/bin/apt-get') && (asRoot || succeeds('sudo', ['-n', 'true'])),
    // The package lists of a fresh machine may be missing or stale: update once when the install fails.
    install: () => apt('install', '-y', 'chromium-headless-shell') || (apt('update') && apt('install', '-y', 'chromium-headless-shell')),
  };
}

/** Playwright's own Chromium, when its download host answers within a few seconds. */
export function playwrightInstaller(): Installer {
  const host = process.env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev';
  return {
    name: "Playwright's Chromium download",
    usable: () => fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(5_000) }).then(() => true, () => false),
    install: () => succeeds('npx', ['playwright', 'install', 'chromium']),
  };
}

async function main() {
  const found = await ensureChromium(findChromium, [debianInstaller(), playwrightInstaller()], (line) => console.log(line));
  if (!found) {
    console.error(NOTHING_FOUND);
    process.exit(1);
  }
  console.log(`Chromium for the browser tests: ${found.path} (${found.source})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
