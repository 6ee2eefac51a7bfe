import { createHash } from 'node:crypto';

/** JSON with every object's keys in order, so two bodies that differ only in key order have one fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The SHA-256 of a request body as the contract read it (defaults filled), for telling a replay from a reused key. */
export const bodyFingerprint = (body: unknown): string => createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
