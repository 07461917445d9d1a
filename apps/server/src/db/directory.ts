import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

/**
 * A read-only directory of a table (issue 35, walls for tables): the columns its owning area publishes,
 * as a subquery another area joins like a table (`.innerJoin(goodsDirectory, eq(goodsDirectory.id, …))`)
 * under the alias it names. PostgreSQL flattens such a subquery into the same plan as a join on the table,
 * and nothing can be written or locked through it, so the owner may change the rest of its table freely.
 */
export function directoryOf<C extends Record<string, PgColumn>>(table: PgTable, columns: C) {
  return <A extends string>(alias: A) => new QueryBuilder().select(columns).from(table).as(alias);
}

/**
 * A directory of every column of a table under one alias, with its columns as one object for a nested
 * select (`{ position: stock.fields }`) — for an area that reads whole rows of another's table.
 */
export function fullDirectoryOf<T extends PgTable, A extends string>(table: T, alias: A) {
  const columns = getTableColumns(table);
  const directory = directoryOf(table, columns)(alias);
  const fields = Object.fromEntries(Object.keys(columns).map((k) => [k, directory[k as keyof typeof columns]])) as {
    [K in keyof typeof columns]: (typeof directory)[K];
  };
  return { directory, fields };
}
