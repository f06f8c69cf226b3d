/**
 * An archived season is final (docs/ARCHITECTURE.md, "Club data"): its archive event carries the
 * standings it froze, so undos and corrections of its matches afterwards change nothing in that
 * table; a match it counted says so; an archive event from before that field keeps the old
 * behaviour (the table recomputed from the frozen matches); rebuilding from the events alone gives
 * what the incremental writes left.
 */
import { describe, expect, it } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { projectClubSubject } from '../../src/core/services/club-projector'
import { Device } from '../../src/core/services/device'
import { PROJECTION_TABLES, projectionRows } from '../../src/core/services/digest'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import { CLUB_PAYLOADS } from '../../src/shared/events/club'
import { validateEvent } from '../../src/shared/events/validate'
import type { Season, SeasonStandings } from '../../src/shared/model/club'
import type { MatchView } from '../../src/shared/model/match'
import * as v from 'valibot'
import { call, clockedLaptops, type Laptop } from '../helpers/laptops'

const laptop = clockedLaptops('2026-03-01T12:00:00.000Z')

/** A finished Nine match of one round with these hand totals (lower is better). */
async function nine(l: Laptop, utc: string, players: string[], totals: number[]): Promise<string> {
  l.now = Date.parse(utc) - 1000
  const m = await call<{ id: string }>(l, 'matches:create', { gameId: 'nine', playerIds: players, utcOffset: 0 })
  await call(l, 'matches:apply', {
    id: m.id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  await call(l, 'matches:close', { id: m.id, status: 'finished' })
  return m.id
}

const table = (s: SeasonStandings) => s.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.wins])
const SCHEME = { kind: 'result', win: 3, draw: 1, loss: 0 } as const

async function setUp(l: Laptop) {
  const ana = (await call<{ id: string }>(l, 'players:create', { name: 'Ana' })).id
  const bo = (await call<{ id: string }>(l, 'players:create', { name: 'Bo' })).id
  const m1 = await nine(l, '2026-03-05T19:00:00.000Z', [ana, bo], [2, 9])
  const m2 = await nine(l, '2026-03-06T19:00:00.000Z', [ana, bo], [2, 9])
  const m3 = await nine(l, '2026-03-07T19:00:00.000Z', [ana, bo], [9, 2])
  const outside = await nine(l, '2026-06-07T19:00:00.000Z', [ana, bo], [9, 2])
  l.now = Date.parse('2026-04-02T12:00:00.000Z')
  const season = await call<Season>(l, 'seasons:create', {
    name: 'Spring',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    gameIds: null,
    playerIds: null,
    scheme: SCHEME,
  })
  return { ana, bo, m1, m2, m3, outside, season }
}

/** Undo the close and the only round of m (it is in progress again), and correct m3's round the other way. */
async function changeAfterArchive(l: Laptop, m1: string, m3: string): Promise<void> {
  await call(l, 'matches:undo', { id: m1 })
  await call(l, 'matches:undo', { id: m1 })
  const v3 = await call<MatchView>(l, 'matches:get', { id: m3 })
  await call(l, 'matches:correct', {
    id: m3,
    eventId: v3.actions[0]?.eventId,
    action: { type: 'round', declarer: 0, totals: [2, 9] },
  })
}

describe('an archived season is final', () => {
  it('keeps the table it froze after undos and corrections of its matches, and a counted match says so', async () => {
    const a = laptop()
    const { m1, m2, m3, outside, season } = await setUp(a)
    const before = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
    expect(table(before)).toEqual([
      [1, 'Ana', 6, 3, 2],
      [2, 'Bo', 3, 3, 1],
    ])
    await call(a, 'seasons:set-archived', { id: season.id, archived: true })
    const archived = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
    expect(archived.rows).toEqual(before.rows)

    await changeAfterArchive(a, m1, m3)
    // The live numbers did change: m1 is in progress again and m3 is now Ana's.
    expect((await call<MatchView>(a, 'matches:get', { id: m1 })).status).toBe('in-progress')
    const after = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
    expect(after.rows).toEqual(before.rows)
    expect(after).toMatchObject({ frozen: true, final: true, matches: 3 })
    expect(archived).toMatchObject({ frozen: true, final: true, matches: 3 })
    // A rename still shows in the final table.
    const ana = before.rows[0]?.playerId as string
    await call(a, 'players:rename', { id: ana, name: 'Anastasia' })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Anastasia', 6, 3, 2],
      [2, 'Bo', 3, 3, 1],
    ])

    const note = 'Counted in the final table of “Spring” (archived): a change here does not change that table.'
    for (const id of [m1, m2, m3]) expect((await call<MatchView>(a, 'matches:get', { id })).finalTables).toEqual([note])
    expect((await call<MatchView>(a, 'matches:get', { id: outside })).finalTables).toBeUndefined()

    // Restored, the season is live again: the undone match drops out, the corrected one counts as corrected.
    await call(a, 'seasons:set-archived', { id: season.id, archived: false })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Anastasia', 6, 2, 2],
      [2, 'Bo', 0, 2, 0],
    ])
    expect((await call<MatchView>(a, 'matches:get', { id: m2 })).finalTables).toBeUndefined()
    // Archived again, it freezes today's table.
    await call(a, 'seasons:set-archived', { id: season.id, archived: true })
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Anastasia', 6, 2, 2],
      [2, 'Bo', 0, 2, 0],
    ])

    // Rebuilding from the events alone gives what the incremental writes left.
    const rows = projectionRows(a.db)
    const projector = new Projector(
      a.db,
      new EventStore(a.db, new Device(a.db, () => new Date())),
      new StatsProjector(a.db),
    )
    a.db
      .transaction(() => {
        for (const t of PROJECTION_TABLES) a.db.exec(`DELETE FROM "${t}"`)
        projector.rebuildAll()
      })
      .immediate()
    expect(projectionRows(a.db)).toEqual(rows)
  })

  it('an archive event without standings (written before they existed) keeps its table recomputed from its matches', async () => {
    const a = laptop()
    const { m1, m3, season } = await setUp(a)
    const store = new EventStore(a.db, new Device(a.db, () => new Date(a.now)))
    a.db
      .transaction(() => {
        store.append('season.archived', season.id, { matchIds: [m1, m3] })
        projectClubSubject(a.db, store, season.id)
      })
      .immediate()
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Ana', 3, 2, 1],
      [1, 'Bo', 3, 2, 1],
    ])
    expect((await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })).final).not.toBe(true)
    expect((await call<MatchView>(a, 'matches:get', { id: m3 })).finalTables).toEqual([
      'Counted in the final table of “Spring” (archived), which is recomputed from its matches: a change here changes it too.',
    ])
    await changeAfterArchive(a, m1, m3)
    expect(table(await call<SeasonStandings>(a, 'seasons:standings', { id: season.id }))).toEqual([
      [1, 'Ana', 3, 1, 1],
      [2, 'Bo', 0, 1, 0],
    ])
  })

  it('the archive event’s standings are checked like every payload', () => {
    const id = '0190a0a0-0000-7000-8000-000000000001'
    const row = {
      rank: 1,
      playerId: id,
      points: 3,
      matches: 1,
      wins: 1,
      sharedWins: 0,
      headToHead: 0,
      averagePlacement: 0,
      decidedBy: null,
    }
    const schema = CLUB_PAYLOADS['season.archived']
    expect(v.safeParse(schema, { matchIds: [id], standings: { matches: 1, rows: [row] } }).success).toBe(true)
    expect(v.safeParse(schema, { matchIds: [id] }).success).toBe(true)
    const bad = [
      { matchIds: [id], standings: { matches: 2, rows: [row] } },
      { matchIds: [id], standings: { matches: 1, rows: [row, row] } },
      { matchIds: [id], standings: { matches: 1, rows: [{ ...row, wins: 2 }] } },
      { matchIds: [id], standings: { matches: 1, rows: [{ ...row, name: 'Ana' }] } },
      { matchIds: [id], standings: { matches: 1, rows: [{ ...row, averagePlacement: 2 }] } },
      { matchIds: [id], standings: { matches: 1, rows: [{ ...row, decidedBy: 'luck' }] } },
    ]
    for (const p of bad) expect(v.safeParse(schema, p).success, JSON.stringify(p)).toBe(false)
    // Through the live event check, as an import or a sync sees it.
    const event = {
      id: '0190a0a0-0000-7000-8000-000000000002',
      deviceId: '0190a0a0-0000-7000-8000-0000000000d1',
      deviceSeq: 1,
      hlc: '',
      kind: 'season.archived',
      v: 1,
      subject: id,
      payload: bad[0],
    }
    expect(validateEvent(event).ok).toBe(false)
  })
})
