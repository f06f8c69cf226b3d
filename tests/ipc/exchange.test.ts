/**
 * Several data folders (laptops) exchanging exports, as a club does without sync: same-name
 * newcomers, a rename, conflicting corrections, undo, a player merge. They must end with the same
 * events, the same projections (digests of every table) and the same stats; repeating the exchange
 * changes nothing. Also: restore then import then score, and gap-free device numbers everywhere.
 */
import { cpSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { eventIds, projectionDigests, projectionRows } from '../../src/core/services/digest'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { ImportReport } from '../../src/shared/model/transfer'
import { tempDir } from '../helpers/tmp'

type Laptop = ReturnType<typeof createCore> & { dir: string; name: string }
const open: Laptop[] = []
const dirs: (() => void)[] = []
afterEach(() => {
  for (const l of open.splice(0)) if (l.db.open) l.close()
  for (const c of dirs.splice(0)) c()
})

function laptop(name: string, startIso = '2026-11-30T18:00:00.000Z', dir?: string): Laptop {
  let d = dir
  if (!d) {
    const t = tempDir()
    dirs.push(t.cleanup)
    d = t.dir
  }
  let t = Date.parse(startIso)
  const core = createCore({
    dataDir: d,
    mode: 'web',
    version: 'test',
    clock: () => new Date((t += 700)),
    log: () => {},
    autoBackup: false,
  })
  const l = Object.assign(core, { dir: d, name })
  open.push(l)
  return l
}

async function call<T>(l: Laptop, channel: string, input: unknown): Promise<T> {
  const r = await l.dispatch(channel, input)
  if (!r.ok) throw new Error(`${l.name} ${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

async function send(from: Laptop, to: Laptop): Promise<ImportReport> {
  const { content } = await call<{ content: string }>(from, 'transfer:export-json', {})
  const bytes = Buffer.from(content)
  const { uploadId } = await call<{ uploadId: string }>(to, 'upload:begin', { purpose: 'import', size: bytes.length })
  const chunk = 512 * 1024
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++)
    await call(to, 'upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
  return call<ImportReport>(to, 'transfer:import', { uploadId })
}

const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })
const player = async (l: Laptop, name: string) => call<Player>(l, 'players:create', { name })
const byName = async (l: Laptop, name: string) =>
  (await call<Player[]>(l, 'players:list', { includeArchived: true })).filter((p) => p.name === name)

function expectGapFree(l: Laptop): void {
  const rows = l.db.prepare('SELECT device_id, device_seq FROM events ORDER BY device_id, device_seq').all() as {
    device_id: string
    device_seq: number
  }[]
  const next = new Map<string, number>()
  for (const r of rows) {
    expect(r.device_seq, `${l.name}: device ${r.device_id}`).toBe((next.get(r.device_id) ?? 0) + 1)
    next.set(r.device_id, r.device_seq)
  }
}

async function expectSame(laptops: Laptop[]): Promise<void> {
  const [first, ...rest] = laptops as [Laptop, ...Laptop[]]
  for (const l of rest) {
    expect(eventIds(l.db), `${l.name} events`).toEqual(eventIds(first.db))
    expect(projectionRows(l.db), `${l.name} projections`).toEqual(projectionRows(first.db))
    expect(await call(l, 'stats:overview', {})).toEqual(await call(first, 'stats:overview', {}))
    expect(await call(l, 'matches:list', {})).toEqual(await call(first, 'matches:list', {}))
  }
  for (const l of laptops) expectGapFree(l)
}

/** A rebuild from the events alone gives exactly the rows the incremental writes left. */
function expectRebuildEqual(l: Laptop): void {
  const incremental = projectionRows(l.db)
  const digests = projectionDigests(l.db)
  l.db.prepare("INSERT INTO meta (key, value) VALUES ('projections_rebuild_needed', '1')").run()
  l.close()
  const again = laptop(`${l.name} (rebuilt)`, '2026-12-01T00:00:00.000Z', l.dir)
  expect(projectionRows(again.db)).toEqual(incremental)
  expect(projectionDigests(again.db)).toEqual(digests)
}

describe('laptops exchanging exports', () => {
  it('two laptops converge: same-name newcomers, a rename, conflicting corrections, undo and a merge', async () => {
    const a = laptop('A')
    const b = laptop('B', '2026-11-30T18:00:00.300Z')
    const ana = await player(a, 'Ana')
    const bo = await player(a, 'Bo')
    await player(a, 'Zoe')
    await player(b, 'Zoe')
    const m = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call(a, 'matches:apply', { id: m.id, action: round(0, [3, 10]) })
    await call(a, 'matches:apply', { id: m.id, action: round(1, [12, 4]) })
    await call(a, 'matches:close', { id: m.id, status: 'finished' })

    expect((await send(a, b)).conflicts.map((c) => c.message)).toEqual([
      'There are now 2 players called “Zoe” (each computer added its own). If they are the same person, use “Merge into…” on the Players screen.',
    ])
    await send(b, a)
    await expectSame([a, b])
    expect(await byName(a, 'Zoe')).toHaveLength(2)

    // Offline edits on both: a rename on A, two different corrections of round 2, a merge on B.
    await call(a, 'players:rename', { id: bo.id, name: 'Hugh' })
    const entry2 = (await call<MatchView>(a, 'matches:get', { id: m.id })).actions[1]!.eventId
    await call(a, 'matches:correct', { id: m.id, eventId: entry2, action: round(1, [24, 4]) })
    await call(b, 'matches:correct', { id: m.id, eventId: entry2, action: round(1, [14, 4]) })
    const [zoe1, zoe2] = await byName(b, 'Zoe')
    await call(b, 'players:merge', { from: zoe2!.id, into: zoe1!.id })
    const bm = await call<MatchView>(b, 'matches:create', { gameId: 'nine', playerIds: [zoe1!.id, ana.id] })
    await call(b, 'matches:apply', { id: bm.id, action: round(0, [1, 2]) })
    await call(b, 'matches:apply', { id: bm.id, action: round(1, [5, 5]) })
    await call(b, 'matches:undo', { id: bm.id })

    const intoA = await send(b, a)
    expect(intoA.conflicts.map((c) => c.message)).toEqual([
      expect.stringMatching(
        /^Nine, 30 Nov 2026, Ana · Hugh: entry 2 was corrected differently on two computers; the later correction \((this|another) computer, \d\d:\d\d UTC\) now shows\. Both are in the match’s history\.$/,
      ),
    ])
    await send(a, b)
    await expectSame([a, b])
    // Both corrections are kept with their device; the later one by the log's clock is in force on both laptops.
    const history = await call<MatchHistoryEntry[]>(a, 'matches:history', { id: m.id })
    const corrections = history.filter((h) => h.kind === 'correction').sort((x, y) => (x.hlc < y.hlc ? -1 : 1))
    expect(corrections.map((h) => h.inForce)).toEqual([false, true])
    expect(new Set(corrections.map((h) => h.deviceId)).size).toBe(2)
    expect(new Set(corrections.map((h) => JSON.stringify(h.action)))).toEqual(
      new Set([JSON.stringify(round(1, [24, 4])), JSON.stringify(round(1, [14, 4]))]),
    )
    for (const l of [a, b])
      expect((await call<MatchView>(l, 'matches:get', { id: m.id })).actions[1]!.action).toEqual(corrections[1]!.action)
    expect((await call<Player[]>(b, 'players:list', {})).map((p) => p.name)).toEqual(['Ana', 'Hugh', 'Zoe'])

    // Repeating the exchange adds nothing and reports nothing.
    const digests = projectionDigests(a.db)
    expect(await send(a, b)).toMatchObject({ eventsAdded: 0, conflicts: [] })
    expect(await send(b, a)).toMatchObject({ eventsAdded: 0, conflicts: [] })
    expect(projectionDigests(a.db)).toEqual(digests)
    await expectSame([a, b])
    expectRebuildEqual(a)
  })

  it('three laptops exchanging in a ring converge, and again changes nothing', async () => {
    const ls = [laptop('A'), laptop('B', '2026-11-30T18:00:00.100Z'), laptop('C', '2026-11-30T18:00:00.200Z')]
    for (const [i, l] of ls.entries()) {
      const p = await player(l, `P${i}`)
      const q = await player(l, 'Newcomer')
      const m = await call<MatchView>(l, 'matches:create', { gameId: 'wild-nine', playerIds: [p.id, q.id] })
      await call(l, 'matches:apply', { id: m.id, action: { type: 'round', wentOut: 0, points: [0, 12 + i] } })
    }
    for (let pass = 0; pass < 2; pass++) for (let i = 0; i < 3; i++) await send(ls[i]!, ls[(i + 1) % 3]!)
    await expectSame(ls)
    expect(await byName(ls[0]!, 'Newcomer')).toHaveLength(3)
    for (let i = 0; i < 3; i++)
      expect(await send(ls[i]!, ls[(i + 1) % 3]!)).toMatchObject({ eventsAdded: 0, conflicts: [] })
    await expectSame(ls)
  })

  it('a data folder copied to another laptop gets its own device id', async () => {
    const a = laptop('A')
    const ana = await player(a, 'Ana')
    const bo = await player(a, 'Bo')
    const m = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call(a, 'matches:apply', { id: m.id, action: round(0, [3, 10]) })
    a.close()
    const t = tempDir()
    dirs.push(t.cleanup)
    cpSync(a.dir, t.dir, { recursive: true })
    const a2 = laptop('A again', '2026-11-30T19:00:00.000Z', a.dir)
    const copy = laptop('copy', '2026-11-30T19:00:00.000Z', t.dir)
    await call(a2, 'matches:apply', { id: m.id, action: round(1, [12, 4]) })
    await call(copy, 'matches:apply', { id: m.id, action: round(0, [2, 14]) })
    const devices = (l: Laptop) => l.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").pluck().get()
    expect(devices(copy)).not.toBe(devices(a2))
    await send(copy, a2)
    await send(a2, copy)
    await expectSame([a2, copy])
    // Both laptops entered a round 2: Nine rounds never collide, so both are kept, in the log's order.
    const v = await call<MatchView>(a2, 'matches:get', { id: m.id })
    expect(v.actions).toHaveLength(3)
    expect(v.skipped).toHaveLength(0)
  })
})

describe('merging players', () => {
  it('previews, then moves the history and the stats; two seats of one match keep their own results', async () => {
    const a = laptop('A')
    const [ana, anna, bo] = [await player(a, 'Ana'), await player(a, 'Anna'), await player(a, 'Bo')]
    const m1 = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [anna.id, bo.id] })
    await call(a, 'matches:apply', { id: m1.id, action: round(0, [3, 10]) })
    await call(a, 'matches:close', { id: m1.id, status: 'finished' })
    const m2 = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [anna.id, ana.id] })
    await call(a, 'matches:apply', { id: m2.id, action: round(1, [12, 4]) })
    await call(a, 'matches:close', { id: m2.id, status: 'finished' })
    const preview = await call<{ matches: number; sharedMatches: number; message: string }>(
      a,
      'players:merge-preview',
      { from: anna.id, into: ana.id },
    )
    expect(preview).toMatchObject({ matches: 2, sharedMatches: 1 })
    expect(preview.message).toBe(
      '2 matches of Anna will count for Ana; Anna leaves the roster. In 1 match both sat at the table; there each seat keeps its own results.',
    )
    const before = projectionRows(a.db)
    expect(await call<Player>(a, 'players:merge', { from: anna.id, into: ana.id })).toMatchObject({
      name: 'Ana',
      matchCount: 2,
    })
    expect(projectionRows(a.db)).not.toEqual(before)
    expect((await call<Player[]>(a, 'players:list', { includeArchived: true })).map((p) => p.name)).toEqual([
      'Ana',
      'Bo',
    ])
    const ov = await call<{ players: { name: string; matches: number; wins: number }[] }>(a, 'stats:overview', {})
    expect(ov.players.find((p) => p.name === 'Ana')).toMatchObject({ matches: 2, wins: 2 })
    // The month chart's top players: Anna is gone (her wins count for Ana).
    const monthly = await call<{ players: { playerId: string }[] }>(a, 'stats:monthly', {})
    expect(monthly.players.map((p) => p.playerId)).toEqual([ana.id, bo.id])
    expect(await a.dispatch('players:merge', { from: ana.id, into: ana.id })).toMatchObject({
      ok: false,
      error: { code: 'same-player' },
    })
    expect(await a.dispatch('players:merge', { from: anna.id, into: bo.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found', field: 'from' },
    })
    expectRebuildEqual(a)
  })
})

describe('restore, then import, then score', () => {
  it('keeps scoring after a backup is restored and an export of the later rounds is imported', async () => {
    const a = laptop('A')
    const ana = await player(a, 'Ana')
    const bo = await player(a, 'Bo')
    const m = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    const backup = await call<{ name: string }>(a, 'backup:now', {})
    for (const r of [round(0, [3, 10]), round(1, [12, 4]), round(0, [5, 5])])
      await call(a, 'matches:apply', { id: m.id, action: r })
    const { content } = await call<{ content: string }>(a, 'transfer:export-json', {})
    await call(a, 'backup:restore', { name: backup.name })
    expect((await call<MatchView>(a, 'matches:get', { id: m.id })).actions).toHaveLength(0)
    const bytes = Buffer.from(content)
    const { uploadId } = await call<{ uploadId: string }>(a, 'upload:begin', { purpose: 'import', size: bytes.length })
    await call(a, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
    expect(await call<ImportReport>(a, 'transfer:import', { uploadId })).toMatchObject({
      eventsAdded: 3,
      conflicts: [],
    })
    const played = await call<MatchView>(a, 'matches:apply', { id: m.id, action: round(1, [1, 2]) })
    expect(played.actions).toHaveLength(4)
    const again = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [bo.id, ana.id] })
    expect(
      (await call<MatchView>(a, 'matches:apply', { id: again.id, action: round(0, [1, 1]) })).actions,
    ).toHaveLength(1)
    expectGapFree(a)
    // And across a restart.
    a.close()
    const reopened = laptop('A reopened', '2026-12-01T10:00:00.000Z', a.dir)
    expect(
      (await call<MatchView>(reopened, 'matches:apply', { id: m.id, action: round(0, [2, 2]) })).actions,
    ).toHaveLength(5)
    expectGapFree(reopened)
  })

  it('numbers events made after a restore apart from the ones the backup missed (a new device id)', async () => {
    const a = laptop('A')
    const ana = await player(a, 'Ana')
    const bo = await player(a, 'Bo')
    const m = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    const backup = await call<{ name: string }>(a, 'backup:now', {})
    await call(a, 'matches:apply', { id: m.id, action: round(0, [3, 10]) })
    const { content } = await call<{ content: string }>(a, 'transfer:export-json', {})
    await call(a, 'backup:restore', { name: backup.name })
    // Scoring goes on at once; the round the backup missed comes back later from the export.
    await call(a, 'matches:apply', { id: m.id, action: round(1, [12, 4]) })
    const bytes = Buffer.from(content)
    const { uploadId } = await call<{ uploadId: string }>(a, 'upload:begin', { purpose: 'import', size: bytes.length })
    await call(a, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
    expect(await call<ImportReport>(a, 'transfer:import', { uploadId })).toMatchObject({
      eventsAdded: 1,
      conflicts: [],
    })
    expectGapFree(a)
    expect((await call<MatchView>(a, 'matches:get', { id: m.id })).actions).toHaveLength(2)
  })
})
