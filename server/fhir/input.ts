import { isIsoDate } from '@core/benefits/dates.ts';
import { minorPerMajor } from '@core/benefits/currency.ts';
import { isKnownMember } from './elements.ts';
import { FhirError, type Issue } from './outcome.ts';

/** R4 dateTime: a date, or a date and a time of day with its zone (hours 00–23, minutes and seconds 00–59). */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-](0\d|1[0-3]):[0-5]\d|[+-]14:00))?$/;
/** Control and bidirectional-formatting characters: invisible in an identifier, they make two look the same. */
const HIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

type Json = Record<string, unknown>;

/**
 * Reads a FHIR request resource field by field, collecting every problem with the FHIRPath of its element, so one
 * answer names them all; `done()` throws them as one 400 OperationOutcome.
 */
export class ResourceReader {
  readonly issues: Issue[] = [];
  constructor(
    readonly resource: Json,
    readonly type: string,
  ) {
    if (resource?.resourceType !== type) this.fail('invalid', `Send a ${type} (resourceType).`, `${type}.resourceType`);
  }

  fail(code: Issue['code'], diagnostics: string, expression: string) {
    this.issues.push({ severity: 'error', code, diagnostics, expression: [expression] });
    return undefined;
  }

  /** The value at a dotted path (`item.0.productOrService`), or undefined. */
  at(path: string): unknown {
    let value: unknown = this.resource;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined;
    return value;
  }

  /** The FHIRPath of a dotted path: `item.0.productOrService` → `Claim.item[0].productOrService`. */
  where(path: string) {
    return `${this.type}${path.split('.').map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('')}`;
  }

  code(path: string, allowed: readonly string[], required = true): string | undefined {
    const value = this.at(path);
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || !allowed.includes(value)) return this.fail(value === undefined ? 'required' : 'code-invalid', `One of: ${allowed.join(', ')}.`, this.where(path));
    return value;
  }

  /** Every member of the element at `path` (the resource itself when empty) is one R4 defines; no modifier extension (none is understood here). */
  elements(path: string, names: readonly string[]) {
    const value = path ? this.at(path) : this.resource;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const key of Object.keys(value)) {
      const where = path ? this.where(`${path}.${key}`) : `${this.type}.${key}`;
      if (key === 'modifierExtension') this.fail('extension', 'No modifier extension is understood here; the resource cannot be processed safely with it.', where);
      else if (!isKnownMember(names, key)) this.fail('structure', `R4 defines no element ${key} here.`, where);
    }
  }

  /** A CodeableConcept: codings (each with a code) or a text. */
  concept(path: string, required = true) {
    const value = this.at(path) as { coding?: unknown; text?: unknown } | undefined;
    if (value === undefined && !required) return;
    const codings = value && typeof value === 'object' && !Array.isArray(value) ? value.coding : undefined;
    const valid =
      value && typeof value === 'object' && !Array.isArray(value) &&
      (codings === undefined || (Array.isArray(codings) && codings.length > 0 && codings.every((c) => c && typeof c === 'object' && typeof (c as Json).code === 'string'))) &&
      (value.text === undefined || typeof value.text === 'string') && (codings !== undefined || value.text !== undefined);
    if (!valid) this.fail(value === undefined ? 'required' : 'structure', 'A CodeableConcept (coding with codes, or text).', this.where(path));
  }

  /** A Reference to anything (a reference, an identifier or a display), where the server does not resolve it. */
  anyReference(path: string, required = true): boolean {
    const value = this.at(path) as Json | undefined;
    if (value === undefined && !required) return true;
    const valid = value && typeof value === 'object' && !Array.isArray(value) && ['reference', 'display'].every((k) => value[k] === undefined || typeof value[k] === 'string') &&
      (value.reference !== undefined || value.display !== undefined || (value.identifier !== null && typeof value.identifier === 'object'));
    if (!valid) this.fail(value === undefined ? 'required' : 'structure', 'A Reference (reference, identifier or display).', this.where(path));
    return !!valid;
  }

  /** The resource's first business identifier, `system|value` (a value of visible characters, at most 100). */
  identifier(required: boolean): string | undefined {
    const list = this.at('identifier');
    if (list === undefined && !required) return undefined;
    const first = (Array.isArray(list) ? list[0] : undefined) as Json | undefined;
    const value = first?.value;
    if (typeof value !== 'string' || !value.trim() || value.length > 100 || HIDDEN.test(value) || (first!.system !== undefined && typeof first!.system !== 'string')) {
      return this.fail(list === undefined ? 'required' : 'value', 'An identifier (system and value, visible characters, at most 100).', this.where('identifier.0.value'));
    }
    return `${(first!.system as string | undefined) ?? ''}|${value.trim()}`;
  }

  /** An R4 dateTime (a date, or a date and time with its zone): its date. */
  dateTime(path: string, required = false): string | undefined {
    const value = this.at(path);
    if (value === undefined && !required) return undefined;
    const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
    if (!match || !isIsoDate(match[1])) return this.fail(value === undefined ? 'required' : 'value', 'A dateTime (YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss with its zone).', this.where(path));
    return match[1];
  }

  date(path: string, required = false): string | undefined {
    const value = this.at(path);
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || !isIsoDate(value)) return this.fail(value === undefined ? 'required' : 'value', 'A date (YYYY-MM-DD).', this.where(path));
    return value;
  }

  /** A reference `Type/{id}` to one of this server's records: its numeric id. */
  reference(path: string, type: string, required = true): number | undefined {
    const value = this.at(`${path}.reference`);
    if (value === undefined && !required && this.at(path) === undefined) return undefined;
    const match = typeof value === 'string' ? new RegExp(`^${type}/([1-9][0-9]{0,9})$`).exec(value) : null;
    if (!match || Number(match[1]) > 2_147_483_647) return this.fail(value === undefined ? 'required' : 'value', `A reference ${type}/{id} to a record of this server.`, this.where(`${path}.reference`));
    return Number(match[1]);
  }

  array(path: string, required = false, max = 50): unknown[] {
    const value = this.at(path);
    if (value === undefined) return required ? (this.fail('required', 'At least one.', this.where(path)), []) : [];
    // FHIR's JSON has no empty arrays: an element is absent or has at least one value.
    if (!Array.isArray(value) || value.length === 0) return (this.fail('structure', 'A list of at least one.', this.where(path)), []);
    if (value.length > max) return (this.fail('too-costly', `At most ${max}.`, this.where(path)), []);
    return value;
  }

  done() {
    if (this.issues.length) throw new FhirError(400, this.issues);
  }
}

/** A CDT code from a CodeableConcept's codings (`D` and four digits), whatever system the practice names. */
export function cdtCode(reader: ResourceReader, path: string): string | undefined {
  const codings = reader.at(`${path}.coding`);
  const code = Array.isArray(codings) ? codings.map((c) => (c as Json)?.code).find((c) => typeof c === 'string' && /^D[0-9]{4}$/.test(c)) : undefined;
  if (!code) return reader.fail(codings === undefined ? 'required' : 'code-invalid', 'A CDT procedure code (D and four digits) in coding.', reader.where(`${path}.coding`));
  return code as string;
}

/** A Money's value in the currency's minor units (integers end to end); a currency other than the policy's is refused. */
export function moneyCents(reader: ResourceReader, path: string, currency: string, toMinor: (major: number) => number): number | undefined {
  const money = reader.at(path) as Json | undefined;
  if (money === undefined) return undefined;
  if (!money || typeof money !== 'object' || Array.isArray(money)) return reader.fail('structure', 'A Money (value and currency).', reader.where(path));
  if (typeof money.value !== 'number' || !Number.isFinite(money.value) || money.value <= 0 || money.value > 1_000_000) return reader.fail('value', 'A positive amount.', reader.where(`${path}.value`));
  if (money.currency !== undefined && money.currency !== currency) return reader.fail('value', `The policy pays in ${currency}.`, reader.where(`${path}.currency`));
  // Nothing finer than the currency's minor unit: rounding it away would change what the practice charged.
  const minor = money.value * minorPerMajor(currency);
  if (Math.abs(minor - Math.round(minor)) > 1e-6) return reader.fail('value', `At most the decimals ${currency} has.`, reader.where(`${path}.value`));
  return toMinor(money.value);
}
