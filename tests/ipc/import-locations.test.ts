/**
 * BG Stats locations: each imported play keeps where it was played (the location's name and BG
 * Stats' id for it) in its match.recorded event; the stats filter by venue (a recorded location,
 * else the venue of the match's game night) and say which venues there are. Numbers are compared
 * with a hand count of the fixture.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExternalImportPreview, ExternalImportReport } from '../../src/shared/import/plan'
import type { MatchView } from '../../src/shared/model/match'
import type { NightList } from '../../src/shared/model/club'
import type { Player } from '../../src/shared/model/player'
import type { HeadToHead, StatsOverview } from '../../src/shared/model/stats'
import { validateEvent } from '../../src/shared/events/validate'
import { projectionDigests } from '../../src/core/services/digest'
import { tempCore } from '../helpers/tmp'
import { rebuiltDigests } from '../helpers/projections'

const FIXTURE = readFileSync(join(__dirname, '../fixtures/bg-stats/two-locations.json'), 'utf8')
const CROWN = 'The Crown, back room'
const KITCHEN = "Bo's kitchen"

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
async function refused(core: Core, channel: string, input: unknown): Promise<{ code: string; message: string }> {
  const r = await core.dispatch(channel, input)
  if (r.ok) throw new Error(`${channel} was accepted`)
  return r.error
}
async function upload(core: Core, text: string): Promise<string> {
  const bytes = Buffer.from(text)
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  return uploadId
}
async function importText(core: Core, text: string): Promise<ExternalImportReport> {
  return call<ExternalImportReport>(core, 'import:external-apply', { uploadId: await upload(core, text) })
}
const count = (core: Core, sql: string): number => core.db.prepare(sql).pluck().get() as number
/** name → [matches, wins] over every game. */
function table(o: StatsOverview): Record<string, [number, number]> {
  return Object.fromEntries(o.players.filter((p) => p.matches > 0).map((p) => [p.name, [p.matches, p.wins]]))
}
/** The fixture with one location's name replaced. */
function withLocationName(id: number, name: string): string {
  const d = JSON.parse(FIXTURE) as { locations: { id: number; name: string }[] }
  for (const l of d.locations) if (l.id === id) l.name = name
  return JSON.stringify(d)
}

describe('BG Stats locations', () => {
  it('keep each play’s location in its event, once however often the file is imported', async () => {
    const core = fresh()
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', {
      uploadId: await upload(core, FIXTURE),
    })
    expect(preview).toMatchObject({ toImport: 5, canApply: true, problems: [] })
    // Only locations of plays to import, "Never used" is not one.
    expect(preview.locations).toEqual([
      { name: KITCHEN, plays: 2 },
      { name: CROWN, plays: 2 },
    ])
    expect((await importText(core, FIXTURE)).matchesRecorded).toBe(5)
    const locations = core.db
      .prepare(
        "SELECT json_extract(payload, '$.location') FROM events WHERE kind = 'match.recorded' ORDER BY json_extract(payload, '$.playedAt')",
      )
      .pluck()
      .all() as (string | null)[]
    expect(locations.map((l) => (l === null ? null : (JSON.parse(l) as unknown)))).toEqual([
      { name: CROWN, sourceId: '1' },
      { name: CROWN, sourceId: '1' },
      { name: KITCHEN, sourceId: '2' },
      { name: KITCHEN, sourceId: '2' },
      null,
    ])
    const events = count(core, 'SELECT count(*) FROM events')
    const again = await importText(core, FIXTURE)
    expect(again).toMatchObject({ matchesRecorded: 0, alreadyImported: 5, playersCreated: 0 })
    expect(count(core, 'SELECT count(*) FROM events')).toBe(events)
  })

  it('filter the stats by venue, as counted by hand, and list the venues', async () => {
    const core = fresh()
    await importText(core, FIXTURE)
    const all = await call<StatsOverview>(core, 'stats:overview', {})
    expect(all.venues).toEqual([KITCHEN, CROWN])
    expect(all.filtered).toBe(false)
    // Hand count: Crown = plays 1 (Ana beats Bo) and 2 (Bo beats Cy); kitchen = 3 (Ana beats Bo and
    // Cy) and 4 (Cy beats Ana); play 5 (Ana beats Bo) has no location.
    expect(table(all)).toEqual({ Ana: [4, 3], Bo: [4, 1], Cy: [3, 1] })
    const crown = await call<StatsOverview>(core, 'stats:overview', { venue: CROWN })
    expect(crown.filtered).toBe(true)
    expect(table(crown)).toEqual({ Ana: [1, 1], Bo: [2, 1], Cy: [1, 0] })
    expect(table(await call<StatsOverview>(core, 'stats:overview', { venue: KITCHEN }))).toEqual({
      Ana: [2, 1],
      Bo: [1, 0],
      Cy: [2, 1],
    })
    expect(table(await call<StatsOverview>(core, 'stats:overview', { venue: 'Nowhere' }))).toEqual({})
    // With the other filters: the kitchen's Nine plays are play 4 only.
    expect(table(await call<StatsOverview>(core, 'stats:overview', { venue: KITCHEN, gameId: 'nine' }))).toEqual({
      Ana: [1, 0],
      Cy: [1, 1],
    })
    expect(table(await call<StatsOverview>(core, 'stats:overview', { venue: CROWN, fromDate: '2024-04-05' }))).toEqual(
      {},
    )

    const [ana, bo] = ['Ana', 'Bo'].map((n) => all.players.find((p) => p.name === n)!.playerId)
    const h2h = await call<HeadToHead>(core, 'stats:head-to-head', { a: ana, b: bo, venue: CROWN })
    expect(h2h.lines[0]).toMatchObject({ gameId: 'all', matches: 1, aAhead: 1, bAhead: 0 })
    const h2hAll = await call<HeadToHead>(core, 'stats:head-to-head', { a: ana, b: bo })
    expect(h2hAll.lines[0]).toMatchObject({ matches: 3, aAhead: 3 })
    const profile = await call<{ matches: number; wins: number }>(core, 'stats:player', {
      playerId: ana,
      venue: KITCHEN,
    })
    expect([profile.matches, profile.wins]).toEqual([2, 1])
    const monthly = await call<{ months: string[]; games: { gameId: string; counts: number[] }[] }>(
      core,
      'stats:monthly',
      { venue: CROWN },
    )
    expect(monthly).toMatchObject({ months: ['2024-04'], games: [{ gameId: 'nine', counts: [2] }] })
  })

  it('count a played match at its night’s venue, rounds included', async () => {
    const core = fresh()
    await importText(core, FIXTURE)
    const players = await call<Player[]>(core, 'players:list', {})
    const [ana, bo] = ['Ana', 'Bo'].map((n) => players.find((p) => p.name === n)!.id)
    const m = await call<MatchView>(core, 'matches:create', { gameId: 'nine', playerIds: [ana, bo] })
    await call(core, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [3, 10] } })
    const night = (await call<NightList>(core, 'nights:list', {})).nights[0]!.date
    await call(core, 'nights:set-venue', { date: night, venue: CROWN })
    const rounds = async (venue: string): Promise<number> => {
      const o = await call<StatsOverview>(core, 'stats:overview', { venue, roundsOf: 'all' })
      return o.players.find((p) => p.playerId === ana)?.games.find((g) => g.gameId === 'nine')?.rounds ?? 0
    }
    expect(await rounds(CROWN)).toBe(1)
    expect(await rounds(KITCHEN)).toBe(0)
    // Finished matches only (the default): the match in progress adds no rounds.
    const finished = await call<StatsOverview>(core, 'stats:overview', { venue: CROWN })
    expect(finished.players.find((p) => p.playerId === ana)?.games.find((g) => g.gameId === 'nine')?.rounds).toBe(0)
    // One name, listed once, whether a location or a night's venue says it.
    expect((await call<StatsOverview>(core, 'stats:overview', {})).venues).toEqual([KITCHEN, CROWN])
    await call(core, 'nights:set-venue', { date: night, venue: 'Library' })
    expect((await call<StatsOverview>(core, 'stats:overview', {})).venues).toEqual([KITCHEN, 'Library', CROWN])
  })

  it('survive an export, an import elsewhere and a rebuild from the events', async () => {
    const a = fresh()
    await importText(a, FIXTURE)
    const incremental = projectionDigests(a.db)
    const crown = table(await call<StatsOverview>(a, 'stats:overview', { venue: CROWN }))

    const { content } = await call<{ content: string }>(a, 'transfer:export-json', {})
    const b = fresh()
    const bytes = Buffer.from(content)
    const { uploadId } = await call<{ uploadId: string }>(b, 'upload:begin', { purpose: 'import', size: bytes.length })
    await call(b, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
    await call(b, 'transfer:import', { uploadId })
    expect(projectionDigests(b.db)).toEqual(incremental)
    expect(table(await call<StatsOverview>(b, 'stats:overview', { venue: CROWN }))).toEqual(crown)

    expect(
      rebuiltDigests(a.dir, (db) =>
        db.prepare("UPDATE matches SET config_json = json_remove(config_json, '$.location')").run(),
      ),
    ).toEqual(incremental)
  })

  it('refuse a bad location name or a missing location, and write nothing', async () => {
    for (const [text, why] of [
      [
        withLocationName(1, 'Crown\u202Eroom'),
        /the location “Crown‹U\+202E›room” \(id 1\) cannot be kept: a location name cannot contain text-direction override/,
      ],
      [
        withLocationName(2, 'Bo\u0007'),
        /“Bo‹U\+0007›” \(id 2\) cannot be kept: a location name cannot contain control characters/,
      ],
      [withLocationName(1, 'x'.repeat(81)), /is at most 80 characters; this one has 81/],
      [withLocationName(1, '   '), /needs a name/],
      [
        FIXTURE.replace('"locationRefId": 2', '"locationRefId": 9'),
        /play 3 \(2024-04-11 20:00, Wild Nine\): its location \(id 9\) is not in the file's list of locations/,
      ],
    ] as const) {
      const core = fresh()
      const uploadId = await upload(core, text)
      const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
      expect(preview.canApply).toBe(false)
      expect(preview.problems.map((p) => p.reason)).toEqual([expect.stringMatching(why)])
      const error = await refused(core, 'import:external-apply', { uploadId })
      expect(error.message).toMatch(why)
      expect(count(core, 'SELECT count(*) FROM events')).toBe(0)
    }
    // A bad name that no imported play uses stops nothing.
    expect((await importText(fresh(), withLocationName(3, 'Never\u0000'))).matchesRecorded).toBe(5)
  })

  it('refuse a bad venue in the stats filter and a forged location in an event', async () => {
    const core = fresh()
    for (const venue of ['Crown\u202E', 'a\u0007b', ' Crown', 'x'.repeat(81), '', 7]) {
      const e = await refused(core, 'stats:overview', { venue })
      expect(e.code).toBe('invalid-input')
    }
    await importText(core, FIXTURE)
    const row = core.db
      .prepare("SELECT * FROM events WHERE kind = 'match.recorded' AND json_extract(payload, '$.location') IS NOT NULL")
      .get() as Record<string, unknown>
    const event = {
      id: row.id,
      deviceId: row.device_id,
      deviceSeq: row.device_seq,
      hlc: row.hlc,
      kind: row.kind,
      v: row.v,
      subject: row.subject,
      payload: JSON.parse(row.payload as string) as { location: Record<string, unknown> },
    }
    expect(validateEvent(event).ok).toBe(true)
    for (const location of [
      { name: 'Crown\u202E' },
      { name: 'x'.repeat(81) },
      { name: '' },
      { name: CROWN, sourceId: '' },
      { name: CROWN, extra: 1 },
    ]) {
      const r = validateEvent({ ...event, payload: { ...event.payload, location } })
      expect(r.ok).toBe(false)
    }
  })

  it('come from a CSV location column too, one per play, checked by the same rule', async () => {
    const core = fresh()
    const csv = [
      'date,time,game,player,score,winner,match,Venue',
      '2024-05-02,20:00,Nine,Ana,12,yes,n1,The Crown',
      '2024-05-02,20:00,Nine,Bo,40,no,n1,',
      '2024-05-03,20:00,Nine,Ana,30,no,n2,Library',
      '2024-05-03,20:00,Nine,Bo,8,yes,n2,Library',
      '2024-05-04,20:00,Nine,Ana,5,yes,n3,',
      '2024-05-04,20:00,Nine,Bo,9,no,n3,',
    ].join('\r\n')
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', {
      uploadId: await upload(core, csv),
    })
    expect(preview).toMatchObject({ toImport: 3, canApply: true, problems: [] })
    expect(preview.locations).toEqual([
      { name: 'Library', plays: 1 },
      { name: 'The Crown', plays: 1 },
    ])
    await importText(core, csv)
    const located = core.db
      .prepare(
        "SELECT json_extract(payload, '$.location') FROM events WHERE kind = 'match.recorded' ORDER BY json_extract(payload, '$.playedAt')",
      )
      .pluck()
      .all() as (string | null)[]
    expect(located).toEqual([JSON.stringify({ name: 'The Crown' }), JSON.stringify({ name: 'Library' }), null])
    expect(table(await call<StatsOverview>(core, 'stats:overview', { venue: 'Library' }))).toEqual({
      Ana: [1, 0],
      Bo: [1, 1],
    })
    expect((await importText(core, csv)).matchesRecorded).toBe(0)

    for (const [rows, why] of [
      [
        ['2024-06-01,20:00,Nine,Ana,1,yes,m1,Crown\u202E', '2024-06-01,20:00,Nine,Bo,2,no,m1,'],
        /^the location cannot be kept: a location name cannot contain text-direction override/,
      ],
      [
        ['2024-06-01,20:00,Nine,Ana,1,yes,m1,The Crown', '2024-06-01,20:00,Nine,Bo,2,no,m1,Library'],
        /^the location “Library” differs from “The Crown” on line 2 of the same play/,
      ],
    ] as const) {
      const other = fresh()
      const text = ['date,time,game,player,score,winner,match,location', ...rows].join('\n')
      const p = await call<ExternalImportPreview>(other, 'import:external-preview', {
        uploadId: await upload(other, text),
      })
      expect(p.canApply).toBe(false)
      expect(p.problems).toEqual([{ line: rows[0].includes('\u202E') ? 2 : 3, reason: expect.stringMatching(why) }])
      expect(count(other, 'SELECT count(*) FROM events')).toBe(0)
    }
  })
})
