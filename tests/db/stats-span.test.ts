/**
 * The Stats overview over a span of time reads the per-local-day summary, the match results in
 * range and raw round rows only at an edge given as a UTC instant (services/stats-span.ts). Here it
 * is checked against the same numbers worked out plainly from the raw rows, over a small history
 * whose game nights cross midnight in several offsets, for many spans (instants on both sides of
 * each round, local dates, both together), games, players and the club's choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { STAT_EVENT_SQL } from '../../src/core/db/migrations/index'
import { STAT_EVENT_COLUMNS, STAT_EVENT_NAMES } from '../../src/core/db/migrations/v5'
import { summaryDays } from '../../src/core/services/stats-dates'
import { NIGHT_SQL } from '../../src/core/services/nights'
import { GAME_IDS, type GameId } from '../../src/shared/games/engine'
import type { StatsFilter, StatsOverview } from '../../src/shared/model/stats'
import { addDays, localDateOf } from '../../src/shared/stats/local-date'
import { streaks } from '../../src/shared/stats/streaks'
import { nightOf } from '../../src/shared/stats/nights'
import { tempDir } from '../helpers/tmp'

let core: Core
let cleanup: () => void
let now = 0
const ids: Record<string, string> = {}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

/**
 * A Seven Eight Nine match between two players, started at `start` (UTC) where the offset is
 * `offset`; each game is dealt-won by the given seats ([0, 1]: a draw) `gapHours` after the last,
 * so a night runs past local and UTC midnight. Closed as `status` (or left in progress).
 */
async function sen(
  start: string,
  offset: number,
  players: [string, string],
  games: number[][],
  gapHours: number,
  status: 'finished' | 'abandoned' | null,
): Promise<void> {
  now = Date.parse(start)
  const m = await call<{ id: string }>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: players.map((p) => ids[p]),
    utcOffset: offset,
  })
  for (const [i, seats] of games.entries()) {
    if (i > 0) await call('matches:apply', { id: m.id, action: { type: 'next-game' } })
    now += gapHours * 3_600_000
    await call('matches:apply', { id: m.id, action: { type: 'dealt-win', seats } })
  }
  if (status) await call('matches:close', { id: m.id, status })
}

type Totals = {
  matches: number
  wins: number
  sharedWins: number
  placementSum: number
  rounds: number
  scoreSum: number
  roundsWon: number
  events: number[]
}

/** The overview's numbers worked out plainly: every raw row read, filtered in JavaScript, summed. */
function fromRawRows(
  f: StatsFilter,
): Map<string, { games: Map<GameId, Totals>; streak: { current: number; longest: number } }> {
  const inSpan = (utc: string, offset: number): boolean =>
    (!f.from || utc >= f.from) &&
    (!f.to || utc < f.to) &&
    (!f.fromDate || localDateOf(utc, offset) >= f.fromDate) &&
    (!f.toDate || localDateOf(utc, offset) <= f.toDate)
  const chosen = (p: string): boolean => !f.playerIds?.length || f.playerIds.includes(p)
  // A match's venue: its recorded location, else its night's venue (worked out here with nightOf).
  const nightVenues = new Map(
    (core.db.prepare('SELECT night, venue FROM night_venues').all() as { night: string; venue: string }[]).map((r) => [
      r.night,
      r.venue,
    ]),
  )
  const venueOf = new Map(
    (
      core.db.prepare('SELECT id, created_at, utc_offset, config_json FROM matches').all() as {
        id: string
        created_at: string
        utc_offset: number
        config_json: string
      }[]
    ).map((m) => [
      m.id,
      (JSON.parse(m.config_json) as { location?: { name: string } }).location?.name ??
        nightVenues.get(nightOf(m.created_at, m.utc_offset)) ??
        null,
    ]),
  )
  const atVenue = (matchId: string): boolean => !f.venue || venueOf.get(matchId) === f.venue
  const out = new Map<string, { games: Map<GameId, Totals>; streak: { current: number; longest: number } }>()
  const totals = (p: string, g: GameId): Totals => {
    const entry = out.get(p) ?? { games: new Map(), streak: { current: 0, longest: 0 } }
    out.set(p, entry)
    const t = entry.games.get(g) ?? {
      matches: 0,
      wins: 0,
      sharedWins: 0,
      placementSum: 0,
      rounds: 0,
      scoreSum: 0,
      roundsWon: 0,
      events: [0, 0, 0, 0, 0, 0],
    }
    entry.games.set(g, t)
    return t
  }
  const results = core.db
    .prepare(
      'SELECT x.*, m.utc_offset FROM match_results x JOIN matches m ON m.id = x.match_id ORDER BY x.player_id, x.finished_at, x.match_id',
    )
    .all() as {
    match_id: string
    player_id: string
    game_id: GameId
    finished_at: string
    won: number
    shared: number
    placement: number
    utc_offset: number
  }[]
  const winners = new Map<string, number>()
  for (const r of results) if (r.won) winners.set(r.match_id, (winners.get(r.match_id) ?? 0) + 1)
  const runs = new Map<string, boolean[]>()
  for (const r of results) {
    if (!inSpan(r.finished_at, r.utc_offset) || !chosen(r.player_id) || !atVenue(r.match_id)) continue
    const key = `${r.player_id}|${f.gameId ?? '*'}`
    if (!f.gameId || r.game_id === f.gameId) runs.set(key, [...(runs.get(key) ?? []), r.won === 1])
    if (f.gameId && r.game_id !== f.gameId) continue
    const t = totals(r.player_id, r.game_id)
    t.matches += 1
    t.placementSum += r.placement
    if (r.won) {
      t.wins += f.sharedWin === 'split' && r.shared ? 1 / (winners.get(r.match_id) ?? 1) : 1
      if (r.shared) t.sharedWins += 1
    }
  }
  for (const [key, wins] of runs) {
    const entry = out.get(key.split('|')[0] as string)
    if (entry) entry.streak = streaks(wins)
  }
  const ev = STAT_EVENT_SQL('r')
  const rounds = core.db
    .prepare(
      `SELECT r.match_id, r.player_id, r.game_id, r.played_at, r.score, r.won_round, m.utc_offset, m.status, ${ev.map((x, i) => `${x} AS ev${i}`).join(', ')} FROM round_results r JOIN matches m ON m.id = r.match_id`,
    )
    .all() as Record<string, unknown>[]
  for (const r of rounds) {
    if (!inSpan(r.played_at as string, r.utc_offset as number) || !chosen(r.player_id as string)) continue
    if (!atVenue(r.match_id as string)) continue
    if (f.gameId && r.game_id !== f.gameId) continue
    if ((f.roundsOf ?? 'finished') === 'finished' && r.status !== 'finished') continue
    const t = totals(r.player_id as string, r.game_id as GameId)
    t.rounds += 1
    t.scoreSum += r.score as number
    t.roundsWon += r.won_round as number
    STAT_EVENT_COLUMNS.forEach((_, i) => (t.events[i] = (t.events[i] ?? 0) + Number(r[`ev${i}`])))
  }
  return out
}

const round9 = (x: number | null): number | null => (x === null ? null : Math.round(x * 1e9) / 1e9)

/** The overview as comparable numbers, by player id. */
function fromOverview(o: StatsOverview): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of o.players) {
    if (p.games.length === 0) continue
    out[p.playerId] = {
      streak: { current: p.currentStreak, longest: p.longestStreak },
      games: Object.fromEntries(
        p.games.map((g) => [
          g.gameId,
          {
            matches: g.matches,
            wins: round9(g.wins),
            sharedWins: g.sharedWins,
            avgPlacement: round9(g.avgPlacement),
            rounds: g.rounds,
            roundsWon: g.roundsWon,
            avgRoundScore: round9(g.avgRoundScore),
            events: g.events,
          },
        ]),
      ),
    }
  }
  return out
}

function expected(f: StatsFilter): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [player, e] of fromRawRows(f)) {
    const games = [...e.games].filter(([, t]) => t.matches > 0 || t.rounds > 0)
    if (games.length === 0) continue
    out[player] = {
      streak: e.streak,
      games: Object.fromEntries(
        games.map(([g, t]) => {
          const events: Record<string, number> = {}
          STAT_EVENT_NAMES[g].forEach((name, i) => {
            if (name) events[name] = t.events[i] ?? 0
          })
          return [
            g,
            {
              matches: t.matches,
              wins: round9(t.wins),
              sharedWins: t.sharedWins,
              avgPlacement: round9(t.matches ? t.placementSum / t.matches : null),
              rounds: t.rounds,
              roundsWon: t.roundsWon,
              avgRoundScore: round9(t.rounds ? t.scoreSum / t.rounds : null),
              events,
            },
          ]
        }),
      ),
    }
  }
  return out
}

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  now = Date.parse('2026-03-01T12:00:00.000Z')
  core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  for (const name of ['Ana', 'Bo', 'Cy', 'Di']) ids[name] = (await call<{ id: string }>('players:create', { name })).id
  // Game nights from 8 to 11 March in offsets from -14 h to +14 h, each running past midnight (local or UTC).
  await sen('2026-03-08T20:00:00.000Z', -840, ['Ana', 'Bo'], [[0], [1], [0]], 2, 'finished')
  await sen('2026-03-08T22:30:00.000Z', 840, ['Bo', 'Cy'], [[0, 1], [1]], 1.5, 'finished')
  await sen('2026-03-09T09:45:00.000Z', 600, ['Ana', 'Cy'], [[1], [0]], 3, 'finished')
  await sen('2026-03-09T14:00:00.000Z', -480, ['Ana', 'Di'], [[0], [0]], 5, 'finished')
  await sen('2026-03-09T23:10:00.000Z', 0, ['Cy', 'Di'], [[1], [1], [0]], 0.5, 'abandoned')
  await sen('2026-03-10T02:00:00.000Z', 330, ['Ana', 'Bo'], [[1], [0, 1]], 4, null)
  await sen('2026-03-10T18:00:00.000Z', -300, ['Bo', 'Di'], [[0], [1]], 3.5, 'finished')
  await sen('2026-03-10T21:00:00.000Z', 60, ['Ana', 'Cy'], [[0], [0], [1]], 1, 'finished')
  await sen('2026-03-11T10:00:00.000Z', -840, ['Di', 'Ana'], [[1]], 14, 'finished')
})
afterAll(() => {
  core.close()
  cleanup()
})

describe('stats over a span', () => {
  it('the history is what the test means: rounds on many local days, some a UTC day off, unfinished matches too', () => {
    const rows = core.db
      .prepare('SELECT r.played_at, m.utc_offset, m.status FROM round_results r JOIN matches m ON m.id = r.match_id')
      .all() as { played_at: string; utc_offset: number; status: string }[]
    const days = new Set(rows.map((r) => localDateOf(r.played_at, r.utc_offset)))
    expect(days.size).toBeGreaterThanOrEqual(4)
    expect(rows.some((r) => localDateOf(r.played_at, r.utc_offset) !== r.played_at.slice(0, 10))).toBe(true)
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['finished', 'abandoned', 'in-progress']))
    expect(core.db.prepare('SELECT count(*) FROM match_results WHERE shared = 1').pluck().get()).toBeGreaterThan(0)
  })

  it('equals the overview worked out from the raw rows, for every span, game, player choice and club choice', async () => {
    const times = (
      core.db
        .prepare('SELECT DISTINCT played_at FROM round_results UNION SELECT finished_at FROM match_results')
        .pluck()
        .all() as string[]
    ).sort()
    // Instants: each round's and result's own time, a millisecond after it, and every 7 hours across the nights.
    const instants = new Set<string>()
    for (const t of times) {
      instants.add(t)
      instants.add(new Date(Date.parse(t) + 1).toISOString())
    }
    for (let t = Date.parse('2026-03-07T00:00:00.000Z'); t < Date.parse('2026-03-13T00:00:00.000Z'); t += 7 * 3_600_000)
      instants.add(new Date(t).toISOString())
    const list = [...instants].sort()
    const days = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']
    const filters: StatsFilter[] = []
    for (const [i, from] of list.entries()) {
      filters.push({ from })
      filters.push({ to: from })
      const to = list[(i * 7 + 3) % list.length] as string
      filters.push({ from, to, roundsOf: i % 2 ? 'all' : 'finished', sharedWin: i % 3 ? 'whole' : 'split' })
      filters.push({ from, toDate: days[i % days.length] as string })
    }
    for (const fromDate of days)
      for (const toDate of days)
        if (fromDate <= toDate)
          filters.push({ fromDate, toDate }, { fromDate, toDate, from: list[days.indexOf(toDate) * 3] as string })
    for (const [i, f] of [...filters].entries()) {
      if (i % 3 === 0)
        filters.push(
          { ...f, gameId: 'seven-eight-nine' },
          { ...f, playerIds: [ids.Ana as string, ids.Di as string] },
          { ...f, gameId: 'nine' },
        )
    }
    expect(filters.length).toBeGreaterThan(200)
    for (const f of filters) {
      const o = await call<StatsOverview>('stats:overview', f)
      expect(o.filtered).toBe(true)
      expect(fromOverview(o), JSON.stringify(f)).toEqual(expected(f))
    }
  })

  it('equals the overview worked out from the raw rows for a venue (its nights), with every other filter', async () => {
    // A venue on each night the history has.
    const nights = core.db.prepare(`SELECT DISTINCT ${NIGHT_SQL} FROM matches m ORDER BY 1`).pluck().all() as string[]
    const venues = ['The Anchor', 'Club room', 'Library']
    expect(nights.length).toBe(venues.length)
    for (const [i, night] of nights.entries()) await call('nights:set-venue', { date: night, venue: venues[i] })
    try {
      const filters: StatsFilter[] = []
      for (const venue of [...venues, 'Nowhere'])
        filters.push(
          { venue },
          { venue, roundsOf: 'all' },
          { venue, sharedWin: 'split' },
          { venue, gameId: 'seven-eight-nine' },
          { venue, playerIds: [ids.Ana as string, ids.Di as string] },
          { venue, fromDate: '2026-03-09', toDate: '2026-03-10' },
          { venue, from: '2026-03-09T12:00:00.000Z', roundsOf: 'all' },
        )
      let nonEmpty = 0
      for (const f of filters) {
        const o = await call<StatsOverview>('stats:overview', f)
        expect(o.filtered).toBe(true)
        const want = expected(f)
        if (Object.keys(want).length) nonEmpty++
        expect(fromOverview(o), JSON.stringify(f)).toEqual(want)
      }
      expect(nonEmpty).toBeGreaterThan(15)
      // Every night has a venue: the venues' matches add up to all matches.
      const total = (o: StatsOverview): number => o.players.reduce((n, p) => n + p.matches, 0)
      const per = await Promise.all(venues.map((venue) => call<StatsOverview>('stats:overview', { venue })))
      const all = await call<StatsOverview>('stats:overview', {})
      expect(per.map(total).every((n) => n > 0)).toBe(true)
      expect(per.map(total).reduce((a, b) => a + b, 0)).toBe(total(all))
    } finally {
      for (const night of nights) await call('nights:set-venue', { date: night, venue: null })
    }
  })

  it('summaryDays: whole local days inside an instant span, the raw edges only where an instant bounds them', () => {
    expect(summaryDays({ fromDate: '2026-03-08', toDate: '2026-03-10' })).toEqual({
      summary: { from: '2026-03-08', to: '2026-03-10' },
      raw: [],
    })
    expect(summaryDays({ from: '2026-03-08T13:00:00.000Z' })).toEqual({
      summary: { from: '2026-03-10' },
      raw: [{ before: '2026-03-10', beforeUtc: '2026-03-11' }],
    })
    expect(summaryDays({ to: '2026-03-08T13:00:00.000Z' })).toEqual({
      summary: { to: '2026-03-06' },
      raw: [{ after: '2026-03-06', afterUtc: '2026-03-06' }],
    })
    // A local date past the instant's edge makes the edge whole days already.
    expect(summaryDays({ from: '2026-03-08T13:00:00.000Z', fromDate: '2026-03-12' })).toEqual({
      summary: { from: '2026-03-12' },
      raw: [],
    })
    // Shorter than the edges: all raw.
    expect(summaryDays({ from: '2026-03-08T13:00:00.000Z', to: '2026-03-10T00:00:00.000Z' })).toEqual({
      summary: null,
      raw: [{}],
    })
    expect(addDays('2026-03-08', 2)).toBe('2026-03-10')
  })

  it('reads the per-day summary, not the round rows, for whole days (an emptied summary shows as no rounds)', async () => {
    const f = { fromDate: '2026-03-07', toDate: '2026-03-12', roundsOf: 'all' as const }
    const before = await call<StatsOverview>('stats:overview', f)
    expect(before.players.some((p) => p.games.some((g) => g.rounds > 0))).toBe(true)
    const saved = core.db.prepare('SELECT * FROM stat_player_game_day').all() as Record<string, unknown>[]
    core.db.prepare('DELETE FROM stat_player_game_day').run()
    try {
      const after = await call<StatsOverview>('stats:overview', f)
      expect(after.players.every((p) => p.games.every((g) => g.rounds === 0))).toBe(true)
    } finally {
      const cols = Object.keys(saved[0] ?? {})
      const ins = core.db.prepare(
        `INSERT INTO stat_player_game_day (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
      )
      for (const r of saved) ins.run(r)
    }
    expect(GAME_IDS).toContain('seven-eight-nine')
  })
})
