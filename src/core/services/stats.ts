/**
 * Stats: the read queries of the Stats screen (the projector that keeps the summaries is in
 * stats-projector.ts, re-exported here). Unfiltered stats read the summary tables (a few hundred
 * rows, whatever the history size); a span of time reads the per-local-day summary and the match
 * results in range (stats-span.ts), with raw round rows only at an edge given as a UTC instant.
 */
import type { Database, Statement } from 'better-sqlite3'
import { GAME_IDS, type GameId } from '../../shared/games/engine'
import type {
  HeadToHead,
  HeadToHeadLine,
  LeaderboardRow,
  MatchProgress,
  MonthlyResults,
  OpponentLine,
  PlayerGameStats,
  PlayerProfile,
  PlayerStats,
  ProfileMatch,
  Rating,
  RatingSeries,
  RuleEvents,
  StatsFilter,
  StatsOverview,
} from '../../shared/model/stats'
import { err, ok, type Result } from '../../shared/result'
import { ordinalOf } from '../../shared/stats/streaks'
import { localDateOf } from '../../shared/stats/local-date'

/** The fewest finished matches together before an opponent can be a nemesis or a favourite (NemeStats' minimum). */
export const NEMESIS_MIN_MATCHES = 3
export { StatsProjector, type RefreshedMatch } from './stats-projector'
import { OPPONENT_PAIRS_SQL } from './stats-projector'
import { UNKNOWN_PLAYER } from '../db/repos/matches'
import { STAT_EVENT_COLUMNS, STAT_EVENT_NAMES } from '../../shared/stats/round-counters'
import { hasSpan, matchWhere, SpanStats, type Agg, type StreakRow } from './stats-span'
import { monthlyResults } from './stats-monthly'

/** The rule-event counters e1..e6 of one player and game, by name (see STAT_EVENT_NAMES). */
function events(gameId: GameId, a: Agg): RuleEvents {
  const out: RuleEvents = {}
  STAT_EVENT_NAMES[gameId].forEach((name, i) => {
    if (name) out[name] = a[STAT_EVENT_COLUMNS[i] as EventColumn] ?? 0
  })
  return out
}
type EventColumn = (typeof STAT_EVENT_COLUMNS)[number]

const rate0 = (n: number, d: number): number | null => (d > 0 ? n / d : null)

type RatingRow = { player_id: string; game_id: GameId; mu: number; sigma: number; matches: number }
type PlayerRow = { id: string; name: string; color: string | null; created_at: string }

/**
 * Head-to-head: one pass over A's results, newest first, through A's index (player_id, finished_at,
 * match_id), each with B's seat found by the primary key (match_id, seat). Left to itself, SQLite
 * found B's seat through B's index, by player_id alone (the index has no match_id right after it), so
 * it walked all of B's results for each of A's, which grew with the square of the history. CROSS JOIN
 * keeps A's results outside; the unary + on y.player_id keeps B's index out of the lookup.
 * `where`: more conditions on x (matchWhere), starting with AND.
 */
export const HEAD_TO_HEAD_SQL = (where: string): string =>
  `SELECT x.match_id, x.game_id, x.finished_at, x.placement AS ap, y.placement AS bp, x.won AS aw, y.won AS bw
   FROM match_results x CROSS JOIN match_results y ON y.match_id = x.match_id AND +y.player_id = @b
   WHERE x.player_id = @a ${where}
   ORDER BY x.finished_at DESC, x.match_id DESC`

export class StatsService {
  private readonly summary: Statement<[], Agg>
  private readonly summaryOne: Statement<[{ player: string }], Agg>
  private readonly streakAll: Statement<[], StreakRow>
  private readonly streakOne: Statement<[string], StreakRow>
  private readonly ratingsAll: Statement<[], RatingRow>
  private readonly ratingsOne: Statement<[string], RatingRow>
  private readonly playersAll: Statement<[], PlayerRow>
  private readonly playerOne: Statement<[string], PlayerRow>

  private readonly span: SpanStats

  constructor(private readonly db: Database) {
    this.span = new SpanStats(db)
    const sql = (where: string): string => `
      SELECT k.player_id, k.game_id,
             coalesce(m.matches, 0) AS matches, coalesce(m.wins, 0) AS wins, coalesce(m.shared_wins, 0) AS shared_wins,
             coalesce(m.placement_sum, 0) AS placement_sum,
             coalesce(g.rounds, 0) AS rounds, coalesce(g.score_sum, 0) AS score_sum, coalesce(g.rounds_won, 0) AS rounds_won,
             ${STAT_EVENT_COLUMNS.map((c) => `coalesce(g.${c}, 0) AS ${c}`).join(', ')}
      FROM (SELECT player_id, game_id FROM stat_player_game ${where} UNION SELECT player_id, game_id FROM stat_player_match ${where}) k
      LEFT JOIN stat_player_game g ON g.player_id = k.player_id AND g.game_id = k.game_id
      LEFT JOIN stat_player_match m ON m.player_id = k.player_id AND m.game_id = k.game_id`
    this.summary = db.prepare(sql(''))
    this.summaryOne = db.prepare(sql('WHERE player_id = @player'))
    this.streakAll = db.prepare('SELECT * FROM stat_player_streak')
    this.streakOne = db.prepare('SELECT * FROM stat_player_streak WHERE player_id = ?')
    this.ratingsAll = db.prepare('SELECT player_id, game_id, mu, sigma, matches FROM stat_rating')
    this.ratingsOne = db.prepare('SELECT player_id, game_id, mu, sigma, matches FROM stat_rating WHERE player_id = ?')
    this.playersAll = db.prepare(
      // Merged players' history is their canonical player's; deleted players are gone.
      'SELECT id, name, color, created_at FROM players WHERE canonical_id = id AND deleted = 0 ORDER BY name_key, id',
    )
    this.playerOne = db.prepare('SELECT id, name, color, created_at FROM players WHERE id = ?')
  }

  overview(f: StatsFilter): Result<StatsOverview> {
    const filtered = hasSpan(f)
    const span = filtered ? this.span.aggs(f) : null
    const aggs = this.span.adjusted(span ? span.aggs : this.summary.all(), f)
    const streakRows = span ? span.streaks : this.streakAll.all()
    const players = this.playersAll.all()
    return ok({
      ...this.assemble(players, aggs, streakRows, this.ratingsAll.all(), f, filtered),
      venues: this.venues(),
    })
  }

  /**
   * Every venue the filter can offer, in name order: the recorded matches' locations and the nights'
   * venues (a small table). Only configs that mention a location are parsed, so the overview does
   * not work out every match's venue.
   */
  venues(): string[] {
    return this.db
      .prepare(
        `SELECT v FROM (SELECT json_extract(config_json, '$.location.name') AS v FROM matches WHERE config_json LIKE '%"location":%'
                        UNION SELECT venue FROM night_venues)
         WHERE v IS NOT NULL ORDER BY v COLLATE NOCASE, v`,
      )
      .pluck()
      .all() as string[]
  }

  player(playerId: string, f: StatsFilter): Result<PlayerStats> {
    const p = this.playerOne.get(playerId)
    if (!p) return err('not-found', 'That player no longer exists.', 'playerId')
    const filtered = hasSpan(f)
    const scoped = { ...f, playerIds: [playerId] }
    const span = filtered ? this.span.aggs(scoped) : null
    const aggs = this.span.adjusted(span ? span.aggs : this.summaryOne.all({ player: playerId }), scoped)
    const streakRows = span ? span.streaks : this.streakOne.all(playerId)
    const built = this.assemble([p], aggs, streakRows, this.ratingsOne.all(playerId), scoped, filtered)
    const stats = built.players[0] as PlayerStats
    return ok({ ...stats, profile: this.profile(playerId, stats, f) })
  }

  /** Form, best and worst games, nemesis and favourite opponent (over the filter's span and game). */
  private profile(playerId: string, stats: PlayerStats, f: StatsFilter): PlayerProfile {
    const params: Record<string, unknown> = { me: playerId }
    const { where } = matchWhere({ ...f, playerIds: undefined }, params)
    const cond = where.length ? `AND ${where.join(' AND ')}` : ''
    const form = (
      this.db
        .prepare(
          `SELECT x.match_id, x.game_id, x.finished_at, x.placement, x.seats, x.won, x.shared, m.utc_offset
           FROM match_results x LEFT JOIN matches m ON m.id = x.match_id
           WHERE x.player_id = @me ${cond} ORDER BY x.finished_at DESC, x.match_id DESC LIMIT 10`,
        )
        .all(params) as {
        match_id: string
        game_id: GameId
        finished_at: string
        placement: number
        seats: number
        won: number
        shared: number
        utc_offset: number | null
      }[]
    ).map((r) => ({
      matchId: r.match_id,
      gameId: r.game_id,
      finishedAt: r.finished_at,
      localDate: localDateOf(r.finished_at, r.utc_offset),
      placement: r.placement,
      seats: r.seats,
      won: r.won === 1,
      shared: r.shared === 1,
    }))
    // Without a span, the records kept per opponent and game (schema 8) answer in a few rows; a span
    // pairs the player's results in it with the others at those tables.
    const opponentSql = hasSpan(f)
      ? `SELECT y.player_id, p.name, p.color, count(*) AS matches, sum(x.placement < y.placement) AS ahead, sum(y.placement < x.placement) AS behind
         ${OPPONENT_PAIRS_SQL}
         LEFT JOIN players p ON p.id = y.player_id
         WHERE x.player_id = @me ${cond} GROUP BY y.player_id ORDER BY matches DESC, p.name_key, y.player_id`
      : `SELECT o.opponent_id AS player_id, p.name, p.color, sum(o.matches) AS matches, sum(o.ahead) AS ahead, sum(o.behind) AS behind
         FROM stat_player_opponent o LEFT JOIN players p ON p.id = o.opponent_id
         WHERE o.player_id = @me ${f.gameId ? 'AND o.game_id = @gameId' : ''}
         GROUP BY o.opponent_id HAVING sum(o.matches) > 0 ORDER BY matches DESC, p.name_key, o.opponent_id`
    const opponents = (
      this.db.prepare(opponentSql).all(params) as {
        player_id: string
        name: string | null
        color: string | null
        matches: number
        ahead: number
        behind: number
      }[]
    ).map((r) => ({
      playerId: r.player_id,
      name: r.name ?? UNKNOWN_PLAYER,
      color: r.color,
      matches: r.matches,
      ahead: r.ahead,
      behind: r.behind,
    }))
    // Rates with minimums (NemeStats): at least NEMESIS_MIN_MATCHES together and ahead (or behind) in
    // more than half of them. Above half for both is impossible, so nemesis and favourite differ.
    const most = (key: 'ahead' | 'behind'): OpponentLine | null =>
      opponents
        .filter((o) => o.matches >= NEMESIS_MIN_MATCHES && o[key] * 2 > o.matches)
        .sort(
          (a, b) => b[key] / b.matches - a[key] / a.matches || b.matches - a.matches || a.name.localeCompare(b.name),
        )[0] ?? null
    const played = stats.games.filter((g) => g.matches > 0 && g.winRate !== null)
    const byRate = [...played].sort((a, b) => (b.winRate ?? 0) - (a.winRate ?? 0) || b.matches - a.matches)
    return {
      form,
      bestGame: byRate[0]?.gameId ?? null,
      worstGame: byRate.length > 1 ? (byRate[byRate.length - 1]?.gameId ?? null) : null,
      nemesis: most('behind'),
      favourite: most('ahead'),
      opponents,
      recent: this.recentOf(playerId),
    }
  }

  /** A player's 10 newest matches by when they were played (matches.created_at), any status. */
  private recentOf(playerId: string): ProfileMatch[] {
    const rows = this.db
      .prepare(
        `SELECT m.id, m.game_id, m.status, m.created_at, m.utc_offset,
           (SELECT json_group_array(p.name) FROM (SELECT p.name FROM json_each(m.winners_json) w
              JOIN match_seats s ON s.match_id = m.id AND s.seat = w.value
              LEFT JOIN players p ON p.id = s.player_id ORDER BY s.seat) p) AS winners
         FROM matches m WHERE m.id IN (SELECT match_id FROM match_seats WHERE player_id = ?)
         ORDER BY m.created_at DESC, m.id DESC LIMIT 10`,
      )
      .all(playerId) as {
      id: string
      game_id: GameId
      status: ProfileMatch['status']
      created_at: string
      utc_offset: number | null
      winners: string
    }[]
    return rows.map((r) => ({
      id: r.id,
      gameId: r.game_id,
      status: r.status,
      createdAt: r.created_at,
      localDate: localDateOf(r.created_at, r.utc_offset),
      winners:
        r.status === 'finished' ? (JSON.parse(r.winners) as (string | null)[]).map((n) => n ?? UNKNOWN_PLAYER) : [],
    }))
  }

  private assemble(
    players: PlayerRow[],
    aggs: Agg[],
    streakRows: StreakRow[],
    ratings: RatingRow[],
    f: StatsFilter,
    filtered: boolean,
  ): StatsOverview {
    const wanted = f.playerIds?.length ? new Set(f.playerIds) : null
    const games = f.gameId ? [f.gameId] : [...GAME_IDS]
    const ratingOf = new Map(
      ratings.map((r) => [
        `${r.player_id}|${r.game_id}`,
        { mu: r.mu, sigma: r.sigma, ordinal: ordinalOf(r.mu, r.sigma), matches: r.matches } satisfies Rating,
      ]),
    )
    const streakOf = new Map(streakRows.map((s) => [`${s.player_id}|${s.game_id}`, s]))
    const byPlayer = new Map<string, Agg[]>()
    for (const a of aggs) {
      if (!games.includes(a.game_id)) continue
      const list = byPlayer.get(a.player_id) ?? []
      list.push(a)
      byPlayer.set(a.player_id, list)
    }
    const out: PlayerStats[] = []
    for (const p of players) {
      if (wanted && !wanted.has(p.id)) continue
      const list = byPlayer.get(p.id) ?? []
      const gameStats: PlayerGameStats[] = list
        .filter((a) => a.matches > 0 || a.rounds > 0)
        .map((a) => {
          const s = streakOf.get(`${p.id}|${a.game_id}`)
          return {
            gameId: a.game_id,
            matches: a.matches,
            wins: a.wins,
            sharedWins: a.shared_wins,
            winRate: rate0(a.wins, a.matches),
            avgPlacement: rate0(a.placement_sum, a.matches),
            rounds: a.rounds,
            roundsWon: a.rounds_won,
            avgRoundScore: rate0(a.score_sum, a.rounds),
            events: events(a.game_id, a),
            currentStreak: s?.current ?? 0,
            longestStreak: s?.longest ?? 0,
            rating: ratingOf.get(`${p.id}|${a.game_id}`) ?? null,
          }
        })
        .sort((x, y) => GAME_IDS.indexOf(x.gameId) - GAME_IDS.indexOf(y.gameId))
      const matches = gameStats.reduce((n, g) => n + g.matches, 0)
      const wins = gameStats.reduce((n, g) => n + g.wins, 0)
      const placementSum = list.reduce((n, a) => n + a.placement_sum, 0)
      const overall = streakOf.get(`${p.id}|${f.gameId ?? '*'}`)
      out.push({
        playerId: p.id,
        name: p.name,
        color: p.color,
        createdAt: p.created_at,
        matches,
        wins,
        sharedWins: gameStats.reduce((n, g) => n + g.sharedWins, 0),
        winRate: rate0(wins, matches),
        avgPlacement: rate0(placementSum, matches),
        currentStreak: overall?.current ?? 0,
        longestStreak: overall?.longest ?? 0,
        games: gameStats,
      })
    }
    const leaderboards = games.map((gameId) => {
      const rows: LeaderboardRow[] = []
      for (const p of out) {
        const g = p.games.find((x) => x.gameId === gameId)
        if (!g || g.matches === 0) continue
        rows.push({
          playerId: p.playerId,
          name: p.name,
          matches: g.matches,
          wins: g.wins,
          winRate: g.winRate,
          avgPlacement: g.avgPlacement,
          rating: g.rating,
        })
      }
      rows.sort(
        (a, b) =>
          (b.rating?.ordinal ?? -Infinity) - (a.rating?.ordinal ?? -Infinity) ||
          b.wins - a.wins ||
          a.name.localeCompare(b.name),
      )
      return { gameId, rows }
    })
    out.sort((a, b) => b.wins - a.wins || (b.winRate ?? 0) - (a.winRate ?? 0) || a.name.localeCompare(b.name))
    return {
      filtered,
      players: out,
      leaderboards,
      choices: { roundsOf: f.roundsOf ?? 'finished', sharedWin: f.sharedWin ?? 'whole' },
    }
  }

  headToHead(a: string, b: string, f: StatsFilter): Result<HeadToHead> {
    if (a === b) return err('same-player', 'Pick two different players to compare.', 'b')
    const pa = this.playerOne.get(a)
    const pb = this.playerOne.get(b)
    if (!pa) return err('not-found', 'The first player no longer exists.', 'a')
    if (!pb) return err('not-found', 'The second player no longer exists.', 'b')
    const params: Record<string, unknown> = { a, b }
    const { where } = matchWhere({ ...f, playerIds: undefined }, params)
    const rows = this.db.prepare(HEAD_TO_HEAD_SQL(where.length ? `AND ${where.join(' AND ')}` : '')).all(params) as {
      match_id: string
      game_id: GameId
      finished_at: string
      ap: number
      bp: number
      aw: number
      bw: number
    }[]
    // Every line in the same single pass over the rows.
    const empty = (gameId: GameId | 'all'): HeadToHeadLine => ({
      gameId,
      matches: 0,
      aAhead: 0,
      bAhead: 0,
      level: 0,
      aWins: 0,
      bWins: 0,
    })
    const byGame = new Map<GameId | 'all', HeadToHeadLine>([['all', empty('all')]])
    for (const r of rows) {
      let g = byGame.get(r.game_id)
      if (!g) byGame.set(r.game_id, (g = empty(r.game_id)))
      for (const l of [byGame.get('all') as HeadToHeadLine, g]) {
        l.matches++
        if (r.ap < r.bp) l.aAhead++
        else if (r.bp < r.ap) l.bAhead++
        else l.level++
        if (r.aw === 1) l.aWins++
        if (r.bw === 1) l.bWins++
      }
    }
    const line = (gameId: GameId | 'all'): HeadToHeadLine => byGame.get(gameId) ?? empty(gameId)
    const lines = [line('all'), ...GAME_IDS.map(line).filter((l) => l.matches > 0)]
    return ok({
      a: { id: pa.id, name: pa.name },
      b: { id: pb.id, name: pb.name },
      lines,
      recent: rows.slice(0, 20).map((r) => ({
        matchId: r.match_id,
        gameId: r.game_id,
        finishedAt: r.finished_at,
        aPlacement: r.ap,
        bPlacement: r.bp,
      })),
    })
  }

  ratingHistory(gameId: GameId, playerIds: string[] | undefined): Result<RatingSeries[]> {
    const ids = playerIds?.length
      ? playerIds
      : this.db
          .prepare<[string], { player_id: string }>(
            'SELECT player_id FROM stat_rating WHERE game_id = ? ORDER BY mu - 3 * sigma DESC LIMIT 6',
          )
          .all(gameId)
          .map((r) => r.player_id)
    const pts = this.db.prepare<
      [string, string],
      { finished_at: string; match_id: string; mu: number; sigma: number; utc_offset: number | null }
    >(
      `SELECT h.finished_at, h.match_id, h.mu, h.sigma, m.utc_offset FROM rating_history h LEFT JOIN matches m ON m.id = h.match_id
       WHERE h.player_id = ? AND h.game_id = ? ORDER BY h.finished_at, h.match_id`,
    )
    const out: RatingSeries[] = []
    for (const id of ids) {
      const p = this.playerOne.get(id)
      if (!p) continue
      const all = pts.all(id, gameId)
      // A chart needs at most a few hundred points per line.
      const step = Math.max(1, Math.ceil(all.length / 400))
      const picked = all.filter((_, i) => i % step === 0 || i === all.length - 1)
      out.push({
        playerId: id,
        name: p.name,
        color: p.color,
        points: picked.map((r) => ({
          at: r.finished_at,
          localDate: localDateOf(r.finished_at, r.utc_offset),
          matchId: r.match_id,
          mu: r.mu,
          sigma: r.sigma,
          ordinal: ordinalOf(r.mu, r.sigma),
        })),
      })
    }
    return ok(out)
  }

  /** Finished matches per local month per game, and wins per month of the chosen or top players (stats-monthly.ts). */
  monthly(f: StatsFilter): Result<MonthlyResults> {
    return ok(monthlyResults(this.db, f, (id) => this.playerOne.get(id)))
  }

  matchProgress(matchId: string): Result<MatchProgress> {
    const m = this.db
      .prepare<[string], { id: string; game_id: GameId }>('SELECT id, game_id FROM matches WHERE id = ?')
      .get(matchId)
    if (!m) return err('not-found', 'That match no longer exists.', 'matchId')
    const seats = this.db
      .prepare<[string], { seat: number; playerId: string; name: string; color: string | null }>(
        `SELECT s.seat, s.player_id AS playerId, p.name, coalesce(s.color, p.color) AS color
         FROM match_seats s JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat`,
      )
      .all(matchId)
    const totals: number[][] = seats.map(() => [])
    for (const r of this.db
      .prepare<[string], { round: number; seat: number; total: number }>(
        'SELECT round, seat, total FROM round_results WHERE match_id = ? ORDER BY round, seat',
      )
      .all(matchId)) {
      const line = totals[r.seat]
      if (line) line[r.round - 1] = r.total
    }
    return ok({ matchId, gameId: m.game_id, seats, totals })
  }
}
