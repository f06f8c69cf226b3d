/**
 * The details of the backup service that StrykerJS showed no test would miss (issue 11, mutation
 * testing): exactly which names count as backups and leftovers, the day and leftover-age boundaries,
 * the keep setting, names made unique within a millisecond, a full disk during a backup or a restore
 * (a real ENOSPC from a full device node), and a restore whose safety copy or copy fails. Real SQLite
 * files in temporary folders throughout.
 */
import Database from 'better-sqlite3'
import { execFileSync } from 'node:child_process'
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/core/db/migrations/index'
import { APPLICATION_ID, openDatabase } from '../../src/core/db/open'
import {
  BackupService,
  boundedProgress,
  DAY_MS,
  DEFAULT_KEEP,
  DEFAULT_LIMITS,
  isDiskFull,
  LEFTOVER_AGE_MS,
  startsLikeSqlite,
} from '../../src/core/services/backup'
import { denyWrite } from '../helpers/deny-write'
import { snapshot, tempDir } from '../helpers/tmp'

let cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.reverse()) c()
  cleanups = []
})

const T0 = Date.parse('2026-05-05T12:00:00.000Z')

/** A real data file with a service over it, on a clock the test moves. */
function setup(file?: string): { dir: string; db: Database.Database; service: BackupService; clock: { t: number } } {
  const t = tempDir()
  cleanups.push(t.cleanup)
  const opened = openDatabase(join(t.dir, 'ninekeeper.sqlite'))
  cleanups.push(() => opened.db.close())
  const clock = { t: T0 }
  const service = new BackupService(opened.db, file ?? opened.file, () => new Date(clock.t))
  return { dir: t.dir, db: opened.db, service, clock }
}
function addPlayer(db: Database.Database, id = 'p1'): void {
  db.prepare(
    "INSERT INTO players (id, name, name_key, created_at, updated_at, canonical_id) VALUES (?, ?, ?, 'now', 'now', ?)",
  ).run(id, id, id, id)
}
function setMeta(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  )
}

const STAMP = '2026-01-02T03-04-05-678Z'
const GOOD = [
  `ninekeeper.${STAMP}.daily.sqlite`,
  `ninekeeper.${STAMP}.manual.sqlite`,
  `ninekeeper.${STAMP}.before-restore.sqlite`,
  `ninekeeper.v3.before-migration.${STAMP}.sqlite`,
  `ninekeeper.v12.before-migration.${STAMP}.sqlite`,
]

/** Names that differ from a good one in one detail each: none may count as a backup. */
function nearMisses(name: string): string[] {
  const out = new Set<string>([
    `x${name}`,
    `${name}x`,
    `${name}.partial`,
    name.replace('ninekeeper', 'Ninekeeper'),
    name.replace(/\.sqlite$/, '.sqlitx'),
  ])
  // Each run of digits one digit shorter, one longer, and with a letter in it.
  for (const m of name.matchAll(/\d+/g)) {
    const i = m.index ?? 0
    const d = m[0]
    const [before, after] = [name.slice(0, i), name.slice(i + d.length)]
    out.add(before + 'a' + d.slice(1) + after)
    // (A schema version of any length is still a version: only none at all is a miss.)
    if (before.endsWith('.v')) out.add(before + after)
    else out.add(before + d.slice(1) + after).add(before + d + '0' + after)
  }
  // Each separator replaced.
  for (const m of name.matchAll(/[.T-]/g)) {
    const i = m.index ?? 0
    out.add(name.slice(0, i) + '_' + name.slice(i + 1))
  }
  out.add(name.replace('Z.', '.'))
  out.add(name.replace(/\.v\d+\./, '.v.'))
  out.add(name.replace(/\.v(\d+)\./, '.$1.'))
  out.delete(name)
  return [...out]
}

describe('which files are backups', () => {
  it('lists exactly the well-formed names, with their kind and exact time, newest first (then by name)', () => {
    const { service } = setup()
    mkdirSync(service.dir, { recursive: true })
    const misses = GOOD.flatMap(nearMisses)
    expect(misses.length).toBeGreaterThan(80)
    for (const n of [...GOOD, ...misses]) writeFileSync(join(service.dir, n), 'x')
    writeFileSync(join(service.dir, `ninekeeper.2026-01-02T03-04-05-679Z.daily.sqlite`), 'xy')
    const list = service.list()
    expect(list.map((f) => f.name)).toEqual([
      'ninekeeper.2026-01-02T03-04-05-679Z.daily.sqlite',
      `ninekeeper.v3.before-migration.${STAMP}.sqlite`,
      `ninekeeper.v12.before-migration.${STAMP}.sqlite`,
      `ninekeeper.${STAMP}.manual.sqlite`,
      `ninekeeper.${STAMP}.daily.sqlite`,
      `ninekeeper.${STAMP}.before-restore.sqlite`,
    ])
    expect(list.map((f) => f.kind)).toEqual([
      'daily',
      'before-migration',
      'before-migration',
      'manual',
      'daily',
      'before-restore',
    ])
    expect(list.map((f) => f.size)).toEqual([2, 1, 1, 1, 1, 1])
    expect(new Set(list.slice(1).map((f) => f.createdAt))).toEqual(new Set(['2026-01-02T03:04:05.678Z']))
    expect(list[0]?.createdAt).toBe('2026-01-02T03:04:05.679Z')
  })

  it('resolves exactly the well-formed names that exist, and none of the near misses', () => {
    const { service } = setup()
    mkdirSync(service.dir, { recursive: true })
    for (const n of GOOD) {
      expect(service.resolveName(n), n).toBeNull()
      writeFileSync(join(service.dir, n), 'x')
      expect(service.resolveName(n), n).toBe(join(service.dir, n))
      for (const miss of nearMisses(n)) {
        writeFileSync(join(service.dir, miss), 'x')
        expect(service.resolveName(miss), miss).toBeNull()
      }
    }
  })

  it('lists nothing (and creates nothing) when there is no backups folder', () => {
    const { service } = setup()
    expect(service.list()).toEqual([])
    expect(service.sweep()).toEqual([])
    expect(existsSync(service.dir)).toBe(false)
  })
})

describe('leftovers of a killed copy', () => {
  const LEFTOVERS = [
    `ninekeeper.${STAMP}.manual.sqlite.partial`,
    `ninekeeper.${STAMP}.manual.sqlite.partial-wal`,
    `ninekeeper.${STAMP}.manual.sqlite.partial-shm`,
    `ninekeeper.${STAMP}.manual.sqlite.partial-journal`,
    `ninekeeper.${STAMP}.daily.sqlite-wal`,
    `ninekeeper.${STAMP}.daily.sqlite-shm`,
    `ninekeeper.${STAMP}.daily.sqlite-journal`,
    `ninekeeper.v2.before-migration.${STAMP}.sqlite.partial`,
  ]
  const NOT_LEFTOVERS = [
    ...GOOD,
    `xninekeeper.${STAMP}.manual.sqlite.partial`,
    `ninekeeper.${STAMP}.manual.sqlite.partialx`,
    `ninekeeper.${STAMP}.manual.sqlite.partial-walx`,
    `ninekeeper.${STAMP}.manual.sqlite-x`,
    `ninekeeper.${STAMP}.manual.sqlitex-wal`,
    `ninekeeper..sqlite.partial`,
    'ninekeeper.sqlite-wal',
    'notes.partial',
  ]

  it('removes exactly the leftover names once they are stale, and says which', () => {
    const { service } = setup()
    mkdirSync(service.dir, { recursive: true })
    const old = (T0 - LEFTOVER_AGE_MS - 60_000) / 1000
    for (const n of [...LEFTOVERS, ...NOT_LEFTOVERS]) {
      writeFileSync(join(service.dir, n), 'x')
      utimesSync(join(service.dir, n), old, old)
    }
    expect(service.sweep(T0).sort()).toEqual([...LEFTOVERS].sort())
    expect(readdirSync(service.dir).sort()).toEqual([...NOT_LEFTOVERS].sort())
  })

  it('keeps a leftover younger than the age (another copy may still be writing it), removes it from that age on', () => {
    const { service } = setup()
    mkdirSync(service.dir, { recursive: true })
    const name = `ninekeeper.${STAMP}.manual.sqlite.partial`
    const path = join(service.dir, name)
    writeFileSync(path, 'x')
    const mtime = Math.floor(T0 / 1000) // whole seconds: the file's time is exact
    utimesSync(path, mtime, mtime)
    const at = (age: number) => mtime * 1000 + age
    expect(service.sweep(at(0))).toEqual([])
    expect(service.sweep(at(LEFTOVER_AGE_MS / 2))).toEqual([])
    expect(service.sweep(at(LEFTOVER_AGE_MS - 1))).toEqual([])
    expect(existsSync(path)).toBe(true)
    expect(service.sweep(at(LEFTOVER_AGE_MS))).toEqual([name])
    expect(existsSync(path)).toBe(false)
  })

  it('waits ten minutes: a leftover of nine is kept, one of eleven removed', () => {
    const { service } = setup()
    mkdirSync(service.dir, { recursive: true })
    const path = join(service.dir, `ninekeeper.${STAMP}.manual.sqlite.partial`)
    writeFileSync(path, 'x')
    const mtime = Math.floor(T0 / 1000)
    utimesSync(path, mtime, mtime)
    expect(service.sweep(mtime * 1000 + 9 * 60_000)).toEqual([])
    expect(service.sweep(mtime * 1000 + 11 * 60_000)).toHaveLength(1)
  })
})

describe('the daily backup', () => {
  it('comes exactly a day after the last one, not a millisecond before', async () => {
    const { db, service, clock } = setup()
    addPlayer(db)
    const first = await service.maybeDaily()
    expect(first).toMatchObject({ ok: true, value: { kind: 'daily' } })
    clock.t = T0 + DAY_MS - 1
    expect(await service.maybeDaily()).toBeNull()
    clock.t = T0 + 23 * 3600_000
    expect(await service.maybeDaily()).toBeNull()
    clock.t = T0 + DAY_MS
    expect(await service.maybeDaily()).toMatchObject({
      ok: true,
      value: { kind: 'daily', createdAt: new Date(T0 + DAY_MS).toISOString() },
    })
  })

  it('is made for a first match without players of its own too (players or matches count as data)', async () => {
    const { db, service } = setup()
    expect(await service.maybeDaily()).toBeNull()
    db.prepare(
      "INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id) VALUES ('m1', 'nine', '{}', '{}', 'finished', 'now', 'now', 'now', 'dev')",
    ).run()
    expect(await service.maybeDaily()).toMatchObject({ ok: true })
  })
})

describe('the keep setting', () => {
  it.each([
    ['1', 1],
    ['3', 3],
    ['0', DEFAULT_KEEP],
    ['-2', DEFAULT_KEEP],
    ['2.5', DEFAULT_KEEP],
    ['many', DEFAULT_KEEP],
  ])('reads %s as %s', (stored, keep) => {
    const { db, service } = setup()
    setMeta(db, 'backup_keep', stored)
    expect(service.keep()).toBe(keep)
  })

  it('is the default when never set', () => {
    expect(setup().service.keep()).toBe(DEFAULT_KEEP)
  })
})

describe('backups made within the same millisecond', () => {
  it('get the next free millisecond in their names, and all are kept', async () => {
    const { db, service } = setup()
    addPlayer(db)
    const names: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await service.backupNow('manual')
      if (!r.ok) throw new Error(r.error.message)
      names.push(r.value.name)
    }
    expect(names).toEqual(['000Z', '001Z', '002Z'].map((ms) => `ninekeeper.2026-05-05T12-00-00-${ms}.manual.sqlite`))
    expect(
      service
        .list()
        .map((f) => f.name)
        .sort(),
    ).toEqual([...names].sort())
  })
})

/** A device node that answers every write with ENOSPC (as /dev/full), made by root in the test's folder. */
function fullDevice(path: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  try {
    execFileSync('mknod', [path, 'c', '1', '7'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('a full disk', () => {
  it('during a backup says so, and leaves nothing behind', async (ctx) => {
    const { db, service } = setup()
    addPlayer(db)
    mkdirSync(service.dir, { recursive: true })
    const partial = join(service.dir, 'ninekeeper.2026-05-05T12-00-00-000Z.manual.sqlite.partial')
    if (!fullDevice(partial)) return ctx.skip()
    const r = await service.backupNow('manual')
    expect(r).toMatchObject({ ok: false, error: { code: 'disk-full' } })
    expect(r.ok ? '' : r.error.message).toMatch(/disk is full/)
    expect(readdirSync(service.dir)).toEqual([])
    expect(db.prepare("SELECT value FROM meta WHERE key = 'backup_last_at'").get()).toBeUndefined()
  })

  it('during a restore says so and names the safety copy', async (ctx) => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const target = join(t.dir, 'ninekeeper.sqlite')
    if (!fullDevice(target)) return ctx.skip()
    const { db, service } = setup(target)
    addPlayer(db)
    const source = setup()
    addPlayer(source.db, 'p2')
    const made = await source.service.backupNow('manual')
    if (!made.ok) throw new Error(made.error.message)
    const r = await service.restore(join(source.service.dir, made.value.name))
    expect(r).toMatchObject({ ok: false, error: { code: 'disk-full' } })
    const message = r.ok ? '' : r.error.message
    expect(message).toMatch(/disk is full/)
    const safety = service.list().find((f) => f.kind === 'before-restore')
    expect(safety).toBeDefined()
    expect(message).toContain(safety?.name)
  })
})

describe('a restore that cannot go ahead', () => {
  async function candidate(): Promise<string> {
    const source = setup()
    addPlayer(source.db, 'p2')
    const made = await source.service.backupNow('manual')
    if (!made.ok) throw new Error(made.error.message)
    return join(source.service.dir, made.value.name)
  }

  it('stops before touching anything when the safety copy cannot be written', async (ctx) => {
    const { db, service } = setup()
    addPlayer(db)
    const file = await candidate()
    mkdirSync(service.dir, { recursive: true })
    const undo = denyWrite(service.dir)
    if (!undo) return ctx.skip()
    cleanups.push(undo)
    const before = snapshot(db)
    const r = await service.restore(file)
    expect(r).toMatchObject({ ok: false, error: { code: 'backup-failed' } })
    expect(r.ok ? '' : r.error.message).toMatch(
      /^Restore stopped: the current data could not be backed up first\. The backup could not be written/,
    )
    expect(snapshot(db)).toEqual(before)
  })

  it('says the restore failed (not a full disk) when the copy cannot be written, and names the safety copy', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    // The live file's place is taken by a folder: the copy cannot open it.
    const target = join(t.dir, 'ninekeeper.sqlite')
    mkdirSync(target)
    writeFileSync(join(target, 'inside'), 'x')
    const { db, service } = setup(target)
    addPlayer(db)
    const r = await service.restore(await candidate())
    expect(r).toMatchObject({ ok: false, error: { code: 'restore-failed' } })
    const message = r.ok ? '' : r.error.message
    expect(message).toMatch(/^The restore could not be completed \(/)
    expect(message).toContain(service.list().find((f) => f.kind === 'before-restore')?.name)
  })
})

describe('the default bounds of a copy', () => {
  it('are 15 s without progress and 15 min in all, and the messages say so', () => {
    let t = 0
    const stalled = boundedProgress(DEFAULT_LIMITS, 5, () => t)
    expect(stalled({ totalPages: 10, remainingPages: 10 })).toBe(5)
    t = 15_000
    expect(stalled({ totalPages: 10, remainingPages: 10 })).toBe(5)
    t = 15_001
    expect(() => stalled({ totalPages: 10, remainingPages: 10 })).toThrow(/no progress for 15 s;/)

    t = 0
    const long = boundedProgress(DEFAULT_LIMITS, 5, () => t)
    let remaining = 1_000_000
    for (; t <= 15 * 60_000; t += 10_000)
      expect(long({ totalPages: 1_000_000, remaining, remainingPages: --remaining } as never)).toBe(5)
    t = 15 * 60_000
    expect(long({ totalPages: 1_000_000, remainingPages: --remaining })).toBe(5)
    t = 15 * 60_000 + 1
    expect(() => long({ totalPages: 1_000_000, remainingPages: --remaining })).toThrow(/took longer than 15 min$/)
  })
})

describe('isDiskFull and startsLikeSqlite', () => {
  it.runIf(existsSync('/dev/full'))('knows a real ENOSPC from the file system', () => {
    const fd = openSync('/dev/full', 'w')
    let e: unknown
    try {
      writeSync(fd, Buffer.from('x'))
    } catch (x) {
      e = x
    } finally {
      closeSync(fd)
    }
    expect((e as { code?: string }).code).toBe('ENOSPC')
    expect(isDiskFull(e)).toBe(true)
  })

  it('knows SQLITE_FULL, and nothing else counts', () => {
    const { db } = setup()
    db.pragma('max_page_count = 1')
    let full: unknown
    try {
      db.exec('CREATE TABLE big (b); INSERT INTO big VALUES (randomblob(100000))')
    } catch (x) {
      full = x
    }
    expect((full as { code?: string }).code).toBe('SQLITE_FULL')
    expect(isDiskFull(full)).toBe(true)
    let other: unknown
    try {
      readFileSync(join(folder(), 'missing'))
    } catch (x) {
      other = x
    }
    expect(isDiskFull(other)).toBe(false)
    expect(isDiskFull(new Error('plain'))).toBe(false)
  })

  it('reads the SQLite header, and says no for short, other or missing files', () => {
    const dir = folder()
    const { db } = setup()
    const good = join(dir, 'good.sqlite')
    db.exec(`VACUUM INTO '${good}'`)
    expect(startsLikeSqlite(good)).toBe(true)
    writeFileSync(join(dir, 'short'), 'SQLite format')
    expect(startsLikeSqlite(join(dir, 'short'))).toBe(false)
    writeFileSync(join(dir, 'other'), 'SQLite format 4\0 and more bytes after it')
    expect(startsLikeSqlite(join(dir, 'other'))).toBe(false)
    expect(startsLikeSqlite(join(dir, 'missing'))).toBe(false)
    if (LINUX) expect(descriptorsUnder(dir)).toEqual([])
  })
})

function folder(): string {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}
const LINUX = existsSync('/proc/self/fd')
/** This process's open descriptors on files under `dir` (Linux). */
function descriptorsUnder(dir: string): string[] {
  const out: string[] = []
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`)
      if (target.startsWith(`${dir}/`)) out.push(target)
    } catch {
      // Closed meanwhile.
    }
  }
  return out
}
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** A Ninekeeper file whose last writes are only in its -wal, as a crash (or a copy of a live file) leaves it. */
function walCandidate(migrations = MIGRATIONS): { file: string; dir: string } {
  const live = setup()
  live.db.close()
  const opened = openDatabase(join(folder(), 'ninekeeper.sqlite'), { migrations })
  cleanups.push(() => opened.db.close())
  opened.db.pragma('wal_autocheckpoint = 0')
  opened.db.prepare("INSERT INTO meta (key, value) VALUES ('in-the-wal', 'yes')").run()
  const dir = folder()
  const file = join(dir, 'candidate.sqlite')
  copyFileSync(opened.file, file)
  copyFileSync(`${opened.file}-wal`, `${file}-wal`)
  return { file, dir }
}

describe('inspecting a candidate for restore', () => {
  function raw(appId: number, version: number): string {
    const file = join(folder(), 'candidate.sqlite')
    const db = new Database(file)
    db.pragma(`application_id = ${appId}`)
    db.pragma(`user_version = ${version}`)
    db.exec('CREATE TABLE x (y)')
    db.close()
    return file
  }

  it("refuses another application's file whatever its version, and ours without a schema", () => {
    expect(BackupService.inspect(raw(1234, 2))).toMatchObject({ ok: false, error: { code: 'foreign-file' } })
    expect(BackupService.inspect(raw(APPLICATION_ID, 0))).toMatchObject({ ok: false, error: { code: 'foreign-file' } })
    expect(BackupService.inspect(raw(APPLICATION_ID, MIGRATIONS.length + 1))).toMatchObject({
      ok: false,
      error: { code: 'too-new' },
    })
  })

  it('accepts ours at schema 1 and at the latest, and says which', () => {
    const one = join(folder(), 'one.sqlite')
    openDatabase(one, { migrations: MIGRATIONS.slice(0, 1) }).db.close()
    expect(BackupService.inspect(one)).toEqual({ ok: true, value: { schemaVersion: 1 } })
    const latest = join(folder(), 'latest.sqlite')
    openDatabase(latest).db.close()
    expect(BackupService.inspect(latest)).toEqual({ ok: true, value: { schemaVersion: MIGRATIONS.length } })
  })

  it('calls a file whose integrity check finds one problem damaged, and shows the problem', () => {
    const file = join(folder(), 'ninekeeper.sqlite')
    openDatabase(file).db.close()
    const db = new Database(file)
    db.exec('CREATE TABLE t (x, y); CREATE INDEX t_x ON t (x); INSERT INTO t VALUES (1, 2)')
    // The index now claims another column than the one it was built on: one "missing from index" row.
    db.unsafeMode(true)
    db.pragma('writable_schema = ON')
    db.exec("UPDATE sqlite_master SET sql = 'CREATE INDEX t_x ON t (y)' WHERE name = 't_x'")
    db.close()
    const r = BackupService.inspect(file)
    expect(r).toMatchObject({ ok: false, error: { code: 'corrupt' } })
    expect(r.ok ? '' : r.error.message).toContain('integrity check: row 1 missing from index t_x')
  })

  it('calls a file it cannot open unreadable (not damaged, not "not a database")', () => {
    const r = BackupService.inspect(join(folder(), 'missing.sqlite'))
    expect(r).toMatchObject({ ok: false, error: { code: 'unreadable' } })
    expect(r.ok ? '' : r.error.message).toMatch(/could not be read/)
  })

  it('leaves a candidate with a -wal byte-identical, keeps its -wal and removes only the -shm it made', () => {
    const { file, dir } = walCandidate()
    const [main, wal] = [sha(file), sha(`${file}-wal`)]
    expect(BackupService.inspect(file)).toMatchObject({ ok: true })
    expect(sha(file)).toBe(main)
    expect(sha(`${file}-wal`)).toBe(wal)
    expect(readdirSync(dir).sort()).toEqual(['candidate.sqlite', 'candidate.sqlite-wal'])
    if (LINUX) expect(descriptorsUnder(dir)).toEqual([])
  })

  it('keeps a -shm that was there before it looked', () => {
    const { file, dir } = walCandidate()
    const shm = new Database(file, { readonly: true })
    shm.pragma('user_version')
    expect(existsSync(`${file}-shm`)).toBe(true)
    expect(BackupService.inspect(file)).toMatchObject({ ok: true })
    shm.close()
    expect(readdirSync(dir).sort()).toEqual(['candidate.sqlite', 'candidate.sqlite-shm', 'candidate.sqlite-wal'])
  })

  it('closes the file after finding it damaged', () => {
    const dir = folder()
    const file = join(dir, 'half.sqlite')
    const { db } = setup()
    for (let i = 0; i < 50; i++) addPlayer(db, `p${i}`)
    db.exec(`VACUUM INTO '${join(dir, 'whole.sqlite')}'`)
    const bytes = readFileSync(join(dir, 'whole.sqlite'))
    writeFileSync(file, Buffer.from(bytes).fill(0x41, 100, bytes.length))
    expect(BackupService.inspect(file)).toMatchObject({ ok: false })
    if (LINUX) expect(descriptorsUnder(dir)).toEqual([])
  })
})

describe('a restore', () => {
  it('restores an older schema, says which, and leaves the candidate and its -wal as they were', async () => {
    const { file, dir } = walCandidate(MIGRATIONS.slice(0, 1))
    const [main, wal] = [sha(file), sha(`${file}-wal`)]
    const { db, service } = setup()
    const r = await service.restore(file)
    expect(r).toMatchObject({ ok: true, value: { restoredSchema: 1 } })
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    // What only the -wal held was restored too.
    expect(db.prepare("SELECT value FROM meta WHERE key = 'in-the-wal'").pluck().get()).toBe('yes')
    expect(sha(file)).toBe(main)
    expect(sha(`${file}-wal`)).toBe(wal)
    expect(readdirSync(dir).sort()).toEqual(['candidate.sqlite', 'candidate.sqlite-wal'])
    if (LINUX) {
      expect(descriptorsUnder(dir)).toEqual([])
      expect(descriptorsUnder(service.dir)).toEqual([])
    }
  })
})

describe('backups in a row', () => {
  it('closes every copy it made and checked', async () => {
    const { db, service } = setup()
    addPlayer(db)
    for (const kind of ['manual', 'daily', 'before-restore'] as const)
      expect((await service.backupNow(kind)).ok).toBe(true)
    if (LINUX) expect(descriptorsUnder(service.dir)).toEqual([])
  })

  it('requested together run one after the other: each complete, each under its own name', async () => {
    const { db, service } = setup()
    for (let i = 0; i < 200; i++) addPlayer(db, `p${i}`)
    const results = await Promise.all([
      service.backupNow('manual'),
      service.backupNow('manual'),
      service.backupNow('daily'),
    ])
    expect(results.map((r) => r.ok)).toEqual([true, true, true])
    const names = results.map((r) => (r.ok ? r.value.name : ''))
    expect(new Set(names).size).toBe(3)
    for (const n of names) {
      const copy = new Database(join(service.dir, n), { readonly: true })
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(copy.prepare('SELECT count(*) FROM players').pluck().get()).toBe(200)
      copy.close()
    }
  })

  it('makes the daily backup a day after the last even with nothing in the file yet', async () => {
    const { db, service, clock } = setup()
    setMeta(db, 'backup_last_at', new Date(T0 - DAY_MS).toISOString())
    expect(await service.maybeDaily()).toMatchObject({ ok: true, value: { kind: 'daily' } })
    clock.t = T0 + 1000
    expect(await service.maybeDaily()).toBeNull()
  })
})
