import type { Deps, HandlersOf } from '../http/types.ts';
import { createProcedureCode, historyOf, listCatalog, updateCatalogItem } from './catalogs.ts';
import { createCurrencyDefaults } from './currency-defaults.ts';
import { requestActor } from '../workflow/shared/workflow-actor.ts';

type Operation =
  | 'listProcedureCodes'
  | 'createProcedureCode'
  | 'updateProcedureCode'
  | 'listReasonCodes'
  | 'updateReasonCode'
  | 'listRequiredDocuments'
  | 'updateRequiredDocument'
  | 'listSettingDefaults'
  | 'updateSettingDefault'
  | 'createCurrencyDefaults'
  | 'listSettingHistory';

/** Configuraciones: the catalogs the engine and the forms read; every change versioned with its history. */
export function settingsHandlers({ db }: Deps): HandlersOf<Operation> {
  return {
    listProcedureCodes: async () => ({ status: 200, body: { items: await listCatalog(db, 'procedures') } }),
    listReasonCodes: async () => ({ status: 200, body: { items: await listCatalog(db, 'reasons') } }),
    listRequiredDocuments: async () => ({ status: 200, body: { items: await listCatalog(db, 'documents') } }),
    listSettingDefaults: async () => ({ status: 200, body: { items: await listCatalog(db, 'defaults') } }),

    async createProcedureCode(request) {
      const created = await db.transaction((tx) => createProcedureCode(tx, request.body, requestActor(request)));
      return { status: 201, body: created };
    },
    async updateProcedureCode(request) {
      const { version, ...change } = request.body;
      return { status: 200, body: await db.transaction((tx) => updateCatalogItem(tx, 'procedures', request.params.code, version, change, requestActor(request))) };
    },
    async updateReasonCode(request) {
      const { version, ...change } = request.body;
      return { status: 200, body: await db.transaction((tx) => updateCatalogItem(tx, 'reasons', request.params.code, version, change, requestActor(request))) };
    },
    async updateRequiredDocument(request) {
      const { version, ...change } = request.body;
      return { status: 200, body: await db.transaction((tx) => updateCatalogItem(tx, 'documents', request.params.documentType, version, change, requestActor(request))) };
    },
    async updateSettingDefault(request) {
      const { version, ...change } = request.body;
      return { status: 200, body: await db.transaction((tx) => updateCatalogItem(tx, 'defaults', request.params.key, version, change, requestActor(request))) };
    },
    async createCurrencyDefaults(request) {
      return { status: 201, body: { items: await db.transaction((tx) => createCurrencyDefaults(tx, request.body, requestActor(request))) } };
    },
    async listSettingHistory(request) {
      return { status: 200, body: { items: await historyOf(db, request.query.catalog, request.query.key) } };
    },
  };
}
