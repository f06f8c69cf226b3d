/**
 * Running totals for the club's records and year in review (docs/ARCHITECTURE.md § Records, schema
 * 15), kept by the stats projector (stats-projector.ts) inside each match write's transaction, so
 * `records:get` reads a few indexed rows whatever the history:
 * - stat_record_match: each finished match once, under the year of its game night (nightOf, the
 *   arithmetic of NIGHT_SQL), with its outright winner and winning margin (marginOf: against the best
 *   other seat, by the game's direction; none for a shared win or a table of one). Rewritten when the
 *   match's results change, removed with them; an index by game and margin gives each game's record
 *   in one step, one by year and night gives a year's matches and nights;
 * - stat_record_run: each player's longest runs (outright wins in a row, unbeaten in a row, with the
 *   finish times of their first and last match) over all games (game '*') and per game played,
 *   stepped in finish order (finish time, match id, seat) whenever the player's results change: in
 *   the same read of their results as the streaks (updateStreaks), or once per player after a batch.
 * Every row follows from the match results alone, so a rebuild writes the same rows.
 */
import type { Database, Statement } from 'better-sqlite3'
import { GAME_FACTS, type GameId } from '../../shared/games/ids'
import { nightOf } from '../../shared/stats/nights'
import { marginOf, Runs } from '../../shared/stats/records'

/** The parts of a match result row the record totals read. */
export interface RecordResult {
  player_id: string
  game_id: GameId
  seat: number
  finished_at: string
  won: number
  shared: number
  score: number
}

/** One of a player's results in finish order, as the runs step through them. */
export interface RunResult {
  game_id: string
  won: number
  shared: number
  finished_at: string
}

/** A match's row in stat_record_match, in column order. */
type MatchRow = [
  matchId: string,
  gameId: string,
  year: number,
  night: string,
  finishedAt: string,
  winnerId: string | null,
  winnerScore: number | null,
  margin: number | null,
]

/** The row of `matchId` whose results are now `rows` (in seat order), started at `createdAt` in its offset. */
export function recordMatchRow(
  matchId: string,
  rows: readonly RecordResult[],
  createdAt: string,
  utcOffset: number,
): MatchRow | null {
  const first = rows[0]
  if (!first) return null
  const night = nightOf(createdAt, utcOffset)
  // An outright win: the one seat that won without sharing it.
  const winner = rows.find((r) => r.won === 1 && r.shared === 0)
  const margin = winner
    ? marginOf(
        GAME_FACTS[winner.game_id].lowerScoreWins,
        winner.score,
        rows.filter((r) => r.seat !== winner.seat).map((r) => r.score),
      )
    : null
  return [
    matchId,
    first.game_id,
    Number(night.slice(0, 4)),
    night,
    first.finished_at,
    winner?.player_id ?? null,
    winner?.score ?? null,
    margin,
  ]
}

/** A player's run rows: [game ('*': all), wins, from, to, unbeaten, from, to], all games first, then by game. */
export function runRows(results: readonly RunResult[]): [string, number, string, string, number, string, string][] {
  const all = new Runs()
  const games = new Map<string, Runs>()
  for (const r of results) {
    all.step(r.won === 1, r.shared === 1, r.finished_at)
    let g = games.get(r.game_id)
    if (!g) games.set(r.game_id, (g = new Runs()))
    g.step(r.won === 1, r.shared === 1, r.finished_at)
  }
  if (results.length === 0) return []
  const list: [string, Runs][] = [['*', all], ...[...games].sort(([a], [b]) => (a < b ? -1 : 1))]
  return list.map(([game, runs]) => {
    const w = runs.wins.longest()
    const u = runs.unbeaten.longest()
    return [game, w?.length ?? 0, w?.from ?? '', w?.to ?? '', u?.length ?? 0, u?.from ?? '', u?.to ?? '']
  })
}

export class RecordTotals {
  private readonly matchPlace: Statement<[string], { created_at: string; utc_offset: number | null }>
  private readonly dropMatch: Statement<[string]>
  private readonly putMatch: Statement
  private readonly dropRuns: Statement<[string]>
  private readonly putRun: Statement

  constructor(db: Database) {
    this.matchPlace = db.prepare('SELECT created_at, utc_offset FROM matches WHERE id = ?')
    this.dropMatch = db.prepare('DELETE FROM stat_record_match WHERE match_id = ?')
    this.putMatch = db.prepare(
      `INSERT INTO stat_record_match (match_id, game_id, year, night, finished_at, winner_id, winner_score, margin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.dropRuns = db.prepare('DELETE FROM stat_record_run WHERE player_id = ?')
    this.putRun = db.prepare(
      `INSERT INTO stat_record_run (player_id, game_id, wins, wins_from, wins_to, unbeaten, unbeaten_from, unbeaten_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
  }

  /** A match's results are now `next` (empty: it has none, or is gone); its match row follows. */
  resultsChanged(matchId: string, next: readonly RecordResult[]): void {
    this.dropMatch.run(matchId)
    const place = next.length ? this.matchPlace.get(matchId) : undefined
    const row = place ? recordMatchRow(matchId, next, place.created_at, place.utc_offset ?? 0) : null
    if (row) this.putMatch.run(...row)
  }

  /** The player's runs again from all their results, in finish order (finish time, match id, seat). */
  playerRuns(playerId: string, results: readonly RunResult[]): void {
    this.dropRuns.run(playerId)
    for (const r of runRows(results)) this.putRun.run(playerId, ...r)
  }
}
