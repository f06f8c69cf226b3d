/**
 * The stats projector: keeps every summary up to date inside each match write's transaction.
 * Round level (stat_player_game, stat_player_game_day): the projector reports each round row it
 * writes or removes, and the numbers are added to (or taken from) the sums once per write, so a
 * round costs the same whatever the history. Match level (match_results, streaks, OpenSkill
 * ratings with each player's Elo beside them, finished matches per local month): on every change of
 * a match's outcome; the nights list's row of a match (night_matches) on every change of its status,
 * winners or seats. A batch (import, rebuild, a long sync) defers everything to its end: round sums
 * once per player, day and game; month counts once per player, game and month; streaks once per
 * player; ratings replayed once per game from the earliest match it touched.
 */
import type { Database, Statement } from 'better-sqlite3'
import { rate, rating as newRating } from 'openskill'
import { GAME_IDS, type GameId, type Standing } from '../../shared/games/engine'
import { streaks } from '../../shared/stats/streaks'
import { ELO_START, rateTable } from '../../shared/stats/elo'
import { ClubTotals } from './club-totals'
import { RecordTotals } from './record-totals'
import { STAT_EVENT_COLUMNS } from '../../shared/stats/round-counters'
import { MultiRowInsert } from '../db/multi-row'

const EV_COLS = STAT_EVENT_COLUMNS.join(', ')

/**
 * Every pair of seats at one table seen from `x`: who sat with whom and who placed above whom (a
 * person in two seats of one match is never their own opponent). The opponent records and the
 * player page's records over a span both count these.
 */
export const OPPONENT_PAIRS_SQL =
  'FROM match_results x JOIN match_results y ON y.match_id = x.match_id AND y.seat <> x.seat AND y.player_id <> x.player_id'

/** A round row's numbers as the summaries count them (what round_results holds for it). */
export interface RoundStatRow {
  player_id: string
  game_id: string
  day: string
  score: number
  won_round: number
  e1: number
  e2: number
  e3: number
  e4: number
  e5: number
  e6: number
}

/** rounds, score_sum, rounds_won, e1..e6 */
type Sums = [number, number, number, number, number, number, number, number, number]
/** Sums waiting for the next flush, with the key they go to (`day` is '' for the per-game sums). */
interface PendingSums {
  day: string
  player: string
  game: string
  s: Sums
}

/** Adds (sign +1) or takes away (-1) one round row's numbers to the pending sums under `key`. */
function addSums(map: Map<string, PendingSums>, key: string, day: string, r: RoundStatRow, sign: 1 | -1): void {
  let p = map.get(key)
  if (!p) map.set(key, (p = { day, player: r.player_id, game: r.game_id, s: [0, 0, 0, 0, 0, 0, 0, 0, 0] }))
  const s = p.s
  s[0] += sign
  s[1] += sign * r.score
  s[2] += sign * r.won_round
  s[3] += sign * r.e1
  s[4] += sign * r.e2
  s[5] += sign * r.e3
  s[6] += sign * r.e4
  s[7] += sign * r.e5
  s[8] += sign * r.e6
}

function isZero(s: Sums): boolean {
  for (let i = 0; i < s.length; i++) if (s[i] !== 0) return false
  return true
}

export interface RefreshedMatch {
  id: string
  gameId: GameId
  status: 'in-progress' | 'finished' | 'abandoned'
  finishedAt: string | null
  playerIds: string[]
  winners: number[]
  standings: Standing[]
}

interface ResultRow {
  match_id: string
  player_id: string
  game_id: GameId
  seat: number
  finished_at: string
  placement: number
  won: number
  shared: number
  score: number
  seats: number
}

/** Keeps match_results, streaks and ratings in step with the matches; runs inside the caller's transaction. */
export class StatsProjector {
  private readonly existing: Statement<[string], ResultRow>
  private readonly clear: Statement<[string]>
  private readonly insert: Statement
  private readonly playerResults: Statement<
    [string],
    { game_id: GameId; won: number; shared: number; finished_at: string }
  >
  private readonly setStreak: Statement
  private readonly lastRated: Statement<[string], { finished_at: string; match_id: string }>

  private readonly ratingOf: Statement<[string, string], { mu: number; sigma: number; matches: number; elo: number }>
  private readonly insertRatingHistory: Statement
  private readonly upsertRating: Statement

  private readonly addGame: MultiRowInsert
  private readonly addDay: MultiRowInsert
  private readonly dropEmptyGame: Statement<[string, string]>
  private readonly dropEmptyDay: Statement<[string, string, string]>
  /** Round numbers not yet added to the sums: per player and game, and per day, player and game. */
  private pendingGame = new Map<string, PendingSums>()
  private pendingDay = new Map<string, PendingSums>()
  /** The nights list's rows and the month counts (club-totals.ts). */
  private readonly club: ClubTotals
  /** The records' margins, years and runs (record-totals.ts). */
  private readonly records: RecordTotals

  constructor(private readonly db: Database) {
    const add = ['rounds', 'score_sum', 'rounds_won', ...STAT_EVENT_COLUMNS]
      .map((c) => `${c} = ${c} + excluded.${c}`)
      .join(', ')
    this.addGame = new MultiRowInsert(
      db,
      `INSERT INTO stat_player_game (player_id, game_id, rounds, score_sum, rounds_won, ${EV_COLS})`,
      11,
      `ON CONFLICT (player_id, game_id) DO UPDATE SET ${add}`,
    )
    this.addDay = new MultiRowInsert(
      db,
      `INSERT INTO stat_player_game_day (day, player_id, game_id, rounds, score_sum, rounds_won, ${EV_COLS})`,
      12,
      `ON CONFLICT (day, player_id, game_id) DO UPDATE SET ${add}`,
    )
    this.dropEmptyGame = db.prepare('DELETE FROM stat_player_game WHERE player_id = ? AND game_id = ? AND rounds = 0')
    this.dropEmptyDay = db.prepare(
      'DELETE FROM stat_player_game_day WHERE day = ? AND player_id = ? AND game_id = ? AND rounds = 0',
    )
    this.ratingOf = db.prepare('SELECT mu, sigma, matches, elo FROM stat_rating WHERE player_id = ? AND game_id = ?')
    this.insertRatingHistory = db.prepare(
      'INSERT INTO rating_history (game_id, match_id, player_id, finished_at, mu, sigma, elo) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    this.upsertRating = db.prepare(
      `INSERT INTO stat_rating (player_id, game_id, mu, sigma, matches, last_finished_at, last_match_id, elo) VALUES (?, ?, ?, ?, 1, ?, ?, ?)
       ON CONFLICT (player_id, game_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1,
         last_finished_at = excluded.last_finished_at, last_match_id = excluded.last_match_id, elo = excluded.elo`,
    )
    this.club = new ClubTotals(db)
    this.records = new RecordTotals(db)
    this.existing = db.prepare('SELECT * FROM match_results WHERE match_id = ? ORDER BY seat')
    this.clear = db.prepare('DELETE FROM match_results WHERE match_id = ?')
    this.insert = db.prepare(
      `INSERT INTO match_results (match_id, player_id, game_id, seat, finished_at, placement, won, shared, score, seats)
       VALUES (@match_id, @player_id, @game_id, @seat, @finished_at, @placement, @won, @shared, @score, @seats)`,
    )
    this.playerResults = db.prepare(
      'SELECT game_id, won, shared, finished_at FROM match_results WHERE player_id = ? ORDER BY finished_at, match_id, seat',
    )
    this.setStreak = db.prepare(
      `INSERT INTO stat_player_streak (player_id, game_id, current, longest) VALUES (?, ?, ?, ?)
       ON CONFLICT (player_id, game_id) DO UPDATE SET current = excluded.current, longest = excluded.longest`,
    )
    this.lastRated = db.prepare(
      'SELECT finished_at, match_id FROM rating_history WHERE game_id = ? ORDER BY finished_at DESC, match_id DESC LIMIT 1',
    )
  }

  private batching: {
    players: Set<string>
    pivots: Map<GameId, { finished_at: string; match_id: string } | null>
  } | null = null

  /**
   * Runs `fn` (inside the caller's transaction) with the summaries deferred to its end: the
   * match-result triggers are dropped for its duration (in the same transaction, so a failure or a
   * crash puts them back), round numbers are added up in memory, and afterwards the sums are
   * written once per player, day and game, each touched player's match sums and streaks once, and
   * each game's ratings replayed once from the earliest match it touched. A large import or a
   * rebuild then costs one pass instead of one update per row.
   */
  batch<T>(fn: () => T): T {
    if (this.batching) return fn()
    if (!this.db.inTransaction) throw new Error('StatsProjector.batch() must run inside a transaction')
    this.batching = { players: new Set(), pivots: new Map() }
    const triggers = this.db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'match_results' AND sql NOT LIKE '%RAISE(ABORT%' ORDER BY name",
      )
      .all()
    for (const t of triggers) this.db.exec(`DROP TRIGGER "${t.name}"`)
    let ok = false
    try {
      const out = fn()
      ok = true
      return out
    } finally {
      const b = this.batching
      this.batching = null
      for (const t of triggers) this.db.exec(t.sql)
      if (ok) {
        this.flushRounds()
        this.club.flush()
        this.resumMatches([...b.players])
        for (const p of b.players) this.updateStreaks(p)
        for (const [gameId, pivot] of b.pivots) this.rebuildRatings(gameId, pivot)
      } else {
        this.discardRounds()
        this.club.discard()
      }
    }
  }

  /** A round row was written (+1) or removed (-1): its numbers join the sums at the next flush. */
  roundChanged(r: RoundStatRow, sign: 1 | -1): void {
    addSums(this.pendingGame, `${r.player_id}\u0000${r.game_id}`, '', r, sign)
    addSums(this.pendingDay, `${r.day}\u0000${r.player_id}\u0000${r.game_id}`, r.day, r, sign)
  }

  /** Adds the round numbers gathered since the last flush to the sums (deferred while batching). */
  flushRounds(): void {
    if (this.batching) return
    const game = this.pendingGame
    const day = this.pendingDay
    this.pendingGame = new Map()
    this.pendingDay = new Map()
    const gameRows: unknown[][] = []
    const dayRows: unknown[][] = []
    const emptiedGame: PendingSums[] = []
    const emptiedDay: PendingSums[] = []
    for (const p of game.values()) {
      if (isZero(p.s)) continue
      gameRows.push([p.player, p.game, ...p.s])
      if (p.s[0] < 0) emptiedGame.push(p)
    }
    for (const p of day.values()) {
      if (isZero(p.s)) continue
      dayRows.push([p.day, p.player, p.game, ...p.s])
      if (p.s[0] < 0) emptiedDay.push(p)
    }
    this.addGame.run(gameRows)
    this.addDay.run(dayRows)
    for (const p of emptiedGame) this.dropEmptyGame.run(p.player, p.game)
    for (const p of emptiedDay) this.dropEmptyDay.run(p.day, p.player, p.game)
  }

  /** Forgets round numbers of a write that failed (its transaction rolled back). */
  discardRounds(): void {
    this.pendingGame = new Map()
    this.pendingDay = new Map()
  }

  /** Recomputes the match sums and opponent records of these players from the match results (after a batch). */
  private resumMatches(players: string[]): void {
    if (players.length === 0) return
    const list = JSON.stringify(players)
    this.db.prepare('DELETE FROM stat_player_match WHERE player_id IN (SELECT value FROM json_each(?))').run(list)
    this.db
      .prepare(
        `INSERT INTO stat_player_match (player_id, game_id, matches, wins, shared_wins, placement_sum)
         SELECT player_id, game_id, count(*), sum(won), sum(won AND shared), sum(placement)
         FROM match_results WHERE player_id IN (SELECT value FROM json_each(?)) GROUP BY player_id, game_id`,
      )
      .run(list)
    // Each record against an opponent that involves one of them, from both sides.
    this.db
      .prepare(
        'DELETE FROM stat_player_opponent WHERE player_id IN (SELECT value FROM json_each(@l)) OR opponent_id IN (SELECT value FROM json_each(@l))',
      )
      .run({ l: list })
    this.db
      .prepare(
        `INSERT INTO stat_player_opponent (player_id, game_id, opponent_id, matches, ahead, behind)
         SELECT x.player_id, x.game_id, y.player_id, count(*), sum(x.placement < y.placement), sum(y.placement < x.placement)
         ${OPPONENT_PAIRS_SQL}
         WHERE x.player_id IN (SELECT value FROM json_each(@l)) OR y.player_id IN (SELECT value FROM json_each(@l))
         GROUP BY x.player_id, x.game_id, y.player_id`,
      )
      .run({ l: list })
  }

  /** Called by the projector after every write to a match. Cheap when the outcome did not change. */
  matchRefreshed(m: RefreshedMatch, fresh = false): void {
    this.club.refreshNight(m)
    const before = fresh ? [] : this.existing.all(m.id)
    const next: ResultRow[] =
      m.status === 'finished' && m.finishedAt
        ? m.playerIds.map((playerId, seat) => {
            const st = m.standings.find((s) => s.seat === seat)
            const won = m.winners.includes(seat)
            return {
              match_id: m.id,
              player_id: playerId,
              game_id: m.gameId,
              seat,
              finished_at: m.finishedAt as string,
              placement: st?.rank ?? m.playerIds.length,
              won: won ? 1 : 0,
              shared: won && m.winners.length > 1 ? 1 : 0,
              score: st?.score ?? 0,
              seats: m.playerIds.length,
            }
          })
        : []
    this.replaceResults(m.id, m.gameId, before, next)
  }

  /** The match is gone from the projections (its start was never received, say). */
  matchRemoved(id: string): void {
    this.club.dropNight(id)
    const before = this.existing.all(id)
    if (before[0]) this.replaceResults(id, before[0].game_id, before, [])
  }

  private replaceResults(matchId: string, gameId: GameId, before: ResultRow[], next: ResultRow[]): void {
    if (JSON.stringify(before) === JSON.stringify(next)) return
    if (before.length) this.clear.run(matchId)
    for (const r of next) this.insert.run(r)
    this.club.resultsChanged(matchId, before, next)
    this.records.resultsChanged(matchId, next)
    if (!this.batching) this.club.flush()
    const players = new Set([...before.map((r) => r.player_id), ...next.map((r) => r.player_id)])
    if (this.batching) {
      for (const p of players) this.batching.players.add(p)
    } else for (const p of players) this.updateStreaks(p)
    this.updateRatings(gameId, matchId, before, next)
  }

  /** The player's streaks and record runs, from one read of their results in finish order. */
  updateStreaks(playerId: string): void {
    const rows = this.playerResults.all(playerId)
    this.records.playerRuns(playerId, rows)
    const all = streaks(rows.map((r) => r.won === 1))
    this.setStreak.run(playerId, '*', all.current, all.longest)
    for (const g of GAME_IDS) {
      const s = streaks(rows.filter((r) => r.game_id === g).map((r) => r.won === 1))
      this.setStreak.run(playerId, g, s.current, s.longest)
    }
  }

  /**
   * Appends one match's rating update when it is the newest in its game; otherwise replays the
   * game's ratings from the earliest match the change touched (not from the start).
   */
  private updateRatings(gameId: GameId, matchId: string, before: ResultRow[], next: ResultRow[]): void {
    const last = this.lastRated.get(gameId)
    const first = next[0]
    const after = (
      a: { finished_at: string; match_id: string },
      b: { finished_at: string; match_id: string },
    ): boolean => a.finished_at > b.finished_at || (a.finished_at === b.finished_at && a.match_id > b.match_id)
    const isLatest =
      before.length === 0 && first && (!last || after({ finished_at: first.finished_at, match_id: matchId }, last))
    if (!before.length && !first) return
    const candidates = [before[0], first]
      .filter((x): x is ResultRow => x !== undefined)
      .map((r) => ({ finished_at: r.finished_at, match_id: matchId }))
    const pivot = candidates.reduce((a, b) => (after(a, b) ? b : a))
    if (this.batching) {
      const cur = this.batching.pivots.get(gameId)
      if (cur === undefined || (cur !== null && after(cur, pivot))) this.batching.pivots.set(gameId, pivot)
      return
    }
    if (isLatest) this.rateMatch(gameId, next)
    else this.rebuildRatings(gameId, pivot)
  }

  private rateMatch(gameId: GameId, rows: ResultRow[]): void {
    const current = rows.map((r) => this.ratingOf.get(r.player_id, gameId))
    const teams = current.map((c) => [c ? newRating({ mu: c.mu, sigma: c.sigma }) : newRating()])
    const rated = rate(teams, { rank: rows.map((r) => r.placement) })
    // Elo (src/shared/stats/elo.ts) from each player's Elo before this match, as a replay in match order gives.
    const elo = rateTable(
      current.map((c) => c?.elo ?? ELO_START),
      rows.map((r) => r.placement),
    )
    const hist = this.insertRatingHistory
    const upsert = this.upsertRating
    rows.forEach((r, i) => {
      const p = rated[i]?.[0]
      if (!p) return
      hist.run(gameId, r.match_id, r.player_id, r.finished_at, p.mu, p.sigma, elo[i])
      upsert.run(r.player_id, gameId, p.mu, p.sigma, r.finished_at, r.match_id, elo[i])
    })
  }

  /**
   * Ratings depend on order: after a change to an older match, the game's ratings are replayed
   * from that match on (`from`, or from the start when null). Ratings before it stay as they are.
   */
  rebuildRatings(gameId: GameId, from: { finished_at: string; match_id: string } | null = null): void {
    const f = from ?? { finished_at: '', match_id: '' }
    const cond = '(finished_at > @fa OR (finished_at = @fa AND match_id >= @mid))'
    this.db
      .prepare(`DELETE FROM rating_history WHERE game_id = @g AND ${cond}`)
      .run({ g: gameId, fa: f.finished_at, mid: f.match_id })
    // Each player's rating as it stood before the pivot: their last row left in the history.
    this.db.prepare('DELETE FROM stat_rating WHERE game_id = ?').run(gameId)
    this.db
      .prepare(
        `INSERT INTO stat_rating (player_id, game_id, mu, sigma, matches, last_finished_at, last_match_id, elo)
         SELECT h.player_id, h.game_id, h.mu, h.sigma, c.n, h.finished_at, h.match_id, h.elo
         FROM (SELECT player_id, count(*) AS n, max(finished_at || char(31) || match_id) AS k FROM rating_history WHERE game_id = @g GROUP BY player_id) c
         JOIN rating_history h ON h.game_id = @g AND h.player_id = c.player_id AND h.finished_at || char(31) || h.match_id = c.k`,
      )
      .run({ g: gameId })
    const rows = this.db
      .prepare(`SELECT * FROM match_results WHERE game_id = @g AND ${cond} ORDER BY finished_at, match_id, seat`)
      .all({ g: gameId, fa: f.finished_at, mid: f.match_id }) as ResultRow[]
    let batch: ResultRow[] = []
    for (const r of rows) {
      if (batch.length && batch[0]?.match_id !== r.match_id) {
        this.rateMatch(gameId, batch)
        batch = []
      }
      batch.push(r)
    }
    if (batch.length) this.rateMatch(gameId, batch)
  }
}
