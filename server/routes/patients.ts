import { NotFoundError } from '../domain/errors.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { findPolicySummaries, policySummary } from '../workflow/patient/policy-summary.ts';
import { patientService as service, patientWorkflow } from '../workflow/patient/service.ts';
import { auditPartRead, requestActor, versionedEvent } from './workflow-actor.ts';

type Operation =
  | 'listPatients'
  | 'createPatient'
  | 'getPatient'
  | 'updatePatient'
  | 'sendPatientEvent'
  | 'getPatientHistory'
  | 'getPatientOverview'
  | 'listPolicySummaries'
  | 'getPolicySummary';

export function patientHandlers({ db, today }: Deps): HandlersOf<Operation> {
  return {
    async listPatients(request) {
      const body = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { ...body, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createPatient(request) {
      const user = requestActor(request);
      const created = await db.transaction((tx) => service.create(tx, request.body, user, today()));
      const body = await service.present(db, created, user, today());
      return { status: 201, body, headers: { ETag: `"${body.version}"`, Location: `/api/patients/${created.id}` } };
    },

    async getPatient(request) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async updatePatient(request) {
      const user = requestActor(request);
      const updated = await db.transaction((tx) => service.update(tx, request.params.id, request.body, user, today()));
      const body = await service.present(db, updated, user, today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async sendPatientEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof patientWorkflow.machine>(request);
      const updated = await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version }));
      const body = await service.present(db, updated, user, today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async getPatientHistory(request) {
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, 'patient', request, request.params.id, 'history');
      return { status: 200, body: { items } };
    },

    async getPatientOverview(request) {
      const { verificationsPage = 1, reimbursementsPage = 1, plansPage = 1, pageSize = 10 } = request.query;
      const pages = { verifications: verificationsPage, reimbursements: reimbursementsPage, orthodonticPlans: plansPage, pageSize };
      return { status: 200, body: await service.overview(db, request.params.id, requestActor(request), today(), pages) };
    },

    async listPolicySummaries(request) {
      return { status: 200, body: { items: await findPolicySummaries(db, { ...request.query, limit: request.query.limit ?? 20 }) } };
    },

    async getPolicySummary(request) {
      const summary = await policySummary(db, request.params.id);
      if (!summary) throw new NotFoundError('policy');
      return { status: 200, body: summary };
    },
  };
}
