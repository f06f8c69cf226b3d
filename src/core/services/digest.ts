/**
 * A digest of every projection table: two data files whose events are the same must give the same
 * digests, whichever order the events arrived in (tests, and later sync, compare them).
 * Summary rows that count nothing are left out: "no row" and "a row of zeros" mean the same.
 */
import type { Database } from 'better-sqlite3'
import { createHash } from 'node:crypto'

export const PROJECTION_TABLES = [
  'players',
  'matches',
  'match_seats',
  'round_results',
  'match_results',
  'rating_history',
  'stat_player_game',
  'stat_player_game_day',
  'stat_player_match',
  'stat_player_opponent',
  'stat_player_streak',
  'stat_rating',
  'stat_month',
  'night_matches',
  'stat_league_day',
  'stat_league_kind',
  'stat_record_match',
  'stat_record_run',
  'seasons',
  'night_venues',
  'club_settings',
  'removed_devices',
] as const

const NOT_EMPTY: Partial<Record<(typeof PROJECTION_TABLES)[number], string>> = {
  stat_player_game: 'rounds <> 0',
  stat_player_game_day: 'rounds <> 0',
  stat_player_match: 'matches <> 0',
  stat_player_opponent: 'matches <> 0',
  stat_player_streak: '(current <> 0 OR longest <> 0)',
  stat_month: '(matches <> 0 OR wins <> 0)',
  stat_league_day: 'matches <> 0',
  stat_league_kind: 'matches <> 0',
}

/** The rows of each projection table, in a stable order (for a readable diff when digests differ). */
export function projectionRows(db: Database): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {}
  for (const t of PROJECTION_TABLES) {
    const cols = (db.prepare(`SELECT name FROM pragma_table_info('${t}') ORDER BY cid`).pluck().all() as string[]).map(
      (c) => `"${c}"`,
    )
    const where = NOT_EMPTY[t] ? `WHERE ${NOT_EMPTY[t]}` : ''
    out[t] = db
      .prepare(`SELECT ${cols.join(', ')} FROM "${t}" ${where} ORDER BY ${cols.join(', ')}`)
      .raw()
      .all()
  }
  return out
}

export function projectionDigests(db: Database): Record<string, string> {
  const rows = projectionRows(db)
  const out: Record<string, string> = {}
  for (const [t, r] of Object.entries(rows))
    out[t] = createHash('sha256')
      .update(JSON.stringify(r, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)))
      .digest('hex')
      .slice(0, 16)
  return out
}

/** The event log as a sorted list of ids: equal sets mean no event was lost or duplicated. */
export function eventIds(db: Database): string[] {
  return db.prepare('SELECT id FROM events ORDER BY id').pluck().all() as string[]
}
