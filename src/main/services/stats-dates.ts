/**
 * SQL for local-date filters. A row's local day is date(utc_time, offset minutes); the UTC column
 * is also bounded coarsely (offsets lie within ±14 h) so its index still narrows the scan.
 */
import { addDays } from '../../shared/stats/local-date'

/** An SQLite date modifier from an offset expression in minutes, e.g. '-480 minutes'. */
export const offsetModifier = (offsetSql: string): string => `(coalesce(${offsetSql}, 0) || ' minutes')`

/** The local day (yyyy-mm-dd) of a UTC time column, given its offset expression. */
export const localDaySql = (timeSql: string, offsetSql: string): string => `date(${timeSql}, ${offsetModifier(offsetSql)})`

/** The local month (yyyy-mm). */
export const localMonthSql = (timeSql: string, offsetSql: string): string => `substr(${localDaySql(timeSql, offsetSql)}, 1, 7)`

/**
 * WHERE conditions for `fromDate` / `toDate` (local days, both included) over a UTC time column;
 * the bounds are added to `params` under names that start with `prefix`.
 */
export function localDayWhere(
  timeSql: string,
  offsetSql: string,
  f: { fromDate?: string | undefined; toDate?: string | undefined },
  params: Record<string, unknown>,
  prefix = 'ld',
): string[] {
  const out: string[] = []
  const day = localDaySql(timeSql, offsetSql)
  if (f.fromDate) {
    params[`${prefix}From`] = f.fromDate
    params[`${prefix}FromUtc`] = addDays(f.fromDate, -1)
    out.push(`${timeSql} >= @${prefix}FromUtc`, `${day} >= @${prefix}From`)
  }
  if (f.toDate) {
    params[`${prefix}To`] = f.toDate
    params[`${prefix}ToUtc`] = addDays(f.toDate, 2)
    out.push(`${timeSql} < @${prefix}ToUtc`, `${day} <= @${prefix}To`)
  }
  return out
}
