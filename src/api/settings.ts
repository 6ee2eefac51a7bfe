import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from './client.ts';

/**
 * Configuraciones' catalogs as other screens read them: the defaults a new insurer or policy starts
 * from, and the reason texts as edited there. Same keys as the Configuraciones screen, so an edit there
 * refreshes every reader.
 */
export const settingDefaultsQuery = () =>
  queryOptions({ queryKey: ['settings', 'defaults'] as const, queryFn: async () => (await call(api.GET('/api/settings/defaults'))).items as Schemas['SettingDefault'][], staleTime: 60_000 });

/** A default's value by its key (`policy.maxBeneficiaries`, `insurer.cureDays`…), when the catalog holds it. */
export const defaultValue = (items: readonly Schemas['SettingDefault'][] | undefined, key: string) => items?.find((d) => d.key === key)?.value;
