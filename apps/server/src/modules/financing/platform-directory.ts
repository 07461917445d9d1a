import { getTableColumns } from 'drizzle-orm';
import { directoryOf } from '../../db/directory.ts';
import { platforms } from '../../db/schema/index.ts';

/**
 * The financing platforms as the lending products, credit and purchase/sales read them (db/directory.ts,
 * issue 35): every term of a platform, read-only and joinable in SQL; only the lending core's own files
 * and the seed write the table.
 */
export const platformDirectoryAs = directoryOf(platforms, getTableColumns(platforms));
export const platformDirectory = platformDirectoryAs('platform_directory');
