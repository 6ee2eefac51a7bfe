import fs from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH } from './contract.ts';

let declared: Set<string> | undefined;

/** Every permission some operation of the contract names in `x-permission`: the ones a role can hold. */
export function declaredPermissions(): Set<string> {
  if (declared) return declared;
  const contract = parse(fs.readFileSync(CONTRACT_PATH, 'utf8')) as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
  declared = new Set(
    Object.values(contract.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (typeof op === 'object' && op && op['x-permission'] ? [op['x-permission']] : [])),
    ),
  );
  return declared;
}
