// The log-in page's weight and Lighthouse's mobile run (simulated slow 4G, 4× CPU), fetched from the
// npm registry with npx on first use.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

/** Gzipped JavaScript the page loads until the network is idle (what a first visit costs). */
export async function firstPageWeight(base, pathname, executablePath) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await (await browser.newContext()).newPage();
  const sizes = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) sizes.push(zlib.gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  await browser.close();
  return { files: sizes.length, kib: sizes.reduce((a, b) => a + b, 0) / 1024 };
}

function lighthouseOnce(base, pathname, executablePath, out) {
  const run = spawnSync(
    'npx',
    ['--yes', 'lighthouse@13.5.0', `${base}${pathname}`, '--quiet', '--only-categories=performance,accessibility,best-practices', '--output=json', `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking'],
    { env: { ...process.env, CHROME_PATH: executablePath }, stdio: 'ignore' },
  );
  return run.status === 0 ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
}

const lcpElement = (report) => {
  const details = report.audits['largest-contentful-paint-element']?.details ?? report.audits['lcp-breakdown-insight']?.details;
  const find = (node) => (node && typeof node === 'object' ? (node.type === 'node' ? node : Object.values(node).map(find).find(Boolean)) : null);
  const node = find(details);
  return node ? `${node.nodeLabel ?? ''} ${node.snippet ?? ''}`.trim() : '?';
};

const scriptKiB = (report) =>
  (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;

/** The critical chain as Lighthouse's network records show it: each request with its simulated start and end. */
function waterfall(report) {
  return (report.audits['network-requests']?.details?.items ?? [])
    .map((r) => `      ${String(Math.round(r.networkRequestTime ?? 0)).padStart(5)}–${String(Math.round(r.networkEndTime ?? 0)).padEnd(5)} ${r.resourceType ?? ''} ${new URL(r.url).pathname} ${((r.transferSize ?? 0) / 1024).toFixed(1)} KiB`)
    .join('\n');
}

/**
 * `runs` Lighthouse runs: `text`, the median LCP with the range and the rest of the median run (printed), and
 * `cell`, the same in one table cell for docs/benchmarks.md (null when Lighthouse did not run).
 */
export function lighthouseRuns(base, pathname, runs, executablePath, dir, detail = false) {
  const reports = [];
  for (let i = 0; i < runs; i++) {
    const report = lighthouseOnce(base, pathname, executablePath, path.join(dir, `lighthouse-${i}.json`));
    if (report) reports.push(report);
  }
  if (!reports.length) return { text: 'Lighthouse did not run', cell: null };
  const lcp = (r) => r.audits['largest-contentful-paint'].numericValue;
  reports.sort((a, b) => lcp(a) - lcp(b));
  const mid = reports[Math.floor((reports.length - 1) / 2)];
  const scores = Object.values(mid.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`).join(', ');
  const all = (id) => reports.map((r) => (r.audits[id].numericValue / 1000).toFixed(2)).join('/');
  const lines = [
    `log-in page, Lighthouse 13.5 mobile (${reports.length} runs, median by LCP): ${scores}; ` +
      `FCP ${mid.audits['first-contentful-paint'].displayValue}, LCP ${mid.audits['largest-contentful-paint'].displayValue} (runs ${all('largest-contentful-paint')} s), ` +
      `TBT ${mid.audits['total-blocking-time'].displayValue}, JS ${scriptKiB(mid).toFixed(0)} KiB transferred (goal LCP ≤ 1.6 s, score ≥ 95)`,
    `  LCP element: ${lcpElement(mid).slice(0, 160)}`,
  ];
  if (detail) lines.push(waterfall(mid));
  const cell =
    `${scores}; TBT ${mid.audits['total-blocking-time'].displayValue}, FCP ${mid.audits['first-contentful-paint'].displayValue}; ` +
    `LCP ${mid.audits['largest-contentful-paint'].displayValue} median of ${reports.length} (${all('largest-contentful-paint')} s)`;
  return { text: lines.join('\n'), cell };
}
