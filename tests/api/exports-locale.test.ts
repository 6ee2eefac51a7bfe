import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMinor, minorToMajor } from '@core/benefits/currency.ts';
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import { useExportServer } from './export-server.ts';
import { parseCsv } from '../support/csv.ts';

// Issue 28, item 10: an export opens in the requester's spreadsheet as the list reads on her screen: a UTF-8 BOM,
// her locale's list separator (`;` in es and fr, `,` in en, zh, ja), values by their labels in her language,
// dates in the medium style, amounts formatted, and in XLSX amounts as numbers with the currency's decimals.
const exportServer = useExportServer();

/** The requester's language, saved in her profile as the header saves it. */
async function speak(token: string, locale: string) {
  const me = (await exportServer.server.call('GET', '/api/me', { token })).body.user;
  expect((await exportServer.server.call('PUT', '/api/me', { token, body: { name: me.name, locale, version: me.version } })).status).toBe(200);
}

async function exported(token: string, body: Record<string, unknown>): Promise<Uint8Array> {
  const queued = await exportServer.server.call('POST', '/api/downloads', { token, body: { reason: 'Conciliación mensual', ...body } });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  await exportServer.runQueue();
  const response = await exportServer.server.api.request(`http://localhost/api/downloads/${queued.body.id}/content`, { headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const INSURER_COLUMNS = [
  { field: 'code', label: 'Código' },
  { field: 'country', label: 'País' },
  { field: 'active', label: 'Activa' },
  { field: 'updatedAt', label: 'Actualizada' },
];
type Insurer = { code: string; country: string; active: boolean; updatedAt: string };
const medium = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
const region = (locale: string, code: string) => `${new Intl.DisplayNames([locale], { type: 'region' }).of(code)} (${code})`;

describe('a CSV export in the requester language', () => {
  it('in Spanish: BOM, ";" between cells, "Activa" not true, "España (ES)" and "28 nov 2026" as on screen', async () => {
    await speak(exportServer.admin, 'es');
    const bytes = await exported(exportServer.admin, { list: 'insurers', format: 'csv', filters: { sort: 'code' }, columns: INSURER_COLUMNS });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toBe('Código;País;Activa;Actualizada');
    const list = (await exportServer.server.call('GET', '/api/insurers?sort=code&pageSize=100', { token: exportServer.admin })).body.items as Insurer[];
    expect(parseCsv(text, ';').slice(1)).toEqual(
      list.map((i) => [i.code, region('es', i.country), i.active ? es['insurers.active.true'] : es['insurers.active.false'], medium('es', i.updatedAt)]),
    );
    expect(text).not.toMatch(/;true;|;ES;/);
  });

  it('in English: "," between cells and the English labels', async () => {
    await speak(exportServer.admin, 'en');
    const text = new TextDecoder().decode(await exported(exportServer.admin, { list: 'insurers', format: 'csv', filters: { sort: 'code' }, columns: INSURER_COLUMNS }));
    const list = (await exportServer.server.call('GET', '/api/insurers?sort=code&pageSize=100', { token: exportServer.admin })).body.items as Insurer[];
    expect(parseCsv(text, ',').slice(1)).toEqual(list.map((i) => [i.code, region('en', i.country), i.active ? en['insurers.active.true'] : en['insurers.active.false'], medium('en', i.updatedAt)]));
    await speak(exportServer.admin, 'es');
  });

  it('patients: the relationship and state by their labels ("Titular", not HOLDER)', async () => {
    const columns = [{ field: 'lastName', label: 'Apellido' }, { field: 'relationship', label: 'Parentesco' }, { field: 'state', label: 'Estado' }];
    const rows = parseCsv(new TextDecoder().decode(await exported(exportServer.admin, { list: 'patients', format: 'csv', filters: { q: 'González', sort: 'name' }, columns })), ';').slice(1);
    const list = (await exportServer.server.call('GET', `/api/patients?q=${encodeURIComponent('González')}&sort=name&pageSize=100`, { token: exportServer.admin })).body.items as { lastName: string; relationship: string; state: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const catalog = es as Record<string, string>;
    expect(rows).toEqual(list.map((p) => [p.lastName, catalog[`patients.relationship.${p.relationship}`], catalog[`patients.state.${p.state}`]]));
    expect(rows.flat()).not.toContain('HOLDER');
  });
});

describe('amounts', () => {
  type Claim = { folio: string; currency: string; claimedCents: number; state: string };
  const columns = [{ field: 'folio', label: 'Folio' }, { field: 'claimedCents', label: 'Reclamado' }, { field: 'state', label: 'Estado' }];

  it('in a CSV as the screen writes them, in XLSX as numbers with the currency decimals', async () => {
    const list = (await exportServer.server.call('GET', '/api/reimbursements?sort=folio&pageSize=100', { token: exportServer.admin })).body.items as Claim[];
    expect(list.length).toBeGreaterThan(0);
    const csv = parseCsv(new TextDecoder().decode(await exported(exportServer.admin, { list: 'reimbursements', format: 'csv', filters: { sort: 'folio' }, columns })), ';').slice(1);
    const catalog = es as Record<string, string>;
    expect(csv).toEqual(list.map((c) => [c.folio, formatMinor(c.claimedCents, c.currency, 'es'), catalog[`machine.reimbursement.state.${c.state}`]]));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(exportServer.admin, { list: 'reimbursements', format: 'xlsx', filters: { sort: 'folio' }, columns })).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    list.forEach((claim, i) => {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.value).toBe(minorToMajor(claim.claimedCents, claim.currency));
      const digits = currencyExponent(claim.currency);
      expect(cell.numFmt).toBe(`#,##0${digits ? `.${'0'.repeat(digits)}` : ''} "${claim.currency}"`);
      expect(sheet.getRow(i + 2).getCell(3).value).toBe(catalog[`machine.reimbursement.state.${claim.state}`]);
    });
  });
});
