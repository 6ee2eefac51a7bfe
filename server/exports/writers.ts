import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { csvCell, neutralised, type Cell } from './cells.ts';

/** Rows go to the file as they come: a million rows never sit in memory. */
export interface RowWriter {
  row(values: Cell[]): Promise<void>;
  finish(): Promise<void>;
  abort(): void;
}

async function write(stream: fs.WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

export function csvWriter(stream: fs.WriteStream, headings: string[]): RowWriter {
  // The byte-order mark makes spreadsheets read the file as UTF-8 (accents, 中文).
  let ready = write(stream, '\uFEFF' + headings.map(csvCell).join(',') + '\r\n');
  return {
    async row(values) {
      await ready;
      ready = write(stream, values.map(csvCell).join(',') + '\r\n');
    },
    async finish() {
      await ready;
      stream.end();
      await once(stream, 'finish');
    },
    abort: () => stream.destroy(),
  };
}

export function xlsxWriter(stream: fs.WriteStream, headings: string[], sheetName: string): RowWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  // A workbook's text cells are not formulas, but one edited and confirmed in the spreadsheet becomes one.
  const header = sheet.addRow(headings.map(neutralised));
  header.font = { bold: true };
  header.commit();
  return {
    async row(values) {
      sheet.addRow(values.map(neutralised)).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    abort: () => stream.destroy(),
  };
}
