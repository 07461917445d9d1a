// Files an office program opens are inert (issue 33): every CSV and Excel cell the portal writes from
// text goes through here, so a name an enterprise chose (`=HYPERLINK(…)`, `@SUM(1+1)*cmd|' /C calc'!A0`)
// is shown as text and never run as a formula. OWASP's CSV injection rule: a text cell that begins
// with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single quote, and a CSV field is
// quoted with its double quotes doubled. Numbers we write ourselves (amounts from cents, counts) are
// not text: they stay numbers, a negative amount included.

import { centsToYuanString } from '../money.ts';

/** What makes Excel, LibreOffice or WPS read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell's value made inert: a leading `'` when it begins like a formula, unchanged otherwise. */
export function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A field that must be quoted in CSV: a separator (comma, or the semicolon of some locales), a quote or a line break. */
const NEEDS_QUOTES = /[",;\r\n\t]/;

/**
 * A CSV field holding text (names, account numbers, references): inert, then quoted — always when it
 * was neutralised (OWASP: quote the field as well as prefix it), else when it holds a separator, a
 * quote or a line break — with its double quotes doubled.
 */
export function csvText(value: string | null | undefined): string {
  const text = value ?? '';
  const inert = inertText(text);
  return inert !== text || NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** A plain decimal as we write numbers: `12`, `-12.34`. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A CSV field holding a number the portal computed (an amount written from cents by
 * `centsToYuanString`, a count): written as it is, so a spreadsheet reads it as a number, `-12.34`
 * included. Anything that is not a plain decimal is not trusted as one and is written as text.
 */
export function csvNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return PLAIN_NUMBER.test(text) ? text : csvText(text);
}

/** An amount in integer cents as a CSV number of yuan: -1234 → `-12.34`. */
export const csvMoney = (cents: number): string => csvNumber(centsToYuanString(cents));

/**
 * One CSV cell, typed by its column: a string is text (made inert), a number is a number we counted,
 * `{ cents }` an amount written as yuan. Decide per column, never per value: a text column holding
 * `-12` is still text (`'-12`).
 */
export type CsvCell = string | number | { cents: number } | null | undefined;

/** One CSV line (no line break): text inert and quoted when needed, numbers and amounts as numbers. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells
    .map((c) => (typeof c === 'number' ? csvNumber(c) : c !== null && typeof c === 'object' ? csvMoney(c.cents) : csvText(c)))
    .join(',');
}
