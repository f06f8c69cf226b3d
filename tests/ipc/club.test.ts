/**
 * Seasons, game nights and ratings through the dispatcher (the public contract), on real data files:
 * standings against a hand-computed table, refusals that change nothing, archive freezing, nights
 * across local midnight with a venue, the club's rating system, and club data that exports, imports
 * and converges on two laptops, with rebuild-from-events equal to the incremental projections.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { eventIds, PROJECTION_TABLES, projectionDigests, projectionRows } from '../../src/core/services/digest'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../../src/shared/model/club'
import type { ImportReport } from '../../src/shared/model/transfer'
import { tempDir } from '../helpers/tmp'

type Laptop = Core & { now: number; name: string }
const open: Laptop[] = []
const dirs: (() => void)[] = []
afterEach(() => {
  for (const l of open.splice(0)) if (l.db.open) l.close()
  for (const c of dirs.splice(0)) c()
})

function laptop(name: string, startIso = '2026-03-01T12:00:00.000Z'): Laptop {
  const t = tempDir()
  dirs.push(t.cleanup)
  const l = { name, now: Date.parse(startIso) } as Laptop
  const core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((l.now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  Object.assign(l, core)
  open.push(l)
  return l
}

async function call<T>(l: Laptop, channel: string, input: unknown): Promise<T> {
  const r = await l.dispatch(channel, input)
  if (!r.ok) throw new Error(`${l.name} ${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
async function refused(l: Laptop, channel: string, input: unknown, code: string): Promise<string> {
  const before = { events: eventIds(l.db), rows: projectionRows(l.db) }
  const r = await l.dispatch(channel, input)
  expect(r.ok).toBe(false)
  if (r.ok) return ''
  expect(r.error.code).toBe(code)
  expect({ events: eventIds(l.db), rows: projectionRows(l.db) }).toEqual(before)
  return r.error.message
}

/** A finished Nine match started at `utc` (offset `utcOffset`), with these hand totals (lower is better). */
async function nine(l: Laptop, utc: string, utcOffset: number, players: string[], totals: number[]): Promise<string> {
  l.now = Date.parse(utc) - 1000
  const m = await call<{ id: string }>(l, 'matches:create', { gameId: 'nine', playerIds: players, utcOffset })
  await call(l, 'matches:apply', {
    id: m.id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  await call(l, 'matches:close', { id: m.id, status: 'finished' })
  return m.id
}

async function send(from: Laptop, to: Laptop): Promise<ImportReport> {
  const { content } = await call<{ content: string }>(from, 'transfer:export-json', {})
  const bytes = Buffer.from(content)
  const { uploadId } = await call<{ uploadId: string }>(to, 'upload:begin', { purpose: 'import', size: bytes.length })
  await call(to, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  return call<ImportReport>(to, 'transfer:import', { uploadId })
}

const table = (s: SeasonStandings) => s.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.wins])

async function roster(l: Laptop, names: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const name of names) ids.push((await call<{ id: string }>(l, 'players:create', { name })).id)
  return ids
}

describe('seasons through the contract', () => {
  it('standings from the season’s matches only (dates are local, games filtered), with refusals that change nothing', async () => {
    const a = laptop('A')
    const [ana, bo, cy, di, ed, flo] = (await roster(a, ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'])) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    // 2 players: Ana beats Bo. 6 players: Cy, Di, Ed, Flo, Ana, Bo. 3 players: Bo, Cy, Di.
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [2, 9])
    await nine(a, '2026-03-05T20:00:00.000Z', 0, [ana, bo, cy, di, ed, flo], [5, 6, 1, 2, 3, 4])
    // Thursday 31 March 22:00 in California is 1 April 06:00 UTC: inside a season ending 31 March.
    await nine(a, '2026-04-01T06:00:00.000Z', -480, [bo, cy, di], [1, 2, 3])
    // Outside: 1 April local, and a Seven Eight Nine match when the season counts Nine only.
    await nine(a, '2026-04-01T12:00:00.000Z', 0, [ana, bo], [1, 2])
    a.now = Date.parse('2026-03-10T19:00:00.000Z')
    const sen = await call<{ id: string }>(a, 'matches:create', { gameId: 'seven-eight-nine', playerIds: [bo, ana] })
    await call(a, 'matches:apply', { id: sen.id, action: { type: 'dealt-win', seats: [0] } })
    await call(a, 'matches:close', { id: sen.id, status: 'finished' })

    const season = await call<Season>(a, 'seasons:create', {
      name: 'March league',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: ['nine'],
      playerIds: null,
      scheme: { kind: 'placement', top: 10 },
    })
    expect(season).toMatchObject({ name: 'March league', archivedAt: null, gameIds: ['nine'] })
    const s = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
    // Ana 10 + 2 = 12; Bo 0 + 0 + 10 = 10; Cy 10 + 5 = 15; Di 8 + 0 = 8; Ed 6; Flo 4.
    expect(table(s)).toEqual([
      [1, 'Cy', 15, 2, 1],
      [2, 'Ana', 12, 2, 1],
      [3, 'Bo', 10, 3, 1],
      [4, 'Di', 8, 2, 0],
      [5, 'Ed', 6, 1, 0],
      [6, 'Flo', 4, 1, 0],
    ])
    expect(s.matches).toBe(3)
    expect(s.tieBreaks[0]).toBe('more points')
    expect(s.schemeText).toMatch(/10 × \(n − p\) \/ \(n − 1\)/)

    // The same season under 3/1/0 and for three players only (guests are opponents).
    await call(a, 'seasons:update', {
      id: season.id,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
      playerIds: [ana, bo, di],
    })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Ana', 3, 2, 1],
      [2, 'Bo', 3, 3, 1],
      [3, 'Di', 0, 2, 0],
    ])

    expect(
      await refused(
        a,
        'seasons:create',
        {
          name: 'Bad',
          startDate: '2026-04-02',
          endDate: '2026-04-01',
          gameIds: null,
          playerIds: null,
          scheme: { kind: 'placement', top: 10 },
        },
        'invalid-dates',
      ),
    ).toBe('The season cannot end (2026-04-01) before it starts (2026-04-02).')
    expect(
      await refused(
        a,
        'seasons:create',
        {
          name: 'march LEAGUE',
          startDate: '2026-04-01',
          endDate: '2026-04-30',
          gameIds: null,
          playerIds: null,
          scheme: { kind: 'placement', top: 10 },
        },
        'duplicate-name',
      ),
    ).toMatch(/already a season called “March league”/)
    expect(await refused(a, 'seasons:update', { id: season.id, endDate: '2026-02-01' }, 'invalid-dates')).toMatch(
      /cannot end/,
    )
    expect(
      await refused(
        a,
        'seasons:update',
        { id: season.id, playerIds: ['01a22ac0-b7cc-7707-8c21-a7278f6924c8'] },
        'not-found',
      ),
    ).toMatch(/no longer exists/)
    expect(await refused(a, 'seasons:standings', { id: '01a22ac0-b7cc-7707-8c21-a7278f6924c8' }, 'not-found')).toMatch(
      /no longer exists/,
    )
    expect(
      await refused(a, 'nights:set-venue', { date: '2026-03-05', venue: 'x'.repeat(81) }, 'invalid-venue'),
    ).toMatch(/at most 80/)
  })

  it('refuses to archive a season with more matches than an archive event may carry, changing nothing', async () => {
    const a = laptop('A')
    const [ana, bo] = (await roster(a, ['Ana', 'Bo'])) as [string, string]
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [2, 9])
    await nine(a, '2026-03-06T19:00:00.000Z', 0, [ana, bo], [2, 9])
    const season = await call<Season>(a, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    const { ClubService } = await import('../../src/core/services/club')
    const { EventStore } = await import('../../src/core/db/repos/events')
    const { Device } = await import('../../src/core/services/device')
    const small = new ClubService(a.db, new EventStore(a.db, new Device(a.db, () => new Date(a.now))), 1)
    const before = { events: eventIds(a.db), rows: projectionRows(a.db) }
    const r = small.setSeasonArchived(season.id, true)
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'too-many-matches',
        message:
          '“Spring” counts 2 matches; an archived season can keep at most 1. Split it into shorter seasons first.',
        field: 'id',
      },
    })
    expect({ events: eventIds(a.db), rows: projectionRows(a.db) }).toEqual(before)
    expect(
      new ClubService(a.db, new EventStore(a.db, new Device(a.db, () => new Date(a.now))), 2).setSeasonArchived(
        season.id,
        true,
      ).ok,
    ).toBe(true)
  })

  it('follows merges: a season member merged into another player is counted as that player; deleted members drop out', async () => {
    const a = laptop('A')
    const [ana, bo, zed, gone] = (await roster(a, ['Ana', 'Bo', 'Zed', 'Gone'])) as [string, string, string, string]
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [2, 9])
    await nine(a, '2026-03-06T19:00:00.000Z', 0, [zed, bo], [2, 9])
    const season = await call<Season>(a, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      gameIds: null,
      playerIds: [ana, bo, zed, gone],
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    await call(a, 'players:delete', { id: gone })
    await call(a, 'players:merge', { from: zed, into: ana })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Ana', 6, 2, 2],
      [2, 'Bo', 0, 2, 0],
    ])
  })

  it('an archived season keeps its standings (frozen to its matches), refuses edits, and restores', async () => {
    const a = laptop('A')
    const [ana, bo] = (await roster(a, ['Ana', 'Bo'])) as [string, string]
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [2, 9])
    const season = await call<Season>(a, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    const archived = await call<Season>(a, 'seasons:set-archived', { id: season.id, archived: true })
    expect(archived.archivedAt).not.toBeNull()
    // A result from the season's dates arrives after archiving (say, a late sync): the table stays final.
    await nine(a, '2026-03-06T19:00:00.000Z', 0, [ana, bo], [9, 2])
    const frozen = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
    expect(frozen.frozen).toBe(true)
    expect(table(frozen)).toEqual([
      [1, 'Ana', 3, 1, 1],
      [2, 'Bo', 0, 1, 0],
    ])
    // A rename still shows (standings are recomputed from the frozen matches).
    await call(a, 'players:rename', { id: ana, name: 'Anastasia' })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))[0]).toEqual([
      1,
      'Anastasia',
      3,
      1,
      1,
    ])
    expect(await refused(a, 'seasons:update', { id: season.id, name: 'Other' }, 'archived')).toMatch(
      /is archived: its standings are final/,
    )
    await call(a, 'seasons:set-archived', { id: season.id, archived: false })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Anastasia', 3, 2, 1],
      [1, 'Bo', 3, 2, 1],
    ])
    await call(a, 'seasons:delete', { id: season.id })
    expect(await call<Season[]>(a, 'seasons:list', {})).toEqual([])
  })
})

describe('game nights through the contract', () => {
  it('groups matches until 06:00 local, with attendance, winners and a venue', async () => {
    const a = laptop('A')
    const [ana, bo, cy] = (await roster(a, ['Ana', 'Bo', 'Cy'])) as [string, string, string]
    // California (UTC-8), Thursday 5 March: 19:30, 23:50 and Friday 01:30 are one night; Friday 19:00 another.
    const m1 = await nine(a, '2026-03-06T03:30:00.000Z', -480, [ana, bo], [1, 5])
    await nine(a, '2026-03-06T07:50:00.000Z', -480, [ana, bo, cy], [9, 3, 4])
    await nine(a, '2026-03-06T09:30:00.000Z', -480, [bo, cy], [2, 8])
    await nine(a, '2026-03-07T03:00:00.000Z', -480, [ana, cy], [1, 2])
    await call(a, 'nights:set-venue', { date: '2026-03-05', venue: '  The Anchor ' })
    const list = await call<NightList>(a, 'nights:list', {})
    expect(list.total).toBe(2)
    expect(list.cutoffHour).toBe(6)
    expect(list.nights.map((n) => [n.date, n.venue, n.matches.length])).toEqual([
      ['2026-03-06', null, 1],
      ['2026-03-05', 'The Anchor', 3],
    ])
    const thursday = list.nights[1]!
    expect(thursday.matches.map((m) => [m.localTime, m.winners])).toEqual([
      ['19:30', ['Ana']],
      ['23:50', ['Bo']],
      ['01:30', ['Bo']],
    ])
    expect(thursday.matches[0]?.matchId).toBe(m1)
    expect(thursday.players.map((p) => [p.name, p.matches, p.wins])).toEqual([
      ['Bo', 3, 2],
      ['Ana', 2, 1],
      ['Cy', 2, 0],
    ])
    // Filters are by night: Friday 6 March alone is the second night (its 01:30 match is Thursday's).
    expect(
      (await call<NightList>(a, 'nights:list', { fromDate: '2026-03-06', toDate: '2026-03-06' })).nights.map(
        (n) => n.matches.length,
      ),
    ).toEqual([1])
    // Berlin, the night the clocks go back (25 Oct 2026, 03:00 CEST -> 02:00 CET): 23:30 CEST, 02:30 CEST
    // and 02:30 CET an hour later are one night, Saturday's.
    for (const [utc, offset] of [
      ['2026-10-24T21:30:00.000Z', 120],
      ['2026-10-25T00:30:00.000Z', 120],
      ['2026-10-25T01:30:00.000Z', 60],
    ] as const) {
      await nine(a, utc, offset, [ana, bo], [1, 4])
    }
    const autumn = await call<NightList>(a, 'nights:list', { fromDate: '2026-10-24', toDate: '2026-10-25' })
    expect(autumn.nights.map((n) => [n.date, n.matches.map((m) => m.localTime)])).toEqual([
      ['2026-10-24', ['23:30', '02:30', '02:30']],
    ])
    // Clearing the venue.
    await call(a, 'nights:set-venue', { date: '2026-03-05', venue: '' })
    expect((await call<NightList>(a, 'nights:list', { toDate: '2026-03-05' })).nights[0]?.venue).toBeNull()
  })
})

describe('ratings through the contract', () => {
  it('OpenSkill by default, Elo when the club chooses it, each explained', async () => {
    const a = laptop('A')
    const [ana, bo, cy] = (await roster(a, ['Ana', 'Bo', 'Cy'])) as [string, string, string]
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [1, 5])
    await nine(a, '2026-03-05T20:00:00.000Z', 0, [bo, cy], [1, 5])
    const os = await call<RatingsExplained>(a, 'ratings:explain', { gameId: 'nine' })
    expect(os.system).toBe('openskill')
    expect(os.rows.map((r) => r.rating)).toEqual(os.rows.map((r) => r.rating).sort((x, y) => y - x))
    expect(os.rows).toHaveLength(3)
    for (const r of os.rows) {
      expect(r.rating).toBeCloseTo(r.mu - 3 * r.sigma, 1)
      expect(r.note).toMatch(
        /^-?\d+\.\d = μ -?\d+\.\d − 3 × σ \d+\.\d\. Only \d match(es)? of Nine: the band is still wide/,
      )
    }
    // Bo met Ana and Cy: the mean of their μ.
    const mu = (n: string): number => os.rows.find((r) => r.name === n)?.mu ?? NaN
    expect(os.rows.find((r) => r.name === 'Bo')?.opponentMu).toBeCloseTo((mu('Ana') + mu('Cy')) / 2, 9)
    expect(os.rows.find((r) => r.name === 'Ana')?.opponentMu).toBeCloseTo(mu('Bo'), 9)
    await call(a, 'ratings:set-system', { system: 'elo' })
    const elo = await call<RatingsExplained>(a, 'ratings:explain', { gameId: 'nine' })
    expect(elo.system).toBe('elo')
    // Ana 1516; Bo 1484 then beats Cy (1500): +16.74 -> 1500.74 -> 1501; Cy 1483.26 -> 1483.
    expect(elo.rows.map((r) => [r.rank, r.name, r.rating, r.matches])).toEqual([
      [1, 'Ana', 1516, 1],
      [2, 'Bo', 1501, 2],
      [3, 'Cy', 1483, 1],
    ])
    expect(elo.rows.map((r) => r.note.split('.')[0])).toEqual([
      '+16 from the 1500 start over 1 match',
      '+1 from the 1500 start over 2 matches',
      '−17 from the 1500 start over 1 match',
    ])
  })
})

describe('club data on two laptops', () => {
  it('concurrent edits of one season converge through exports; rebuilding from events gives the same rows', async () => {
    const a = laptop('A')
    const b = laptop('B', '2026-03-01T12:00:00.300Z')
    const [ana, bo] = (await roster(a, ['Ana', 'Bo'])) as [string, string]
    await nine(a, '2026-03-05T19:00:00.000Z', 0, [ana, bo], [2, 9])
    const season = await call<Season>(a, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    await call(a, 'nights:set-venue', { date: '2026-03-05', venue: 'The Anchor' })
    const report = await send(a, b)
    expect(report.conflicts).toEqual([])
    expect(table(await call<SeasonStandings>(b, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Ana', 3, 1, 1],
      [2, 'Bo', 0, 1, 0],
    ])
    // Offline edits of the same season on both, B's later; a venue and the rating system on each.
    a.now = Date.parse('2026-03-10T12:00:00.000Z')
    b.now = Date.parse('2026-03-10T12:05:00.000Z')
    await call(a, 'seasons:update', { id: season.id, name: 'Spring (A)', scheme: { kind: 'placement', top: 10 } })
    await call(b, 'seasons:update', { id: season.id, name: 'Spring (B)', endDate: '2026-06-30' })
    await call(a, 'nights:set-venue', { date: '2026-03-05', venue: 'Club room' })
    await call(b, 'ratings:set-system', { system: 'elo' })
    await send(a, b)
    await send(b, a)
    for (const l of [a, b]) {
      const s = (await call<Season[]>(l, 'seasons:list', {}))[0]
      expect(s).toMatchObject({ name: 'Spring (B)', endDate: '2026-06-30', scheme: { kind: 'placement', top: 10 } })
      expect((await call<NightList>(l, 'nights:list', {})).nights[0]?.venue).toBe('Club room')
      expect((await call<RatingsExplained>(l, 'ratings:explain', { gameId: 'nine' })).system).toBe('elo')
    }
    expect(projectionDigests(a.db)).toEqual(projectionDigests(b.db))
    expect(projectionRows(a.db).seasons).toHaveLength(1)
    // Rebuild from the events alone equals what the incremental writes left.
    const before = projectionRows(a.db)
    const { EventStore } = await import('../../src/core/db/repos/events')
    const { Device } = await import('../../src/core/services/device')
    const { StatsProjector } = await import('../../src/core/services/stats')
    const { Projector } = await import('../../src/core/services/projector')
    const device = new Device(a.db, () => new Date())
    const projector = new Projector(a.db, new EventStore(a.db, device), new StatsProjector(a.db))
    // From the events alone: every projection table emptied first.
    a.db
      .transaction(() => {
        for (const t of PROJECTION_TABLES) a.db.exec(`DELETE FROM "${t}"`)
        projector.rebuildAll()
      })
      .immediate()
    expect(projectionRows(a.db)).toEqual(before)
    // Importing the same file again changes nothing.
    const again = await send(a, b)
    expect(again.eventsAdded).toBe(0)
    // A deletion on one laptop removes the season on the other.
    await call(b, 'seasons:delete', { id: season.id })
    await send(b, a)
    expect(await call<Season[]>(a, 'seasons:list', {})).toEqual([])
    expect(projectionDigests(a.db)).toEqual(projectionDigests(b.db))
  })
})
