/**
 * Opens (creating if needed) the one Ninekeeper SQLite file: checks it is ours and not from a newer
 * version before writing anything, sets the pragmas explicitly, copies the file before migrating.
 */
import Database from 'better-sqlite3'
import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import {
  canWrite,
  createPrivateFile,
  ensurePrivateDir,
  removeSideFiles,
  SIDE_SUFFIXES,
  tighten,
  tightenDatabaseFiles,
} from '../private-files'
import { MIGRATIONS, type Migration } from './migrations/index'
import { DatabaseTooNewError, migrate, userVersion, type MigrationReport } from './migrate'

export const DB_FILE_NAME = 'ninekeeper.sqlite'
/** 'NK9\0' as a 32-bit integer, so we recognise our own files. */
export const APPLICATION_ID = 0x4e4b3900

export interface OpenOptions {
  migrations?: readonly Migration[]
  /** Path to an Electron-ABI better_sqlite3.node (see scripts/build-electron-native.mjs). */
  nativeBinding?: string
  /** Clock for the pre-migration copy's name. */
  now?: () => Date
}

export interface OpenedDatabase {
  db: Database.Database
  file: string
  migration: MigrationReport
  /** The copy made before migrating, if there was anything to copy. */
  backupFile: string | null
}

export class DatabaseOpenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'DatabaseOpenError'
  }
}

export function openDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  const migrations = options.migrations ?? MIGRATIONS
  const driver = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}
  const dir = dirname(file)
  try {
    ensurePrivateDir(dir)
  } catch (e) {
    throw new DatabaseOpenError(
      'read-only',
      `Ninekeeper cannot create its data folder ${dir} (${(e as Error).message}). Choose a folder you can write to.`,
    )
  }
  // SQLite would quietly open a file it cannot write read-only, and every save would then fail.
  assertWritable(file, dir)
  const existed = existsSync(file) && statSync(file).size > 0

  if (existed) inspectReadOnly(file, migrations.length, driver)
  if (!existsSync(file)) createPrivateFile(file)

  const db = new Database(file, { ...driver, timeout: 5000 })
  try {
    assertWriteStarts(db, file)
    db.pragma('journal_mode = WAL')
    // Set explicitly: better-sqlite3 would otherwise use FULL on the first run and NORMAL on later ones.
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    if ((db.pragma('application_id', { simple: true }) as number) === 0) db.pragma(`application_id = ${APPLICATION_ID}`)

    let backupFile: string | null = null
    const version = userVersion(db)
    if (existed && version < migrations.length) {
      backupFile = preMigrationCopy(db, file, version, (options.now ?? (() => new Date()))())
    }
    const migration = migrate(db, migrations)
    tightenDatabaseFiles(file)
    return { db, file, migration, backupFile }
  } catch (e) {
    db.close()
    throw e
  }
}

/**
 * What the folder and file checks cannot see shows here, on the opened connection. SQLite quietly falls
 * back to a read-only connection when it may not open the file for writing (access() allowed it, but
 * the open did not: ACLs, network file systems, security modules), and BEGIN IMMEDIATE succeeds even
 * there; so a real write is tried (the header's user_version rewritten with its own value) and rolled
 * back. A lock held elsewhere is reported as it is (SQLITE_BUSY); any other failure as read-only.
 */
export function assertWriteStarts(db: Database.Database, file: string): void {
  try {
    db.exec('BEGIN IMMEDIATE')
    try {
      db.pragma(`user_version = ${userVersion(db)}`)
    } finally {
      db.exec('ROLLBACK')
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw e
    throw readOnlyError(file)
  }
}

function readOnlyError(what: string): DatabaseOpenError {
  return new DatabaseOpenError(
    'read-only',
    `Ninekeeper cannot write to ${what}, so nothing could be saved. Make it writable for your user, or choose another data folder (--data-dir or NINEKEEPER_DATA_DIR), then start again.`,
  )
}

/** The folder (for the -wal, -shm and backups), the file and any side file must be writable by us. */
function assertWritable(file: string, dir: string): void {
  if (!canWrite(dir)) throw readOnlyError(`the data folder ${dir}`)
  for (const path of [file, ...SIDE_SUFFIXES.map((s) => `${file}${s}`)]) {
    if (existsSync(path) && !canWrite(path)) throw readOnlyError(path)
  }
}

/** Reads the header fields without writing, so a refused file stays byte-identical. */
function inspectReadOnly(file: string, latest: number, driver: { nativeBinding?: string }): void {
  let probe: Database.Database | undefined
  try {
    // Read-only never creates a file (so fileMustExist would add nothing) and never checkpoints a WAL.
    probe = new Database(file, { ...driver, readonly: true })
    const appId = probe.pragma('application_id', { simple: true }) as number
    const version = probe.pragma('user_version', { simple: true }) as number
    if (appId !== 0 && appId !== APPLICATION_ID) {
      throw new DatabaseOpenError(
        'foreign-database',
        `${basename(file)} is an SQLite file of another application; Ninekeeper left it untouched.`,
      )
    }
    if (version > latest) throw new DatabaseTooNewError(version, latest)
  } catch (e) {
    // Our own refusals carry other codes and are thrown on as they are, like every other error.
    const code = (e as { code?: string }).code
    if (code === 'SQLITE_NOTADB') {
      throw new DatabaseOpenError(
        'not-a-database',
        `${file} is not a Ninekeeper data file (not an SQLite database). It was left untouched.`,
      )
    }
    throw e
  } finally {
    probe?.close()
  }
}

/**
 * A consistent copy through SQLite itself (VACUUM INTO), never a raw copy of a live WAL file. Written
 * as .partial and renamed only when complete, so a kill mid-copy never leaves a truncated file under a
 * valid backup name (the BackupService sweeps stale .partial files at start).
 */
function preMigrationCopy(db: Database.Database, file: string, version: number, now: Date): string {
  const dir = join(dirname(file), 'backups')
  ensurePrivateDir(dir)
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const target = join(dir, `${basename(file, '.sqlite')}.v${version}.before-migration.${stamp}.sqlite`)
  const partial = `${target}.partial`
  try {
    createPrivateFile(partial)
    db.prepare('VACUUM INTO ?').run(partial)
    removeSideFiles(partial)
    tighten(partial)
    renameSync(partial, target)
  } catch (e) {
    rmSync(partial, { force: true })
    removeSideFiles(partial)
    throw e
  }
  return target
}
