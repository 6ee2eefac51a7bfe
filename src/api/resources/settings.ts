import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';

export type Catalog = Schemas['SettingCatalog'];
export type ProcedureCode = Required<Schemas['ProcedureCode']>;
export type ReasonCode = Schemas['ReasonCode'];
export type RequiredDocument = Required<Schemas['RequiredDocument']>;
export type SettingDefault = Schemas['SettingDefault'];
export type SettingChange = Schemas['SettingChange'];
export type CatalogTexts = Schemas['CatalogTexts'];
export const LANGUAGES = ['es', 'en', 'fr', 'zh', 'ja'] as const;

const base = queryKeys('settings');
/**
 * Query keys: `['settings', catalog]` for a catalog, `['settings', catalog, 'history', key]` for an item's changes.
 * Configuraciones and every screen that reads a catalog (a claim's procedure codes, a policy's defaults, reason
 * texts) share them, so an edit there refreshes every reader.
 */
export const settingsKeys = {
  all: base.all,
  catalog: (catalog: Catalog) => [...base.all, catalog] as const,
  history: (catalog: Catalog, key: string) => [...base.all, catalog, 'history', key] as const,
};

const lists = {
  procedures: () => call(api.GET('/api/settings/procedures')),
  reasons: () => call(api.GET('/api/settings/reasons')),
  documents: () => call(api.GET('/api/settings/documents')),
  defaults: () => call(api.GET('/api/settings/defaults')),
};

export const catalogQuery = <C extends Catalog>(catalog: C) =>
  queryOptions({ queryKey: settingsKeys.catalog(catalog), queryFn: async () => (await lists[catalog]()).items as Awaited<ReturnType<(typeof lists)[C]>>['items'] });

export const historyQuery = (catalog: Catalog, key: string) =>
  queryOptions({ queryKey: settingsKeys.history(catalog, key), queryFn: async () => (await call(api.GET('/api/settings/history', { params: { query: { catalog, key } } }))).items });

/** The six amount defaults every currency has (research 4.1 R2, R3, R7, R13, R14), in its minor unit. */
export const AMOUNT_KEYS = ['deductible.individualCents', 'deductible.familyCents', 'annualMaximumCents', 'orthodontic.lifetimeMaximumCents', 'approvalThresholdCents', 'preauthorizationAboveCents'] as const;
export type AmountKey = (typeof AMOUNT_KEYS)[number];

/** A currency's six amount defaults, added at once (a currency already held answers 409). */
export const createCurrencyDefaults = (body: Schemas['CurrencyDefaultsInput']) => call(api.POST('/api/settings/currencies', { body }));

/** The writes, by catalog: each sends the version it read (a stale one answers 409). */
export const saveItem = {
  procedures: (code: string, body: Schemas['ProcedureCodeUpdate']) => call(api.PUT('/api/settings/procedures/{code}', { params: { path: { code } }, body })),
  createProcedure: (body: Schemas['ProcedureCodeInput']) => call(api.POST('/api/settings/procedures', { body })),
  reasons: (code: string, body: Schemas['ReasonCodeUpdate']) => call(api.PUT('/api/settings/reasons/{code}', { params: { path: { code } }, body })),
  documents: (documentType: RequiredDocument['documentType'], body: Schemas['RequiredDocumentUpdate']) =>
    call(api.PUT('/api/settings/documents/{documentType}', { params: { path: { documentType } }, body })),
  defaults: (key: SettingDefault['key'], body: Schemas['SettingDefaultUpdate']) => call(api.PUT('/api/settings/defaults/{key}', { params: { path: { key } }, body })),
};

/** The defaults a new insurer or policy starts from, as other screens read them. */
export const settingDefaultsQuery = () => ({ ...catalogQuery('defaults'), staleTime: 60_000 });

/** A default's value by its key (`policy.maxBeneficiaries`, `insurer.cureDays`…), when the catalog holds it. */
export const defaultValue = (items: readonly Schemas['SettingDefault'][] | undefined, key: string) => items?.find((d) => d.key === key)?.value;

/** The rejection reason codes with their texts in five languages, as Configuraciones edits them. */
export const reasonCodesQuery = () => ({ ...catalogQuery('reasons'), staleTime: 60_000 });

/** The active procedure codes, as a claim's lines offer them. */
export const procedureCodesQuery = () => ({
  ...catalogQuery('procedures'),
  select: (items: Schemas['ProcedureCode'][]) => items.filter((code) => code.active),
  staleTime: 5 * 60_000,
});

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
