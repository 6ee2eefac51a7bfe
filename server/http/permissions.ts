import fs from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH, permissionsOf } from './contract.ts';

let declared: Set<string> | undefined;

/** What a role can hold. */
export function declaredPermissions(): Set<string> {
  declared ??= permissionsOf(parse(fs.readFileSync(CONTRACT_PATH, 'utf8')));
  return declared;
}
