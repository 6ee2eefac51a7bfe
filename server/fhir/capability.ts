import type { Operation } from '../http/contract.ts';

const SEARCH_TYPES: Record<string, 'token' | 'reference' | 'date'> = { identifier: 'token', _id: 'token', beneficiary: 'reference', patient: 'reference', created: 'date', status: 'token', outcome: 'token' };

/**
 * The CapabilityStatement, built from the contract's FHIR operations themselves, so it lists exactly what is routed:
 * a GET on `Type/{id}` is `read`, a GET on `Type` is `search-type` with its query parameters, a POST on `Type` is `create`.
 */
export function capabilityStatement(operations: Operation[], base: string, contract: Record<string, unknown>, date: string) {
  const byType = new Map<string, { interaction: { code: string }[]; searchParam: { name: string; type: string }[] }>();
  for (const op of operations) {
    const match = /^\/fhir\/R4\/([A-Z][A-Za-z]+)(\/\{id\})?$/.exec(op.path);
    if (!match) continue;
    const entry = byType.get(match[1]!) ?? { interaction: [], searchParam: [] };
    byType.set(match[1]!, entry);
    if (op.method === 'get' && match[2]) entry.interaction.push({ code: 'read' });
    else if (op.method === 'get') {
      entry.interaction.push({ code: 'search-type' });
      const params = queryParameters(contract, op.path);
      for (const name of params.filter((p) => SEARCH_TYPES[p])) entry.searchParam.push({ name, type: SEARCH_TYPES[name]! });
    } else if (op.method === 'post') entry.interaction.push({ code: 'create' });
  }
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'Dental back office',
    kind: 'instance',
    implementation: { description: 'The payer’s FHIR R4 endpoint for dental practices', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        security: {
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${base}/auth/token` }],
            },
          ],
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
          description: 'OAuth 2.0 client credentials; SMART v2 system scopes.',
        },
        resource: [...byType.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([type, entry]) => ({
            type,
            interaction: entry.interaction,
            ...(entry.searchParam.length ? { searchParam: entry.searchParam } : {}),
          })),
      },
    ],
  };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The query parameters' names of the GET at `path`, with the contract's `$ref`s resolved. */
function queryParameters(contract: Json, path: string): string[] {
  const params: Json[] = contract.paths[path]?.get?.parameters ?? [];
  return params.map((p) => (p.$ref ? contract.components.parameters[p.$ref.split('/').pop()] : p)).filter((p) => p.in === 'query').map((p) => p.name as string);
}
