import { CHINA_TIME_ZONE } from '@factoring/domain';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// China time in SQL, from the domain's one zone (packages/domain/src/china-time.ts). The zone is
// written as a literal, not a parameter, so the same expression may appear in a select list and its
// `group by`, and in prepared statements.
const ZONE = sql.raw(`'${CHINA_TIME_ZONE.replaceAll("'", "''")}'`);

/** A timestamptz expression (a column, `now()`) as China's wall-clock time: `timestamp without time zone`. */
export function chinaTimeSql(instant: SQLWrapper): SQL<string> {
  return sql<string>`(${instant} at time zone ${ZONE})`;
}

/**
 * The instant at which a China date (plus `plusDays`) begins, as SQL `timestamptz`: compared with a
 * timestamptz column it keeps to the column's index.
 */
export function chinaMidnightSql(date: string, plusDays = 0): SQL<Date> {
  return sql<Date>`((${date}::date + ${plusDays}::int)::timestamp at time zone ${ZONE})`;
}

/** The China date of a timestamptz expression, as SQL `date`. */
export function chinaDateSql(instant: SQLWrapper): SQL<string> {
  return sql<string>`${chinaTimeSql(instant)}::date`;
}

/** The China calendar month of a timestamptz expression: 'YYYY-MM'. */
export function chinaMonthSql(instant: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${chinaTimeSql(instant)}, 'YYYY-MM')`;
}
