/** The one shape of TanStack Query keys: `[resource]`, `[resource, 'list', params]`, `[resource, 'detail', id]`. */
export function queryKeys(resource: string) {
  return {
    all: [resource] as const,
    lists: [resource, 'list'] as const,
    list: (params: object) => [resource, 'list', params] as const,
    detail: (id: number) => [resource, 'detail', id] as const,
  };
}
export type QueryKeys = ReturnType<typeof queryKeys>;

/**
 * The dashboard's figures: defined here because a live event of another area (a new message) makes them stale, and
 * areas do not import one another.
 */
export const DASHBOARD_KEY = ['dashboard'] as const;
