import fs from 'node:fs';
import { expect, test } from 'vitest';
import { generate } from '../../scripts/gen-db-types.ts';

test('the query builder types match the migrations (npm run gen:db)', async () => {
  expect(fs.readFileSync('server/db/schema.ts', 'utf8')).toBe(await generate());
});
