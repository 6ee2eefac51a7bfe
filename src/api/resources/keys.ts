/**
 * The one shape of TanStack Query keys: `[resource]`, `[resource, 'list', params]`, `[resource, 'detail', id]`, and
 * whatever else a resource reads under its own prefix (`[resource, 'detail', id, 'history']`, `[resource, 'counts', …]`).
 * Only the modules of src/api/resources make keys (ESLint refuses a key literal anywhere else): a key starts with its
 * server resource's name, so one write invalidates every screen's copy by that prefix.
 */
export function queryKeys(resource: string) {
  return {
    all: [resource] as const,
    lists: [resource, 'list'] as const,
    list: (params: object) => [resource, 'list', params] as const,
    detail: (id: number) => [resource, 'detail', id] as const,
  };
}
export type QueryKeys = ReturnType<typeof queryKeys>;
