/**
 * Season rules through the channels (docs/ARCHITECTURE.md § Season rules): attendance, qualifying,
 * best N and a final, on real matches; the archive freezes the table they make; bad rules are refused
 * with a specific message and change nothing; a season without rules keeps its row; rebuilding from
 * the events alone gives what the incremental writes left.
 */
import { describe, expect, it } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { PROJECTION_TABLES, projectionRows } from '../../src/core/services/digest'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import type { Season, SeasonStandings } from '../../src/shared/model/club'
import { call, clockedLaptops, type Laptop } from '../helpers/laptops'

const laptop = clockedLaptops('2026-03-01T12:00:00.000Z')

/** A Nine match of one round with these hand totals (lower is better), finished unless told. */
async function nine(l: Laptop, utc: string, players: string[], totals: number[], close = 'finished'): Promise<string> {
  l.now = Date.parse(utc) - 1000
  const m = await call<{ id: string }>(l, 'matches:create', { gameId: 'nine', playerIds: players, utcOffset: 0 })
  await call(l, 'matches:apply', {
    id: m.id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  if (close !== 'open') await call(l, 'matches:close', { id: m.id, status: close })
  return m.id
}

const SCHEME = { kind: 'result', win: 3, draw: 1, loss: 0 } as const

async function players(l: Laptop, ...names: string[]): Promise<string[]> {
  const out: string[] = []
  for (const name of names) out.push((await call<{ id: string }>(l, 'players:create', { name })).id)
  return out
}

const eventCount = (l: Laptop): number => l.db.prepare('SELECT count(*) FROM events').pluck().get() as number

function rebuildGivesTheSameRows(l: Laptop): void {
  const rows = projectionRows(l.db)
  const projector = new Projector(
    l.db,
    new EventStore(l.db, new Device(l.db, () => new Date())),
    new StatsProjector(l.db),
  )
  l.db
    .transaction(() => {
      for (const t of PROJECTION_TABLES) l.db.exec(`DELETE FROM "${t}"`)
      projector.rebuildAll()
    })
    .immediate()
  expect(projectionRows(l.db)).toEqual(rows)
}

describe('season rules', () => {
  it('attendance, qualifying and best N make the table; a night with only an abandoned match earns nothing', async () => {
    const l = laptop()
    const [ana, bo, cy] = await players(l, 'Ana', 'Bo', 'Cy')
    // Thursday 5th: Ana beats Bo twice. Friday 6th: Bo beats Ana. Thursday 12th: Cy beats Ana.
    await nine(l, '2026-03-05T19:00:00.000Z', [ana!, bo!], [2, 9])
    const m2 = await nine(l, '2026-03-05T21:00:00.000Z', [ana!, bo!], [2, 9])
    await nine(l, '2026-03-06T19:00:00.000Z', [ana!, bo!], [9, 2])
    await nine(l, '2026-03-12T19:00:00.000Z', [ana!, cy!], [9, 2])
    // Saturday 14th: Cy's only match is abandoned, and a night with a venue but no match at all.
    await nine(l, '2026-03-14T19:00:00.000Z', [cy!, bo!], [2, 9], 'abandoned')
    await call(l, 'nights:set-venue', { date: '2026-03-20', venue: 'The Crown' })
    l.now = Date.parse('2026-04-02T12:00:00.000Z')
    const season = await call<Season>(l, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: null,
      playerIds: null,
      scheme: SCHEME,
      attendance: { perNight: 1, perMatch: 0 },
      minMatches: 2,
      bestOf: 2,
    })
    expect(season).toMatchObject({ attendance: { perNight: 1, perMatch: 0 }, minMatches: 2, bestOf: 2, final: null })
    const s = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(
      s.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.counted, r.nights, r.qualified, r.decidedBy]),
    ).toEqual([
      // Ana: best 2 of 3, 3, 0, 0 = 6, nights 5th, 6th, 12th = 3.
      [1, 'Ana', 9, 4, 2, 3, true, null],
      // Bo: best 2 of 0, 0, 3 = 3 (the earlier 0 kept), nights 5th, 6th = 2.
      [2, 'Bo', 5, 3, 2, 2, true, null],
      // Cy: 3 + 1 night (the 14th's abandoned match is not counted), but one match: not qualified.
      [3, 'Cy', 4, 1, 1, 1, false, 'qualification'],
    ])
    // Bo's two equal losses: the later one is dropped.
    expect(s.rows[1]?.dropped).toEqual([{ matchId: m2, points: 0 }])
    expect(s.rulesText).toEqual([
      'Turning up: 1 point for each game night played, on top of the match points.',
      "Best 2: only each player's 2 best match results count (equal results: the earlier ones); the rest are dropped.",
      'Qualifying: 2 matches played; players with fewer are listed after the qualified ones.',
    ])
    expect(s.finalNote).toBeUndefined()

    // A rule is cleared with null; the others stay.
    const cleared = await call<Season>(l, 'seasons:update', { id: season.id, bestOf: null })
    expect(cleared).toMatchObject({ bestOf: null, minMatches: 2 })
    const plain = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(plain.rows.map((r) => [r.name, r.points, r.dropped])).toEqual([
      ['Ana', 9, undefined],
      ['Bo', 5, undefined],
      ['Cy', 4, undefined],
    ])
    // Qualifying alone (turning up cleared too): Cy, level with Bo on points, still comes after him.
    await call<Season>(l, 'seasons:update', { id: season.id, attendance: null })
    const qualifying = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(qualifying.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.qualified, r.decidedBy])).toEqual([
      [1, 'Ana', 6, 4, true, null],
      [2, 'Bo', 3, 3, true, null],
      [3, 'Cy', 3, 1, false, 'qualification'],
    ])
    rebuildGivesTheSameRows(l)
  })

  it('a final marked among the top 2 decides the winner once finished, and the archive freezes that table', async () => {
    const l = laptop()
    const [ana, bo, cy] = await players(l, 'Ana', 'Bo', 'Cy')
    await nine(l, '2026-03-05T19:00:00.000Z', [ana!, bo!, cy!], [2, 5, 9])
    await nine(l, '2026-03-06T19:00:00.000Z', [ana!, bo!, cy!], [2, 5, 9])
    await nine(l, '2026-03-07T19:00:00.000Z', [bo!, cy!], [2, 9])
    // The final, still in progress: Bo leads it.
    const fin = await nine(l, '2026-03-28T19:00:00.000Z', [ana!, bo!], [9, 2], 'open')
    l.now = Date.parse('2026-04-02T12:00:00.000Z')
    const before = eventCount(l)
    const missing = '0190a0a0-0000-7000-8000-00000000beef'
    const refused = await l.dispatch('seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: null,
      playerIds: null,
      scheme: SCHEME,
      final: { topK: 2, matchIds: [fin, missing] },
    })
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'not-found', field: 'final', message: 'One match marked as the final no longer exists.' },
    })
    const badInput = await l.dispatch('seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: null,
      playerIds: null,
      scheme: SCHEME,
      final: { topK: 1, matchIds: [fin] },
    })
    expect(badInput.ok).toBe(false)
    expect(JSON.stringify(badInput)).toContain('must be at least 2')
    expect(eventCount(l)).toBe(before)

    const season = await call<Season>(l, 'seasons:create', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: null,
      playerIds: null,
      scheme: SCHEME,
      final: { topK: 2, matchIds: [fin] },
    })
    const open = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(open.rows.map((r) => [r.rank, r.name, r.points, r.final])).toEqual([
      [1, 'Ana', 6, undefined],
      [2, 'Bo', 3, undefined],
      [3, 'Cy', 0, undefined],
    ])
    expect(open.finalNote).toBe(
      "The final among the top 2 is not played yet (0 of 1 finished): the season's winner is decided there; until then this is the regular table.",
    )
    await call(l, 'matches:close', { id: fin, status: 'finished' })
    const decided = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    // The final does not count in the regular table (Ana keeps 6, Bo 3); its result puts Bo first.
    expect(decided.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.final, r.decidedBy])).toEqual([
      [1, 'Bo', 3, 3, { place: 1, points: 3 }, null],
      [2, 'Ana', 6, 2, { place: 2, points: 0 }, 'final'],
      [3, 'Cy', 0, 3, undefined, null],
    ])
    expect(decided.matches).toBe(4)
    expect(decided.finalNote).toBe(
      "Bo won the season in the final (one match among the top 2): the final's result decides the places of its players.",
    )
    await call(l, 'seasons:set-archived', { id: season.id, archived: true })
    // Reopened and given the other result, the final changes nothing in the frozen table.
    await call(l, 'matches:undo', { id: fin })
    const frozen = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(frozen).toMatchObject({ final: true, matches: 4 })
    expect(frozen.rows).toEqual(decided.rows)
    expect(frozen.finalNote).toBe(decided.finalNote)
    rebuildGivesTheSameRows(l)
  })

  it('a season without rules keeps the row it always had (no rules in the scheme column)', async () => {
    const l = laptop()
    const season = await call<Season>(l, 'seasons:create', {
      name: 'Plain',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      gameIds: null,
      playerIds: null,
      scheme: SCHEME,
    })
    expect(l.db.prepare('SELECT scheme_json FROM seasons').pluck().get()).toBe(JSON.stringify(SCHEME))
    expect(season).toMatchObject({ attendance: null, minMatches: null, bestOf: null, final: null })
    const s = await call<SeasonStandings>(l, 'seasons:standings', { id: season.id })
    expect(s.rulesText).toBeUndefined()
    const withRule = await call<Season>(l, 'seasons:update', { id: season.id, minMatches: 3 })
    expect(withRule.minMatches).toBe(3)
    expect(withRule.scheme).toEqual(SCHEME)
    rebuildGivesTheSameRows(l)
  })
})
