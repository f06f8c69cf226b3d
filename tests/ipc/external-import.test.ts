/**
 * Import from BG Stats and the documented CSV layout, through the dispatcher as the page calls it:
 * upload (purpose external), preview, apply. Recorded matches count in the stats, survive export,
 * import and rebuild, and the same file twice adds nothing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExternalImportPreview, ExternalImportReport } from '../../src/shared/import/plan'
import type { MatchSummary, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { StatsOverview } from '../../src/shared/model/stats'
import { projectionDigests, projectionRows } from '../../src/core/services/digest'
import { tempCore } from '../helpers/tmp'
import { rebuiltDigests } from '../helpers/projections'

const SAMPLE = readFileSync(join(__dirname, '../fixtures/bg-stats/club-backup.json'))
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
async function upload(core: Core, bytes: Buffer, purpose = 'external'): Promise<string> {
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', { purpose, size: bytes.length })
  for (let i = 0, n = 0; i < bytes.length; i += 64 * 1024, n++)
    await call(core, 'upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + 64 * 1024).toString('base64') })
  return uploadId
}
const CHOICES = { games: { 'Nine (club rules)': 'nine' } }
const count = (core: Core, sql: string): number => (core.db.prepare(sql).pluck().get() as number) ?? 0

async function importSample(core: Core): Promise<ExternalImportReport> {
  const uploadId = await upload(core, SAMPLE)
  return call<ExternalImportReport>(core, 'import:external-apply', { uploadId, choices: CHOICES })
}

describe('import from BG Stats', () => {
  it('previews without writing, then imports what the preview showed, merged by name', async () => {
    const core = fresh()
    const ana = await call<Player>(core, 'players:create', { name: 'ana' })
    const uploadId = await upload(core, SAMPLE)
    const eventsBefore = count(core, 'SELECT count(*) FROM events')
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId, choices: CHOICES })
    expect(count(core, 'SELECT count(*) FROM events')).toBe(eventsBefore)
    expect(preview).toMatchObject({ kind: 'bg-stats', toImport: 4, alreadyImported: 0, canApply: true, problems: [] })
    expect(preview.perGame).toEqual([
      { gameId: 'wild-nine', plays: 2 },
      { gameId: 'nine', plays: 1 },
      { gameId: 'seven-eight-nine', plays: 1 },
    ])
    expect(preview.players.map((p) => [p.name, p.action, p.playerId])).toEqual([
      ['Ana', 'match', ana.id],
      ['Anonymous', 'create', null],
      ['bo', 'create', null],
      ['Cy Twombly', 'create', null],
    ])
    expect(preview.duplicates).toHaveLength(1)
    expect(preview.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/Catan/),
      expect.stringMatching(/ignored/),
      expect.stringMatching(/12.5/),
    ])

    // The same upload can be previewed again with other choices, then applied.
    const report = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId, choices: CHOICES })
    expect(report).toEqual({
      kind: 'bg-stats',
      playersCreated: 3,
      matchesRecorded: 4,
      alreadyImported: 0,
      skipped: 3,
      duplicates: 1,
    })
    const players = await call<Player[]>(core, 'players:list', {})
    expect(players.map((p) => p.name).sort((x, y) => x.localeCompare(y))).toEqual([
      'ana',
      'Anonymous',
      'bo',
      'Cy Twombly',
    ])
    const list = await call<MatchSummary[]>(core, 'matches:list', {})
    expect(list).toHaveLength(4)
    expect(list.every((m) => m.recorded?.kind === 'bg-stats' && m.status === 'finished' && m.roundsPlayed === 0)).toBe(
      true,
    )
    const wild = list.find((m) => m.gameId === 'wild-nine' && m.players.length === 3) as MatchSummary
    expect(wild.winners).toEqual(['ana'])
    // Played on its own local day (the test machine's zone), with its summary naming players as they are now.
    expect(wild.localDate).toBe('2024-03-07')
    expect(wild.summary).toBe('Recorded (imported from BG Stats): ana wins with 12. Played at The Crown, back room.')
    expect(count(core, 'SELECT count(*) FROM round_results')).toBe(0)
    // The upload is gone once imported.
    expect((await core.dispatch('import:external-preview', { uploadId })).ok).toBe(false)
  })

  it('importing the same file twice adds nothing, and the preview says already imported', async () => {
    const core = fresh()
    await importSample(core)
    const rows = projectionRows(core.db)
    const events = count(core, 'SELECT count(*) FROM events')
    const uploadId = await upload(core, SAMPLE)
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId, choices: CHOICES })
    expect(preview).toMatchObject({ toImport: 0, alreadyImported: 4, canApply: false })
    // Every player is now matched by name: none would be created.
    expect(preview.players).toEqual([])
    const again = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId, choices: CHOICES })
    expect(again).toMatchObject({ playersCreated: 0, matchesRecorded: 0, alreadyImported: 4 })
    expect(count(core, 'SELECT count(*) FROM events')).toBe(events)
    expect(projectionRows(core.db)).toEqual(rows)
  })

  it('a recorded win counts in wins, placements, streaks, ratings and head-to-head', async () => {
    const core = fresh()
    await importSample(core)
    const overview = await call<StatsOverview>(core, 'stats:overview', {})
    const cy = overview.players.find((p) => p.name === 'Cy Twombly')
    const bo = overview.players.find((p) => p.name === 'bo')
    // Cy: Wild Nine 3rd, Seven Eight Nine lost, Nine won (in that order).
    expect(cy).toMatchObject({ matches: 3, wins: 1, currentStreak: 1, longestStreak: 1 })
    expect(cy?.games.find((g) => g.gameId === 'nine')).toMatchObject({
      matches: 1,
      wins: 1,
      avgPlacement: 1,
      rounds: 0,
    })
    expect(cy?.games.find((g) => g.gameId === 'nine')?.rating?.matches).toBe(1)
    // bo: Wild Nine 2nd, Seven Eight Nine won, Nine 3rd, Wild Nine won against Anonymous.
    expect(bo).toMatchObject({ matches: 4, wins: 2, currentStreak: 1, longestStreak: 1 })
    const board = overview.leaderboards.find((l) => l.gameId === 'seven-eight-nine')
    expect(board?.rows.map((r) => [r.name, r.wins, r.matches])).toEqual([
      ['bo', 1, 1],
      ['Cy Twombly', 0, 1],
    ])
    const h2h = await call<{ lines: { gameId: string; aWins: number; bWins: number; matches: number }[] }>(
      core,
      'stats:head-to-head',
      { a: bo!.playerId, b: cy!.playerId },
    )
    expect(h2h.lines.find((l) => l.gameId === 'all')).toMatchObject({ matches: 3, aWins: 1, bWins: 1 })
  })

  it('a recorded match cannot be played on or edited; abandoning it takes it out of the stats, and undo puts it back', async () => {
    const core = fresh()
    await importSample(core)
    const [m] = (await call<MatchSummary[]>(core, 'matches:list', { gameId: 'seven-eight-nine' })) as [MatchSummary]
    const view = await call<MatchView>(core, 'matches:get', { id: m.id })
    expect(view.recorded).toEqual({ kind: 'bg-stats' })
    const play = await core.dispatch('matches:apply', { id: m.id, action: { type: 'draw' } })
    expect(play).toMatchObject({ ok: false, error: { code: 'recorded-match' } })
    expect(await core.dispatch('matches:close', { id: m.id, status: 'finished' })).toMatchObject({
      ok: false,
      error: { code: 'recorded-match' },
    })
    const winsOf = async (name: string) =>
      (await call<StatsOverview>(core, 'stats:overview', {})).players.find((p) => p.name === name)?.wins
    expect(await winsOf('bo')).toBe(2)
    const abandoned = await call<MatchView>(core, 'matches:close', { id: m.id, status: 'abandoned' })
    expect(abandoned.status).toBe('abandoned')
    expect(await winsOf('bo')).toBe(1)
    const back = await call<MatchView>(core, 'matches:undo', { id: m.id })
    expect(back.status).toBe('finished')
    expect(await winsOf('bo')).toBe(2)
  })

  it('export, import into another computer and a rebuild from the events give the same projections', async () => {
    const a = fresh()
    // A played match beside the recorded ones, so both kinds go through the same paths.
    const [p, q] = await Promise.all(['Ana', 'Zed'].map((name) => call<Player>(a, 'players:create', { name })))
    const m = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [p!.id, q!.id] })
    await call(a, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [3, 10] } })
    await importSample(a)
    await call(a, 'matches:close', {
      id: (await call<MatchSummary[]>(a, 'matches:list', { gameId: 'seven-eight-nine' }))[0]!.id,
      status: 'abandoned',
    })
    const incremental = projectionDigests(a.db)

    const { content } = await call<{ content: string }>(a, 'transfer:export-json', {})
    expect(content).toContain('"kind":"match.recorded"')
    const b = fresh()
    const up = await upload(b, Buffer.from(content), 'import')
    const report = await call<{ matchesAdded: number }>(b, 'transfer:import', { uploadId: up })
    expect(report.matchesAdded).toBe(5)
    expect(projectionDigests(b.db)).toEqual(incremental)

    // Rebuilt from the events alone, on a second connection to the same file.
    expect(rebuiltDigests(a.dir)).toEqual(incremental)
  })
})

describe('import from CSV', () => {
  const CSV =
    '\uFEFFdate;time;game;player;score;winner;rank;match\r\n2024-05-02;20:00;Nine;Ana;12;;1;n1\r\n2024-05-02;20:00;Nine;Bo;40;;2;n1\r\n2024-05-02;21:00;ennea;Ana;3;yes;;\r\n2024-05-02;21:00;ennea;"Bo";5;no;;\r\n'

  it('imports the documented layout, and the same rows again add nothing', async () => {
    const core = fresh()
    const uploadId = await upload(core, Buffer.from(CSV))
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
    expect(preview).toMatchObject({ kind: 'csv', toImport: 2, problems: [], canApply: true })
    const report = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId })
    expect(report).toMatchObject({ kind: 'csv', playersCreated: 2, matchesRecorded: 2 })
    const list = await call<MatchSummary[]>(core, 'matches:list', {})
    expect(list.map((m) => [m.gameId, m.winners, m.recorded?.kind]).sort()).toEqual([
      ['ennea', ['Ana'], 'csv'],
      ['nine', ['Ana'], 'csv'],
    ])
    const again = await call<ExternalImportReport>(core, 'import:external-apply', {
      uploadId: await upload(core, Buffer.from(CSV)),
    })
    expect(again).toMatchObject({ matchesRecorded: 0, alreadyImported: 2, playersCreated: 0 })
  })

  it('refuses the whole file while any row is bad, naming the line and the reason, and changes nothing', async () => {
    const core = fresh()
    const bad = `${CSV}2024-05-02;21:00;ennea;Cy;lots;no;;\r\n`
    const uploadId = await upload(core, Buffer.from(bad))
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
    expect(preview.problems).toEqual([{ line: 6, reason: 'the score “lots” is not a whole number' }])
    expect(preview.canApply).toBe(false)
    const before = projectionRows(core.db)
    const events = count(core, 'SELECT count(*) FROM events')
    const r = await core.dispatch('import:external-apply', { uploadId })
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'invalid-rows',
        message:
          'Nothing was imported: line 6: the score “lots” is not a whole number. Fix the file or the choices and try again.',
      },
    })
    expect(count(core, 'SELECT count(*) FROM events')).toBe(events)
    expect(projectionRows(core.db)).toEqual(before)
  })

  it('refuses a binary file at upload, a Ninekeeper export and JSON that is not BG Stats', async () => {
    const core = fresh()
    const big = Buffer.alloc(2 * 1024 * 1024)
    const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
      purpose: 'external',
      size: big.length,
    })
    const first = await core.dispatch('upload:chunk', {
      uploadId,
      index: 0,
      data: big.subarray(0, 1024 * 1024).toString('base64'),
    })
    expect(first).toMatchObject({ ok: false, error: { code: 'invalid-file' } })
    const own = await core.dispatch('import:external-preview', {
      uploadId: await upload(core, Buffer.from('{"format":"ninekeeper-export","version":2,"events":[]}')),
    })
    expect(own).toMatchObject({ ok: false, error: { code: 'ninekeeper-export' } })
    const other = await core.dispatch('import:external-preview', {
      uploadId: await upload(core, Buffer.from('{"hello":[1,2]}')),
    })
    expect(other).toMatchObject({
      ok: false,
      error: { code: 'invalid-file', message: expect.stringMatching(/not a BG Stats backup/) },
    })
  })
})

describe('old names (issue 27, item 3)', () => {
  it('a name a player had before a rename, or a merged player’s name, means that player; the preview says why', async () => {
    const core = fresh()
    const jonas = await call<Player>(core, 'players:create', { name: 'Jonas' })
    const jonny = await call<Player>(core, 'players:create', { name: 'Jonny' })
    await call(core, 'players:merge', { from: jonny.id, into: jonas.id })
    const bob = await call<Player>(core, 'players:create', { name: 'Bob' })
    await call(core, 'players:rename', { id: bob.id, name: 'Robert' })
    // Two players were once called Sam: the name alone does not say which.
    const s1 = await call<Player>(core, 'players:create', { name: 'Sam' })
    await call(core, 'players:rename', { id: s1.id, name: 'Samuel' })
    const s2 = await call<Player>(core, 'players:create', { name: 'Sam' })
    await call(core, 'players:rename', { id: s2.id, name: 'Samantha' })
    const csv =
      'date,time,game,player,winner,match\n2024-05-02,20:00,Nine,jonny,yes,a\n2024-05-02,20:00,Nine,BOB,no,a\n2024-05-02,20:00,Nine,Sam,no,a\n'
    const uploadId = await upload(core, Buffer.from(csv))
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
    expect(preview.players.map((p) => [p.name, p.action, p.playerId, p.why])).toEqual([
      ['BOB', 'match', bob.id, 'Robert was called “Bob”'],
      ['jonny', 'match', jonas.id, '“Jonny” was merged into Jonas'],
      ['Sam', 'create', null, expect.stringMatching(/^“Sam” was a name of 2 players here \(Samuel, Samantha\)/)],
    ])
    const report = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId })
    expect(report).toMatchObject({ playersCreated: 1, matchesRecorded: 1 })
    const players = await call<Player[]>(core, 'players:list', {})
    expect(players.map((p) => p.name).sort()).toEqual(['Jonas', 'Robert', 'Sam', 'Samantha', 'Samuel'])
  })
})
