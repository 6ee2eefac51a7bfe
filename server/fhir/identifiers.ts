import { fhirError } from './outcome.ts';

/**
 * Identifier systems. A person's document is named by the country that issues it and its type (a Chilean RUT is
 * `urn:dental-backoffice:id:cl:rut`), so a practice can send what is on the patient's card; a member's credential
 * and a policy's number are each insurer's own.
 */
export const documentSystem = (country: string, documentType: string) => `urn:dental-backoffice:id:${country.toLowerCase()}:${documentType.toLowerCase()}`;
export const memberSystem = (insurerCode: string) => `urn:dental-backoffice:member:${insurerCode.toLowerCase()}`;
export const policySystem = (insurerCode: string) => `urn:dental-backoffice:policy:${insurerCode.toLowerCase()}`;

/** The v2-0203 identifier type of a document: a passport is PPN, every other document a national id (NI). */
export const documentTypeCode = (documentType: string) => (documentType === 'PASSPORT' ? 'PPN' : 'NI');
export const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** What an `identifier` search token asks for: a document, a member credential, a policy number, or any of them. */
export type IdentifierQuery =
  | { kind: 'document'; country: string; documentType: string; value: string }
  | { kind: 'member' | 'policy'; insurerCode: string; value: string }
  | { kind: 'any'; value: string };

/** Parses `system|value`, `|value` or `value` (FHIR's token search); an unknown system is the client's mistake. */
export function parseIdentifier(token: string): IdentifierQuery {
  const bar = token.indexOf('|');
  const system = bar < 0 ? '' : token.slice(0, bar);
  const value = bar < 0 ? token : token.slice(bar + 1);
  if (!value) throw fhirError(400, 'invalid', 'The identifier search needs a value (system|value).');
  if (!system) return { kind: 'any', value };
  const doc = /^urn:dental-backoffice:id:([a-z]{2}):([a-z_]+)$/.exec(system);
  if (doc) return { kind: 'document', country: doc[1]!.toUpperCase(), documentType: doc[2]!.toUpperCase(), value };
  const own = /^urn:dental-backoffice:(member|policy):([a-z0-9_-]+)$/.exec(system);
  if (own) return { kind: own[1] as 'member' | 'policy', insurerCode: own[2]!, value };
  throw fhirError(400, 'not-supported', `The identifier system ${system} is not one this endpoint knows (see its CapabilityStatement).`);
}
