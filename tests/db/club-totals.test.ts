/**
 * The club screens' running totals (club-totals.ts, Elo in stat_rating; ARCHITECTURE § Club data)
 * against the same numbers worked out plainly from the raw rows (matches, seats, results, players),
 * after random histories spread over nights, months and UTC offsets: rounds, corrections, undos
 * and redos (a finish taken back and put back), matches finished and abandoned by hand, renames
 * and merges. Then a rebuild from the events must leave the same rows.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { projectionRows } from '../../src/core/services/digest'
import { NIGHT_SQL } from '../../src/core/services/nights'
import type { GameId } from '../../src/shared/games/engine'
import type { MatchView } from '../../src/shared/model/match'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../../src/shared/model/club'
import type { Player } from '../../src/shared/model/player'
import type { MonthlyResults } from '../../src/shared/model/stats'
import { replayElo } from '../../src/shared/stats/elo'
import { standings, type LeagueMatch, type StandingRow } from '../../src/shared/stats/league'
import { localDateOf, localDateTimeOf, localMonthOf } from '../../src/shared/stats/local-date'
import { tempDir } from '../helpers/tmp'
import { projectorFor } from '../helpers/projections'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function clubCore(): { core: Core; advance: (ms: number) => void } {
  const { dir, cleanup } = tempDir()
  let t = Date.parse('2026-01-29T18:00:00.000Z')
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

type Op = { kind: string; a: number; b: number }
const OP = fc.noBias(
  fc.record({
    kind: fc.constantFrom(
      ...['match', 'match', 'match', 'round', 'round', 'round', 'close', 'close', 'close'],
      ...['undo', 'undo', 'redo', 'correct', 'merge', 'rename', 'later', 'later'],
    ),
    a: fc.nat(1000),
    b: fc.nat(1000),
  }),
)
const OFFSETS = [-480, 0, 60, 120, 330]
const NAMES = ['Ana', 'Bo', 'Cy', 'Dita', 'Emil', 'Fenna']

async function play(core: Core, advance: (ms: number) => void, ops: Op[]): Promise<void> {
  for (const name of NAMES) await call(core, 'players:create', { name })
  for (const o of ops) {
    const players = (await may<Player[]>(core, 'players:list', { includeArchived: false })) ?? []
    const matches = (await may<{ id: string; status: string }[]>(core, 'matches:list', {})) ?? []
    // Rounds and closes go to a match still in play, when there is one.
    const open = matches.filter((m) => m.status === 'in-progress')
    const among = (o.kind === 'round' || o.kind === 'close') && open.length ? open : matches
    const match = among[o.a % Math.max(1, among.length)]
    const view = match ? await may<MatchView>(core, 'matches:get', { id: match.id }) : null
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
          const totals = view.seats.map((_, s) => (s === declarer ? o.a % 10 : 5 + ((o.a + s * 7) % 20)))
          await may(core, 'matches:apply', { id: view.id, action: { type: 'round', declarer, totals } })
        }
        break
      case 'correct': {
        const e = view?.actions[o.b % Math.max(1, view.actions.length)]
        if (view && e) {
          const declarer = o.b % view.seats.length
          const totals = view.seats.map((_, s) => (s === declarer ? o.b % 9 : 3 + ((o.b + s) % 15)))
          await may(core, 'matches:correct', {
            id: view.id,
            eventId: e.eventId,
            action: { type: 'round', declarer, totals },
          })
        }
        break
      }
      case 'close':
        if (view) {
          // A match is finished by hand after a round at least.
          if (view.actions.length === 0) {
            const totals = view.seats.map((_, s) => 3 + ((o.a + s * 5) % 17))
            await may(core, 'matches:apply', { id: view.id, action: { type: 'round', declarer: 0, totals } })
          }
          await may(core, 'matches:close', { id: view.id, status: o.b % 3 ? 'finished' : 'abandoned' })
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
        if (p && q && p.id !== q.id && players.length > 4 && o.b % 3 === 0)
          await may(core, 'players:merge', { from: p.id, into: q.id })
        break
      }
      case 'rename': {
        const p = players[o.a % Math.max(1, players.length)]
        if (p) await may(core, 'players:rename', { id: p.id, name: `${NAMES[o.b % NAMES.length]} ${o.b % 7}` })
        break
      }
      case 'later':
        // Hours to weeks: the next things happen on another night, often in another month.
        advance((1 + (o.a % 400)) * 3_600_000)
        break
    }
  }
}

/** The nights list worked out from the matches, seats and players (the query it used before night_matches). */
function plainNights(core: Core): NightList['nights'] {
  const rows = core.db
    .prepare(
      `SELECT m.id, m.game_id, m.created_at, m.utc_offset, m.status, m.winners_json, ${NIGHT_SQL} AS night
       FROM matches m ORDER BY night DESC, m.created_at, m.id`,
    )
    .all() as {
    id: string
    game_id: GameId
    created_at: string
    utc_offset: number
    status: 'in-progress' | 'finished' | 'abandoned'
    winners_json: string
    night: string
  }[]
  const seats = core.db.prepare(
    `SELECT s.seat, s.player_id, coalesce(p.name, 'Unknown player') AS name FROM match_seats s
     LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat`,
  )
  const venue = core.db.prepare('SELECT venue FROM night_venues WHERE night = ?').pluck()
  const nights: NightList['nights'] = []
  for (const m of rows) {
    let night = nights[nights.length - 1]
    if (night?.date !== m.night) {
      night = { date: m.night, venue: (venue.get(m.night) as string | undefined) ?? null, players: [], matches: [] }
      nights.push(night)
    }
    const winners = new Set(m.status === 'finished' ? (JSON.parse(m.winners_json) as number[]) : [])
    const ss = seats.all(m.id) as { seat: number; player_id: string; name: string }[]
    for (const s of ss) {
      let p = night.players.find((x) => x.playerId === s.player_id)
      if (!p) night.players.push((p = { playerId: s.player_id, name: s.name, matches: 0, wins: 0 }))
      p.matches++
      if (winners.has(s.seat)) p.wins++
    }
    night.matches.push({
      matchId: m.id,
      gameId: m.game_id,
      localTime: localDateTimeOf(m.created_at, m.utc_offset).slice(11, 16),
      status: m.status,
      players: ss.map((s) => s.name),
      winners: ss.filter((s) => winners.has(s.seat)).map((s) => s.name),
    })
  }
  for (const n of nights)
    n.players.sort((a, b) => b.wins - a.wins || b.matches - a.matches || a.name.localeCompare(b.name))
  return nights
}

interface Result {
  match_id: string
  player_id: string
  game_id: GameId
  seat: number
  finished_at: string
  placement: number
  won: number
  utc_offset: number
}
const results = (core: Core): Result[] =>
  core.db
    .prepare(
      `SELECT r.match_id, r.player_id, r.game_id, r.seat, r.finished_at, r.placement, r.won, m.utc_offset
       FROM match_results r JOIN matches m ON m.id = r.match_id ORDER BY r.finished_at, r.match_id, r.seat`,
    )
    .all() as Result[]

/** Matches per month and game, and each player's wins per month, from the results. */
function plainMonthly(core: Core, gameId: GameId | undefined, playerIds: string[]) {
  const rs = results(core).filter((r) => !gameId || r.game_id === gameId)
  const month = (r: Result): string => localMonthOf(r.finished_at, r.utc_offset)
  const counted = rs.filter(
    (r) => !playerIds.length || rs.some((x) => x.match_id === r.match_id && playerIds.includes(x.player_id)),
  )
  const months = [...new Set(counted.map(month))].sort()
  const games = [...new Set(counted.map((r) => r.game_id))].map((g) => ({
    gameId: g,
    counts: months.map(
      (mo) => new Set(counted.filter((r) => r.game_id === g && month(r) === mo).map((r) => r.match_id)).size,
    ),
  }))
  const wins = (p: string): number[] =>
    months.map((mo) => rs.filter((r) => r.player_id === p && month(r) === mo && r.won).length)
  return { months, games, wins }
}

/** Elo replayed from the results in match order, and the mean μ of the opponents met (ranked players' μ). */
function plainRatings(core: Core, gameId: GameId, ranked: Map<string, number>) {
  const tables: { players: string[]; placements: number[] }[] = []
  for (const r of results(core).filter((x) => x.game_id === gameId)) {
    const last = tables[tables.length - 1] as ({ id: string } & (typeof tables)[number]) | undefined
    if (last?.id === r.match_id) {
      last.players.push(r.player_id)
      last.placements.push(r.placement)
    } else tables.push({ id: r.match_id, players: [r.player_id], placements: [r.placement] } as (typeof tables)[number])
  }
  const opp = new Map<string, { sum: number; n: number }>()
  for (const t of tables)
    t.players.forEach((p, i) =>
      t.players.forEach((q, j) => {
        const mu = ranked.get(q)
        if (i === j || mu === undefined) return
        const o = opp.get(p) ?? { sum: 0, n: 0 }
        o.sum += mu
        o.n++
        opp.set(p, o)
      }),
    )
  return { elo: replayElo(tables), opp }
}

/** A season's table worked out from the raw rows: its matches read plainly, through the pure league math. */
function plainSeason(core: Core, season: Season): { rows: StandingRow[]; matches: number } {
  const rows = results(core) as (Result & { created_at: string })[]
  const start = new Map(
    (core.db.prepare('SELECT id, created_at, utc_offset FROM matches').all() as Place[]).map((m) => [m.id, m]),
  )
  const day = (id: string): string => {
    const m = start.get(id) as Place
    return localDateOf(m.created_at, m.utc_offset)
  }
  const matches: LeagueMatch[] = []
  const counted = rows
    .filter((r) => day(r.match_id) >= season.startDate && day(r.match_id) <= season.endDate)
    .filter((r) => !season.gameIds || season.gameIds.includes(r.game_id))
    .sort((a, b) => {
      const x = start.get(a.match_id) as Place
      const y = start.get(b.match_id) as Place
      return x.created_at < y.created_at
        ? -1
        : x.created_at > y.created_at
          ? 1
          : a.match_id < b.match_id
            ? -1
            : a.match_id > b.match_id
              ? 1
              : a.seat - b.seat
    })
  for (const r of counted) {
    if (matches[matches.length - 1]?.matchId !== r.match_id) matches.push({ matchId: r.match_id, seats: [] })
    matches[matches.length - 1]?.seats.push({ playerId: r.player_id, placement: r.placement, won: r.won === 1 })
  }
  const players = core.db.prepare('SELECT id, name, canonical_id, deleted FROM players').all() as {
    id: string
    name: string
    canonical_id: string
    deleted: number
  }[]
  const members = season.playerIds
    ? [
        ...new Set(
          season.playerIds.flatMap((id) => {
            const p = players.find((x) => x.id === id)
            return p && !p.deleted ? [p.canonical_id] : []
          }),
        ),
      ]
    : null
  return {
    rows: standings(season.scheme, matches, new Map(players.map((p) => [p.id, p.name])), members),
    matches: matches.length,
  }
}
type Place = { id: string; created_at: string; utc_offset: number }

async function check(core: Core): Promise<void> {
  // Nights: every night, and the newest two alone.
  const all = await call<NightList>(core, 'nights:list', { limit: 500 })
  const plain = plainNights(core)
  expect(all.nights).toEqual(plain)
  expect(all.total).toBe(plain.length)
  expect((await call<NightList>(core, 'nights:list', { limit: 2 })).nights).toEqual(plain.slice(0, 2))
  // Monthly: no filter, a game, chosen players.
  const players = (await call<Player[]>(core, 'players:list', { includeArchived: true })).map((p) => p.id)
  const filters: { gameId?: GameId; playerIds?: string[] }[] = [
    {},
    { gameId: 'nine' },
    { gameId: 'ennea' },
    { playerIds: players.slice(0, 2) },
  ]
  for (const f of filters) {
    const got = await call<MonthlyResults>(core, 'stats:monthly', f)
    const want = plainMonthly(core, f.gameId, f.playerIds ?? [])
    expect(got.months).toEqual(want.months)
    expect(got.games).toEqual(want.games)
    for (const p of got.players) expect(p.wins).toEqual(want.wins(p.playerId))
  }
  // Seasons: every range, scheme, game choice and members, from the running totals.
  const roster = await call<Player[]>(core, 'players:list', { includeArchived: true })
  const days = (core.db.prepare('SELECT created_at, utc_offset FROM matches').all() as Place[]).map((m) =>
    localDateOf(m.created_at, m.utc_offset),
  )
  const first = days.sort()[0] ?? '2026-01-29'
  const mid = days[Math.floor(days.length / 2)] ?? first
  const seasons = [
    {
      startDate: '2020-01-01',
      endDate: '2030-12-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    },
    { startDate: first, endDate: mid, gameIds: ['nine'], playerIds: null, scheme: { kind: 'placement', top: 7 } },
    {
      startDate: mid,
      endDate: '2030-12-31',
      gameIds: null,
      playerIds: roster.slice(0, 3).map((p) => p.id),
      scheme: { kind: 'placement', top: 10 },
    },
    {
      startDate: mid,
      endDate: mid,
      gameIds: ['ennea'],
      playerIds: null,
      scheme: { kind: 'result', win: 2, draw: 2, loss: 1 },
    },
  ] as const
  for (const [i, f] of seasons.entries()) {
    const made = await call<Season>(core, 'seasons:create', { ...f, name: `Season ${i} ${Date.now()}` })
    const got = await call<SeasonStandings>(core, 'seasons:standings', { id: made.id })
    const want = plainSeason(core, made)
    expect(got.rows).toEqual(want.rows)
    expect(got.matches).toBe(want.matches)
    await call(core, 'seasons:delete', { id: made.id })
  }
  // Ratings: Elo kept as matches were recorded equals Elo replayed, to the last bit.
  const r = await call<RatingsExplained>(core, 'ratings:explain', { gameId: 'nine' })
  const ranked = new Map(r.rows.map((x) => [x.playerId, x.mu]))
  const want = plainRatings(core, 'nine', ranked)
  const kept = new Map(
    (
      core.db.prepare("SELECT player_id, elo FROM stat_rating WHERE game_id = 'nine'").all() as {
        player_id: string
        elo: number
      }[]
    ).map((x) => [x.player_id, x.elo]),
  )
  expect(kept).toEqual(new Map([...want.elo].map(([p, e]) => [p, e.rating])))
  for (const row of r.rows) {
    expect(row.elo).toBe(Math.round(want.elo.get(row.playerId)?.rating ?? NaN))
    const o = want.opp.get(row.playerId)
    if (o) expect(row.opponentMu).toBeCloseTo(o.sum / o.n, 9)
    else expect(row.opponentMu).toBeNull()
  }
}

describe('club running totals', () => {
  it('equal the nights, months and ratings worked out from the raw rows, after random histories, and a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(OP, { minLength: 40, maxLength: 90 }), async (ops) => {
        const { core, advance } = clubCore()
        await play(core, advance, ops)
        await check(core)
        const incremental = projectionRows(core.db)
        core.db.transaction(() => projectorFor(core.db).projector.rebuildAll())()
        expect(projectionRows(core.db)).toEqual(incremental)
        for (const c of cleanups.splice(0)) c()
      }),
      { numRuns: Number(process.env.CLUB_TOTALS_RUNS ?? 10), seed: 2712 },
    )
  }, 240_000)

  it('lose a match taken out of the projections (its start no longer counted): its night row and month counts go', async () => {
    const { core, advance } = clubCore()
    await play(core, advance, [
      { kind: 'match', a: 0, b: 1 },
      { kind: 'close', a: 0, b: 1 },
      { kind: 'later', a: 30, b: 0 },
      { kind: 'match', a: 1, b: 2 },
      { kind: 'close', a: 0, b: 2 },
    ])
    const [gone, kept] = core.db.prepare('SELECT id FROM matches ORDER BY created_at').pluck().all() as string[]
    expect(core.db.prepare('SELECT count(*) FROM match_results').pluck().get()).toBeGreaterThan(0)
    // As when the laptop that started it is taken out of the club: its events no longer count.
    core.db.transaction(() => projectorFor(core.db).projector.projectMatch(gone as string, []))()
    expect(core.db.prepare('SELECT id FROM matches').pluck().all()).toEqual([kept])
    await check(core)
  })

  /** Plays a dozen finished matches over weeks, takes the file back to an older schema with `older`, and opens it again. */
  async function reopened(older: string): Promise<void> {
    const { dir, cleanup } = tempDir()
    cleanups.push(cleanup)
    let t = Date.parse('2026-03-26T18:00:00.000Z')
    const open = (): Core =>
      createCore({
        dataDir: dir,
        mode: 'web',
        version: 'test',
        clock: () => new Date((t += 1000)),
        log: () => {},
        autoBackup: false,
      })
    let core = open()
    const ops: Op[] = []
    for (let i = 0; i < 12; i++)
      ops.push(
        { kind: 'match', a: i, b: i },
        { kind: 'close', a: i, b: i + 1 },
        { kind: 'later', a: 20 + i * 37, b: 0 },
      )
    await play(core, (ms) => (t += ms), ops)
    const kept = projectionRows(core.db)
    expect(kept.stat_month?.length).toBeGreaterThan(0)
    expect(kept.stat_record_match?.length).toBeGreaterThan(0)
    expect(kept.stat_record_run?.length).toBeGreaterThan(0)
    core.close()
    const db = new Database(join(dir, 'ninekeeper.sqlite'))
    db.exec(older)
    db.close()
    core = open()
    expect(projectionRows(core.db)).toEqual(kept)
    core.close()
  }

  it('are filled when a file from before them (schema 11) opens: the same rows as kept incrementally', async () => {
    // The file as schema 11 left it: no month counts, night rows, season counts or Elo.
    await reopened(`DROP TABLE stat_month; DROP TABLE night_matches; DROP TABLE stat_league_day; DROP TABLE stat_league_kind;
      DROP TABLE stat_record_match; DROP TABLE stat_record_run;
      ALTER TABLE rating_history DROP COLUMN elo; ALTER TABLE stat_rating DROP COLUMN elo; PRAGMA user_version = 11`)
  })

  it('a file of schema 13 gains each kind’s count from its running counts: the same rows as kept incrementally', async () => {
    // The file as schema 13 left it: the running counts without the kinds' counts.
    await reopened(
      'DROP TABLE stat_league_kind; DROP TABLE stat_record_match; DROP TABLE stat_record_run; PRAGMA user_version = 13',
    )
  })

  it('a file of schema 14 gains the record totals (schema 15) by a rebuild: the same rows as kept incrementally', async () => {
    await reopened('DROP TABLE stat_record_match; DROP TABLE stat_record_run; PRAGMA user_version = 14')
  })
})
