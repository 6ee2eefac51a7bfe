import { isIsoDate } from '@core/benefits/dates.ts';
import { FhirError, type Issue } from './outcome.ts';

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
    if (!Array.isArray(value) || (required && value.length === 0)) return (this.fail('structure', 'A list.', this.where(path)), []);
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
  if (typeof money.value !== 'number' || !Number.isFinite(money.value) || money.value <= 0 || money.value > 1_000_000) return reader.fail('value', 'A positive amount.', reader.where(`${path}.value`));
  if (money.currency !== undefined && money.currency !== currency) return reader.fail('value', `The policy pays in ${currency}.`, reader.where(`${path}.currency`));
  return toMinor(money.value);
}
