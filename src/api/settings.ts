import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
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

/** The rejection reason codes with their texts in five languages, as Configuraciones edits them. */
export const reasonCodesQuery = () =>
  queryOptions({ queryKey: ['settings', 'reasons'] as const, queryFn: async () => (await call(api.GET('/api/settings/reasons'))).items as Schemas['ReasonCode'][], staleTime: 60_000 });

/**
 * A reason code with its text in the user's language from Configuraciones (`30 · Máximo anual agotado`);
 * the code alone while the catalog loads or when it lacks the code.
 */
export function useReasonText() {
  const intl = useIntl();
  const { data: reasons = [] } = useQuery(reasonCodesQuery());
  return (code: string | null | undefined) => {
    if (!code) return '';
    const texts = reasons.find((reason) => reason.code === code)?.texts;
    return texts ? `${code} · ${texts[intl.locale as keyof typeof texts] ?? texts.es}` : code;
  };
}
