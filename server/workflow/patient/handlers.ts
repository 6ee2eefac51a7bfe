import { NotFoundError } from '../../errors.ts';
import type { Deps, HandlersOf } from '../../http/types.ts';
import { findPolicySummaries, policySummary } from './policy-summary.ts';
import { patientService as service, patientWorkflow } from './service.ts';
import { requestActor } from '../shared/workflow-actor.ts';
import { workflowHandlers } from '../shared/workflow-handlers.ts';

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

export function patientHandlers(deps: Deps): HandlersOf<Operation> {
  const { db, today } = deps;
  const record = workflowHandlers(deps, service, { machine: patientWorkflow.machine, entity: 'patient', path: '/api/patients' });
  return {
    listPatients: record.list,
    createPatient: record.create,
    getPatient: record.get,
    updatePatient: record.update,
    sendPatientEvent: record.send,
    getPatientHistory: record.history,

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
