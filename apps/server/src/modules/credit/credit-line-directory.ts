import { getTableColumns } from 'drizzle-orm';
import { directoryOf } from '../../db/directory.ts';
import { creditLines } from '../../db/schema/index.ts';

const columns = getTableColumns(creditLines);

/**
 * The credit lines as the lending products and purchase/sales read them (issue 35, walls for tables): every
 * figure of a line, read-only and joinable in SQL; only the credit area grants, locks, reserves and books.
 */
export const creditLineDirectoryAs = directoryOf(creditLines, columns);
export const creditLineDirectory = creditLineDirectoryAs('credit_line_directory');

/** A whole line as one nested field of a select (`{ line: creditLineFields }`), read through the directory. */
export const creditLineFields = Object.fromEntries(
  Object.keys(columns).map((k) => [k, creditLineDirectory[k as keyof typeof columns]]),
) as { [K in keyof typeof columns]: (typeof creditLineDirectory)[K] };
