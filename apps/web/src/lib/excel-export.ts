import { centsToYuanString, chinaWallClock, inertText } from '@factoring/domain';
import ExcelJS from 'exceljs';

// The one workbook shape every export uses (issue 12): a few lines about the export, a bold header
// row frozen while scrolling, dates as real date cells, money as numbers of yuan formatted #,##0.00,
// and a totals row under the money columns. Import this module only from an exporter that is itself
// loaded on demand (`await import('./export-….ts')`), so exceljs stays out of every page's chunk.
// Every text cell — preamble, header and rows — goes through the domain's `inertText` (issue 33): one
// that begins with `= + - @`, a tab or CR gets a leading `'`, so a name someone typed is never a
// formula, even once the sheet is edited or saved as CSV. Numbers (money, quantities) stay numbers.

export const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const FORMATS: Record<NonNullable<ExcelColumn<unknown>['kind']>, string | undefined> = {
  text: undefined,
  number: undefined,
  money: MONEY_FORMAT,
  date: DATE_FORMAT,
  dateTime: DATE_TIME_FORMAT,
};

type CellValue = string | number | null | undefined;

export interface ExcelColumn<T> {
  header: string;
  width: number;
  /**
   * text/number as given; money: integer cents, written as yuan; date: 'YYYY-MM-DD'; dateTime: an
   * ISO instant, written as its China wall-clock time (Excel cells have no time zone).
   */
  kind?: 'text' | 'number' | 'money' | 'date' | 'dateTime';
  value(row: T): CellValue;
  /** Money columns are totalled unless this is false. */
  total?: boolean;
  /** A number format per row (quantities with the unit's decimals). */
  numFmt?: (row: T) => string;
}

export interface SheetSpec<T> {
  sheetName: string;
  /** Lines above the header: the title, the account, the filter… */
  preamble: CellValue[][];
  columns: ExcelColumn<T>[];
  rows: T[];
}

const yuan = (cents: number) => Number(centsToYuanString(cents));

/** 'YYYY-MM-DD' → a date cell for that calendar day. */
function dateCell(v: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : v;
}

/** An instant → a date cell showing its China time, whatever the browser's zone. */
function dateTimeCell(v: string): Date | string {
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : chinaWallClock(t);
}

/** A value as a cell: text made inert, numbers and dates as they are. */
const inert = <V>(v: V): V | string => (typeof v === 'string' ? inertText(v) : v);

function cellOf<T>(c: ExcelColumn<T>, row: T): string | number | Date | null {
  const v = c.value(row);
  if (v === null || v === undefined || v === '') return null;
  switch (c.kind) {
    case 'money':
      return yuan(Number(v));
    case 'date':
      return inert(dateCell(String(v)));
    case 'dateTime':
      return inert(dateTimeCell(String(v)));
    default:
      return inert(v);
  }
}

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/** The workbook for one sheet (separate from the download, so tests read it back). */
export function buildWorkbook<T>(spec: SheetSpec<T>): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Factoring Portal';
  const ws = wb.addWorksheet(spec.sheetName);
  for (const line of spec.preamble) ws.addRow(line.map(inert));
  const header = ws.addRow(spec.columns.map((c) => inertText(c.header)));
  header.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: header.number }];
  const first = header.number + 1;
  for (const r of spec.rows) {
    const row = ws.addRow(spec.columns.map((c) => cellOf(c, r)));
    spec.columns.forEach((c, i) => {
      const fmt = c.numFmt?.(r) ?? FORMATS[c.kind ?? 'text'];
      if (fmt) row.getCell(i + 1).numFmt = fmt;
    });
  }
  const last = first + spec.rows.length - 1;
  const totalled = spec.columns.map((c) => c.kind === 'money' && c.total !== false);
  if (totalled.some(Boolean)) {
    // Summed in cents (exact), written as a SUM formula with that result so Excel recalculates on edits.
    const totals = ws.addRow(
      spec.columns.map((c, i) => {
        if (!totalled[i]) return i === 0 ? '合计' : null;
        const cents = spec.rows.reduce((s, r) => s + Number(c.value(r) ?? 0), 0);
        const col = columnLetter(i + 1);
        return spec.rows.length ? { formula: `SUM(${col}${first}:${col}${last})`, result: yuan(cents) } : 0;
      }),
    );
    totals.font = { bold: true };
    totalled.forEach((t, i) => t && (totals.getCell(i + 1).numFmt = MONEY_FORMAT));
  }
  // Formats per cell, not per column: the preamble above the header keeps its own values as typed.
  spec.columns.forEach((c, i) => (ws.getColumn(i + 1).width = c.width));
  return wb;
}

/** Writes the workbook and hands it to the browser as a download named `fileName`. */
export async function downloadWorkbook(wb: ExcelJS.Workbook, fileName: string): Promise<string> {
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
