/**
 * The records' running totals (record-totals.ts, schema 15; ARCHITECTURE § Records): `records:get`
 * answered from them equals the records worked out plainly from the raw rows (match_results,
 * matches, players) after random histories: a paper history of all four games imported from a CSV
 * file, then Nine matches over nights, years and UTC offsets with rounds, corrections, undos and
 * redos (a finish taken back and put back), matches finished and abandoned by hand, merges and
 * deletions of players. Then a rebuild from the events must leave the same rows and the same answer.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { projectionRows } from '../../src/core/services/digest'
import { GAME_FACTS, GAME_IDS, type GameId } from '../../src/shared/games/ids'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { ClubRecords, MarginRecord, Pairing, PlayerStreaks, YearInReview } from '../../src/shared/model/records'
import { nightOf } from '../../src/shared/stats/nights'
import { BADGES, byRecordName, champions, marginOf, Runs } from '../../src/shared/stats/records'
import { tempDir } from '../helpers/tmp'
import { projectorFor } from '../helpers/projections'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function clubCore(): { core: Core; advance: (ms: number) => void } {
  const { dir, cleanup } = tempDir()
  let t = Date.parse('2025-11-20T18:00:00.000Z')
  const core = createCore({
    dataDir: dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((t += 1000)),
    log: () => {},
    autoBackup: false,
  })
  cleanups.push(() => {
    core.close()
    cleanup()
  })
  return { core, advance: (ms) => (t += ms) }
}

async function may<T>(core: Core, channel: string, input: unknown): Promise<T | null> {
  const r = await core.dispatch(channel, input)
  if (!r.ok && r.error.code === 'internal') throw new Error(`${channel}: ${r.error.message}`)
  return r.ok ? (r.value as T) : null
}
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as T
}

const NAMES = ['Ana', 'Bo', 'Cy', 'Dita', 'Emil', 'Fenna']
const CSV_GAMES = ['Nine', 'Wild Nine', 'Ennea', 'Seven Eight Nine']

/** A paper match: its game, day and seats (player index, score, won). */
const PAPER = fc.record({
  game: fc.nat(3),
  day: fc.nat(900),
  seats: fc.uniqueArray(fc.nat(5), { minLength: 2, maxLength: 4 }),
  scores: fc.array(fc.nat(30), { minLength: 4, maxLength: 4 }),
  winners: fc.nat(15),
})
type Paper = typeof PAPER extends fc.Arbitrary<infer T> ? T : never

async function importPaper(core: Core, papers: Paper[]): Promise<void> {
  const rows = papers.flatMap((p, i) => {
    const date = new Date(Date.parse('2023-01-05T00:00:00Z') + p.day * 86_400_000).toISOString().slice(0, 10)
    // At least one winner: the bits of `winners` over the seats, else the first seat.
    const won = p.seats.map((_, s) => (p.winners >> s) & 1 || (p.winners % 2 ** p.seats.length === 0 && s === 0))
    return p.seats.map(
      (who, s) =>
        `${date}\t${20 + (i % 4)}:00\t${CSV_GAMES[p.game]}\t${NAMES[who]}\t${p.scores[s]}\t${won[s] ? 'yes' : 'no'}\tm${i}`,
    )
  })
  const bytes = Buffer.from(['date\ttime\tgame\tplayer\tscore\twinner\tmatch', ...rows].join('\n'))
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  await call(core, 'import:external-apply', { uploadId })
}

type Op = { kind: string; a: number; b: number }
const OP = fc.noBias(
  fc.record({
    kind: fc.constantFrom(
      ...['match', 'match', 'match', 'round', 'round', 'round', 'close', 'close', 'close', 'close'],
      ...['undo', 'undo', 'redo', 'correct', 'merge', 'delete', 'later', 'later', 'year'],
    ),
    a: fc.nat(1000),
    b: fc.nat(1000),
  }),
)
const OFFSETS = [-480, 0, 60, 120, 330]

async function play(core: Core, advance: (ms: number) => void, ops: Op[]): Promise<void> {
  for (const o of ops) {
    const players = (await may<Player[]>(core, 'players:list', { includeArchived: false })) ?? []
    const matches = (await may<{ id: string; status: string; gameId: string }[]>(core, 'matches:list', {})) ?? []
    const live = matches.filter((m) => m.gameId === 'nine')
    const open = live.filter((m) => m.status === 'in-progress')
    const among = (o.kind === 'round' || o.kind === 'close') && open.length ? open : live
    const match = among[o.a % Math.max(1, among.length)]
    const view = match ? await may<MatchView>(core, 'matches:get', { id: match.id }) : null
    const totals = (n: number, x: number, best: number) =>
      Array.from({ length: n }, (_, s) => (s === best ? x % 7 : 3 + ((x + s * 7) % 20)))
    switch (o.kind) {
      case 'match': {
        const seated = players.slice(o.a % 3, (o.a % 3) + 2 + (o.b % 3))
        if (seated.length >= 2)
          await may(core, 'matches:create', {
            gameId: 'nine',
            playerIds: seated.map((p) => p.id),
            utcOffset: OFFSETS[o.b % OFFSETS.length],
          })
        break
      }
      case 'round':
        if (view) {
          const declarer = o.b % view.seats.length
          await may(core, 'matches:apply', {
            id: view.id,
            action: { type: 'round', declarer, totals: totals(view.seats.length, o.a, declarer) },
          })
        }
        break
      case 'correct': {
        const e = view?.actions[o.b % Math.max(1, view.actions.length)]
        if (view && e) {
          const declarer = o.a % view.seats.length
          await may(core, 'matches:correct', {
            id: view.id,
            eventId: e.eventId,
            action: { type: 'round', declarer, totals: totals(view.seats.length, o.b, declarer) },
          })
        }
        break
      }
      case 'close':
        if (view) {
          if (view.actions.length === 0)
            await may(core, 'matches:apply', {
              id: view.id,
              action: { type: 'round', declarer: 0, totals: totals(view.seats.length, o.a, o.b % view.seats.length) },
            })
          await may(core, 'matches:close', { id: view.id, status: o.b % 4 ? 'finished' : 'abandoned' })
        }
        break
      case 'undo':
        if (view) await may(core, 'matches:undo', { id: view.id })
        break
      case 'redo':
        if (view) await may(core, 'matches:redo', { id: view.id })
        break
      case 'merge': {
        const p = players[o.a % Math.max(1, players.length)]
        const q = players[o.b % Math.max(1, players.length)]
        if (p && q && p.id !== q.id && players.length > 4 && o.b % 2 === 0)
          await may(core, 'players:merge', { from: p.id, into: q.id })
        break
      }
      case 'delete': {
        const p = players[o.a % Math.max(1, players.length)]
        if (p && players.length > 4 && o.b % 4 === 0) await may(core, 'players:delete', { id: p.id })
        break
      }
      case 'later':
        // Hours to weeks: the next things happen on another night.
        advance((1 + (o.a % 400)) * 3_600_000)
        break
      case 'year':
        advance((100 + (o.a % 200)) * 86_400_000)
        break
    }
  }
}

type Row = [string, string, GameId, number, string, number, number, number, string, number]
/** Every result with its match's start and offset, in finish order (finish time, match id, seat). */
const results = (core: Core) =>
  (
    core.db
      .prepare(
        `SELECT r.match_id, r.player_id, r.game_id, r.seat, r.finished_at, r.won, r.shared, r.score, m.created_at, m.utc_offset
         FROM match_results r JOIN matches m ON m.id = r.match_id ORDER BY r.finished_at, r.match_id, r.seat`,
      )
      .raw()
      .all() as Row[]
  ).map(([matchId, playerId, gameId, seat, at, won, shared, score, createdAt, offset]) => ({
    matchId,
    playerId,
    gameId,
    seat,
    at,
    won: won === 1,
    shared: shared === 1,
    score,
    year: Number(nightOf(createdAt, offset).slice(0, 4)),
    night: nightOf(createdAt, offset),
  }))
type Result = ReturnType<typeof results>[number]

const earlier = (a: { finishedAt: string; matchId: string }, b: { finishedAt: string; matchId: string }) =>
  a.finishedAt < b.finishedAt || (a.finishedAt === b.finishedAt && a.matchId < b.matchId)

/** Each game's biggest margin among these results' matches: outright wins of listed players. */
function plainMargins(rs: Result[], names: Map<string, string>): MarginRecord[] {
  const best = new Map<GameId, MarginRecord>()
  for (const w of rs) {
    const name = names.get(w.playerId)
    if (!w.won || w.shared || name === undefined) continue
    const lower = GAME_FACTS[w.gameId].lowerScoreWins
    const others = rs.filter((o) => o.matchId === w.matchId && o.seat !== w.seat).map((o) => o.score)
    const margin = marginOf(lower, w.score, others)
    if (margin === null) continue
    const m: MarginRecord = {
      gameId: w.gameId,
      lowerScoreWins: lower,
      matchId: w.matchId,
      playerId: w.playerId,
      name,
      finishedAt: w.at,
      winnerScore: w.score,
      runnerUpScore: lower ? w.score + margin : w.score - margin,
      margin,
    }
    const b = best.get(w.gameId)
    if (!b || margin > b.margin || (margin === b.margin && earlier(m, b))) best.set(w.gameId, m)
  }
  return GAME_IDS.flatMap((g) => best.get(g) ?? [])
}

/** The records worked out from the raw rows, as ARCHITECTURE § Records defines them. */
function plainRecords(core: Core, year: number): ClubRecords {
  const names = new Map(
    core.db.prepare('SELECT id, name FROM players WHERE canonical_id = id AND deleted = 0').raw().all() as [
      string,
      string,
    ][],
  )
  const rs = results(core)
  const listed = rs.filter((r) => names.has(r.playerId))
  const ids = [...new Set(listed.map((r) => r.playerId))]
  const streaks: PlayerStreaks[] = ids
    .map((playerId) => {
      const all = new Runs()
      const games = new Map<GameId, Runs>()
      for (const r of listed.filter((x) => x.playerId === playerId)) {
        all.step(r.won, r.shared, r.at)
        if (!games.has(r.gameId)) games.set(r.gameId, new Runs())
        games.get(r.gameId)!.step(r.won, r.shared, r.at)
      }
      const byGame = Object.fromEntries(
        [...games].map(([g, r]) => [g, { wins: r.wins.longest(), unbeaten: r.unbeaten.longest() }]),
      )
      return {
        playerId,
        name: names.get(playerId)!,
        wins: all.wins.longest(),
        unbeaten: all.unbeaten.longest(),
        byGame,
      }
    })
    .sort(
      (a, b) =>
        (b.wins?.length ?? 0) - (a.wins?.length ?? 0) ||
        (b.unbeaten?.length ?? 0) - (a.unbeaten?.length ?? 0) ||
        byRecordName(a, b),
    )
  // Pairings: two seats of one finished match, both listed players.
  const pairs = new Map<string, number>()
  for (const x of listed)
    for (const y of listed)
      if (y.matchId === x.matchId && x.playerId < y.playerId)
        pairs.set(`${x.playerId}|${y.playerId}`, (pairs.get(`${x.playerId}|${y.playerId}`) ?? 0) + 1)
  const pairings: Pairing[] = [...pairs]
    .map(([k, matches]) => {
      const [a, b] = k.split('|').map((playerId) => ({ playerId, name: names.get(playerId)! })) as [
        Pairing['a'],
        Pairing['b'],
      ]
      return { a: byRecordName(a, b) <= 0 ? a : b, b: byRecordName(a, b) <= 0 ? b : a, matches, k }
    })
    .sort((p, q) => q.matches - p.matches || (p.k < q.k ? -1 : 1))
    .slice(0, 10)
    .map(({ a, b, matches }) => ({ a, b, matches }))
  const totalsOf = (rows: Result[]) => {
    const t = new Map<string, { playerId: string; name: string; gameId: GameId; matches: number; wins: number }>()
    for (const r of rows) {
      const key = `${r.playerId}|${r.gameId}`
      if (!t.has(key))
        t.set(key, { playerId: r.playerId, name: names.get(r.playerId)!, gameId: r.gameId, matches: 0, wins: 0 })
      t.get(key)!.matches++
      if (r.won) t.get(key)!.wins++
    }
    return [...t.values()]
  }
  const totals = totalsOf(listed)
  const runsOf = new Map(streaks.map((s) => [s.playerId, s]))
  const badges = BADGES.map((b) => {
    const mine = (id: string) => totals.filter((t) => t.playerId === id)
    const holds = (id: string): boolean =>
      'matches' in b
        ? mine(id).reduce((n, t) => n + t.matches, 0) >= b.matches
        : 'wins' in b
          ? (runsOf.get(id)?.wins?.length ?? 0) >= b.wins
          : 'unbeaten' in b
            ? (runsOf.get(id)?.unbeaten?.length ?? 0) >= b.unbeaten
            : GAME_IDS.every((g) => mine(id).some((t) => t.gameId === g && t.wins > 0))
    const holders = [...names]
      .filter(([id]) => holds(id))
      .map(([playerId, name]) => ({ playerId, name }))
      .sort(byRecordName)
    return { id: b.id, name: b.name, threshold: b.threshold, holders }
  })
  // The year: finished matches whose game night is in it.
  const inYear = rs.filter((r) => r.year === year)
  const yearListed = inYear.filter((r) => names.has(r.playerId))
  const active = [...new Set(yearListed.map((r) => r.playerId))]
    .map((playerId) => {
      const mine = yearListed.filter((r) => r.playerId === playerId)
      return { playerId, name: names.get(playerId)!, matches: mine.length, wins: mine.filter((r) => r.won).length }
    })
    .sort((a, b) => b.matches - a.matches || b.wins - a.wins || byRecordName(a, b))[0]
  let longest: YearInReview['longestStreak'] = null
  for (const p of [...new Set(yearListed.map((r) => r.playerId))]
    .map((playerId) => ({ playerId, name: names.get(playerId)! }))
    .sort(byRecordName)) {
    const runs = new Runs()
    for (const r of yearListed.filter((x) => x.playerId === p.playerId)) runs.step(r.won, r.shared, r.at)
    const w = runs.wins.longest()
    if (w && (!longest || w.length > longest.length)) longest = { ...p, ...w }
  }
  const first = (id: string) =>
    rs
      .filter((r) => r.playerId === id)
      .sort((a, b) =>
        earlier({ finishedAt: a.at, matchId: a.matchId }, { finishedAt: b.at, matchId: b.matchId }) ? -1 : 1,
      )[0]
  return {
    margins: plainMargins(rs, names),
    streaks,
    pairings,
    champions: champions(GAME_IDS, totals),
    badges,
    years: [...new Set(rs.map((r) => r.year))].filter((y) => y > 0).sort((a, b) => b - a),
    year: {
      year,
      matches: new Set(inYear.map((r) => r.matchId)).size,
      nights: new Set(inYear.map((r) => r.night)).size,
      mostActive: active ? { playerId: active.playerId, name: active.name, matches: active.matches } : null,
      newPlayers: [...names]
        .filter(([id]) => first(id)?.year === year)
        .map(([playerId, name]) => ({ playerId, name }))
        .sort(byRecordName),
      champions: champions(GAME_IDS, totalsOf(yearListed), 1).map((c) => ({ ...c, bestRate: null, minMatches: 1 })),
      margins: plainMargins(inYear, names),
      longestStreak: longest,
    },
  }
}

/** records:get for each year there is, and one with none, against the plain records. */
async function check(core: Core): Promise<void> {
  const years = (await call<ClubRecords>(core, 'records:get', {})).years
  for (const year of [...years, 1999]) {
    const got = await call<ClubRecords>(core, 'records:get', { year })
    expect(got).toEqual(plainRecords(core, year))
  }
}

describe('record totals', () => {
  it('answer records:get as the plain records from the raw rows, after random histories, and after a rebuild', async () => {
    let seen = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(PAPER, { maxLength: 40 }),
        fc.array(OP, { minLength: 60, maxLength: 120 }),
        async (papers, ops) => {
          const { core, advance } = clubCore()
          if (papers.length) await importPaper(core, papers)
          const known = new Set(
            (await call<Player[]>(core, 'players:list', { includeArchived: true })).map((p) => p.name),
          )
          for (const name of NAMES) if (!known.has(name)) await call(core, 'players:create', { name })
          await play(core, advance, ops)
          await check(core)
          seen +=
            (core.db
              .prepare('SELECT count(*) FROM stat_record_match WHERE margin IS NOT NULL')
              .pluck()
              .get() as number) > 0
              ? 1
              : 0
          const incremental = projectionRows(core.db)
          core.db.transaction(() => projectorFor(core.db).projector.rebuildAll())()
          expect(projectionRows(core.db)).toEqual(incremental)
          await check(core)
          for (const c of cleanups.splice(0)) c()
        },
      ),
      { numRuns: Number(process.env.RECORD_TOTALS_RUNS ?? 15), seed: 1503 },
    )
    // The histories had margins to keep (the check is not of empty tables).
    expect(seen).toBeGreaterThan(0)
  }, 300_000)

  it('are made afresh by a rebuild: rows of a match or player no longer there go', async () => {
    const { core } = clubCore()
    await importPaper(core, [{ game: 0, day: 3, seats: [0, 1], scores: [4, 9, 0, 0], winners: 1 }])
    const kept = projectionRows(core.db)
    expect(kept.stat_record_match).toHaveLength(1)
    core.db
      .prepare(
        "INSERT INTO stat_record_match VALUES ('gone', 'nine', 2023, '2023-01-08', '2023-01-08T20:00:00.000Z', 'x', 1, 50)",
      )
      .run()
    core.db.prepare("INSERT INTO stat_record_run VALUES ('gone', '*', 9, 'a', 'b', 9, 'a', 'b')").run()
    core.db.transaction(() => projectorFor(core.db).projector.rebuildAll())()
    expect(projectionRows(core.db)).toEqual(kept)
  })
})
