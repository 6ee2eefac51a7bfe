import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official ISO 20022 schemas and others' sample messages live in ../shared/interop/iso20022 beside the
 * checkout. Where they (or xmllint) are missing — a user's own clone — the checks say so and skip; with
 * CI=true they fail instead, so CI can never pass without having validated.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ISO20022_DIR = path.resolve(repoRoot, '..', 'shared', 'interop', 'iso20022');

function xmllintPresent(): boolean {
  return spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
}

export const interopMissing: string | null = !fs.existsSync(path.join(ISO20022_DIR, 'xsd'))
  ? `the ISO 20022 schemas are not at ${ISO20022_DIR}`
  : !xmllintPresent()
    ? 'xmllint is not installed (Debian: libxml2-utils)'
    : null;

if (interopMissing && process.env.CI === 'true') throw new Error(`CI=true and ${interopMissing}: the payment files cannot be validated`);
if (interopMissing) console.warn(`Skipping the ISO 20022 schema checks: ${interopMissing}`);

/** Validates a document against one of the schemas with `xmllint --noout --schema`; returns xmllint's complaints. */
export function schemaErrors(xml: string, xsd: string): string | null {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(ISO20022_DIR, 'xsd', xsd), '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return result.status === 0 ? null : result.stderr.trim();
}

export function sample(name: string): string {
  return fs.readFileSync(path.join(ISO20022_DIR, 'samples', name), 'utf8');
}

export async function collect(chunks: AsyncIterable<string>): Promise<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for await (const chunk of chunks) {
    text += chunk;
    count += 1;
  }
  return { text, count };
}
