/**
 * The club's records, badges and a year in review (docs/ARCHITECTURE.md § Records), read in the
 * database worker from the projection tables: match_results (each finished match's seats with
 * placement, win, shared win and score, as undos and corrections leave them), the totals the
 * projector keeps beside them (stat_player_match, stat_player_opponent) and matches (for game
 * nights). A merged player's results are their canonical player's (the projector writes them so);
 * the records list canonical players only, as the stats do, and a deleted player has no results.
 */
import type { Database } from 'better-sqlite3'
import { GAME_FACTS, GAME_IDS, type GameId } from '../../shared/games/ids'
import type {
  Badge,
  ClubRecords,
  MarginRecord,
  Pairing,
  PlayerStreaks,
  RecordPlayer,
  Streak,
  YearInReview,
} from '../../shared/model/records'
import { ok, type Result } from '../../shared/result'
import { BADGES, byRecordName, champions, marginOf, Runs, type PlayerGameTotals } from '../../shared/stats/records'
import { nightOf } from '../../shared/stats/nights'
import { NIGHT_SQL } from './nights'

const LOWER_WINS = JSON.stringify(GAME_IDS.filter((g) => GAME_FACTS[g].lowerScoreWins))

/** Canonical players (merged ones are read through the one their history went to), by id. */
function players(db: Database): Map<string, string> {
  const rows = db.prepare('SELECT id, name FROM players WHERE canonical_id = id AND deleted = 0').raw().all() as [
    string,
    string,
  ][]
  return new Map(rows)
}

/**
 * Each game's biggest margin of an outright win, from one pass over the winners' rows: the best
 * other seat's score is read through the match's primary key (a few seats). Ties: the earlier match.
 */
function margins(db: Database, names: Map<string, string>): MarginRecord[] {
  const rows = db
    .prepare(
      `SELECT r.game_id, r.match_id, r.player_id, r.finished_at, r.score,
         CASE WHEN r.game_id IN (SELECT value FROM json_each(@lower))
           THEN (SELECT min(o.score) FROM match_results o WHERE o.match_id = r.match_id AND o.seat <> r.seat) - r.score
           ELSE r.score - (SELECT max(o.score) FROM match_results o WHERE o.match_id = r.match_id AND o.seat <> r.seat)
         END AS margin
       FROM match_results r WHERE r.won = 1 AND r.shared = 0`,
    )
    .raw()
    .all({ lower: LOWER_WINS }) as [GameId, string, string, string, number, number | null][]
  const best = new Map<GameId, (typeof rows)[number]>()
  for (const row of rows) {
    const [game, matchId, playerId, at, , margin] = row
    if (margin === null || !names.has(playerId)) continue
    const b = best.get(game)
    if (!b || margin > (b[5] as number) || (margin === b[5] && (at < b[3] || (at === b[3] && matchId < b[1]))))
      best.set(game, row)
  }
  return GAME_IDS.flatMap((g) => {
    const b = best.get(g)
    if (!b) return []
    const lower = GAME_FACTS[g].lowerScoreWins
    const margin = b[5] as number
    return [
      {
        gameId: g,
        lowerScoreWins: lower,
        matchId: b[1],
        playerId: b[2],
        name: names.get(b[2]) as string,
        finishedAt: b[3],
        winnerScore: b[4],
        runnerUpScore: lower ? b[4] + margin : b[4] - margin,
        margin,
      },
    ]
  })
}

interface RunsState {
  all: Runs
  games: Map<GameId, Runs>
  last: string
  unordered: boolean
}
const withRuns = new WeakSet<Database>()

/**
 * The aggregate that steps each player's results through their runs (all games and per game) inside
 * SQLite, so the rows never cross into JavaScript one by one: fed in finish order it answers the
 * longest runs as JSON, and says when a row came out of order (then the ordered form is used).
 */
function registerRuns(db: Database): void {
  if (withRuns.has(db)) return
  db.aggregate('nk_record_runs', {
    varargs: true,
    start: (): RunsState => ({ all: new Runs(), games: new Map(), last: '', unordered: false }),
    step: (s: RunsState, ...args: unknown[]) => {
      const [game, won, shared, at, matchId] = args as [GameId, number, number, string, string]
      const key = `${at}|${matchId}`
      if (key < s.last) s.unordered = true
      s.last = key
      s.all.step(won === 1, shared === 1, at)
      let r = s.games.get(game)
      if (!r) s.games.set(game, (r = new Runs()))
      r.step(won === 1, shared === 1, at)
      return s
    },
    result: (s: RunsState) =>
      JSON.stringify({
        unordered: s.unordered,
        wins: s.all.wins.longest(),
        unbeaten: s.all.unbeaten.longest(),
        byGame: Object.fromEntries(
          [...s.games].map(([g, r]) => [g, { wins: r.wins.longest(), unbeaten: r.unbeaten.longest() }]),
        ),
      }),
  })
  withRuns.add(db)
}

/**
 * Every player's runs, all games and per game, in one pass over the covering index
 * match_results_player (player, finish time, match id), which gives each player's rows in finish
 * order; should SQLite ever feed them otherwise, the aggregate says so and the ordered form runs.
 */
function streaks(db: Database, names: Map<string, string>): PlayerStreaks[] {
  registerRuns(db)
  const read = (ordered: boolean) =>
    db
      .prepare(
        `SELECT player_id, nk_record_runs(game_id, won, shared, finished_at, match_id${ordered ? ' ORDER BY finished_at, match_id' : ''})
         FROM match_results INDEXED BY match_results_player GROUP BY player_id`,
      )
      .raw()
      .all()
      .map((row) => {
        const [p, json] = row as [string, string]
        return [p, JSON.parse(json) as Omit<PlayerStreaks, 'playerId' | 'name'> & { unordered: boolean }] as const
      })
  let rows = read(false)
  if (rows.some(([, r]) => r.unordered)) rows = read(true)
  return rows
    .flatMap(([playerId, r]) => {
      const name = names.get(playerId)
      return name === undefined ? [] : [{ playerId, name, wins: r.wins, unbeaten: r.unbeaten, byGame: r.byGame }]
    })
    .sort(
      (a, b) =>
        (b.wins?.length ?? 0) - (a.wins?.length ?? 0) ||
        (b.unbeaten?.length ?? 0) - (a.unbeaten?.length ?? 0) ||
        byRecordName(a, b),
    )
}

/** The most-played pairings, from the per-opponent totals the projector keeps. */
function pairings(db: Database, names: Map<string, string>): Pairing[] {
  const rows = db
    .prepare(
      `SELECT player_id, opponent_id, sum(matches) AS n FROM stat_player_opponent
       WHERE player_id < opponent_id GROUP BY player_id, opponent_id HAVING n > 0 ORDER BY n DESC, player_id, opponent_id`,
    )
    .raw()
    .all() as [string, string, number][]
  const out: Pairing[] = []
  for (const [a, b, n] of rows) {
    const an = names.get(a)
    const bn = names.get(b)
    if (an === undefined || bn === undefined) continue
    const [x, y] = byRecordName({ playerId: a, name: an }, { playerId: b, name: bn }) <= 0 ? [a, b] : [b, a]
    out.push({ a: { playerId: x, name: names.get(x)! }, b: { playerId: y, name: names.get(y)! }, matches: n })
    if (out.length === 10) break
  }
  return out
}

function totals(db: Database, names: Map<string, string>): PlayerGameTotals[] {
  const rows = db.prepare('SELECT player_id, game_id, matches, wins FROM stat_player_match').raw().all() as [
    string,
    GameId,
    number,
    number,
  ][]
  return rows.flatMap(([playerId, gameId, matches, wins]) => {
    const name = names.get(playerId)
    return name === undefined || matches === 0 ? [] : [{ playerId, name, gameId, matches, wins }]
  })
}

function badges(t: readonly PlayerGameTotals[], s: readonly PlayerStreaks[], names: Map<string, string>): Badge[] {
  const played = new Map<string, number>()
  const wonIn = new Map<string, Set<GameId>>()
  for (const r of t) {
    played.set(r.playerId, (played.get(r.playerId) ?? 0) + r.matches)
    if (r.wins > 0) wonIn.set(r.playerId, (wonIn.get(r.playerId) ?? new Set()).add(r.gameId))
  }
  const runs = new Map(s.map((p) => [p.playerId, p]))
  return BADGES.map((b) => {
    const holds = (id: string): boolean =>
      'matches' in b
        ? (played.get(id) ?? 0) >= b.matches
        : 'wins' in b
          ? (runs.get(id)?.wins?.length ?? 0) >= b.wins
          : 'unbeaten' in b
            ? (runs.get(id)?.unbeaten?.length ?? 0) >= b.unbeaten
            : (wonIn.get(id)?.size ?? 0) === GAME_IDS.length
    const holders = [...names]
      .filter(([id]) => holds(id))
      .map(([playerId, name]) => ({ playerId, name }))
      .sort(byRecordName)
    return { id: b.id, name: b.name, threshold: b.threshold, holders }
  })
}

/** The years with a finished match (of its game night), newest first. */
function years(db: Database): number[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT CAST(substr(${NIGHT_SQL}, 1, 4) AS INTEGER) AS y FROM matches m WHERE m.status = 'finished' ORDER BY y DESC`,
      )
      .pluck()
      .all() as number[]
  ).filter((y) => y > 0)
}

/** One year: its matches are those whose game night is in the year (a few thousand rows at most). */
function yearInReview(db: Database, year: number, names: Map<string, string>): YearInReview {
  const rows = db
    .prepare(
      `SELECT r.match_id, r.player_id, r.game_id, r.finished_at, r.won, r.shared, r.score, m.created_at, m.utc_offset
       FROM match_results r JOIN matches m ON m.id = r.match_id
       WHERE r.finished_at >= @from AND r.finished_at < @to ORDER BY r.finished_at, r.match_id, r.seat`,
    )
    .raw()
    .all({ from: `${year - 1}-12-30`, to: `${year + 1}-01-03` }) as [
    string,
    string,
    GameId,
    string,
    number,
    number,
    number,
    string,
    number | null,
  ][]
  // The game night of each match (nightOf, the arithmetic of NIGHT_SQL), once per match; the year's only.
  const matches = new Map<string, typeof rows>()
  const nights = new Set<string>()
  const nightOfMatch = new Map<string, string>()
  for (const r of rows) {
    let night = nightOfMatch.get(r[0])
    if (night === undefined) nightOfMatch.set(r[0], (night = nightOf(r[7], r[8])))
    if (Number(night.slice(0, 4)) !== year) continue
    nights.add(night)
    const seats = matches.get(r[0])
    if (seats) seats.push(r)
    else matches.set(r[0], [r])
  }
  const perGame = new Map<string, PlayerGameTotals>()
  const runs = new Map<string, Runs>()
  const best = new Map<GameId, MarginRecord>()
  for (const [matchId, seats] of matches) {
    for (const [, p, g, at, won, shared] of seats) {
      const name = names.get(p)
      if (name === undefined) continue
      const key = `${p}|${g}`
      const t = perGame.get(key) ?? { playerId: p, name, gameId: g, matches: 0, wins: 0 }
      t.matches++
      t.wins += won
      perGame.set(key, t)
      let r = runs.get(p)
      if (!r) runs.set(p, (r = new Runs()))
      r.step(won === 1, shared === 1, at)
    }
    const winner = seats.find((s) => s[4] === 1 && s[5] === 0)
    if (!winner || !names.has(winner[1])) continue
    const g = winner[2]
    const lower = GAME_FACTS[g].lowerScoreWins
    const margin = marginOf(
      lower,
      winner[6],
      seats.filter((s) => s !== winner).map((s) => s[6]),
    )
    const b = best.get(g)
    if (margin === null || (b && b.margin >= margin)) continue
    best.set(g, {
      gameId: g,
      lowerScoreWins: lower,
      matchId,
      playerId: winner[1],
      name: names.get(winner[1]) as string,
      finishedAt: winner[3],
      winnerScore: winner[6],
      runnerUpScore: lower ? winner[6] + margin : winner[6] - margin,
      margin,
    })
  }
  const active = new Map<string, { matches: number; wins: number }>()
  for (const t of perGame.values()) {
    const a = active.get(t.playerId) ?? { matches: 0, wins: 0 }
    active.set(t.playerId, { matches: a.matches + t.matches, wins: a.wins + t.wins })
  }
  const most = [...active]
    .map(([playerId, a]) => ({ playerId, name: names.get(playerId) as string, ...a }))
    .sort((a, b) => b.matches - a.matches || b.wins - a.wins || byRecordName(a, b))[0]
  let longest: (RecordPlayer & Streak) | null = null
  for (const [playerId, r] of [...runs].sort((a, b) =>
    byRecordName(
      { playerId: a[0], name: names.get(a[0]) as string },
      { playerId: b[0], name: names.get(b[0]) as string },
    ),
  )) {
    const w = r.wins.longest()
    if (w && (!longest || w.length > longest.length)) longest = { playerId, name: names.get(playerId) as string, ...w }
  }
  return {
    year,
    matches: matches.size,
    nights: nights.size,
    mostActive: most ? { playerId: most.playerId, name: most.name, matches: most.matches } : null,
    newPlayers: newPlayers(db, year, names),
    champions: champions(GAME_IDS, [...perGame.values()], 1).map((c) => ({ ...c, bestRate: null, minMatches: 1 })),
    margins: GAME_IDS.flatMap((g) => best.get(g) ?? []),
    longestStreak: longest,
  }
}

/** Players whose first finished match (by finish time) was played on a game night of the year. */
function newPlayers(db: Database, year: number, names: Map<string, string>): RecordPlayer[] {
  const firsts = db
    .prepare(
      `SELECT f.player_id FROM (SELECT player_id, match_id, min(finished_at) FROM match_results INDEXED BY match_results_player
         GROUP BY player_id) f JOIN matches m ON m.id = f.match_id WHERE substr(${NIGHT_SQL}, 1, 4) = ?`,
    )
    .pluck()
    .all(String(year).padStart(4, '0')) as string[]
  return firsts
    .flatMap((playerId) => {
      const name = names.get(playerId)
      return name === undefined ? [] : [{ playerId, name }]
    })
    .sort(byRecordName)
}

/** The records, badges and (when a year is given) that year in review; every number from the projection tables. */
export function clubRecords(db: Database, year: number | null): Result<ClubRecords> {
  return ok(
    db
      .transaction(() => {
        const names = players(db)
        const t = totals(db, names)
        const s = streaks(db, names)
        return {
          margins: margins(db, names),
          streaks: s,
          pairings: pairings(db, names),
          champions: champions(GAME_IDS, t),
          badges: badges(t, s, names),
          years: years(db),
          year: year === null ? null : yearInReview(db, year, names),
        }
      })
      .deferred(),
  )
}
