/**
 * SQL for local-date filters. A row's local day is date(utc_time, offset minutes); the UTC column
 * is also bounded coarsely (offsets lie within ±14 h) so its index still narrows the scan.
 */
import { addDays } from '../../shared/stats/local-date'

/** An SQLite date modifier from an offset expression in minutes, e.g. '-480 minutes'. */
export const offsetModifier = (offsetSql: string): string => `(coalesce(${offsetSql}, 0) || ' minutes')`

/** The local day (yyyy-mm-dd) of a UTC time column, given its offset expression. */
export const localDaySql = (timeSql: string, offsetSql: string): string =>
  `date(${timeSql}, ${offsetModifier(offsetSql)})`

/** The local month (yyyy-mm). */
export const localMonthSql = (timeSql: string, offsetSql: string): string =>
  `substr(${localDaySql(timeSql, offsetSql)}, 1, 7)`

/**
 * WHERE conditions for `fromDate` / `toDate` (local days, both included) over a UTC time column;
 * the bounds are added to `params` under names that start with `prefix`. A time a whole UTC day
 * inside a bound is inside it in any offset, so the local day (and the offset it reads, perhaps
 * from another table) is worked out only for times within a day of a bound.
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
    params[`${prefix}FromSure`] = addDays(f.fromDate, 1)
    out.push(`${timeSql} >= @${prefix}FromUtc`, `(${timeSql} >= @${prefix}FromSure OR ${day} >= @${prefix}From)`)
  }
  if (f.toDate) {
    params[`${prefix}To`] = f.toDate
    params[`${prefix}ToUtc`] = addDays(f.toDate, 2)
    out.push(`${timeSql} < @${prefix}ToUtc`, `(${timeSql} < @${prefix}To OR ${day} <= @${prefix}To)`)
  }
  return out
}

/** How a span is read: whole local days from the per-day summary, and the raw rows of its edges. */
export interface SummaryDays {
  /** Local days (both included) whose every round lies inside the span; null: no such day. */
  summary: { from?: string; to?: string } | null
  /**
   * Raw reads of the rest: rows in the span whose local day is before `before` (and played before
   * `beforeUtc`) or after `after` (and played from `afterUtc`); {} is the whole span.
   */
  raw: { before?: string; beforeUtc?: string; after?: string; afterUtc?: string }[]
}

/**
 * Splits a stats span into whole local days and raw edges. A round's local day is its UTC day
 * shifted by less than a day (offsets lie within ±14 h), so every round of local day D was played
 * on UTC day D-1, D or D+1. With a UTC instant `from`, every round of local day D ≥ from's day + 2
 * was played on a later UTC day, so after `from` (as the raw filter compares the texts); rounds of
 * earlier local days are read raw, and they were played before the UTC day after the first whole
 * day. Likewise `to`: local days ≤ to's day − 2 lie wholly before it. Local dates (fromDate, toDate)
 * are whole days already.
 */
export function summaryDays(f: {
  from?: string | undefined
  to?: string | undefined
  fromDate?: string | undefined
  toDate?: string | undefined
}): SummaryDays {
  const max = (a: string | undefined, b: string | undefined): string | undefined =>
    a === undefined ? b : b === undefined ? a : a > b ? a : b
  const min = (a: string | undefined, b: string | undefined): string | undefined =>
    a === undefined ? b : b === undefined ? a : a < b ? a : b
  const fromWhole = f.from ? addDays(f.from.slice(0, 10), 2) : undefined
  const toWhole = f.to ? addDays(f.to.slice(0, 10), -2) : undefined
  const lo = max(f.fromDate, fromWhole)
  const hi = min(f.toDate, toWhole)
  if (lo !== undefined && hi !== undefined && lo > hi) return { summary: null, raw: [{}] }
  const summary: { from?: string; to?: string } = {}
  if (lo !== undefined) summary.from = lo
  if (hi !== undefined) summary.to = hi
  const raw: SummaryDays['raw'] = []
  // An edge needs raw rows only where the instant, not a local date, bounds the whole days.
  if (fromWhole !== undefined && lo === fromWhole && f.fromDate !== fromWhole)
    raw.push({ before: lo, beforeUtc: addDays(lo, 1) })
  if (toWhole !== undefined && hi === toWhole && f.toDate !== toWhole) raw.push({ after: hi, afterUtc: hi })
  return { summary, raw }
}
