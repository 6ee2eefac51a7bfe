import { lineDecision, lineReason } from '@core/benefits/line-decision.ts';
import type { components } from '../../openapi/schema';
import { amountCell, CATALOGS, type ExportCell, type ExportLocale } from './presentation.ts';

type Claim = Pick<components['schemas']['Reimbursement'], 'folio' | 'currency' | 'lines'>;
type Line = Claim['lines'][number];

/**
 * One row per line of a claim (the "líneas" export, issue 28 item 6), as the claim's lines table reads on screen in
 * the requester's language: the decision by its label, the reason's code and its catalog text, amounts formatted
 * (and as numbers in a workbook). A line the engine has not liquidated yet leaves its amounts empty.
 */
export function linePresenter(locale: ExportLocale) {
  const catalog = CATALOGS[locale];
  const amount = (cents: number | null | undefined, currency: string): ExportCell => (cents === null || cents === undefined ? { text: null } : amountCell(cents, currency, locale));
  const cell = (claim: Claim, line: Line, position: number, field: string): ExportCell => {
    const reason = lineReason(line);
    switch (field) {
      case 'folio':
        return { text: claim.folio };
      case 'line':
        return { text: position, number: { value: position, numFmt: '0' } };
      case 'procedureCode':
        return { text: line.procedureCode };
      case 'tooth':
        return { text: line.tooth ?? null };
      case 'decision':
        return { text: catalog[`reimbursements.lineStatus.${lineDecision(line)}`] ?? lineDecision(line) };
      case 'reasonCode':
        return { text: reason };
      case 'reasonText':
        return { text: reason ? (catalog[`reason.${reason}`] ?? null) : null };
      case 'reviewCutCents':
      case 'excessCents':
      case 'coveredCents':
        return amount(line[field], claim.currency);
      default:
        return { text: null };
    }
  };
  return (item: Record<string, unknown>, fields: string[]): ExportCell[][] => {
    const claim = item as unknown as Claim;
    return claim.lines.map((line, index) => fields.map((field) => cell(claim, line, index + 1, field)));
  };
}
