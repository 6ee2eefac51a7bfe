import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import { refusalTextId } from '../../src/machines/texts.ts';
import { UNKNOWN_REFUSAL } from '../../src/machines/workflow.ts';

const catalog: Record<string, string> = en;

/**
 * The English text of a refusal rule code, for a 409's `detail`: the refusing guard's catalog entry (the
 * same the Diagramas area and the diagrams export show), else the text of a generic refusal.
 */
export function ruleDetail(rule: string): string {
  return catalog[refusalTextId(rule)] ?? catalog[UNKNOWN_REFUSAL] ?? 'The workflow refused the event.';
}
