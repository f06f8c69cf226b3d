/**
 * Local dates: a match keeps the UTC offset it was played in, and lists, date filters, stats and
 * monthly charts use its local date, the same on every computer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { MatchSummary } from '../../src/shared/model/match'
import type { MonthlyResults, PlayerStats, StatsOverview } from '../../src/shared/model/stats'
import { localDateOf } from '../../src/shared/stats/local-date'
import { tempDir } from '../helpers/tmp'

let core: Core
let cleanup: () => void
/** The wall clock the core reads; each read moves it on one second. */
let now = 0
let ana: string, bo: string

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

/** A two-game Seven Eight Nine match started at `utc` where the offset is `utcOffset` (undefined: the computer's). */
async function senAt(utc: string, utcOffset: number | undefined, players = [ana, bo]): Promise<string> {
  now = Date.parse(utc)
  const m = await call<{ id: string }>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: players,
    ...(utcOffset === undefined ? {} : { utcOffset }),
  })
  for (const action of [{ type: 'dealt-win', seats: [0] }, { type: 'next-game' }, { type: 'dealt-win', seats: [1] }])
    await call('matches:apply', { id: m.id, action })
  await call('matches:close', { id: m.id, status: 'finished' })
  return m.id
}

/** The cells of one CSV line (quoted cells may hold commas and doubled quotes). */
const cellsOf = (line: string): string[] =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
    (m[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'),
  )
const list = (f: Record<string, unknown>): Promise<MatchSummary[]> => call<MatchSummary[]>('matches:list', f)
const rounds = (o: StatsOverview, name: string): number =>
  (o.players.find((p) => p.name === name) as PlayerStats | undefined)?.games[0]?.rounds ?? 0
const matchesOf = (o: StatsOverview, name: string): number =>
  (o.players.find((p) => p.name === name) as PlayerStats | undefined)?.matches ?? 0

beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  now = Date.parse('2026-06-01T12:00:00.000Z')
  core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  ana = (await call<{ id: string }>('players:create', { name: 'Ana' })).id
  bo = (await call<{ id: string }>('players:create', { name: 'Bo' })).id
})
afterEach(() => {
  core.close()
  cleanup()
})

describe('local dates', () => {
  it('a match started Thursday 19:30 at UTC-8 is listed and filtered as Thursday', async () => {
    // Thursday 26 Nov 2026, 19:30 in California = Friday 03:30 UTC.
    const id = await senAt('2026-11-27T03:30:00.000Z', -480)
    const [row] = await list({})
    expect(row).toMatchObject({ id, utcOffset: -480, localDate: '2026-11-26' })
    expect((await list({ fromDate: '2026-11-26', toDate: '2026-11-26' })).map((m) => m.id)).toEqual([id])
    expect(await list({ fromDate: '2026-11-27', toDate: '2026-11-27' })).toEqual([])
    // Stats over Thursday count it (matches and rounds), Friday does not.
    const thu = await call<StatsOverview>('stats:overview', { fromDate: '2026-11-26', toDate: '2026-11-26' })
    expect([matchesOf(thu, 'Ana'), rounds(thu, 'Ana')]).toEqual([1, 2])
    const fri = await call<StatsOverview>('stats:overview', { fromDate: '2026-11-27', toDate: '2026-11-27' })
    expect([matchesOf(fri, 'Ana'), rounds(fri, 'Ana')]).toEqual([0, 0])
    // The per-day summary is keyed by the local day.
    expect(core.db.prepare('SELECT DISTINCT day FROM stat_player_game_day WHERE rounds > 0').pluck().all()).toEqual([
      '2026-11-26',
    ])
    // The CSV export carries the local date (and the offset) beside the UTC times.
    const csv = await call<{ content: string }>('transfer:export-csv', { table: 'matches' })
    const [head, line] = csv.content.trim().split('\r\n')
    const cols = cellsOf(head ?? '')
    const cells = cellsOf(line ?? '')
    expect(cells[cols.indexOf('local_date')]).toBe('2026-11-26')
    expect(cells[cols.indexOf('utc_offset')]).toBe('-480')
    const roundsCsv = await call<{ content: string }>('transfer:export-csv', { table: 'rounds' })
    const rh = cellsOf(roundsCsv.content.split('\r\n')[0] ?? '')
    expect(
      roundsCsv.content
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => cellsOf(l).at(-1)),
    ).toEqual(['2026-11-26', '2026-11-26', '2026-11-26', '2026-11-26'])
    expect(rh.at(-1)).toBe('local_date')
    // Head-to-head takes the same bounds.
    const h = await call<{ lines: { matches: number }[] }>('stats:head-to-head', {
      a: ana,
      b: bo,
      fromDate: '2026-11-26',
      toDate: '2026-11-26',
    })
    expect(h.lines[0]?.matches).toBe(1)
  })

  it('a game night past midnight UTC stays one day', async () => {
    // New York (UTC-5): 18:00 and 20:30 on Tuesday 3 Nov 2026; the second is Wednesday in UTC.
    const a = await senAt('2026-11-03T23:00:00.000Z', -300)
    const b = await senAt('2026-11-04T01:30:00.000Z', -300)
    expect((await list({ fromDate: '2026-11-03', toDate: '2026-11-03' })).map((m) => m.id).sort()).toEqual(
      [a, b].sort(),
    )
    expect(await list({ fromDate: '2026-11-04', toDate: '2026-11-04' })).toEqual([])
    const night = await call<StatsOverview>('stats:overview', { fromDate: '2026-11-03', toDate: '2026-11-03' })
    expect([matchesOf(night, 'Bo'), rounds(night, 'Bo')]).toEqual([2, 4])
    expect(core.db.prepare('SELECT DISTINCT day FROM stat_player_game_day WHERE rounds > 0').pluck().all()).toEqual([
      '2026-11-03',
    ])
  })

  it('a daylight-saving change: two matches at different offsets each keep their own local date and month', async () => {
    // Los Angeles: Saturday 31 Oct 2026 21:00 PDT (UTC-7), then Sunday 1 Nov 21:30 PST (UTC-8).
    const before = await senAt('2026-11-01T04:00:00.000Z', -420)
    const after = await senAt('2026-11-02T05:30:00.000Z', -480)
    const rows = await list({})
    expect(rows.find((m) => m.id === before)?.localDate).toBe('2026-10-31')
    expect(rows.find((m) => m.id === after)?.localDate).toBe('2026-11-01')
    expect((await list({ fromDate: '2026-10-31', toDate: '2026-10-31' })).map((m) => m.id)).toEqual([before])
    expect((await list({ fromDate: '2026-11-01', toDate: '2026-11-01' })).map((m) => m.id)).toEqual([after])
    // Both are November in UTC; locally one is October.
    const monthly = await call<MonthlyResults>('stats:monthly', {})
    expect(monthly.months).toEqual(['2026-10', '2026-11'])
    expect(monthly.games).toEqual([{ gameId: 'seven-eight-nine', counts: [1, 1] }])
    const oct = await call<StatsOverview>('stats:overview', { fromDate: '2026-10-01', toDate: '2026-10-31' })
    expect(matchesOf(oct, 'Ana')).toBe(1)
  })

  it("without an offset from the page, the match takes the computer's offset at its start", async () => {
    const tz = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      const summer = await senAt('2026-07-01T18:00:00.000Z', undefined)
      const winter = await senAt('2026-12-01T18:00:00.000Z', undefined)
      const rows = await list({})
      expect(rows.find((m) => m.id === summer)?.utcOffset).toBe(-420)
      expect(rows.find((m) => m.id === winter)?.utcOffset).toBe(-480)
    } finally {
      if (tz === undefined) delete process.env.TZ
      else process.env.TZ = tz
    }
  })

  it('refuses an offset outside -840..840 minutes or not whole, and starts nothing', async () => {
    for (const utcOffset of [841, -900, 30.5]) {
      const r = await core.dispatch('matches:create', { gameId: 'seven-eight-nine', playerIds: [ana, bo], utcOffset })
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.field).toBe('utcOffset')
    }
    expect(await list({})).toEqual([])
    const bad = await core.dispatch('matches:list', { fromDate: '2026-02-30' })
    expect(!bad.ok && bad.error.message).toMatch(/not a real date/)
  })

  it('localDateOf shifts by the offset and reads a missing offset as UTC', () => {
    expect(localDateOf('2026-11-27T03:30:00.000Z', -480)).toBe('2026-11-26')
    expect(localDateOf('2026-11-27T23:30:00.000Z', 60)).toBe('2026-11-28')
    expect(localDateOf('2026-11-27T03:30:00.000Z', undefined)).toBe('2026-11-27')
  })
})
