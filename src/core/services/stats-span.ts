/**
 * Stats over a span of time (and the club's choices): the per-player, per-game aggregates the
 * Stats screen shows, read from the summaries wherever they answer exactly and from the raw rows
 * only where they cannot (the edges of a span given as UTC instants, unfinished matches).
 */
import type { Database } from 'better-sqlite3'
import { GAME_IDS, type GameId } from '../../shared/games/engine'
import type { StatsFilter } from '../../shared/model/stats'
import { STAT_EVENT_SQL } from '../db/migrations/index'
import { STAT_EVENT_COLUMNS } from '../../shared/stats/round-counters'
import { addDays } from '../../shared/stats/local-date'
import { localDaySql, localDayWhere, summaryDays, type SummaryDays } from './stats-dates'
import { NIGHT_SQL } from './nights'

/**
 * The venue of match `m`: where a recorded match says it was played (its BG Stats location, kept in
 * its config), else the venue of its game night (night_venues, by the night NIGHT_SQL works out).
 */
export const MATCH_VENUE_SQL = `coalesce(json_extract(m.config_json, '$.location.name'), (SELECT nv.venue FROM night_venues nv WHERE nv.night = ${NIGHT_SQL}))`

/** A condition: the match whose id is `idSql` was played at the filter's venue (bound to @venue). */
const atVenue = (idSql: string, venue: string, params: Record<string, unknown>): string => {
  params.venue = venue
  return `${idSql} IN (SELECT m.id FROM matches m WHERE ${MATCH_VENUE_SQL} = @venue)`
}

/** One player's sums in one game (the columns of stat_player_game and stat_player_match together). */
export interface Agg {
  player_id: string
  game_id: GameId
  matches: number
  wins: number
  shared_wins: number
  placement_sum: number
  rounds: number
  score_sum: number
  rounds_won: number
  e1: number
  e2: number
  e3: number
  e4: number
  e5: number
  e6: number
}
export type StreakRow = { player_id: string; game_id: string; current: number; longest: number }

const ROUND_FIELDS = ['rounds', 'score_sum', 'rounds_won', ...STAT_EVENT_COLUMNS] as const
const zeroAgg = (player_id: string, game_id: GameId): Agg => ({
  player_id,
  game_id,
  matches: 0,
  wins: 0,
  shared_wins: 0,
  placement_sum: 0,
  rounds: 0,
  score_sum: 0,
  rounds_won: 0,
  e1: 0,
  e2: 0,
  e3: 0,
  e4: 0,
  e5: 0,
  e6: 0,
})
const aggKey = (p: string, g: string): string => `${p}|${g}`
/** matchFacts' per-match character: CODE_BASE + game index × 4 + won × 2 + shared (OTHER_GAME: a game id this version does not know). */
const CODE_BASE = 48
const OTHER_GAME = GAME_IDS.length
/** The whole number written in text[from, to) (read digit by digit; anything else through Number). */
function placementAt(text: string, from: number, to: number): number {
  let n = 0
  for (let k = from; k < to; k++) {
    const d = text.charCodeAt(k) - 48
    if (d < 0 || d > 9) return Number(text.slice(from, to))
    n = n * 10 + d
  }
  return n
}
const where = (w: string[], glue = 'WHERE'): string => (w.length ? `${glue} ${w.join(' AND ')}` : '')
/** The latest / earliest of some ISO texts, compared as SQLite compares them (all ASCII). */
const latest = (...xs: (string | undefined | '')[]): string | undefined =>
  xs.reduce<string | undefined>((a, x) => (!x ? a : a === undefined || x > a ? x : a), undefined)
const earliest = (...xs: (string | undefined | '')[]): string | undefined =>
  xs.reduce<string | undefined>((a, x) => (!x ? a : a === undefined || x < a ? x : a), undefined)

/** True when a filter narrows the time span or the venue (then every number is computed over those matches). */
export const hasSpan = (f: StatsFilter): boolean => Boolean(f.from || f.to || f.fromDate || f.toDate || f.venue)

/**
 * WHERE conditions over match_results `x` for a filter's span, game and players (a local date reads
 * the match's offset only for results within a day of its bound).
 */
export function matchWhere(
  f: StatsFilter,
  params: Record<string, unknown>,
  opts: { players?: boolean } = {},
): { where: string[] } {
  const w: string[] = []
  if (f.from) {
    w.push('x.finished_at >= @from')
    params.from = f.from
  }
  if (f.to) {
    w.push('x.finished_at < @to')
    params.to = f.to
  }
  w.push(
    ...localDayWhere('x.finished_at', '(SELECT o.utc_offset FROM matches o WHERE o.id = x.match_id)', f, params, 'mx'),
  )
  if (f.gameId) {
    w.push('x.game_id = @gameId')
    params.gameId = f.gameId
  }
  if (opts.players !== false && f.playerIds?.length) {
    params.players = JSON.stringify(f.playerIds)
    w.push('x.player_id IN (SELECT value FROM json_each(@players))')
  }
  if (f.venue) w.push(atVenue('x.match_id', f.venue, params))
  return { where: w }
}

/** WHERE conditions over round rows `r` for a filter's span, game and players. */
function roundWhere(f: StatsFilter, params: Record<string, unknown>, offsetSql: string): string[] {
  const rw: string[] = []
  if (f.from) {
    rw.push('r.played_at >= @from')
    params.from = f.from
  }
  if (f.to) {
    rw.push('r.played_at < @to')
    params.to = f.to
  }
  rw.push(...localDayWhere('r.played_at', offsetSql, f, params, 'rd'))
  if (f.gameId) {
    rw.push('r.game_id = @gameId')
    params.gameId = f.gameId
  }
  if (f.playerIds?.length) {
    params.players = JSON.stringify(f.playerIds)
    rw.push('r.player_id IN (SELECT value FROM json_each(@players))')
  }
  if (f.venue) rw.push(atVenue('r.match_id', f.venue, params))
  return rw
}

export class SpanStats {
  constructor(private readonly db: Database) {}

  /**
   * The club's choices applied to aggregates: rounds of unfinished (in progress or abandoned)
   * matches left out unless `roundsOf` = 'all', and a win shared by k players counted as 1/k with
   * `sharedWin` = 'split' (a whole win by default).
   */
  adjusted(aggs: Agg[], f: StatsFilter): Agg[] {
    const byKey = new Map(aggs.map((a) => [aggKey(a.player_id, a.game_id), { ...a }]))
    if ((f.roundsOf ?? 'finished') === 'finished') {
      for (const u of this.unfinishedRounds(f)) {
        const a = byKey.get(aggKey(u.player_id, u.game_id))
        if (!a) continue
        for (const k of ROUND_FIELDS) a[k] -= u[k]
      }
    }
    if (f.sharedWin === 'split') {
      for (const s of this.splitShares(f)) {
        const a = byKey.get(aggKey(s.player_id, s.game_id))
        if (a) a.wins = a.wins - a.shared_wins + s.share
      }
    }
    return [...byKey.values()]
  }

  /** Round sums of the unfinished matches within the filter (what 'finished only' takes away). */
  private unfinishedRounds(f: StatsFilter): Agg[] {
    const params: Record<string, unknown> = {}
    const w = ["m.status IN ('in-progress', 'abandoned')", ...roundWhere(f, params, 'm.utc_offset')]
    // The few unfinished matches first, then their rows (never the span's rows, then their matches).
    return this.db
      .prepare(
        `${this.roundSums('count(*)', 'sum(r.score)', 'sum(r.won_round)')} FROM matches m CROSS JOIN round_results r ON r.match_id = m.id ${where(w)} GROUP BY r.player_id, r.game_id`,
      )
      .all(params) as Agg[]
  }

  private roundSums(rounds: string, score: string, won: string): string {
    const ev = STAT_EVENT_SQL('r')
    return `SELECT r.player_id, r.game_id, ${rounds} AS rounds, ${score} AS score_sum, ${won} AS rounds_won,
                   ${ev.map((x, i) => `sum(${x}) AS ${STAT_EVENT_COLUMNS[i]}`).join(', ')}`
  }

  /** For each player and game: the sum of 1/k over their wins shared by k players. */
  private splitShares(f: StatsFilter): { player_id: string; game_id: GameId; share: number }[] {
    const params: Record<string, unknown> = {}
    const m = matchWhere(f, params)
    return this.db
      .prepare(
        `SELECT x.player_id, x.game_id, sum(1.0 / (SELECT count(*) FROM match_results y WHERE y.match_id = x.match_id AND y.won = 1)) AS share
         FROM match_results x WHERE x.won = 1 AND x.shared = 1 ${where(m.where, 'AND')} GROUP BY x.player_id, x.game_id`,
      )
      .all(params) as { player_id: string; game_id: GameId; share: number }[]
  }

  /**
   * Round sums over a span. Whole local days inside the span come from the per-local-day summary
   * (stat_player_game_day); only the rows of the few days at an edge given as a UTC instant, which
   * a day row cannot split, are read raw (see summaryDays).
   */
  private roundAggs(f: StatsFilter): Agg[] {
    // The per-day summary does not know venues: a venue reads its matches' round rows.
    const span: SummaryDays = f.venue ? { summary: null, raw: [{}] } : summaryDays(f)
    const parts: Agg[][] = []
    if (span.summary) {
      const params: Record<string, unknown> = {}
      const w: string[] = []
      if (span.summary.from) {
        w.push('r.day >= @dayFrom')
        params.dayFrom = span.summary.from
      }
      if (span.summary.to) {
        w.push('r.day <= @dayTo')
        params.dayTo = span.summary.to
      }
      if (f.gameId) {
        w.push('r.game_id = @gameId')
        params.gameId = f.gameId
      }
      if (f.playerIds?.length) {
        params.players = JSON.stringify(f.playerIds)
        w.push('r.player_id IN (SELECT value FROM json_each(@players))')
      }
      parts.push(
        this.db
          .prepare(
            `SELECT r.player_id, r.game_id, sum(r.rounds) AS rounds, sum(r.score_sum) AS score_sum, sum(r.rounds_won) AS rounds_won,
                    ${STAT_EVENT_COLUMNS.map((c) => `sum(r.${c}) AS ${c}`).join(', ')}
             FROM stat_player_game_day r ${where(w)} GROUP BY r.player_id, r.game_id`,
          )
          .all(params) as Agg[],
      )
    }
    for (const raw of span.raw) {
      // One lower and one upper bound on played_at (the tightest of the span's and the edge's); the
      // local days are then exact. The rows are found through their matches (schema 9 has no index
      // of round rows by time): a match's rounds were played between its first_round_at and its
      // updated_at, so only matches active in the edge's few days are read, by the updated_at index.
      const params: Record<string, unknown> = {}
      const w: string[] = []
      const lo = latest(f.from, f.fromDate && addDays(f.fromDate, -1), raw.afterUtc)
      const hi = earliest(f.to, f.toDate && addDays(f.toDate, 2), raw.beforeUtc)
      if (lo !== undefined) {
        w.push('rm.updated_at >= @lo', 'r.played_at >= @lo')
        params.lo = lo
      }
      if (hi !== undefined) {
        w.push('rm.first_round_at < @hi', 'r.played_at < @hi')
        params.hi = hi
      }
      const day = localDaySql('r.played_at', 'rm.utc_offset')
      const days: [string | undefined, string][] = [
        [f.fromDate, '>='],
        [f.toDate, '<='],
        [raw.before, '<'],
        [raw.after, '>'],
      ]
      days.forEach(([d, op], i) => {
        if (d === undefined) return
        w.push(`${day} ${op} @day${i}`)
        params[`day${i}`] = d
      })
      if (f.gameId) {
        w.push('r.game_id = @gameId')
        params.gameId = f.gameId
      }
      if (f.playerIds?.length) {
        params.players = JSON.stringify(f.playerIds)
        w.push('r.player_id IN (SELECT value FROM json_each(@players))')
      }
      if (f.venue) w.push(atVenue('rm.id', f.venue, params))
      parts.push(
        this.db
          .prepare(
            `${this.roundSums('count(*)', 'sum(r.score)', 'sum(r.won_round)')} FROM matches rm CROSS JOIN round_results r ON r.match_id = rm.id ${where(w)} GROUP BY r.player_id, r.game_id`,
          )
          .all(params) as Agg[],
      )
    }
    const merged = new Map<string, Agg>()
    for (const part of parts) {
      for (const r of part) {
        const k = aggKey(r.player_id, r.game_id)
        const a = merged.get(k) ?? zeroAgg(r.player_id, r.game_id)
        for (const c of ROUND_FIELDS) a[c] += r[c] ?? 0
        merged.set(k, a)
      }
    }
    return [...merged.values()].filter((a) => a.rounds > 0)
  }

  /** The same aggregates as the summary tables, over a span, and the win streaks in it. */
  aggs(f: StatsFilter): { aggs: Agg[]; streaks: StreakRow[] } {
    const facts = this.matchFacts(f)
    const merged = new Map<string, Agg>()
    for (const r of this.roundAggs(f)) merged.set(aggKey(r.player_id, r.game_id), r)
    for (const x of facts.aggs) {
      if (f.gameId && x.game_id !== f.gameId) continue
      const k = aggKey(x.player_id, x.game_id)
      merged.set(k, {
        ...(merged.get(k) ?? zeroAgg(x.player_id, x.game_id)),
        matches: x.matches,
        wins: x.wins,
        shared_wins: x.shared_wins,
        placement_sum: x.placement_sum,
      })
    }
    return { aggs: [...merged.values()], streaks: facts.streaks }
  }

  /**
   * Each player's finished matches in the span, every game (streaks across games need them all), in
   * finish order, as one text per player: per match a character for its game, win and shared win,
   * then its placement, so tens of thousands of match results cross into JavaScript as a few dozen
   * values. Sums per game, and current and longest win streaks (as streaks() counts them) per game
   * and across games ('*').
   */
  private matchFacts(f: StatsFilter): { aggs: Agg[]; streaks: StreakRow[] } {
    const params: Record<string, unknown> = {}
    const m = matchWhere({ ...f, gameId: undefined }, params)
    // Without chosen players, every player id is named so the (player_id, finished_at, …) index is sought per player.
    const w = f.playerIds?.length ? m.where : ['x.player_id IN (SELECT id FROM players)', ...m.where]
    const game = `CASE x.game_id ${GAME_IDS.map((g, i) => `WHEN '${g}' THEN ${i}`).join(' ')} ELSE ${OTHER_GAME} END`
    const rows = this.db
      .prepare(
        `SELECT x.player_id, group_concat(char(${CODE_BASE} + (${game}) * 4 + x.won * 2 + x.shared) || x.placement, ',' ORDER BY x.finished_at, x.match_id)
         FROM match_results x ${where(w)} GROUP BY x.player_id`,
      )
      .raw()
      .all(params) as [string, string][]
    const aggs: Agg[] = []
    const streakRows: StreakRow[] = []
    for (const [player, text] of rows) {
      const perGame = GAME_IDS.map((g) => zeroAgg(player, g))
      const runs = [...GAME_IDS, '*'].map(() => ({ current: 0, longest: 0, seen: false }))
      const step = (run: { current: number; longest: number; seen: boolean }, won: boolean): void => {
        run.seen = true
        run.current = won ? run.current + 1 : 0
        if (run.current > run.longest) run.longest = run.current
      }
      for (let i = 0; i < text.length;) {
        let end = text.indexOf(',', i)
        if (end === -1) end = text.length
        const code = text.charCodeAt(i) - CODE_BASE
        const gi = code >> 2
        const won = (code & 2) !== 0
        const a = perGame[gi]
        if (a) {
          a.matches += 1
          if (won) {
            a.wins += 1
            if (code & 1) a.shared_wins += 1
          }
          a.placement_sum += placementAt(text, i + 1, end)
          step(runs[gi] as (typeof runs)[number], won)
        }
        step(runs[GAME_IDS.length] as (typeof runs)[number], won)
        i = end + 1
      }
      for (const a of perGame) if (a.matches > 0) aggs.push(a)
      runs.forEach((r, i) => {
        if (r.seen)
          streakRows.push({ player_id: player, game_id: GAME_IDS[i] ?? '*', current: r.current, longest: r.longest })
      })
    }
    return { aggs, streaks: streakRows }
  }
}
