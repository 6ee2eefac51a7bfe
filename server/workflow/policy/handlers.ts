import type { Deps, HandlersOf } from '../../http/types.ts';
import { policyService, policyWorkflow } from './service.ts';
import { workflowHandlers } from '../shared/workflow-handlers.ts';

type Operation = 'listPolicies' | 'createPolicy' | 'getPolicy' | 'updatePolicy' | 'sendPolicyEvent' | 'getPolicyHistory';

export function policyHandlers(deps: Deps): HandlersOf<Operation> {
  const record = workflowHandlers(deps, policyService, { machine: policyWorkflow.machine, entity: 'policy', path: '/api/policies' });
  return {
    listPolicies: record.list,
    createPolicy: record.create,
    getPolicy: record.get,
    updatePolicy: record.update,
    sendPolicyEvent: record.send,
    getPolicyHistory: record.history,
  };
}
