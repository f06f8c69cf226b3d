/**
 * Properties of imported (recorded) matches over random club histories: rebuilding every projection
 * from the events equals what the incremental writes left, another computer that imports the export
 * ends with the same projections, and the order in which overlapping files are imported does not
 * change the stats. Also: a write that fails half-way leaves nothing behind.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { projectionDigests, projectionRows } from '../../src/core/services/digest'
import { ExternalImportService } from '../../src/core/services/external-import'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import { GAME_IDS, GAME_NAMES } from '../../src/shared/games/engine'
import { SEAT_LIMITS } from '../../src/shared/games/registry'
import type { ExternalImportReport } from '../../src/shared/import/plan'
import type { MatchSummary } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { StatsOverview } from '../../src/shared/model/stats'
import { mulberry32 } from '../helpers/prng'
import { tempCore } from '../helpers/tmp'
import { rebuiltDigests } from '../helpers/projections'

const cores: ReturnType<typeof tempCore>[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.cleanup()
})
function fresh() {
  const c = tempCore()
  cores.push(c)
  return c
}
type Core = ReturnType<typeof tempCore>
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
async function importText(core: Core, text: string): Promise<ExternalImportReport> {
  const bytes = Buffer.from(text)
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  return call<ExternalImportReport>(core, 'import:external-apply', { uploadId })
}

const NAMES = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fa', 'Gi', 'Hu']

/** Random plays as CSV row groups (some with a match key), each a list of rows. */
function randomPlays(rand: () => number, n: number): string[][] {
  const plays: string[][] = []
  for (let i = 0; i < n; i++) {
    const game = GAME_IDS[Math.floor(rand() * GAME_IDS.length)] as (typeof GAME_IDS)[number]
    const { min, max } = SEAT_LIMITS[game]
    const seats = min + Math.floor(rand() * (Math.min(max, 5) - min + 1))
    const who = [...NAMES].sort(() => rand() - 0.5).slice(0, seats)
    const day = `2025-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`
    const time = `${String(18 + Math.floor(rand() * 6)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`
    const key = rand() < 0.5 ? `k${i}` : ''
    const winners = new Set([0, ...(rand() < 0.15 ? [1] : [])])
    const useRanks = rand() < 0.4
    plays.push(
      who.map((name, s) => {
        const rank = useRanks ? (winners.has(s) ? 1 : s + 1) : ''
        const winner = useRanks && rand() < 0.5 ? '' : winners.has(s) ? 'yes' : 'no'
        const score = rand() < 0.2 ? '' : String(Math.floor(rand() * 120) - 10)
        // Names in varying case: they merge by name with the same player.
        const shown = rand() < 0.3 ? name.toUpperCase() : name
        return `${day},${time},${rand() < 0.5 ? GAME_NAMES[game] : game},${shown},${score},${winner},${rank},${key}`
      }),
    )
  }
  return plays
}
const csv = (plays: string[][]): string => `date,time,game,player,score,winner,rank,match\n${plays.flat().join('\n')}\n`

/** The stats by player name (ids differ between computers that created the players themselves). */
async function statsByName(core: Core): Promise<Record<string, unknown>> {
  const o = await call<StatsOverview>(core, 'stats:overview', {})
  return Object.fromEntries(
    o.players
      .filter((p) => p.matches > 0)
      .map((p) => [
        p.name.toLowerCase(),
        [
          p.matches,
          p.wins,
          p.sharedWins,
          p.avgPlacement,
          p.longestStreak,
          p.games.map((g) => [g.gameId, g.matches, g.wins, g.rating?.mu.toFixed(6)]),
        ],
      ]),
  )
}

describe('recorded matches over random histories', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: rebuild equals incremental, another computer gets the same, file order does not matter`, async () => {
      const rand = mulberry32(seed)
      const plays = randomPlays(rand, 24)
      // Two overlapping files: the overlap is imported once.
      const first = plays.slice(0, 16)
      const second = plays.slice(10)
      const a = fresh()
      await call(a, 'players:create', { name: 'bo' })
      const r1 = await importText(a, csv(first))
      const r2 = await importText(a, csv(second))
      // Every generated play is valid: the first file records all 16; the second only its 8 new ones.
      expect([r1.matchesRecorded, r1.skipped, r1.duplicates]).toEqual([16, 0, 0])
      expect([r2.matchesRecorded, r2.alreadyImported, r2.skipped]).toEqual([8, 6, 0])

      // Life goes on: a played match, a rename, a merge, an abandoned recorded match and an undo.
      const roster = await call<Player[]>(a, 'players:list', {})
      const byName = (n: string) => roster.find((p) => p.name.toLowerCase() === n.toLowerCase()) as Player
      const m = await call<{ id: string }>(a, 'matches:create', {
        gameId: 'nine',
        playerIds: [byName('Ana').id, byName('Cy').id],
      })
      await call(a, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [3, 10] } })
      await call(a, 'players:rename', { id: byName('Di').id, name: 'Diana' })
      await call(a, 'players:merge', { from: byName('Hu').id, into: byName('Gi').id })
      const recorded = (await call<MatchSummary[]>(a, 'matches:list', {})).filter((x) => x.recorded)
      await call(a, 'matches:close', { id: recorded[0]!.id, status: 'abandoned' })
      await call(a, 'matches:close', { id: recorded[1]!.id, status: 'abandoned' })
      await call(a, 'matches:undo', { id: recorded[1]!.id })

      const incremental = projectionDigests(a.db)
      expect(rebuiltDigests(a.dir)).toEqual(incremental)

      const { content } = await call<{ content: string }>(a, 'transfer:export-json', {})
      const b = fresh()
      const bytes = Buffer.from(content)
      const { uploadId } = await call<{ uploadId: string }>(b, 'upload:begin', {
        purpose: 'import',
        size: bytes.length,
      })
      for (let i = 0, n = 0; i < bytes.length; i += 1024 * 1024, n++)
        await call(b, 'upload:chunk', {
          uploadId,
          index: n,
          data: bytes.subarray(i, i + 1024 * 1024).toString('base64'),
        })
      await call(b, 'transfer:import', { uploadId })
      expect(projectionDigests(b.db)).toEqual(incremental)

      // The other order of files, on a third computer: the same matches and the same stats.
      const c = fresh()
      await call(c, 'players:create', { name: 'bo' })
      await importText(c, csv(second))
      await importText(c, csv(first))
      const d = fresh()
      await call(d, 'players:create', { name: 'bo' })
      await importText(d, csv(first))
      await importText(d, csv(second))
      const ids = async (core: Core) => (await call<MatchSummary[]>(core, 'matches:list', {})).map((x) => x.id).sort()
      expect(await ids(c)).toEqual(await ids(d))
      expect(await statsByName(c)).toEqual(await statsByName(d))
    })
  }

  it('an import that fails half-way changes nothing', async () => {
    const core = fresh()
    const before = projectionRows(core.db)
    const events = core.db.prepare('SELECT count(*) FROM events').pluck().get()
    // The third recorded match cannot be stored (as if the disk failed there).
    core.db.exec(`CREATE TEMP TRIGGER fail_third AFTER INSERT ON main.events WHEN NEW.kind = 'match.recorded'
      AND (SELECT count(*) FROM main.events WHERE kind = 'match.recorded') >= 3 BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`)
    const clock = () => new Date()
    const device = new Device(core.db, clock)
    const events_ = new EventStore(core.db, device)
    const stats = new StatsProjector(core.db)
    const projector = new Projector(core.db, events_, stats)
    const service = new ExternalImportService(core.db, {
      events: events_,
      device,
      projector,
      stats,
    })
    const text = csv(randomPlays(mulberry32(9), 6))
    expect(service.preview(text, {})).toMatchObject({ ok: true, value: { canApply: true } })
    expect(() => service.apply(text, {})).toThrow(/disk on fire/)
    expect(core.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(events)
    expect(projectionRows(core.db)).toEqual(before)
  })
})
