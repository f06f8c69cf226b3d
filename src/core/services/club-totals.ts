/**
 * Running totals for the club screens (docs/ARCHITECTURE.md § Club data, "At club scale"), kept by
 * the stats projector (stats-projector.ts) inside each match write's transaction, so a screen reads
 * a few indexed rows whatever the history:
 * - night_matches: each match's row in the nights list under its game night (src/shared/stats/nights.ts,
 *   the arithmetic of NIGHT_SQL), rewritten when its status, winners or seats change;
 * - stat_month: finished matches per local month of the finish (in the match's own UTC offset) and
 *   game, once per match (player '*') and per player with their wins, for the monthly chart. A
 *   match's results going in add to it, going out take away; a batch writes them once at its end;
 * - stat_league_day: a season's running totals per kind of seat and start date (league-totals.ts).
 */
import type { Database, Statement } from 'better-sqlite3'
import { localDateOf, localMonthOf } from '../../shared/stats/local-date'
import { nightOf } from '../../shared/stats/nights'
import { MultiRowInsert } from '../db/multi-row'
import { LeagueTotals, type LeagueResult } from './league-totals'

/** What the nights list keeps of a match (the stats projector's RefreshedMatch has it). */
export interface NightMatch {
  id: string
  gameId: string
  status: string
  playerIds: readonly string[]
  winners: readonly number[]
}

/** The parts of a match result row the month counts and the season totals read. */
export interface MonthResult extends LeagueResult {
  finished_at: string
}

/** A match's row in night_matches, as written. */
interface NightRow {
  night: string
  created_at: string
  match_id: string
  game_id: string
  utc_offset: number
  status: string
  winners_json: string
  players_json: string
}

/** Finished matches and wins waiting to be written, per player ('*': the match), game and local month. */
interface PendingMonth {
  player: string
  game: string
  month: string
  matches: number
  wins: number
}

export class ClubTotals {
  private readonly matchPlace: Statement<[string], { created_at: string; utc_offset: number | null }>
  private readonly nightOfMatch: Statement<[string], NightRow>
  private readonly deleteNight: Statement<[string]>
  private readonly putNight: Statement
  private readonly addMonth: MultiRowInsert
  private readonly dropEmptyMonth: Statement<[string, string, string]>
  private pendingMonth = new Map<string, PendingMonth>()
  private readonly league: LeagueTotals

  constructor(db: Database) {
    this.league = new LeagueTotals(db)
    this.matchPlace = db.prepare('SELECT created_at, utc_offset FROM matches WHERE id = ?')
    this.nightOfMatch = db.prepare('SELECT * FROM night_matches WHERE match_id = ?')
    this.deleteNight = db.prepare('DELETE FROM night_matches WHERE match_id = ?')
    this.putNight = db.prepare(
      `INSERT INTO night_matches (night, created_at, match_id, game_id, utc_offset, status, winners_json, players_json)
       VALUES (@night, @created_at, @match_id, @game_id, @utc_offset, @status, @winners_json, @players_json)`,
    )
    this.addMonth = new MultiRowInsert(
      db,
      'INSERT INTO stat_month (player_id, game_id, month, matches, wins)',
      5,
      'ON CONFLICT (player_id, game_id, month) DO UPDATE SET matches = matches + excluded.matches, wins = wins + excluded.wins',
    )
    this.dropEmptyMonth = db.prepare(
      'DELETE FROM stat_month WHERE player_id = ? AND game_id = ? AND month = ? AND matches = 0',
    )
  }

  /** The match's row in the nights list, rewritten when anything it shows changed (its match row is written first). */
  refreshNight(m: NightMatch): void {
    const place = this.matchPlace.get(m.id)
    if (!place) return
    const offset = place.utc_offset ?? 0
    const row: NightRow = {
      night: nightOf(place.created_at, offset),
      created_at: place.created_at,
      match_id: m.id,
      game_id: m.gameId,
      utc_offset: offset,
      status: m.status,
      winners_json: JSON.stringify(m.status === 'finished' ? m.winners : []),
      players_json: JSON.stringify(m.playerIds),
    }
    const before = this.nightOfMatch.get(m.id)
    if (before && JSON.stringify(before) === JSON.stringify(row)) return
    if (before) this.deleteNight.run(m.id)
    this.putNight.run(row)
  }

  /** The match is gone from the projections. */
  dropNight(matchId: string): void {
    this.deleteNight.run(matchId)
  }

  /** A match's results changed from `before` to `next` (either may be empty): its month counts and season totals follow. */
  resultsChanged(matchId: string, before: readonly MonthResult[], next: readonly MonthResult[]): void {
    const place = this.matchPlace.get(matchId)
    const offset = place?.utc_offset ?? 0
    this.count(before, offset, -1)
    this.count(next, offset, 1)
    // A season counts a match by the local date it started on.
    const day = place ? localDateOf(place.created_at, offset) : ''
    this.league.count(before, day, -1)
    this.league.count(next, day, 1)
  }

  private count(rows: readonly MonthResult[], utcOffset: number, sign: 1 | -1): void {
    const first = rows[0]
    if (!first) return
    const month = localMonthOf(first.finished_at, utcOffset)
    const add = (player: string, won: number): void => {
      const key = `${player}\u0000${first.game_id}\u0000${month}`
      let p = this.pendingMonth.get(key)
      if (!p) this.pendingMonth.set(key, (p = { player, game: first.game_id, month, matches: 0, wins: 0 }))
      p.matches += sign
      p.wins += sign * won
    }
    add('*', 0)
    for (const r of rows) add(r.player_id, r.won)
  }

  /** Writes the counts gathered since the last flush; a count that reaches no match goes. */
  flush(): void {
    this.league.flush()
    const pending = [...this.pendingMonth.values()].filter((p) => p.matches !== 0 || p.wins !== 0)
    this.pendingMonth = new Map()
    this.addMonth.run(pending.map((p) => [p.player, p.game, p.month, p.matches, p.wins]))
    for (const p of pending) if (p.matches < 0) this.dropEmptyMonth.run(p.player, p.game, p.month)
  }

  /** Forgets counts of a write that failed (its transaction rolled back). */
  discard(): void {
    this.league.discard()
    this.pendingMonth = new Map()
  }
}
