/**
 * Causal order with a laptop whose clock is 10 minutes ahead (issue 23, item 1). Each laptop is a
 * real core on its own data file; they exchange their logs as export files do. What a laptop wrote
 * after seeing another laptop's event must come after it on every laptop, whatever the clocks say,
 * and the projections must be the same after a rebuild from the events alone.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { projectionRows } from '../../src/core/services/digest'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { allEvents, importEvents, type Laptop } from '../helpers/log-properties'
import { tempDir } from '../helpers/tmp'

const TEN_MINUTES = 10 * 60_000
/** The real time of the room, the same for every laptop; each laptop's clock is it plus its skew. */
const world = { now: Date.parse('2026-11-30T19:00:00.000Z') }
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function laptop(skew: number, dir?: string): Laptop {
  let d = dir
  if (!d) {
    const t = tempDir()
    cleanups.push(t.cleanup)
    d = t.dir
  }
  const core = createCore({
    dataDir: d,
    mode: 'web',
    version: 'test',
    clock: () => new Date((world.now += 1) + skew),
    log: () => {},
    autoBackup: false,
  })
  cleanups.unshift(() => core.db.open && core.close())
  return Object.assign(core, { dir: d })
}

/** The same data file opened again after its projections were marked for a rebuild (as a restore does). */
function rebuilt(l: Laptop, skew: number): Laptop {
  l.db.prepare("INSERT INTO meta (key, value) VALUES ('projections_rebuild_needed', '1')").run()
  l.close()
  return laptop(skew, l.dir)
}

async function call<T>(l: Laptop, channel: string, input: unknown): Promise<T> {
  const r = await l.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as T
}

/** A table of two players and a Nine match, made on `l` and sent to `others`. */
async function table(l: Laptop, others: Laptop[]): Promise<{ ana: Player; bo: Player; match: MatchView }> {
  const ana = await call<Player>(l, 'players:create', { name: 'Ana' })
  const bo = await call<Player>(l, 'players:create', { name: 'Bo' })
  const match = await call<MatchView>(l, 'matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
  for (const o of others) await importEvents(o, allEvents(l))
  return { ana, bo, match }
}

const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })
const order = async (l: Laptop, id: string): Promise<string[]> =>
  (await call<MatchView>(l, 'matches:get', { id })).actions.map((a) => a.eventId)

describe('causal order with a clock 10 minutes ahead', () => {
  it('a round entered after seeing another comes after it: one order on both laptops, in either merge order, and after a rebuild', async () => {
    const ahead = laptop(TEN_MINUTES)
    const b = laptop(0)
    const { match } = await table(ahead, [b])
    const r1 = await call<MatchView>(ahead, 'matches:apply', { id: match.id, action: round(0, [3, 20]) })
    await importEvents(b, allEvents(ahead))
    world.now += 30_000
    // B has seen round 1 and enters round 2: its clock is 10 minutes behind round 1's stamp.
    const r2 = await call<MatchView>(b, 'matches:apply', { id: match.id, action: round(1, [25, 4]) })
    const want = [r1.actions[0]!.eventId, r2.actions[1]!.eventId]
    expect(r2.actions.map((a) => a.eventId)).toEqual(want)

    // Both logs merged in both orders, on two fresh laptops; and each laptop gets the other's.
    const logA = allEvents(ahead)
    const logB = allEvents(b)
    const c = laptop(0)
    await importEvents(c, logA)
    await importEvents(c, logB)
    const d = laptop(TEN_MINUTES)
    await importEvents(d, logB)
    await importEvents(d, logA)
    await importEvents(ahead, logB)
    for (const l of [ahead, b, c, d]) expect(await order(l, match.id)).toEqual(want)
    const rows = projectionRows(b.db)
    for (const l of [ahead, c, d]) expect(projectionRows(l.db)).toEqual(rows)
    // B's order does not flip when its projections are made again from the events alone.
    const b2 = rebuilt(b, 0)
    expect(await order(b2, match.id)).toEqual(want)
    expect(projectionRows(b2.db)).toEqual(rows)
    // The rounds' times never go down: round 2 counts from the time the log had reached.
    const times = b2.db
      .prepare('SELECT DISTINCT round, played_at FROM round_results WHERE match_id = ? ORDER BY round')
      .all(match.id) as { round: number; played_at: string }[]
    expect(times.map((t) => t.round)).toEqual([1, 2])
    expect(times[1]!.played_at >= times[0]!.played_at).toBe(true)
  })

  it('an undo of the other laptop’s round takes effect, there and everywhere', async () => {
    const ahead = laptop(TEN_MINUTES)
    const b = laptop(0)
    const { match } = await table(ahead, [b])
    await call(ahead, 'matches:apply', { id: match.id, action: round(0, [3, 20]) })
    await importEvents(b, allEvents(ahead))
    world.now += 20_000
    const undone = await call<MatchView>(b, 'matches:undo', { id: match.id })
    expect(undone.actions).toEqual([])
    expect(await order(b, match.id)).toEqual([])
    await importEvents(ahead, allEvents(b))
    expect(await order(ahead, match.id)).toEqual([])
    const rows = projectionRows(ahead.db)
    expect(projectionRows(b.db)).toEqual(rows)
    expect(projectionRows(rebuilt(b, 0).db)).toEqual(rows)
    // And redo brings it back on the laptop that is ahead, after B's undo.
    const redone = await call<MatchView>(ahead, 'matches:redo', { id: match.id })
    expect(redone.actions).toHaveLength(1)
  })

  it('a rename made 5 s after another, having seen it, wins: in its own answer and on every laptop', async () => {
    const ahead = laptop(TEN_MINUTES)
    const b = laptop(0)
    const { ana } = await table(ahead, [b])
    await call(ahead, 'players:rename', { id: ana.id, name: 'Anna' })
    await importEvents(b, allEvents(ahead))
    world.now += 5_000
    const answer = await call<Player>(b, 'players:rename', { id: ana.id, name: 'Annie' })
    expect(answer.name).toBe('Annie')
    await importEvents(ahead, allEvents(b))
    const c = laptop(-TEN_MINUTES)
    await importEvents(c, allEvents(b))
    for (const l of [ahead, b, c]) {
      const players = await call<Player[]>(l, 'players:list', { includeArchived: true })
      expect(players.find((p) => p.id === ana.id)?.name).toBe('Annie')
    }
    const rows = projectionRows(ahead.db)
    expect(projectionRows(b.db)).toEqual(rows)
    expect(projectionRows(rebuilt(c, -TEN_MINUTES).db)).toEqual(rows)
  })

  it('a season edit, an archive and a night’s venue made after seeing the other laptop’s win everywhere', async () => {
    const ahead = laptop(TEN_MINUTES)
    const b = laptop(0)
    const season = await call<{ id: string }>(ahead, 'seasons:create', {
      name: 'Autumn',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    await call(ahead, 'seasons:update', { id: season.id, name: 'Autumn league', endDate: '2026-12-20' })
    await call(ahead, 'seasons:set-archived', { id: season.id, archived: true })
    await call(ahead, 'nights:set-venue', { date: '2026-11-27', venue: 'The Anchor' })
    await importEvents(b, allEvents(ahead))
    world.now += 5_000
    await call(b, 'seasons:set-archived', { id: season.id, archived: false })
    const edited = await call<{ name: string; endDate: string }>(b, 'seasons:update', {
      id: season.id,
      name: 'Autumn cup',
    })
    expect(edited).toMatchObject({ name: 'Autumn cup', endDate: '2026-12-20' })
    await call(b, 'nights:set-venue', { date: '2026-11-27', venue: 'The Lamb' })
    await importEvents(ahead, allEvents(b))
    for (const l of [ahead, b]) {
      const seasons = await call<{ id: string; name: string; archivedAt: string | null }[]>(l, 'seasons:list', {})
      expect(seasons.find((x) => x.id === season.id)).toMatchObject({ name: 'Autumn cup', archivedAt: null })
      expect(l.db.prepare("SELECT venue FROM night_venues WHERE night = '2026-11-27'").pluck().get()).toBe('The Lamb')
    }
    const rows = projectionRows(ahead.db)
    expect(projectionRows(b.db)).toEqual(rows)
    expect(projectionRows(rebuilt(b, 0).db)).toEqual(rows)
  })
})
