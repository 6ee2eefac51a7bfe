import fs from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH, permissionsOf } from './contract.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let contract: any;
const document = () => (contract ??= parse(fs.readFileSync(CONTRACT_PATH, 'utf8')));
let declared: Set<string> | undefined;
let byOperation: Map<string, string> | undefined;

/** What a role can hold. */
export function declaredPermissions(): Set<string> {
  declared ??= permissionsOf(document());
  return declared;
}

/** The permission an operation of the contract asks for, so rights that follow another operation's are not restated. */
export function operationPermission(operationId: string): string {
  byOperation ??= new Map(
    Object.values<Record<string, { operationId?: string; 'x-permission'?: string }>>(document().paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId && op['x-permission'] ? [[op.operationId, op['x-permission']] as const] : [])),
    ),
  );
  const permission = byOperation.get(operationId);
  if (!permission) throw new Error(`The contract has no protected operation ${operationId}.`);
  return permission;
}
