import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';
import { PREFETCHED_FRESH_MS } from './prefetched.ts';

export type Dashboard = Schemas['Dashboard'];
export type DashboardCharts = Schemas['DashboardCharts'];

/** The dashboard's figures: a live event of another area (a new message) makes them stale, hence exported. */
export const dashboardKeys = queryKeys('dashboard');

/** Live figures: read again when the screen is shown (unless just read: the landing screen's are asked for at sign-in) and every minute while it stays open. */
export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: () => call(api.GET('/api/dashboard')), refetchInterval: 60_000, staleTime: PREFETCHED_FRESH_MS });
