import type { Deps, HandlersOf } from '../../http/types.ts';
import { planService, planWorkflow } from './service.ts';
import { workflowHandlers } from '../shared/workflow-handlers.ts';

type Operation =
  | 'listOrthodonticPlans'
  | 'createOrthodonticPlan'
  | 'getOrthodonticPlan'
  | 'updateOrthodonticPlan'
  | 'sendOrthodonticPlanEvent'
  | 'getOrthodonticPlanHistory';

export function orthodonticPlanHandlers(deps: Deps): HandlersOf<Operation> {
  const record = workflowHandlers(deps, planService, { machine: planWorkflow.machine, entity: 'orthodontic_plan', path: '/api/orthodontic-plans' });
  return {
    listOrthodonticPlans: record.list,
    createOrthodonticPlan: record.create,
    getOrthodonticPlan: record.get,
    updateOrthodonticPlan: record.update,
    sendOrthodonticPlanEvent: record.send,
    getOrthodonticPlanHistory: record.history,
  };
}
