/**
 * The club's records, badges and a year in review (docs/ARCHITECTURE.md § Records), read in the
 * database worker from the projection tables: the record totals the projector keeps as results are
 * written (stat_record_match: each finished match's year, night, outright winner and margin;
 * stat_record_run: each player's longest runs; record-totals.ts), the other totals it keeps beside
 * them (stat_player_match, stat_player_opponent) and, for a year in review, that year's rows of
 * match_results (each finished match's seats as undos and corrections leave them). A merged player's
 * results are their canonical player's (the projector writes them so); the records list canonical
 * players only, as the stats do, and a deleted player has no results.
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
import { BADGES, byRecordName, champions, Runs, type PlayerGameTotals } from '../../shared/stats/records'

/** Canonical players (merged ones are read through the one their history went to), by id. */
function players(db: Database): Map<string, string> {
  const rows = db.prepare('SELECT id, name FROM players WHERE canonical_id = id AND deleted = 0').raw().all() as [
    string,
    string,
  ][]
  return new Map(rows)
}

/** A row of stat_record_match with a margin: match, game, winner, finish time, winner's score, margin. */
type MarginRow = [string, GameId, string, string, number, number]

/** The record of `gameId` among margin rows in record order (margin, then the earlier match): the first of a listed player. */
function marginRecord(gameId: GameId, rows: Iterable<MarginRow>, names: Map<string, string>): MarginRecord | null {
  for (const [matchId, , playerId, finishedAt, winnerScore, margin] of rows) {
    const name = names.get(playerId)
    if (name === undefined) continue
    const lower = GAME_FACTS[gameId].lowerScoreWins
    return {
      gameId,
      lowerScoreWins: lower,
      matchId,
      playerId,
      name,
      finishedAt,
      winnerScore,
      runnerUpScore: lower ? winnerScore + margin : winnerScore - margin,
      margin,
    }
  }
  return null
}

const MARGIN_COLUMNS = 'match_id, game_id, winner_id, finished_at, winner_score, margin'
const MARGIN_ORDER = 'margin DESC, finished_at, match_id'

/**
 * Each game's biggest margin of an outright win, from the record totals (stat_record_match, kept by
 * the projector): the index by game and margin gives the rows in record order, so each game reads
 * its first rows only (more only when the best winners are not listed players). Ties: the earlier match.
 */
function margins(db: Database, names: Map<string, string>): MarginRecord[] {
  const read = db
    .prepare(
      `SELECT ${MARGIN_COLUMNS} FROM stat_record_match WHERE game_id = ? AND margin IS NOT NULL ORDER BY ${MARGIN_ORDER}`,
    )
    .raw()
  return GAME_IDS.flatMap((g) => marginRecord(g, read.iterate(g) as Iterable<MarginRow>, names) ?? [])
}

/**
 * Every player's runs, all games and per game, from the record totals (stat_record_run: one row per
 * player and game played, and their runs over all games under '*').
 */
function streaks(db: Database, names: Map<string, string>): PlayerStreaks[] {
  const rows = db
    .prepare(
      'SELECT player_id, game_id, wins, wins_from, wins_to, unbeaten, unbeaten_from, unbeaten_to FROM stat_record_run',
    )
    .raw()
    .all() as [string, string, number, string, string, number, string, string][]
  const run = (length: number, from: string, to: string): Streak | null => (length > 0 ? { length, from, to } : null)
  const out = new Map<string, PlayerStreaks>()
  for (const [playerId, game, w, wf, wt, u, uf, ut] of rows) {
    const name = names.get(playerId)
    if (name === undefined) continue
    let p = out.get(playerId)
    if (!p) out.set(playerId, (p = { playerId, name, wins: null, unbeaten: null, byGame: {} }))
    if (game === '*') {
      p.wins = run(w, wf, wt)
      p.unbeaten = run(u, uf, ut)
    } else p.byGame[game as GameId] = { wins: run(w, wf, wt), unbeaten: run(u, uf, ut) }
  }
  return [...out.values()].sort(
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

/** The years with a finished match (of its game night), newest first, from the record totals' index by year. */
function years(db: Database): number[] {
  return (
    db.prepare('SELECT DISTINCT year FROM stat_record_match ORDER BY year DESC').pluck().all() as number[]
  ).filter((y) => y > 0)
}

/**
 * One year: its finished matches are the record totals' rows of the year (by the year of the game
 * night, whenever the match finished), its nights theirs, its margins their rows in record order;
 * the players' figures step through the year's results only (a few thousand rows at most).
 */
function yearInReview(db: Database, year: number, names: Map<string, string>): YearInReview {
  const { matches, nights } = db
    .prepare('SELECT count(*) AS matches, count(DISTINCT night) AS nights FROM stat_record_match WHERE year = ?')
    .get(year) as { matches: number; nights: number }
  const rows = db
    .prepare(
      `SELECT r.player_id, r.game_id, r.finished_at, r.won, r.shared
       FROM stat_record_match k JOIN match_results r ON r.match_id = k.match_id
       WHERE k.year = ? ORDER BY r.finished_at, r.match_id, r.seat`,
    )
    .raw()
    .all(year) as [string, GameId, string, number, number][]
  const perGame = new Map<string, PlayerGameTotals>()
  const runs = new Map<string, Runs>()
  for (const [p, g, at, won, shared] of rows) {
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
  const byGame = new Map<GameId, MarginRow[]>()
  for (const row of db
    .prepare(`SELECT ${MARGIN_COLUMNS} FROM stat_record_match WHERE year = ? AND margin IS NOT NULL`)
    .raw()
    .all(year) as MarginRow[]) {
    const list = byGame.get(row[1]) ?? []
    list.push(row)
    byGame.set(row[1], list)
  }
  // Record order: the bigger margin, then the earlier finish, then the match id.
  const inOrder = (list: MarginRow[]): MarginRow[] =>
    list.sort((a, b) => b[5] - a[5] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
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
    matches,
    nights,
    mostActive: most ? { playerId: most.playerId, name: most.name, matches: most.matches } : null,
    newPlayers: newPlayers(db, year, names),
    champions: champions(GAME_IDS, [...perGame.values()], 1).map((c) => ({ ...c, bestRate: null, minMatches: 1 })),
    margins: GAME_IDS.flatMap((g) => marginRecord(g, inOrder(byGame.get(g) ?? []), names) ?? []),
    longestStreak: longest,
  }
}

/**
 * Listed players whose first finished match (by finish time, then match id) was played on a game
 * night of the year: one step through each player's results index.
 */
function newPlayers(db: Database, year: number, names: Map<string, string>): RecordPlayer[] {
  const first = db
    .prepare(
      `SELECT k.year FROM match_results r JOIN stat_record_match k ON k.match_id = r.match_id
       WHERE r.player_id = ? ORDER BY r.finished_at, r.match_id LIMIT 1`,
    )
    .pluck()
  return [...names]
    .filter(([playerId]) => first.get(playerId) === year)
    .map(([playerId, name]) => ({ playerId, name }))
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
