/**
 * What the club page shows, read in one snapshot from the existing club and stats services
 * (docs/ARCHITECTURE.md § The club page): the seasons with their tables (an archived one's final
 * table as `seasons:standings` answers it), every player with a finished match and their per-game
 * numbers and last matches, every game night, and the club's records (the records service). Names,
 * results, dates and venues only: no ids leave this file except to tie pages together.
 */
import type { Database } from 'better-sqlite3'
import type { GameId } from '../../../shared/games/engine'
import type { Night, SeasonStandings } from '../../../shared/model/club'
import type { FormEntry, PlayerStats } from '../../../shared/model/stats'
import { localDateOf } from '../../../shared/stats/local-date'
import type { ClubRecords } from '../../../shared/model/records'
import { ClubService } from '../club'
import { listNights } from '../nights'
import { clubRecords } from '../records'
import { StatsService } from '../stats'

export interface ClubPagePlayer {
  stats: PlayerStats
  /** The last finished matches, newest first. */
  form: FormEntry[]
}

export interface ClubPageData {
  /** Every season, open ones first (as seasons:list orders them), each with its table. */
  seasons: SeasonStandings[]
  /** Players with at least one finished match, by name. */
  players: ClubPagePlayer[]
  /** Every game night, newest first. */
  nights: Night[]
  /** A player id as it is now: a merged player's history lives under the player it went to. */
  canonical: ReadonlyMap<string, string>
  /** The newest finished match's local date, or null with none. */
  upTo: string | null
  /** The club's records (records:get), with the newest year's review. */
  records: ClubRecords
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }): number =>
  a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/**
 * A player's last 10 finished matches, newest first: the form of their profile (stats:player), read alone
 * through the player's index, since the profile's opponents and recent matches cost about 130 ms a player
 * at 27,000 matches and the page shows neither.
 */
const FORM_SQL = `SELECT x.match_id, x.game_id, x.finished_at, x.placement, x.seats, x.won, x.shared, m.utc_offset
  FROM match_results x LEFT JOIN matches m ON m.id = x.match_id
  WHERE x.player_id = ? ORDER BY x.finished_at DESC, x.match_id DESC LIMIT 10`

interface FormRow {
  match_id: string
  game_id: GameId
  finished_at: string
  placement: number
  seats: number
  won: number
  shared: number
  utc_offset: number | null
}

/** Lets the thread answer other requests between two parts of the read (the worker's next turn). */
export type Pause = () => Promise<void>

/**
 * Everything the page shows, in one read transaction (one snapshot of the data file), in parts with a
 * `pause` between them: each season's table, the numbers, the players, the nights of each year. The
 * connection must be the caller's alone while it runs (the worker opens one for it).
 */
export async function readClubPage(db: Database, pause: Pause = async () => {}): Promise<ClubPageData> {
  db.exec('BEGIN')
  try {
    const club = new ClubService(db, null)
    const stats = new StatsService(db)
    const seasons: SeasonStandings[] = []
    for (const s of unwrap(club.listSeasons())) {
      seasons.push(unwrap(club.standings(s.id)))
      await pause()
    }
    const everyone = unwrap(stats.overview({})).players.filter((p) => p.matches > 0)
    everyone.sort((a, b) => byName({ name: a.name, id: a.playerId }, { name: b.name, id: b.playerId }))
    await pause()
    const form = db.prepare(FORM_SQL)
    const players = everyone.map((p) => ({
      stats: p,
      form: (form.all(p.playerId) as FormRow[]).map((r) => ({
        matchId: r.match_id,
        gameId: r.game_id,
        finishedAt: r.finished_at,
        localDate: localDateOf(r.finished_at, r.utc_offset),
        placement: r.placement,
        seats: r.seats,
        won: r.won === 1,
        shared: r.shared === 1,
      })),
    }))
    // The nights a year at a time, newest first: a night belongs to the local date it starts on, which
    // can be the year before its first match's UTC date or the year after it.
    const span = db.prepare('SELECT min(created_at) AS lo, max(created_at) AS hi FROM matches').get() as {
      lo: string | null
      hi: string | null
    }
    const nights: Night[] = []
    if (span.lo && span.hi)
      for (let y = Number(span.hi.slice(0, 4)) + 1; y >= Number(span.lo.slice(0, 4)) - 1; y--) {
        await pause()
        nights.push(
          ...listNights(db, { fromDate: `${y}-01-01`, toDate: `${y}-12-31`, limit: Number.MAX_SAFE_INTEGER }).nights,
        )
      }
    await pause()
    // The records service's own answer (docs/ARCHITECTURE.md § Records), asked again for its newest year's review.
    const allTime = unwrap(clubRecords(db, null))
    const newestYear = allTime.years[0]
    let records = allTime
    if (newestYear !== undefined) {
      await pause()
      records = unwrap(clubRecords(db, newestYear))
    }
    const canonical = new Map(
      (db.prepare('SELECT id, canonical_id FROM players').raw().all() as [string, string][]).map(([id, c]) => [id, c]),
    )
    const newest = db
      .prepare(
        "SELECT created_at, utc_offset FROM matches WHERE status = 'finished' ORDER BY created_at DESC, id DESC LIMIT 1",
      )
      .get() as { created_at: string; utc_offset: number | null } | undefined
    return {
      seasons,
      players,
      nights,
      canonical,
      upTo: newest ? localDateOf(newest.created_at, newest.utc_offset) : null,
      records,
    }
  } finally {
    if (db.inTransaction) db.exec('COMMIT')
  }
}
