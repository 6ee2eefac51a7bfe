import { currencyExponent, formatMinor, minorToMajor } from '@core/benefits/currency.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import fr from '../../src/i18n/messages/fr.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import zh from '../../src/i18n/messages/zh.json' with { type: 'json' };
import { cellOf, type Cell } from './cells.ts';
import { exportFieldSchemas, type ExportListSpec, type Schema } from './lists.ts';

export type ExportLocale = 'es' | 'en' | 'fr' | 'zh' | 'ja';
export const CATALOGS: Record<ExportLocale, Record<string, string>> = { es, en, fr, zh, ja };

/**
 * A spreadsheet opened by double-click splits a CSV at the list separator of the reader's regional settings: `;`
 * where the decimal mark is a comma (Spain, France), `,` elsewhere. A file with the wrong one opens as one column.
 */
export const listSeparator = (locale: ExportLocale) => (locale === 'es' || locale === 'fr' ? ';' : ',');

/** One exported value: the text the screen shows, and for an amount or a count the number a workbook can add up. */
export interface ExportCell {
  text: Cell;
  number?: { value: number; numFmt: string };
}

/** An Excel number format with the currency's own decimals (CLP none, EUR two, KWD three) and its code after it. */
const amountFormat = (currency: string) => {
  const digits = currencyExponent(currency);
  return `#,##0${digits ? `.${'0'.repeat(digits)}` : ''} "${currency.replace(/[^A-Z]/g, '')}"`;
};

/** An amount in minor units as the screen writes it, and as a number with the currency's decimals for a workbook. */
export const amountCell = (cents: number, currency: string, locale: ExportLocale): ExportCell => ({
  text: formatMinor(cents, currency, locale),
  number: { value: minorToMajor(cents, currency), numFmt: amountFormat(currency) },
});

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/**
 * How each exported column shows its value in the requester's language, as the list on screen does (FieldValue and
 * the workflow lists' cells): enumerations and yes/no by their catalog label, a state by its statechart's name,
 * days and moments in the medium date style, amounts in minor units (`…Cents` beside the row's `currency`) with the
 * currency's decimals; anything else as it is. Business dates are UTC (server/clock.ts), as the API sends them.
 */
export function exportPresenter(list: ExportListSpec, locale: ExportLocale) {
  const catalog = CATALOGS[locale];
  const schemas = exportFieldSchemas(list.operationId);
  const label = (...ids: string[]) => ids.map((id) => catalog[id]).find((text) => text !== undefined);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(locale, { useGrouping: 'always' });
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });

  const present = (field: string, value: Cell, item: Record<string, unknown>): ExportCell => {
    if (value === null) return { text: null };
    const schema = schemas.get(field) ?? {};
    const name = field.split('.').pop()!;
    if (typeof value === 'boolean') return { text: label(`${list.catalog}.${name}.${value}`) ?? label(value ? 'common.yes' : 'common.no') ?? String(value) };
    if (typeof value === 'number' && name.endsWith('Cents') && typeof item.currency === 'string') {
      return amountCell(value, item.currency, locale);
    }
    // An identifier is a code, not a quantity: never grouped ("1.234" would read as a decimal).
    if (typeof value === 'number' && (name === 'id' || name.endsWith('Id'))) return { text: value, number: { value, numFmt: '0' } };
    if (typeof value === 'number') return { text: typeOf(schema) === 'integer' ? numbers.format(value) : value, number: { value, numFmt: typeOf(schema) === 'integer' ? '#,##0' : 'General' } };
    // A country as the list's country column names it: "España (ES)".
    if (name === 'country' && /^[A-Z]{2}$/.test(value)) return { text: `${regions.of(value) ?? value} (${value})` };
    if (schema.enum?.includes(value) || (name === 'state' && list.machine)) {
      return { text: label(`${list.catalog}.${name}.${value}`, ...(name === 'state' && list.machine ? [`machine.${list.machine}.state.${value}`] : [])) ?? value };
    }
    if (schema.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { text: dates.format(new Date(`${value}T00:00:00Z`)) };
    if (schema.format === 'date-time' && !Number.isNaN(Date.parse(value))) return { text: dates.format(new Date(value)) };
    return { text: value };
  };
  return (item: Record<string, unknown>, fields: string[]): ExportCell[] => fields.map((field) => present(field, cellOf(item, field), item));
}
