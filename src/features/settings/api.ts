import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';

export type Catalog = Schemas['SettingCatalog'];
export type ProcedureCode = Required<Schemas['ProcedureCode']>;
export type ReasonCode = Schemas['ReasonCode'];
export type RequiredDocument = Required<Schemas['RequiredDocument']>;
export type SettingDefault = Schemas['SettingDefault'];
export type SettingChange = Schemas['SettingChange'];
export type CatalogTexts = Schemas['CatalogTexts'];
export const LANGUAGES = ['es', 'en', 'fr', 'zh', 'ja'] as const;

/** Query keys: `['settings', catalog]` for a catalog, `['settings', catalog, 'history', key]` for an item's changes. */
export const settingsKeys = {
  catalog: (catalog: Catalog) => ['settings', catalog] as const,
  history: (catalog: Catalog, key: string) => ['settings', catalog, 'history', key] as const,
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
