import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StatsOverview } from '../../src/shared/model/stats'
import type { ImportReport } from '../../src/shared/model/transfer'
import { snapshot, tempCore } from '../helpers/tmp'

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
/** Sends bytes the way the renderer does: begin, base64 chunks, then the channel that uses the upload. */
async function upload(core: Core, purpose: 'import' | 'restore', bytes: Buffer, chunk = 64 * 1024): Promise<string> {
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', { purpose, size: bytes.length })
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++)
    await call(core, 'upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
  return uploadId
}
async function importText(core: Core, text: string) {
  return core.dispatch('transfer:import', { uploadId: await upload(core, 'import', Buffer.from(text)) })
}

async function seedHistory(core: Core): Promise<void> {
  const p = await Promise.all(['Ana', 'Bo', 'Cy'].map((name) => call<{ id: string }>(core, 'players:create', { name })))
  const [a, b, c] = p.map((x) => x.id) as [string, string, string]
  for (const [players, rounds] of [
    [
      [a, b, c],
      [
        [0, [3, 10, 12]],
        [1, [8, 5, 5]],
      ],
    ],
    [
      [a, b],
      [
        [0, [3, 10]],
        [1, [10, 4]],
      ],
    ],
    [[b, c], [[0, [3, 10]]]],
  ] as [string[], [number, number[]][]][]) {
    const m = await call<{ id: string }>(core, 'matches:create', { gameId: 'nine', playerIds: players })
    for (const [d, t] of rounds)
      await call(core, 'matches:apply', { id: m.id, action: { type: 'round', declarer: d, totals: t } })
    await call(core, 'matches:close', { id: m.id, status: 'finished' })
  }
  // One match left in progress.
  const open = await call<{ id: string }>(core, 'matches:create', { gameId: 'nine', playerIds: [c, a] })
  await call(core, 'matches:apply', { id: open.id, action: { type: 'round', declarer: 0, totals: [2, 9] } })
}

const withoutIds = (o: StatsOverview) => o
const csvCells = (line: string): string[] =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
    (m[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'),
  )
interface ExportEvent {
  id: string
  kind: string
  subject: string
  deviceSeq: number
  payload: Record<string, unknown>
}
interface ExportFile {
  events: ExportEvent[]
}

describe('export and import', () => {
  it('export -> import into an empty database gives identical stats; a second import changes nothing', async () => {
    const src = fresh()
    await seedHistory(src)
    const exported = await call<{ fileName: string; content: string }>(src, 'transfer:export-json', {})
    expect(exported.fileName).toMatch(/^ninekeeper-export-\d{4}-\d{2}-\d{2}\.json$/)

    const dst = fresh()
    const first = await importText(dst, exported.content)
    expect(first.ok).toBe(true)
    if (first.ok) expect(first.value as ImportReport).toMatchObject({ playersAdded: 3, matchesAdded: 4, conflicts: [] })
    expect(withoutIds(await call(dst, 'stats:overview', {}))).toEqual(withoutIds(await call(src, 'stats:overview', {})))
    for (const game of ['nine'] as const) {
      expect(await call(dst, 'stats:rating-history', { gameId: game })).toEqual(
        await call(src, 'stats:rating-history', { gameId: game }),
      )
    }
    const matchesA = await call<unknown[]>(src, 'matches:list', {})
    const matchesB = await call<unknown[]>(dst, 'matches:list', {})
    expect(matchesB).toEqual(matchesA)

    const before = snapshot(dst.db)
    const second = await importText(dst, exported.content)
    expect(second.ok).toBe(true)
    if (second.ok)
      expect(second.value).toMatchObject({ playersAdded: 0, matchesAdded: 0, eventsAdded: 0, conflicts: [] })
    const after = snapshot(dst.db)
    delete before.meta
    delete after.meta
    expect(after).toEqual(before)
  })

  it('reports an event that differs under the same id and keeps this computer’s version', async () => {
    const src = fresh()
    await seedHistory(src)
    const { content } = await call<{ content: string }>(src, 'transfer:export-json', {})
    const file = JSON.parse(content) as { events: { kind: string; payload: { name?: string } }[] }
    const created = file.events.find((e) => e.kind === 'player.created') as { payload: { name: string } }
    created.payload.name = 'Renamed elsewhere'
    const dst = fresh()
    await importText(dst, content)
    const r = await importText(dst, JSON.stringify(file))
    expect(r.ok).toBe(true)
    if (r.ok) {
      const rep = r.value as ImportReport
      expect(rep.eventsAdded).toBe(0)
      expect(rep.conflicts).toHaveLength(1)
      expect(rep.conflicts[0]?.message).toMatch(/same id .* different content; this computer’s version was kept/)
    }
    const names = (await call<{ name: string }[]>(dst, 'players:list', {})).map((p) => p.name)
    expect(names).not.toContain('Renamed elsewhere')
  })

  it('refuses a malformed, foreign or inconsistent file and changes nothing', async () => {
    const src = fresh()
    await seedHistory(src)
    const other = fresh()
    await seedHistory(other)
    const { content } = await call<{ content: string }>(src, 'transfer:export-json', {})
    const otherFile = JSON.parse(
      (await call<{ content: string }>(other, 'transfer:export-json', {})).content,
    ) as ExportFile
    const dst = fresh()
    await call(dst, 'players:create', { name: 'Zed' })
    const edit = (fn: (f: ExportFile) => void): string => {
      const f = JSON.parse(content) as ExportFile
      fn(f)
      return JSON.stringify(f)
    }
    const started = (f: ExportFile) => f.events.find((e) => e.kind === 'match.started') as ExportEvent
    const cases: [string, string, RegExp?][] = [
      [content.slice(0, content.length / 2), 'invalid-file'],
      ['{"hello": "world"}', 'foreign-file'],
      ['SQLite format 3\u0000 not json', 'invalid-file'],
      [JSON.stringify({ ...JSON.parse(content), version: 99 }), 'unsupported-version'],
      [edit((f) => (f.events = [{ id: 'x' } as unknown as ExportEvent])), 'invalid-file', /event 1/],
      // The names in the engine config disagree with the seats.
      [
        edit((f) => ((started(f).payload.config as { names: string[] }).names = ['Only one'])),
        'invalid-file',
        /name 1 players for 3 seats/,
      ],
      [
        edit((f) => ((started(f).payload.seats as { color: string | null }[])[0]!.color = 'javascript:alert(1)')),
        'invalid-file',
        /colour/,
      ],
      [edit((f) => (started(f).payload.houseRules = { sneaky: true })), 'invalid-file', /house rule/],
      [
        edit((f) => (f.events.find((e) => e.kind === 'match.action')!.kind = 'match.teleported')),
        'invalid-file',
        /known kind/,
      ],
      // An undo that points into another match.
      [
        edit((f) => {
          const undo = otherFile.events.find((e) => e.kind === 'match.started') as ExportEvent
          const action = f.events.find((e) => e.kind === 'match.action') as ExportEvent
          f.events.push({
            ...action,
            id: '0190f5c2-9999-7000-8000-000000009999',
            kind: 'match.undone',
            subject: undo.subject,
            deviceSeq: 999,
            payload: { target: action.id },
          })
        }),
        'invalid-file',
        /outside its match/,
      ],
    ]
    for (const [text, code, message] of cases) {
      const before = snapshot(dst.db)
      const r = await importText(dst, text)
      expect(r.ok, code).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe(code)
        expect(r.error.message).toMatch(/Nothing was changed/)
        if (message) expect(r.error.message).toMatch(message)
      }
      expect(snapshot(dst.db)).toEqual(before)
    }
  })

  it('reads a file with a byte-order mark', async () => {
    const src = fresh()
    await seedHistory(src)
    const { content } = await call<{ content: string }>(src, 'transfer:export-json', {})
    const dst = fresh()
    const r = await importText(dst, `\ufeff${content}`)
    expect(r.ok && (r.value as ImportReport).matchesAdded).toBe(4)
  })

  it('still reads an export of the first format (rows and per-match logs)', async () => {
    const dst = fresh()
    const P = ['0190f5c2-0001-7000-8000-000000000001', '0190f5c2-0002-7000-8000-000000000002']
    const dev = '0190f5c2-0000-7000-8000-00000000d001'
    const hlc = (n: number) =>
      `${String(Date.parse('2026-10-01T19:00:00.000Z') + n * 1000).padStart(15, '0')}.000000.${dev}`
    const v1 = {
      format: 'ninekeeper-export',
      version: 1,
      schemaVersion: 3,
      exportedAt: '2026-10-02T00:00:00.000Z',
      players: P.map((id, i) => ({
        id,
        name: ['Ana', 'Bo'][i],
        color: null,
        archivedAt: null,
        createdAt: '2026-10-01T18:00:00.000Z',
        updatedAt: '2026-10-01T18:00:00.000Z',
      })),
      matches: [
        {
          id: '0190f5c2-0010-7000-8000-000000000010',
          gameId: 'nine',
          config: { names: ['Ana', 'Bo'] },
          houseRules: {},
          createdAt: '2026-10-01T19:00:00.000Z',
          deviceId: dev,
          seats: P.map((playerId, seat) => ({ seat, playerId, color: null })),
          events: [
            {
              id: '0190f5c2-0101-7000-8000-000000000101',
              seq: 0,
              kind: 'action',
              payload: { type: 'round', declarer: 0, totals: [3, 10] },
              supersedes: null,
              deviceId: dev,
              deviceSeq: 2,
              hlc: hlc(1),
              createdAt: '2026-10-01T19:00:01.000Z',
            },
            {
              id: '0190f5c2-0102-7000-8000-000000000102',
              seq: 1,
              kind: 'void',
              payload: { status: 'finished' },
              supersedes: null,
              deviceId: dev,
              deviceSeq: 3,
              hlc: hlc(2),
              createdAt: '2026-10-01T19:00:02.000Z',
            },
          ],
        },
      ],
    }
    const r = await importText(dst, JSON.stringify(v1))
    expect(r.ok && r.value).toMatchObject({ playersAdded: 2, matchesAdded: 1, conflicts: [] })
    const [m] = await call<{ status: string; winners: string[] }[]>(dst, 'matches:list', {})
    expect(m).toMatchObject({ status: 'finished', winners: ['Ana'] })
    // The same file again adds nothing: the conversion gives the same event ids every time.
    const again = await importText(dst, JSON.stringify(v1))
    expect(again.ok && again.value).toMatchObject({ eventsAdded: 0, conflicts: [] })
  })

  it('exports CSV per table, safe for spreadsheets', async () => {
    const src = fresh()
    await seedHistory(src)
    await call(src, 'players:create', { name: '=HYPERLINK("x")' })
    const players = await call<{ content: string }>(src, 'transfer:export-csv', { table: 'players' })
    // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect(
      players.content.startsWith('\uFEFFid,name,color,archived_at,created_at,updated_at,status,merged_into\r\n'),
    ).toBe(true)
    expect(players.content).toContain(`"'=HYPERLINK(""x"")"`)
    const rounds = await call<{ content: string }>(src, 'transfer:export-csv', { table: 'rounds' })
    const roundLines = rounds.content.slice(1).trim().split('\r\n')
    expect(roundLines).toHaveLength(1 + 3 * 2 + 2 * 2 + 2 + 2)
    // Round details as their own columns (1/0 for yes/no), never as JSON.
    const rh = csvCells(roundLines[0]!)
    expect(rh).not.toContain('details_json')
    expect(rh).toEqual(
      expect.arrayContaining(['declared', 'declared_won', 'declared_failed', 'hand_total', 'local_time', 'local_date']),
    )
    const first = Object.fromEntries(rh.map((c, i) => [c, csvCells(roundLines[1]!)[i]]))
    expect(first).toMatchObject({ player: 'Ana', declared: '1', declared_won: '1', other_details: '', score: '0' })
    expect(rounds.content).not.toContain('{')
    const matches = await call<{ content: string }>(src, 'transfer:export-csv', { table: 'matches' })
    const matchLines = matches.content.slice(1).trim().split('\r\n')
    expect(matchLines).toHaveLength(5)
    // Winners by name, as the Matches screen lists them.
    const mh = csvCells(matchLines[0]!)
    expect(mh).not.toContain('winners_json')
    const listed = await call<{ id: string; winners: string[] }[]>(src, 'matches:list', {})
    for (const line of matchLines.slice(1)) {
      const cells = csvCells(line)
      const m = listed.find((x) => x.id === cells[mh.indexOf('id')])!
      expect(cells[mh.indexOf('winners')]).toBe(m.winners.join(' | '))
    }
    expect(listed.some((m) => m.winners.length > 0)).toBe(true)
  })

  it('bounds uploads: size announced, order, and one use', async () => {
    const core = fresh()
    const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', { purpose: 'import', size: 4 })
    expect((await core.dispatch('upload:chunk', { uploadId, index: 1, data: 'AAAA' })).ok).toBe(false)
    expect(
      (await core.dispatch('upload:chunk', { uploadId, index: 0, data: Buffer.from('12345').toString('base64') })).ok,
    ).toBe(false)
    expect((await core.dispatch('transfer:import', { uploadId })).ok).toBe(false)
    const id2 = await upload(core, 'restore', Buffer.from('x'))
    const wrongUse = await core.dispatch('transfer:import', { uploadId: id2 })
    expect(wrongUse.ok).toBe(false)
    writeFileSync(join(core.dir, 'unrelated.txt'), 'x')
  })

  it('keeps at most four uploads open, so a page cannot reserve unbounded disk', async () => {
    const core = fresh()
    const open: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = await core.dispatch('upload:begin', { purpose: 'import', size: 1024 })
      if (r.ok) open.push((r.value as { uploadId: string }).uploadId)
    }
    const refused = await core.dispatch('upload:begin', { purpose: 'import', size: 1024 })
    expect(refused).toMatchObject({ ok: false, error: { code: 'too-many-uploads' } })
    // Finishing or cancelling one frees a place.
    await call(core, 'upload:cancel', { uploadId: open[0] })
    expect((await core.dispatch('upload:begin', { purpose: 'import', size: 1024 })).ok).toBe(true)
  })
})
