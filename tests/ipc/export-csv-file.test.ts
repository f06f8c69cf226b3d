/**
 * transfer:export-csv-file: the database worker writes a CSV table to a file, chunk by chunk on a
 * connection of its own, and answers other requests (its own and the main thread's) meanwhile; the
 * file is byte for byte what transfer:export-csv (the old reply, still answered) gives.
 */
import { mkdirSync, readFileSync, watch } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Output } from '../../src/shared/ipc/contract'
import type { MatchView } from '../../src/shared/model/match'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

/** A Wild Nine match (a name with a comma and a quote), then its round rows copied until there are `rows` of them. */
async function bigRounds(rows: number): Promise<void> {
  const ids: string[] = []
  for (const name of ['Ana, "the quick"', 'Bo', 'Émile'])
    ids.push((await call<{ id: string }>('players:create', { name })).id)
  const m = await call<MatchView>('matches:create', { gameId: 'wild-nine', playerIds: ids })
  for (let i = 0; i < 3; i++)
    await call('matches:apply', {
      id: m.id,
      action: { type: 'round', wentOut: i, points: [0, 1, 2].map((s) => (s === i ? 0 : 7 + s)) },
    })
  const cols = (core.db.prepare('PRAGMA table_info(round_results)').all() as { name: string }[]).map((c) => c.name)
  const copy = core.db.prepare(
    `INSERT INTO round_results (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'round' ? 'round + @k' : c)).join(', ')} FROM round_results`,
  )
  core.db.transaction(() => {
    for (let k = 3; (core.db.prepare('SELECT count(*) FROM round_results').pluck().get() as number) < rows; k *= 2)
      copy.run({ k })
  })()
}

describe('transfer:export-csv-file', () => {
  it('answers other calls while a large rounds export runs, and the file equals the old reply', async () => {
    await bigRounds(40_000)
    const old = await call<Output<'transfer:export-csv'>>('transfer:export-csv', { table: 'rounds' })
    // The export's file appears in the exports folder when the worker starts writing it.
    const dir = join(core.dir, 'exports')
    mkdirSync(dir, { recursive: true })
    const started = new Promise<void>((resolve) => {
      const w = watch(dir, (_, name) => {
        if (name?.endsWith('.csv.partial')) {
          w.close()
          resolve()
        }
      })
    })
    let exportDone = false
    const exporting = core.dispatch('transfer:export-csv-file', { table: 'rounds' }).then((r) => {
      exportDone = true
      return r
    })
    await started
    // A worker call and a main-thread call, both answered before the export is done.
    const overview = await core.dispatch('stats:overview', {})
    const whileExporting = !exportDone
    const players = await core.dispatch('players:list', {})
    expect(overview.ok && players.ok).toBe(true)
    expect(whileExporting).toBe(true)
    const done = await exporting
    if (!done.ok) throw new Error(done.error.message)
    const r = { value: done.value as Output<'transfer:export-csv-file'> }
    expect(r.value.fileName).toBe(old.fileName)
    const file = core.downloads.take(r.value.downloadId)!
    const bytes = readFileSync(file.path)
    expect(bytes.length).toBe(r.value.bytes)
    expect(bytes.toString('utf8')).toBe(old.content)
    expect(r.value.rows).toBe(core.db.prepare('SELECT count(*) FROM round_results').pluck().get())
    await core.downloads.release(file)
  })

  it('gives every table as the old reply does', async () => {
    await bigRounds(30)
    await call('players:rename', { id: (await call<{ id: string }[]>('players:list', {}))[1]!.id, name: '=Bob' })
    for (const table of ['players', 'matches', 'rounds'] as const) {
      const old = await call<Output<'transfer:export-csv'>>('transfer:export-csv', { table })
      const r = await call<Output<'transfer:export-csv-file'>>('transfer:export-csv-file', { table })
      const file = core.downloads.take(r.downloadId)!
      expect(readFileSync(file.path, 'utf8')).toBe(old.content)
      await core.downloads.release(file)
    }
    // A round row outside its match's span of time (and one whose match row is gone): read by the
    // single sorted statement instead of slices, the file still equals the reply.
    const cols = (core.db.prepare('PRAGMA table_info(round_results)').all() as { name: string }[]).map((c) => c.name)
    const first = core.db.prepare('SELECT match_id, seat FROM round_results LIMIT 1').get() as {
      match_id: string
      seat: number
    }
    core.db
      .prepare(
        `INSERT INTO round_results (${cols.join(', ')}) SELECT ${cols
          .map((c) =>
            c === 'round'
              ? '9999999'
              : c === 'played_at'
                ? "'2001-02-03T04:05:06.000Z'"
                : c === 'match_id'
                  ? "'00000000-0000-7000-8000-00000000dead'"
                  : c,
          )
          .join(', ')} FROM round_results WHERE match_id = ? AND seat = ? LIMIT 1`,
      )
      .run(first.match_id, first.seat)
    core.db
      .prepare(
        `INSERT INTO round_results (${cols.join(', ')}) SELECT ${cols
          .map((c) => (c === 'round' ? '9999998' : c === 'played_at' ? "'2001-02-03T04:05:06.000Z'" : c))
          .join(', ')} FROM round_results WHERE match_id = ? AND seat = ? LIMIT 1`,
      )
      .run(first.match_id, first.seat)
    const old = await call<Output<'transfer:export-csv'>>('transfer:export-csv', { table: 'rounds' })
    expect(old.content).toContain('2001-02-03T04:05:06.000Z')
    const r = await call<Output<'transfer:export-csv-file'>>('transfer:export-csv-file', { table: 'rounds' })
    const file = core.downloads.take(r.downloadId)!
    expect(readFileSync(file.path, 'utf8')).toBe(old.content)
    await core.downloads.release(file)
    const bad = await core.dispatch('transfer:export-csv-file', { table: 'events' })
    expect(!bad.ok && bad.error.code).toBe('invalid-input')
  })
})
