import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { describeUnexpected } from '../../server/http/log-unexpected.ts';

const SECRET = 'scrypt$32768$8$1$c2VjcmV0LWhhc2gtdmFsdWU';

describe('the log line of an unexpected error', () => {
  it('keeps where and what failed but none of the failed query text, parameters or values', async () => {
    const db = new PGlite();
    const error = await db.query('SELECT $1::integer AS n', [SECRET]).catch((e: unknown) => e);
    await db.close();
    // The driver's error object does carry the parameter: printing it whole would leak it.
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as { params?: unknown }).params)).toContain(SECRET);
    const line = describeUnexpected('POST /api/users', error);
    expect(line).toMatch(/^POST \/api\/users: \w+ \[22P02\]: invalid input syntax for type integer/);
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('SELECT');
  });

  it('describes a thrown non-error without printing it', () => {
    expect(describeUnexpected('tick', { password: SECRET })).toBe('tick: unexpected object thrown');
  });
});
