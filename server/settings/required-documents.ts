import type { Liquidation } from '../../src/domain/benefits/liquidate.ts';
import type { RequiredDocument } from './catalogs.ts';

type Claim = 'general' | 'orthodonticInitial' | 'orthodonticInstallment';

/**
 * The documents the matrix asks of one claim: always, for basic or major treatment (by the category the
 * engine gave each line), or when a line carries another insurer's payment (coordination of benefits).
 */
export function requiredDocuments(matrix: readonly RequiredDocument[], claim: Claim, liquidation: Liquidation, lines: readonly { other_insurer_paid_cents: number }[]): string[] {
  const basicOrMajor = liquidation.lines.some((l) => l.category === 'BASIC' || l.category === 'MAJOR');
  const otherInsurer = lines.some((l) => l.other_insurer_paid_cents > 0);
  const applies = { ALWAYS: true, NEVER: false, BASIC_OR_MAJOR: basicOrMajor, OTHER_INSURER: otherInsurer };
  return matrix.filter((row) => applies[row[claim]]).map((row) => row.documentType);
}
