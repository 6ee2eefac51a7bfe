import { isImplant, type ClaimFacts, type Liquidation } from '@core/benefits/liquidate.ts';
import type { RequiredDocument } from './catalogs.ts';

type Claim = 'general' | 'orthodonticInitial' | 'orthodonticInstallment';

/** What the matrix's conditions look at in one claim. */
export interface DocumentFacts {
  lines: readonly { procedure_code: string; charged_cents: number; other_insurer_paid_cents: number }[];
  /** Research 4.3 "reimbursement mode": the holder paid the provider and is reimbursed (not an assignment of benefits). */
  payee: 'HOLDER' | 'PROVIDER';
  /** Research 4.3 "COMPROBANTE_PAGO if factura not marked paid": the invoice is marked paid, so it proves the payment itself. */
  invoicePaid: boolean;
  /** The patient's record says this insurer pays second (coordination of benefits, R15). */
  secondaryCoverage: boolean;
  /** R14 as the engine reads it: whether the claim rests on a granted pre-authorisation, and the threshold. */
  preauthorization: NonNullable<ClaimFacts['preauthorization']>;
}

/** Research 4.3: the final X-ray for endodontics (D3xxx), crowns (D27xx) and implants (D60xx–D61xx). */
const RADIOGRAPHED = /^D(3\d{3}|27\d{2}|6[01]\d{2})$/;

/** Research 4.3: the laboratory cost breakdown for prosthodontics, removable (D5xxx) and fixed (D62xx–D67xx). */
const PROSTHETIC = /^D(5\d{3}|6[2-7]\d{2})$/;

/**
 * The documents the matrix asks of one claim: always, for basic or major treatment (by the category the
 * engine gave each line), when another insurer pays first (a line carries its payment, or the patient is
 * covered there first), when the holder is reimbursed, when the invoice is not marked paid (the payment
 * receipt), for radiographed treatment, when the claim is paid on a pre-authorisation one of its lines needs
 * (without one the engine rejects that line, code 34, so there is no letter to ask for), or for prosthodontics.
 */
export function requiredDocuments(matrix: readonly RequiredDocument[], claim: Claim, liquidation: Liquidation, facts: DocumentFacts): string[] {
  const applies = {
    ALWAYS: true,
    NEVER: false,
    BASIC_OR_MAJOR: liquidation.lines.some((l) => l.category === 'BASIC' || l.category === 'MAJOR'),
    OTHER_INSURER: facts.secondaryCoverage || facts.lines.some((l) => l.other_insurer_paid_cents > 0),
    HOLDER_PAYEE: facts.payee === 'HOLDER',
    INVOICE_NOT_PAID: !facts.invoicePaid,
    RADIOGRAPHED: facts.lines.some((l) => RADIOGRAPHED.test(l.procedure_code)),
    PREAUTHORIZATION:
      facts.preauthorization.granted &&
      facts.lines.some((l) => isImplant(l.procedure_code) || (facts.preauthorization.aboveCents !== null && l.charged_cents > facts.preauthorization.aboveCents)),
    PROSTHETIC: facts.lines.some((l) => PROSTHETIC.test(l.procedure_code)),
  };
  return matrix.filter((row) => applies[row[claim]]).map((row) => row.documentType);
}
