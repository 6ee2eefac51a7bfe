import { loadContract, permissionsOf } from './contract.ts';

const document = () => loadContract().document;
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
