import type { Deps, HandlersOf } from '../../http/types.ts';
import { verificationService as service, verificationWorkflow } from './service.ts';
import { requestActor } from '../shared/workflow-actor.ts';
import { workflowHandlers } from '../shared/workflow-handlers.ts';

type Operation = 'countVerifications' | 'listVerifications' | 'getVerification' | 'createVerification' | 'updateVerification' | 'sendVerificationEvent' | 'getVerificationHistory';

export function verificationHandlers(deps: Deps): HandlersOf<Operation> {
  const record = workflowHandlers(deps, service, { machine: verificationWorkflow.machine, entity: 'verification', path: '/api/verifications' });
  return {
    listVerifications: record.list,
    createVerification: record.create,
    getVerification: record.get,
    updateVerification: record.update,
    sendVerificationEvent: record.send,
    getVerificationHistory: record.history,

    async countVerifications(request) {
      return { status: 200, body: await service.counts(deps.db, request.query, requestActor(request), deps.today()) };
    },
  };
}
