/**
 * A match's round rows (round_results): the rows a computed match wants from a round on, written
 * against what is there (only the rows that changed are removed or rewritten, usually just the
 * newest round's), with each written or removed row's numbers handed to the stats projector once.
 * Part of the projector (projector.ts), inside its caller's write transaction.
 */
import type { Database, Statement } from 'better-sqlite3'
import type { GameId } from '../../shared/games/engine'
import { roundRows } from '../../shared/games/projections'
import { roundCounters } from '../../shared/stats/round-counters'
import { localDateOf } from '../../shared/stats/local-date'
import { MultiRowInsert } from '../db/multi-row'
import type { RoundStatRow, StatsProjector } from './stats-projector'

export interface RoundDbRow extends RoundStatRow {
  round: number
  seat: number
  total: number
  details_json: string
  played_at: string
}

const COLUMNS =
  'round, seat, player_id, game_id, score, total, won_round, details_json, played_at, day, e1, e2, e3, e4, e5, e6'
const roundKey = (r: { round: number; seat: number }): string => `${r.round}:${r.seat}`
const sameRound = (a: RoundDbRow, b: RoundDbRow): boolean =>
  a.player_id === b.player_id &&
  a.score === b.score &&
  a.total === b.total &&
  a.won_round === b.won_round &&
  a.details_json === b.details_json &&
  a.played_at === b.played_at &&
  a.day === b.day

/**
 * The rows the engine `state` of a match gives from round `fromRound` on, each with its player
 * (after merges), the time its round was entered (`at` when not known), its local day in the
 * match's UTC offset and its rule-event counters.
 */
export function wantedRounds(
  gameId: GameId,
  state: unknown,
  fromRound: number,
  playerOf: readonly { playerId: string }[],
  roundTimes: readonly string[],
  at: string,
  utcOffset: number,
): RoundDbRow[] {
  // The rows of one round share its time, so its local day is worked out once.
  let dayAt = ''
  let day = ''
  const want: RoundDbRow[] = []
  for (const r of roundRows(gameId, state, fromRound)) {
    const playedAt = roundTimes[r.round - 1] ?? at
    if (playedAt !== dayAt) day = localDateOf((dayAt = playedAt), utcOffset)
    const [e1, e2, e3, e4, e5, e6] = roundCounters(gameId, r.details)
    want.push({
      round: r.round,
      seat: r.seat,
      player_id: playerOf[r.seat]?.playerId ?? '',
      game_id: gameId,
      score: r.score,
      total: r.total,
      won_round: r.wonRound ? 1 : 0,
      details_json: JSON.stringify(r.details),
      played_at: playedAt,
      day,
      e1,
      e2,
      e3,
      e4,
      e5,
      e6,
    })
  }
  return want
}

export class RoundRows {
  private readonly insert: MultiRowInsert
  private readonly all: Statement<[string], RoundDbRow>
  private readonly from: Statement<[string, number], RoundDbRow>
  private readonly remove: Statement<[string, number, number]>

  constructor(
    db: Database,
    private readonly stats: StatsProjector,
  ) {
    this.insert = new MultiRowInsert(db, `INSERT INTO round_results (match_id, ${COLUMNS})`, 17)
    this.all = db.prepare(`SELECT ${COLUMNS} FROM round_results WHERE match_id = ?`)
    this.from = db.prepare(`SELECT ${COLUMNS} FROM round_results WHERE match_id = ? AND round >= ?`)
    this.remove = db.prepare('DELETE FROM round_results WHERE match_id = ? AND round = ? AND seat = ?')
  }

  /**
   * Makes the match's rows from `fromRound` on the `want` rows. `none`: the caller knows there is
   * no row from `fromRound` on yet (a match new here, or an entry appended at the end).
   */
  write(id: string, want: readonly RoundDbRow[], fromRound: number, none: boolean): void {
    const have = new Map(none ? [] : this.from.all(id, fromRound).map((r) => [roundKey(r), r]))
    // New rows go in together, after the rows they replace are gone.
    const inserts: RoundDbRow[] = []
    try {
      for (const w of want) {
        const k = roundKey(w)
        const h = have.get(k)
        if (h && sameRound(h, w)) {
          have.delete(k)
          continue
        }
        if (h) {
          this.remove.run(id, h.round, h.seat)
          this.stats.roundChanged(h, -1)
          have.delete(k)
        }
        inserts.push(w)
        this.stats.roundChanged(w, 1)
      }
      for (const h of have.values()) {
        this.remove.run(id, h.round, h.seat)
        this.stats.roundChanged(h, -1)
      }
      this.insert.run(
        inserts.map((w) => [
          id,
          w.round,
          w.seat,
          w.player_id,
          w.game_id,
          w.score,
          w.total,
          w.won_round,
          w.details_json,
          w.played_at,
          w.day,
          w.e1,
          w.e2,
          w.e3,
          w.e4,
          w.e5,
          w.e6,
        ]),
      )
      this.stats.flushRounds()
    } catch (e) {
      this.stats.discardRounds()
      throw e
    }
  }

  /** Removes every row of the match, its numbers taken from the summaries. */
  removeAll(id: string): void {
    try {
      for (const r of this.all.all(id)) {
        this.remove.run(id, r.round, r.seat)
        this.stats.roundChanged(r, -1)
      }
      this.stats.flushRounds()
    } catch (e) {
      this.stats.discardRounds()
      throw e
    }
  }
}
