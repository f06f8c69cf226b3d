/**
 * Issue 16: the long database work runs in the database worker, so the main thread keeps answering;
 * a data file locked by another program gets one accurate answer and nothing changes; a backup that
 * was made reports success even while another program holds the write lock.
 */
import Database from 'better-sqlite3'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { DB_FILE_NAME } from '../../src/core/db/open'
import { LOCKED_MESSAGE } from '../../src/core/worker/handlers'
import { snapshot, tempDir } from '../helpers/tmp'

const open: (() => void)[] = []
afterEach(() => {
  for (const f of open.splice(0).reverse()) f()
})

function core(lockWaitMs = 300): Core & { dir: string; file: string } {
  const t = tempDir()
  let now = Date.parse('2026-12-01T09:00:00.000Z')
  const c = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
    lockWaitMs,
  })
  open.push(() => {
    c.close()
    t.cleanup()
  })
  return { ...c, dir: t.dir, file: join(t.dir, DB_FILE_NAME) }
}

/** Another program's connection to the same file. */
function otherProgram(file: string): Database.Database {
  const db = new Database(file)
  open.push(() => {
    if (db.inTransaction) db.exec('ROLLBACK')
    db.close()
  })
  return db
}

/** The longest gap between ticks of a 5 ms timer on the main thread while `work` runs. */
async function longestGap<T>(work: () => Promise<T>): Promise<{ value: T; gapMs: number }> {
  let last = performance.now()
  let gapMs = 0
  const timer = setInterval(() => {
    const t = performance.now()
    gapMs = Math.max(gapMs, t - last)
    last = t
  }, 5)
  try {
    const value = await work()
    return { value, gapMs: Math.max(gapMs, performance.now() - last) }
  } finally {
    clearInterval(timer)
  }
}

/** A long event log written directly (the export and the backup read it as it is): `n` round entries. */
function bigLog(file: string, n: number): void {
  const db = new Database(file)
  const ins = db.prepare(
    'INSERT INTO events (id, device_id, device_seq, hlc, kind, v, subject, payload) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  )
  const device = '01900000-0000-7000-8000-00000000d001'
  const hex = (x: number, len: number) => x.toString(16).padStart(len, '0')
  db.transaction(() => {
    for (let i = 1; i <= n; i++) {
      const subject = `01900000-0000-7000-8000-${hex(Math.floor(i / 50), 12)}`
      const payload = JSON.stringify({
        action: { type: 'round', wentOut: i % 4, points: [0, 12 + (i % 7), 25, 7 + (i % 11)], note: 'x'.repeat(120) },
      })
      ins.run(
        `01900000-0000-7000-9000-${hex(i, 12)}`,
        device,
        i,
        `${hex(1_700_000_000_000 + i, 12)}.0000.${device}`,
        'match.action',
        subject,
        payload,
      )
    }
  })()
  db.close()
}

describe('the database worker keeps the main thread free', () => {
  it('a long export and a long backup leave the main thread answering (max timer gap well under their own length)', async () => {
    const c = core()
    bigLog(c.file, 80_000)
    // How long the export takes on its own: the main thread must never be held for anything like it.
    const t0 = performance.now()
    const exported = await longestGap(() => c.dispatch('transfer:export-json', {}))
    const exportMs = performance.now() - t0
    expect(exported.value.ok).toBe(true)
    const content = (exported.value as { ok: true; value: { content: string } }).value.content
    expect(JSON.parse(content).events).toHaveLength(80_000)
    const backedUp = await longestGap(() => c.dispatch('backup:now', {}))
    expect(backedUp.value.ok).toBe(true)
    const overview = await longestGap(() => c.dispatch('stats:overview', { from: '2020-01-01T00:00:00.000Z' }))
    expect(overview.value.ok).toBe(true)
    // Liveness, not speed: a timer on the main thread kept firing through work that takes far longer.
    // The export must be long enough for that to mean something (about 0.9 s here for 80,000
    // events; were it on the main thread, the gap would be about its whole length).
    expect(exportMs).toBeGreaterThan(400)
    expect(exported.gapMs).toBeLessThan(exportMs / 2)
    expect(exported.gapMs).toBeLessThan(600)
    expect(backedUp.gapMs).toBeLessThan(600)
    expect(c.worker.started).toBe(true)
  }, 120_000)

  it('the streamed export is byte for byte the export the service builds in memory', async () => {
    const c = core()
    const ana = await c.dispatch('players:create', { name: 'Ana' })
    const bo = await c.dispatch('players:create', { name: 'Bo' })
    expect(ana.ok && bo.ok).toBe(true)
    const streamed = await c.dispatch('transfer:export-json', {})
    const { TransferService } = await import('../../src/core/services/transfer')
    const device = {
      id: () => (c.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value,
    }
    const fixed = () =>
      new Date(JSON.parse((streamed as { ok: true; value: { content: string } }).value.content).exportedAt as string)
    const inMemory = new TransferService(c.db, { device } as never, fixed).exportJson()
    expect(streamed).toEqual(inMemory)
    // The streamed file is gone once its text is handed on.
    expect(readdirSync(join(c.dir, 'exports'))).toEqual([])
  })
})

describe('after an import in the worker, the main thread continues from the clock it left', () => {
  it('a rename made right after importing a rename from a computer whose clock runs 30 s ahead sorts after it, so it shows', async () => {
    const t = tempDir()
    const u = tempDir()
    open.push(t.cleanup, u.cleanup)
    let here = Date.parse('2026-12-01T09:00:00.000Z')
    const a = createCore({
      dataDir: t.dir,
      mode: 'web',
      version: 'test',
      clock: () => new Date((here += 10)),
      log: () => {},
      autoBackup: false,
    })
    const b = createCore({
      dataDir: u.dir,
      mode: 'web',
      version: 'test',
      clock: () => new Date(here + 30_000),
      log: () => {},
      autoBackup: false,
    })
    open.push(
      () => a.close(),
      () => b.close(),
    )
    // This computer has written before (its clock state is in memory), then imports the other's player.
    expect((await a.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const zoe = (await b.dispatch('players:create', { name: 'Zoe' })) as { ok: true; value: { id: string } }
    expect((await b.dispatch('players:rename', { id: zoe.value.id, name: 'Zoë' })).ok).toBe(true)
    const text = ((await b.dispatch('transfer:export-json', {})) as { ok: true; value: { content: string } }).value
      .content
    const up = (await a.dispatch('upload:begin', { purpose: 'import', size: Buffer.byteLength(text) })) as {
      ok: true
      value: { uploadId: string }
    }
    await a.dispatch('upload:chunk', {
      uploadId: up.value.uploadId,
      index: 0,
      data: Buffer.from(text).toString('base64'),
    })
    expect((await a.dispatch('transfer:import', { uploadId: up.value.uploadId })).ok).toBe(true)
    expect((await a.dispatch('players:rename', { id: zoe.value.id, name: 'Zed' })).ok).toBe(true)
    const list = (await a.dispatch('players:list', {})) as { ok: true; value: { name: string }[] }
    const names = list.value.map((p) => p.name).sort()
    expect(names).toEqual(['Ana', 'Zed'])
  })
})

describe('what a killed export leaves behind', () => {
  it('is removed at the next start, and nothing else in that folder is', () => {
    const t = tempDir()
    open.push(t.cleanup)
    mkdirSync(join(t.dir, 'exports'), { recursive: true })
    const leftover = join(t.dir, 'exports', 'export-0d9b5c1e-5a4e-4f7e-9a47-1c2b3d4e5f60.json.partial')
    const mine = join(t.dir, 'exports', 'notes.txt')
    writeFileSync(leftover, '{"format":"ninekeeper-export"')
    writeFileSync(mine, 'kept')
    const c = createCore({ dataDir: t.dir, mode: 'web', version: 'test', log: () => {}, autoBackup: false })
    open.push(() => c.close())
    expect(readdirSync(join(t.dir, 'exports'))).toEqual(['notes.txt'])
  })
})

describe('a data file locked by another program', () => {
  it('a write gets the one accurate message and changes nothing, while reads keep answering', async () => {
    const c = core(300)
    expect((await c.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const before = snapshot(c.db)
    const other = otherProgram(c.file)
    other.exec('BEGIN IMMEDIATE')
    const w0 = performance.now()
    const write = await c.dispatch('players:create', { name: 'Bo' })
    const writeMs = performance.now() - w0
    expect(write).toEqual({ ok: false, error: { code: 'busy', message: LOCKED_MESSAGE } })
    // A read (what a page load asks for) is answered at once, lock or not: it never waits for the lock
    // as the write did (its 300 ms busy timeout). Relative, so a loaded machine slows both alike.
    const t0 = performance.now()
    const list = await c.dispatch('players:list', {})
    expect(list.ok).toBe(true)
    expect(performance.now() - t0).toBeLessThan(writeMs)
    expect((await c.dispatch('transfer:export-json', {})).ok).toBe(true)
    // An import, in the worker, meets the same lock: the same message, nothing imported.
    const laptop = core(300)
    expect((await laptop.dispatch('players:create', { name: 'Cy' })).ok).toBe(true)
    const foreign = ((await laptop.dispatch('transfer:export-json', {})) as { ok: true; value: { content: string } })
      .value.content
    const up = (await c.dispatch('upload:begin', { purpose: 'import', size: Buffer.byteLength(foreign) })) as {
      ok: true
      value: { uploadId: string }
    }
    expect(
      (
        await c.dispatch('upload:chunk', {
          uploadId: up.value.uploadId,
          index: 0,
          data: Buffer.from(foreign).toString('base64'),
        })
      ).ok,
    ).toBe(true)
    const imported = await c.dispatch('transfer:import', { uploadId: up.value.uploadId })
    expect(imported).toEqual({ ok: false, error: { code: 'busy', message: LOCKED_MESSAGE } })
    other.exec('ROLLBACK')
    expect(snapshot(c.db)).toEqual(before)
    // Once the other program lets go, the same write goes through.
    expect((await c.dispatch('players:create', { name: 'Bo' })).ok).toBe(true)
  }, 60_000)

  it('a write waits out a lock that is let go within the wait, and then succeeds', async () => {
    const c = core(3000)
    const other = otherProgram(c.file)
    other.exec('BEGIN IMMEDIATE')
    setTimeout(() => other.exec('COMMIT'), 200)
    const r = await c.dispatch('players:create', { name: 'Ana' })
    expect(r.ok).toBe(true)
  })

  it('a backup made while another program holds the write lock reports success, and the file is there', async () => {
    const c = core(300)
    expect((await c.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const other = otherProgram(c.file)
    other.exec('BEGIN IMMEDIATE')
    other
      .prepare(
        "INSERT INTO meta (key, value) VALUES ('other', 'program') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run()
    const r = await c.dispatch('backup:now', {})
    expect(r.ok).toBe(true)
    const name = (r as { ok: true; value: { name: string } }).value.name
    const copy = new Database(join(c.dir, 'backups', name), { readonly: true })
    expect(copy.prepare('SELECT name FROM players').pluck().all()).toEqual(['Ana'])
    copy.close()
    other.exec('ROLLBACK')
  })
})
