import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { csvCell, neutralised, type Cell } from './cells.ts';
import type { ExportCell } from './presentation.ts';

/** Rows go to the file as they come: a million rows never sit in memory. */
export interface RowWriter {
  row(values: ExportCell[]): Promise<void>;
  finish(): Promise<void>;
  abort(): void;
}

async function write(stream: fs.WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** A CSV in the requester's list separator (presentation.ts listSeparator), each value as the screen shows it. */
export function csvWriter(stream: fs.WriteStream, headings: string[], separator: string): RowWriter {
  const line = (cells: Cell[]) => cells.map((cell) => csvCell(cell, separator)).join(separator) + '\r\n';
  // The byte-order mark makes spreadsheets read the file as UTF-8 (accents, 中文).
  let ready = write(stream, '\uFEFF' + line(headings));
  return {
    async row(values) {
      await ready;
      ready = write(stream, line(values.map((value) => value.text)));
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
      const row = sheet.addRow(values.map((value) => (value.number ? value.number.value : neutralised(value.text))));
      // An amount is a number the workbook can add up, shown with its currency's decimals.
      values.forEach((value, i) => value.number && (row.getCell(i + 1).numFmt = value.number.numFmt));
      row.commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    abort: () => stream.destroy(),
  };
}
