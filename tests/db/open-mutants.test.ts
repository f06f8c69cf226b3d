/**
 * The details of opening the data file that StrykerJS showed no test would miss (issue 11, mutation
 * testing): the folder and side-file write checks, a file that exists but is empty, the native
 * binding used for every connection, the read-only look at an existing file (which must never
 * checkpoint a WAL or leave a connection open), and a pre-migration copy that cannot be written.
 * Real SQLite files in temporary folders throughout.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DatabaseTooNewError } from '../../src/core/db/migrate'
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../src/core/db/migrations/index'
import { APPLICATION_ID, assertWriteStarts, DatabaseOpenError, openDatabase } from '../../src/core/db/open'
import { denyWrite } from '../helpers/deny-write'
import { tempDir } from '../helpers/tmp'

const POSIX = process.platform !== 'win32'
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const mode = (p: string) => statSync(p).mode & 0o777
let cleanups: (() => void)[] = []
afterEach(() => {
  // Undo first (an immutable file cannot be removed), then remove the folders.
  for (const c of cleanups.reverse()) c()
  cleanups = []
})
function folder(): string {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}
/** The error openDatabase throws (the test fails if it returns). */
function openError(file: string, options?: Parameters<typeof openDatabase>[1]): Error & { code?: string } {
  try {
    openDatabase(file, options).db.close()
  } catch (e) {
    return e as Error & { code?: string }
  }
  throw new Error('openDatabase did not refuse')
}
/** How many of this process's descriptors point at `file` (Linux). */
function openDescriptors(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file
    } catch {
      return false
    }
  }).length
}
const LINUX = existsSync('/proc/self/fd')

describe('the data folder and its files', () => {
  it('says clearly when the data folder cannot be created', () => {
    const parent = join(folder(), 'a-file')
    writeFileSync(parent, 'not a folder')
    const e = openError(join(parent, 'data', 'ninekeeper.sqlite'))
    expect(e).toBeInstanceOf(DatabaseOpenError)
    expect(e.code).toBe('read-only')
    expect(e.message).toMatch(/cannot create its data folder/)
    expect(e.message).toContain(join(parent, 'data'))
  })

  it('treats an existing empty file as a new one: no pre-migration copy, migrated from 0', () => {
    const dir = folder()
    const file = join(dir, 'ninekeeper.sqlite')
    writeFileSync(file, '')
    const opened = openDatabase(file)
    try {
      expect(opened.backupFile).toBeNull()
      expect(opened.migration.from).toBe(0)
      expect(opened.migration.to).toBe(LATEST_VERSION)
      expect(existsSync(join(dir, 'backups'))).toBe(false)
      expect(opened.db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    } finally {
      opened.db.close()
    }
  })

  it.runIf(POSIX)('creates a new data file private before SQLite writes anything into it (and so its -wal)', () => {
    // Only meaningful when the umask would let others read what SQLite creates on its own.
    const dir = folder()
    const probe = join(dir, 'umask-probe')
    closeSync(openSync(probe, 'w', 0o644))
    const umaskLetsOthersRead = (mode(probe) & 0o044) !== 0
    rmSync(probe)
    if (!umaskLetsOthersRead) return
    const file = join(dir, 'ninekeeper.sqlite')
    const seen: number[] = []
    const look: Migration = {
      name: 'look at the modes while migrating',
      up: (db) => {
        db.exec('CREATE TABLE looked (x)')
        seen.push(mode(file), mode(`${file}-wal`))
      },
    }
    openDatabase(file, { migrations: [...MIGRATIONS, look] }).db.close()
    expect(seen).toEqual([0o600, 0o600])
  })

  it('adopts an existing Ninekeeper file that has no application id yet, and migrates it', () => {
    const file = join(folder(), 'ninekeeper.sqlite')
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 1) })
    old.db.pragma('application_id = 0')
    old.db.close()
    const opened = openDatabase(file)
    try {
      expect(opened.migration.from).toBe(1)
      expect(opened.migration.to).toBe(LATEST_VERSION)
      expect(opened.db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    } finally {
      opened.db.close()
    }
  })

  it('reports a folder where the data file should be as the error it is, not as "not a database"', () => {
    const file = join(folder(), 'ninekeeper.sqlite')
    mkdirSync(file)
    writeFileSync(join(file, 'inside'), 'x')
    const e = openError(file)
    expect(e).not.toBeInstanceOf(DatabaseOpenError)
    expect(e).not.toBeInstanceOf(TypeError)
    expect(e.code).toMatch(/^SQLITE_/)
  })
})

describe('the native binding', () => {
  const missing = '/nonexistent/ninekeeper/better_sqlite3.node'

  it('is used for a new file', () => {
    expect(openError(join(folder(), 'ninekeeper.sqlite'), { nativeBinding: missing }).message).toMatch(
      /Cannot find module/,
    )
  })

  it('is used for the read-only look at an existing file too (before anything else reads it)', () => {
    const file = join(folder(), 'ninekeeper.sqlite')
    const { db } = openDatabase(file)
    db.pragma(`user_version = ${LATEST_VERSION + 1}`)
    db.close()
    // Without the binding the look would say "too new"; with it, loading the binding fails first.
    const e = openError(file, { nativeBinding: missing })
    expect(e).not.toBeInstanceOf(DatabaseTooNewError)
    expect(e).not.toBeInstanceOf(DatabaseOpenError)
    expect(e.message).toMatch(/Cannot find module/)
  })
})

describe('the read-only look at a file that is refused', () => {
  it('leaves a rollback-journal file byte-identical and in its journal mode', () => {
    const dir = folder()
    const file = join(dir, 'ninekeeper.sqlite')
    const raw = new Database(file)
    raw.pragma(`application_id = ${APPLICATION_ID}`)
    raw.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)')
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`)
    raw.close()
    const before = sha(file)
    expect(openError(file)).toBeInstanceOf(DatabaseTooNewError)
    expect(sha(file)).toBe(before)
    expect(readdirSync(dir)).toEqual(['ninekeeper.sqlite'])
    // Header bytes 18 and 19 are 1 in rollback-journal mode (2 in WAL).
    expect([...readFileSync(file).subarray(18, 20)]).toEqual([1, 1])
  })

  it('never checkpoints a WAL left by a crash into the file, and closes its connection', () => {
    const live = folder()
    const liveFile = join(live, 'ninekeeper.sqlite')
    const { db } = openDatabase(liveFile)
    db.pragma('wal_autocheckpoint = 0')
    db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run()
    db.pragma(`user_version = ${LATEST_VERSION + 1}`)
    // The files as a crash would leave them: the newer version and the row are only in the -wal.
    const dir = folder()
    const file = join(dir, 'ninekeeper.sqlite')
    copyFileSync(liveFile, file)
    copyFileSync(`${liveFile}-wal`, `${file}-wal`)
    db.close()
    const [main, wal] = [sha(file), sha(`${file}-wal`)]
    expect(openError(file)).toBeInstanceOf(DatabaseTooNewError)
    expect(sha(file)).toBe(main)
    expect(sha(`${file}-wal`)).toBe(wal)
    if (LINUX) expect(openDescriptors(file)).toBe(0)
  })

  it.runIf(LINUX)('closes its connection after refusing a foreign file', () => {
    const file = join(folder(), 'ninekeeper.sqlite')
    const other = new Database(file)
    other.pragma('application_id = 1234')
    other.exec('CREATE TABLE x (y)')
    other.close()
    expect(openError(file).message).toMatch(/another application/)
    expect(openDescriptors(file)).toBe(0)
  })
})

describe('a file that cannot be written (checked before SQLite opens it)', () => {
  /** A data folder with a closed Ninekeeper file in it. */
  function existing(): { dir: string; file: string } {
    const dir = join(folder(), 'data')
    const file = join(dir, 'ninekeeper.sqlite')
    openDatabase(file).db.close()
    return { dir, file }
  }

  it('refuses a data folder it cannot write, naming the folder, and changes nothing', (ctx) => {
    const { dir, file } = existing()
    const before = sha(file)
    const undo = denyWrite(dir)
    if (!undo) return ctx.skip()
    cleanups.push(undo)
    const e = openError(file)
    expect(e).toBeInstanceOf(DatabaseOpenError)
    expect(e.code).toBe('read-only')
    expect(e.message).toContain(`cannot write to the data folder ${dir}`)
    expect(sha(file)).toBe(before)
  })

  it.for(['', '-wal', '-shm', '-journal'])(
    'refuses when the data file%s cannot be written, naming it',
    (suffix, ctx) => {
      const { dir, file } = existing()
      const path = `${file}${suffix}`
      if (!existsSync(path)) writeFileSync(path, '')
      const undo = denyWrite(path)
      if (!undo) return ctx.skip()
      cleanups.push(undo)
      const e = openError(file)
      expect(e).toBeInstanceOf(DatabaseOpenError)
      expect(e.code).toBe('read-only')
      expect(e.message).toContain(`cannot write to ${path},`)
      expect(readdirSync(dir)).not.toContain('backups')
    },
  )

  it('does not migrate, and leaves no .partial, when the pre-migration copy cannot be created', (ctx) => {
    const { dir, file } = existing()
    const backups = join(dir, 'backups')
    mkdirSync(backups, { mode: 0o700 })
    const undo = denyWrite(backups)
    if (!undo) return ctx.skip()
    cleanups.push(undo)
    const extra: Migration = { name: 'add a table', up: (d) => d.exec('CREATE TABLE extra (x)') }
    const e = openError(file, { migrations: [...MIGRATIONS, extra] })
    // The copy's own error, not one from cleaning up after it.
    expect(['EACCES', 'EPERM']).toContain(e.code)
    expect(readdirSync(backups)).toEqual([])
    const raw = new Database(file, { readonly: true })
    expect(raw.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    raw.close()
  })
})

describe('assertWriteStarts (the last check, on the opened connection)', () => {
  function dbFile(): string {
    const file = join(folder(), 'ninekeeper.sqlite')
    openDatabase(file).db.close()
    return file
  }

  it('passes on a writable connection and leaves no transaction open', () => {
    const db = new Database(dbFile())
    try {
      expect(() => assertWriteStarts(db, 'x')).not.toThrow()
      expect(db.inTransaction).toBe(false)
    } finally {
      db.close()
    }
  })

  function refusal(db: Database.Database, file: string): unknown {
    try {
      assertWriteStarts(db, file)
    } catch (e) {
      return e
    }
    return undefined
  }
  function expectReadOnly(e: unknown, file: string): void {
    expect(e).toBeInstanceOf(DatabaseOpenError)
    expect((e as DatabaseOpenError).code).toBe('read-only')
    expect((e as Error).message).toContain(`cannot write to ${file},`)
  }

  it('calls a read-only connection a file it cannot write (BEGIN IMMEDIATE alone passes there)', () => {
    const file = dbFile()
    const db = new Database(file, { readonly: true })
    try {
      expectReadOnly(refusal(db, file), file)
    } finally {
      db.close()
    }
  })

  it('catches the read-only connection SQLite falls back to when the file may not be opened for writing', (ctx) => {
    const file = dbFile()
    const undo = denyWrite(file)
    if (!undo) return ctx.skip()
    cleanups.push(undo)
    // Opened for writing, but SQLite fell back to read-only (its readonly flag says false).
    const db = new Database(file)
    try {
      expectReadOnly(refusal(db, file), file)
    } finally {
      db.close()
    }
  })

  it('calls a write transaction that cannot start for another reason (a -wal it cannot open) a file it cannot write', () => {
    const file = dbFile()
    const setup = new Database(file)
    setup.pragma('journal_mode = WAL')
    setup.close()
    mkdirSync(`${file}-wal`)
    writeFileSync(join(`${file}-wal`, 'inside'), 'x')
    const db = new Database(file)
    try {
      expect(db.readonly).toBe(false)
      expectReadOnly(refusal(db, file), file)
    } finally {
      db.close()
    }
  })

  it('reports a lock held elsewhere as the lock it is (SQLITE_BUSY), not as read-only', () => {
    const file = dbFile()
    const holder = new Database(file)
    holder.exec('BEGIN IMMEDIATE')
    const db = new Database(file, { timeout: 0 })
    try {
      let e: unknown
      try {
        assertWriteStarts(db, file)
      } catch (x) {
        e = x
      }
      expect(e).not.toBeInstanceOf(DatabaseOpenError)
      expect((e as { code?: string }).code).toBe('SQLITE_BUSY')
    } finally {
      db.close()
      holder.exec('ROLLBACK')
      holder.close()
    }
  })
})
