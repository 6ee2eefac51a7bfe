import { refusalTextId } from '@core/workflows/texts.ts';
import { UNKNOWN_REFUSAL } from '@core/workflows/workflow.ts';
import { catalogText } from './catalog-text.ts';

/**
 * The English text of a refusal rule code, for a 409's `detail`: the refusing guard's catalog entry (the
 * same the Diagramas area and the diagrams export show), else the text of a generic refusal.
 */
export function ruleDetail(rule: string): string {
  return catalogText(refusalTextId(rule)).en ?? catalogText(UNKNOWN_REFUSAL).en ?? 'The workflow refused the event.';
}
