/**
 * Issue 11, findings 3, 5 and 8 on the backup side: copies leave nothing behind, are private, are
 * rotated per kind, leftovers of a killed copy are swept at start, a copy that cannot progress is
 * bounded, and a damaged backup passed to Restore is called damaged.
 */
import Database from 'better-sqlite3'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { BackupService, boundedProgress, KEEP_BY_KIND, LEFTOVER_AGE_MS } from '../../src/core/services/backup'
import type { BackupInfo } from '../../src/shared/model/transfer'
import { snapshot, tempCore, tempDir } from '../helpers/tmp'

const POSIX = process.platform !== 'win32'
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})
type Core = ReturnType<typeof tempCore>
function fresh(): Core {
  const c = tempCore()
  cleanups.push(c.cleanup)
  return c
}
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
async function upload(core: Core, bytes: Buffer): Promise<string> {
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'restore',
    size: bytes.length,
  })
  const chunk = 1024 * 1024
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++)
    await call(core, 'upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
  return uploadId
}
const mode = (p: string) => statSync(p).mode & 0o777
const kinds = (info: BackupInfo, kind: string) => info.files.filter((f) => f.kind === kind)

describe('every backup copy', () => {
  it('leaves only the finished file: no .partial, no -wal/-shm/-journal, self-contained and private', async () => {
    const core = fresh()
    await call(core, 'players:create', { name: 'Ana' })
    const b = await call<{ name: string }>(core, 'backup:now', {})
    await core.backups.backupNow('daily')
    await core.backups.backupNow('before-restore')
    const dir = join(core.dir, 'backups')
    const names = readdirSync(dir)
    expect(names).toHaveLength(3)
    for (const n of names) expect(n, n).toMatch(/^ninekeeper\.[0-9TZ-]+\.(manual|daily|before-restore)\.sqlite$/)
    const file = join(dir, b.name)
    // Rollback-journal mode (header bytes 18 and 19 are 1): reading the copy needs no -wal or -shm.
    expect([...readFileSync(file).subarray(18, 20)]).toEqual([1, 1])
    // Reading it (as a restore's check does) leaves nothing behind either.
    const r = new Database(file, { readonly: true })
    expect(r.prepare('SELECT name FROM players').pluck().all()).toEqual(['Ana'])
    r.close()
    expect(readdirSync(dir).sort()).toEqual(names.sort())
    if (POSIX) {
      expect(mode(dir)).toBe(0o700)
      for (const n of names) expect(mode(join(dir, n)), n).toBe(0o600)
    }
  })

  it('restores by name and by upload without leaving side files beside the candidate', async () => {
    const core = fresh()
    await call(core, 'players:create', { name: 'Ana' })
    const b = await call<{ name: string }>(core, 'backup:now', {})
    await call(core, 'players:create', { name: 'Bo' })
    await call(core, 'backup:restore', { name: b.name })
    expect(readdirSync(join(core.dir, 'backups')).filter((n) => !/\.sqlite$/.test(n))).toEqual([])
    await call(core, 'backup:restore', {
      uploadId: await upload(core, readFileSync(join(core.dir, 'backups', b.name))),
    })
    expect(existsSync(join(core.dir, 'uploads')) ? readdirSync(join(core.dir, 'uploads')) : []).toEqual([])
    expect((await call<{ name: string }[]>(core, 'players:list', {})).map((p) => p.name)).toEqual(['Ana'])
  })
})

describe('rotation', () => {
  it('rotates each kind on its own count: manual backups never push out daily ones', async () => {
    const core = fresh()
    await call(core, 'players:create', { name: 'Ana' })
    await call(core, 'backup:set-keep', { keep: 2 })
    await core.backups.backupNow('daily')
    await core.backups.backupNow('daily')
    for (let i = 0; i < 5; i++) await call(core, 'backup:now', {})
    for (let i = 0; i < 5; i++) await core.backups.backupNow('before-restore')
    const dir = join(core.dir, 'backups')
    // Five pre-migration copies, as five upgrades over the years would leave.
    const some = readdirSync(dir)[0] as string
    for (let y = 2021; y <= 2025; y++)
      copyFileSync(
        join(dir, some),
        join(dir, `ninekeeper.v${y - 2020}.before-migration.${y}-01-01T00-00-00-000Z.sqlite`),
      )
    core.backups.rotate()
    const info = await call<BackupInfo>(core, 'backup:info', {})
    expect(kinds(info, 'daily')).toHaveLength(2)
    expect(kinds(info, 'manual')).toHaveLength(2)
    expect(kinds(info, 'before-restore')).toHaveLength(KEEP_BY_KIND['before-restore'] as number)
    expect(kinds(info, 'before-migration').map((f) => f.createdAt)).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
      '2023-01-01T00:00:00.000Z',
    ])
    // Each file's time is read back exactly from its name.
    for (const f of info.files) {
      expect(f.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(f.name).toContain(f.createdAt.replace(/[:.]/g, '-'))
    }
    // The newest of each kind are the ones kept.
    expect(kinds(info, 'manual')[0]?.createdAt).toBe(
      info.files
        .filter((f) => f.kind === 'manual')
        .map((f) => f.createdAt)
        .sort()
        .at(-1),
    )
  })
})

describe('leftovers of a killed copy', () => {
  it('are swept at start once stale; fresh ones and finished backups stay', async () => {
    const { dir, cleanup } = tempDir()
    cleanups.push(cleanup)
    const first = createCore({ dataDir: dir, mode: 'web', version: 't', autoBackup: false, log: () => {} })
    first.db.prepare("INSERT INTO meta (key, value) VALUES ('x', '1') ON CONFLICT DO NOTHING").run()
    const kept = await first.backups.backupNow('manual')
    first.close()
    expect(kept.ok).toBe(true)
    const backups = join(dir, 'backups')
    const stale = [
      'ninekeeper.2026-01-01T00-00-00-000Z.manual.sqlite.partial',
      'ninekeeper.2026-01-01T00-00-00-000Z.manual.sqlite.partial-journal',
      'ninekeeper.2026-01-01T00-00-00-000Z.daily.sqlite.partial-wal',
      'ninekeeper.2026-01-01T00-00-00-000Z.daily.sqlite.partial-shm',
      'ninekeeper.v2.before-migration.2026-01-01T00-00-00-000Z.sqlite.partial',
      `${kept.ok ? kept.value.name : ''}-wal`,
    ]
    const old = (Date.now() - LEFTOVER_AGE_MS - 60_000) / 1000
    for (const n of stale) {
      writeFileSync(join(backups, n), 'half a copy')
      utimesSync(join(backups, n), old, old)
    }
    const fresh = 'ninekeeper.2026-01-02T00-00-00-000Z.manual.sqlite.partial'
    writeFileSync(join(backups, fresh), 'a copy in progress elsewhere')
    writeFileSync(join(backups, 'notes.txt'), 'not ours to remove')
    utimesSync(join(backups, 'notes.txt'), old, old)

    const second = createCore({ dataDir: dir, mode: 'web', version: 't', autoBackup: false, log: () => {} })
    try {
      const left = readdirSync(backups).sort()
      expect(left).toEqual([kept.ok ? kept.value.name : '', fresh, 'notes.txt'].sort())
      // A .partial is never listed (so never offered for restore).
      expect(second.backups.list().map((f) => f.name)).toEqual([kept.ok ? kept.value.name : ''])
    } finally {
      second.close()
    }
  })
})

describe('a copy that cannot progress', () => {
  it('fails with a message within its bound instead of spinning, and the next backup works', async () => {
    const core = fresh()
    await call(core, 'players:create', { name: 'Ana' })
    const fixed = new Date('2026-01-01T00:00:00.000Z')
    const service = new BackupService(
      core.db,
      join(core.dir, 'ninekeeper.sqlite'),
      () => fixed,
      () => {},
      { stallMs: 300, totalMs: 5_000 },
    )
    const partial = join(
      core.dir,
      'backups',
      `ninekeeper.${fixed.toISOString().replace(/[:.]/g, '-')}.manual.sqlite.partial`,
    )
    // Another process holds the copy's file locked, so every backup step answers SQLITE_BUSY.
    mkdirSync(join(core.dir, 'backups'), { recursive: true })
    const locker = new Database(partial)
    locker.exec('CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);')
    const t0 = Date.now()
    let r
    try {
      r = await service.backupNow('manual')
    } finally {
      locker.close()
    }
    expect(Date.now() - t0).toBeLessThan(3_000)
    expect(r).toMatchObject({ ok: false, error: { code: 'backup-failed' } })
    expect(r.ok ? '' : r.error.message).toMatch(/could not start|no progress/)
    expect(readdirSync(join(core.dir, 'backups'))).toEqual([])
    const again = await service.backupNow('manual')
    expect(again.ok).toBe(true)
  }, 20_000)

  it('stops a copy that stalls half-way (the data file locked by another process) instead of spinning', async () => {
    const { dir, cleanup } = tempDir()
    cleanups.push(cleanup)
    const file = join(dir, 'ninekeeper.sqlite')
    // A source in rollback-journal mode, big enough for many small steps.
    const source = new Database(file, { timeout: 50 })
    source.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE blob (b BLOB)')
    const insert = source.prepare('INSERT INTO blob VALUES (randomblob(4000))')
    source.transaction(() => {
      for (let i = 0; i < 8000; i++) insert.run()
    })()
    const service = new BackupService(
      source,
      file,
      () => new Date('2026-03-03T00:00:00.000Z'),
      () => {},
      { stallMs: 300, totalMs: 20_000, pagesPerStep: 1 },
    )
    const locker = new Database(file, { timeout: 50 })
    const t0 = Date.now()
    const job = service.backupNow('manual')
    // Once the copy is under way (a page per step, thousands of steps), another process takes the file
    // for itself and keeps it.
    const partial = join(dir, 'backups', 'ninekeeper.2026-03-03T00-00-00-000Z.manual.sqlite.partial')
    for (let i = 0; i < 100_000 && !existsSync(partial); i++) await new Promise((r) => setImmediate(r))
    await new Promise((r) => setTimeout(r, 50))
    locker.exec('BEGIN EXCLUSIVE')
    locker.exec("INSERT INTO meta VALUES ('lock', 'held')")
    let r
    try {
      r = await job
    } finally {
      locker.exec('ROLLBACK')
      locker.close()
    }
    expect(r).toMatchObject({ ok: false, error: { code: 'backup-failed' } })
    // (On a very slow machine the lock may come before the first step: then the copy cannot start.)
    expect(r.ok ? '' : r.error.message).toMatch(/no progress|could not start/)
    expect(Date.now() - t0).toBeLessThan(8_000)
    expect(readdirSync(join(dir, 'backups'))).toEqual([])
    // And the next backup, with the lock gone, works.
    expect((await service.backupNow('manual')).ok).toBe(true)
    source.close()
  }, 30_000)

  it('boundedProgress throws after a stall or the total time, and not while pages move', () => {
    let t = 0
    const now = () => t
    const p = boundedProgress({ stallMs: 100, totalMs: 1_000 }, 7, now)
    expect(p({ totalPages: 10, remainingPages: 10 })).toBe(7)
    t = 100
    expect(p({ totalPages: 10, remainingPages: 10 })).toBe(7)
    t = 150
    expect(p({ totalPages: 10, remainingPages: 9 })).toBe(7)
    t = 251
    expect(() => p({ totalPages: 10, remainingPages: 9 })).toThrow(/no progress/)
    const q = boundedProgress({ stallMs: 100, totalMs: 1_000 }, 7, now)
    for (let r = 1000; t < 1_250; r--, t += 50) {
      if (t - 251 > 1_000) {
        expect(() => q({ totalPages: 2000, remainingPages: r })).toThrow(/longer than/)
        break
      }
      q({ totalPages: 2000, remainingPages: r })
    }
  })
})

describe('restore of a damaged backup', () => {
  it.each([
    ['cut in half', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['garbage over its tables', (b: Buffer) => Buffer.from(b).fill(0x41, 4096, b.length - 4096)],
    ['garbage over its schema page', (b: Buffer) => Buffer.from(b).fill(0x5a, 100, 4096)],
  ])('says it is damaged when %s, and changes nothing', async (_label, damage) => {
    const a = fresh()
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) await call(a, 'players:create', { name })
    const m = await call<{ name: string }>(a, 'backup:now', {})
    const good = readFileSync(join(a.dir, 'backups', m.name))
    expect(good.length).toBeGreaterThan(3 * 4096)
    const core = fresh()
    await call(core, 'players:create', { name: 'Xi' })
    const before = snapshot(core.db)
    const r = await core.dispatch('backup:restore', { uploadId: await upload(core, damage(good)) })
    expect(r).toMatchObject({ ok: false, error: { code: 'corrupt' } })
    expect(r.ok ? '' : r.error.message).toMatch(/damaged/)
    expect(r.ok ? '' : r.error.message).toMatch(/Nothing was changed/)
    expect(r.ok ? '' : r.error.message).not.toMatch(/not an SQLite database/)
    expect(snapshot(core.db)).toEqual(before)
  })

  it('still says "not an SQLite database" for a file that never was one', async () => {
    const core = fresh()
    const r = await core.dispatch('backup:restore', {
      uploadId: await upload(core, Buffer.from('hello, not a database at all'.repeat(200))),
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'not-a-database' } })
  })
})
