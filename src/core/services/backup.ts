/**
 * Backups through SQLite's online backup API (db.backup): consistent while the app keeps writing,
 * each copy checked with quick_check before it counts. Daily while the app is in use, on demand, and
 * before a restore. The copy before a migration is made by db/open.ts with VACUUM INTO (opening is
 * synchronous and must finish before migrating; both give a consistent snapshot) in the same folder.
 * Each kind is rotated on its own: daily and manual each to the last N (meta 'backup_keep'), so manual
 * backups never push out daily ones; before-restore and before-migration copies to their own counts.
 *
 * Every copy is written as `<name>.partial`, made self-contained (rollback journal, no -wal/-shm),
 * checked, made private (0600) and only then renamed; leftovers of a killed copy are swept at start.
 * Every copy step is bounded: a copy that stops making progress (a lock held elsewhere, a read-only
 * file) fails with a message instead of spinning for ever.
 *
 * Restore: the candidate is opened read-only and must be a Ninekeeper file (application_id), pass
 * integrity_check and have a schema version this app knows; the current data is backed up first,
 * then the candidate is copied into the live database with the backup API and migrated if older.
 */
import Database from 'better-sqlite3'
import { closeSync, existsSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { err, ok, type Result } from '../../shared/result'
import { APPLICATION_ID } from '../db/open'
import { migrate } from '../db/migrate'
import { MIGRATIONS } from '../db/migrations/index'
import type { Clock } from '../ids'
import {
  createPrivateFile,
  ensurePrivateDir,
  presentSideFiles,
  removeSideFiles,
  SIDE_SUFFIXES,
  tighten,
} from '../private-files'

import type { BackupFileInfo as BackupFile, BackupInfo, BackupKind } from '../../shared/model/transfer'

export type { BackupFile, BackupInfo, BackupKind }

export const DEFAULT_KEEP = 7
export const DAY_MS = 24 * 60 * 60 * 1000
const NAME = /^ninekeeper\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.(daily|manual|before-restore)\.sqlite$/
const MIGRATION_NAME = /^ninekeeper\.v\d+\.before-migration\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.sqlite$/
/** How many copies of each kind are kept; null means the user's setting (meta 'backup_keep'). */
export const KEEP_BY_KIND: Record<BackupKind, number | null> = {
  daily: null,
  manual: null,
  'before-restore': 3,
  'before-migration': 3,
}
/** Leftovers (a killed copy's .partial and side files) older than this are removed at start. */
export const LEFTOVER_AGE_MS = 10 * 60 * 1000
const LEFTOVER = /^ninekeeper\..+\.sqlite(\.partial(-wal|-shm|-journal)?|-wal|-shm|-journal)$/

export interface BackupLimits {
  /** A copy that makes no progress for this long is abandoned. */
  stallMs: number
  /** No copy takes longer than this. */
  totalMs: number
  /** Pages copied per step of a backup (between steps the app keeps answering). */
  pagesPerStep?: number
}
export const DEFAULT_LIMITS: BackupLimits = { stallMs: 15_000, totalMs: 15 * 60 * 1000 }
const PAGES_PER_STEP = 256

/** SQLite's file header: a file that starts with it is an SQLite database, damaged or not. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

export class BackupStalledError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupStalledError'
  }
}

/**
 * The progress callback of better-sqlite3's backup: it counts the steps and throws (which aborts and
 * closes the copy) once no page has moved for `stallMs` (SQLITE_BUSY and SQLITE_LOCKED otherwise make
 * it retry for ever) or the whole copy took `totalMs`.
 */
export function boundedProgress(limits: BackupLimits, pagesPerStep: number, now: () => number = Date.now) {
  const start = now()
  let remaining = Infinity
  let lastMove = start
  return (p: { totalPages: number; remainingPages: number }): number => {
    const t = now()
    if (p.remainingPages < remaining) {
      remaining = p.remainingPages
      lastMove = t
    }
    if (t - lastMove > limits.stallMs) {
      throw new BackupStalledError(
        `the copy made no progress for ${Math.round(limits.stallMs / 1000)} s; the file is locked or read-only`,
      )
    }
    if (t - start > limits.totalMs)
      throw new BackupStalledError(`the copy took longer than ${Math.round(limits.totalMs / 60_000)} min`)
    return pagesPerStep
  }
}

/** A full disk, as SQLite (SQLITE_FULL) or the file system (ENOSPC) reports it. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: string }).code
  return code === 'SQLITE_FULL' || code === 'ENOSPC'
}

/** True when the file begins with SQLite's header (a file that cannot be read does not). */
export function startsLikeSqlite(path: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return false
  }
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length)
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_MAGIC)
  } finally {
    closeSync(fd)
  }
}

const stampOf = (d: Date): string => d.toISOString().replace(/[:.]/g, '-')
// Only ever given a stamp the name patterns matched whole, so the pattern needs no anchors.
const isoOf = (stamp: string): string =>
  stamp.replace(/(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z/, '$1:$2:$3.$4Z')

export class BackupService {
  readonly dir: string
  private running: Promise<unknown> | null = null

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly clock: Clock,
    private readonly afterRestore: () => void = () => {},
    private readonly limits: BackupLimits = DEFAULT_LIMITS,
  ) {
    this.dir = join(dirname(file), 'backups')
    this.sweep()
  }

  /** Removes what a killed copy left behind (.partial files and SQLite side files), once they are stale. */
  sweep(now = Date.now()): string[] {
    if (!existsSync(this.dir)) return []
    ensurePrivateDir(this.dir)
    const removed: string[] = []
    for (const name of readdirSync(this.dir)) {
      if (!LEFTOVER.test(name)) continue
      const path = join(this.dir, name)
      try {
        if (now - statSync(path).mtimeMs < LEFTOVER_AGE_MS) continue
        rmSync(path)
        removed.push(name)
      } catch {
        // Gone meanwhile: nothing to do.
      }
    }
    return removed
  }

  private meta(key: string): string | null {
    return (
      (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null
    )
  }

  private setMeta(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, value)
  }

  keep(): number {
    const n = Number(this.meta('backup_keep'))
    return Number.isInteger(n) && n >= 1 ? n : DEFAULT_KEEP
  }

  setKeep(keep: number): Result<BackupInfo> {
    this.setMeta('backup_keep', String(keep))
    this.rotate()
    return this.info()
  }

  info(): Result<BackupInfo> {
    return ok({ dir: this.dir, keep: this.keep(), lastAt: this.meta('backup_last_at'), files: this.list() })
  }

  list(): BackupFile[] {
    if (!existsSync(this.dir)) return []
    const out: BackupFile[] = []
    for (const name of readdirSync(this.dir)) {
      const m = NAME.exec(name)
      const mm = m ? null : MIGRATION_NAME.exec(name)
      if (!m && !mm) continue
      const size = statSync(join(this.dir, name)).size
      if (m) out.push({ name, size, createdAt: isoOf(m[1] as string), kind: m[2] as BackupKind })
      else out.push({ name, size, createdAt: isoOf((mm as RegExpExecArray)[1] as string), kind: 'before-migration' })
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name))
  }

  /** One backup at a time; a second request waits for the first. */
  async backupNow(kind: 'daily' | 'manual' | 'before-restore' = 'manual'): Promise<Result<BackupFile>> {
    while (this.running) await this.running.catch(() => {})
    const job = this.doBackup(kind)
    this.running = job
    try {
      return await job
    } finally {
      this.running = null
    }
  }

  private async doBackup(kind: 'daily' | 'manual' | 'before-restore'): Promise<Result<BackupFile>> {
    const now = this.clock()
    let name = `ninekeeper.${stampOf(now)}.${kind}.sqlite`
    for (let i = 1; existsSync(join(this.dir, name)); i++)
      name = `ninekeeper.${stampOf(new Date(now.getTime() + i))}.${kind}.sqlite`
    const target = join(this.dir, name)
    const partial = `${target}.partial`
    try {
      ensurePrivateDir(this.dir)
      // Created private first: SQLite would create it with the umask's (often world-readable) mode.
      createPrivateFile(partial)
      const done = await this.db.backup(partial, {
        progress: boundedProgress(this.limits, this.limits.pagesPerStep ?? PAGES_PER_STEP),
      })
      // better-sqlite3 reports a first step that met a lock (SQLITE_BUSY) as finished with nothing copied.
      if (done.totalPages === 0)
        throw new BackupStalledError('the copy could not start; the data file or the copy is locked')
      const check = new Database(partial, { fileMustExist: true })
      try {
        // Self-contained: no -wal or -shm is needed (or left behind) to read the copy later.
        check.pragma('journal_mode = DELETE')
        const res = check.pragma('quick_check', { simple: true })
        if (res !== 'ok') throw new Error(`quick_check: ${String(res)}`)
      } finally {
        check.close()
      }
      removeSideFiles(partial)
      tighten(partial)
      renameSync(partial, target)
    } catch (e) {
      rmSync(partial, { force: true })
      removeSideFiles(partial)
      if (isDiskFull(e)) return err('disk-full', 'The disk is full. Nothing was saved: the backup was not written.')
      return err('backup-failed', `The backup could not be written (${(e as Error).message}). Nothing was saved.`)
    }
    try {
      this.setMeta('backup_last_at', now.toISOString())
    } catch (e) {
      // The copy is made and checked: a lock held by another program must not turn it into a failure
      // (docs/ARCHITECTURE.md § Threads). The time is recorded by the next backup; the daily one is tried again
      // meanwhile.
      const code = (e as { code?: string }).code
      if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') throw e
    }
    this.rotate()
    return ok({ name, size: statSync(target).size, createdAt: now.toISOString(), kind })
  }

  /** Keeps the newest copies of each kind, each kind on its own count. */
  rotate(): void {
    const keep = this.keep()
    const files = this.list()
    for (const kind of Object.keys(KEEP_BY_KIND) as BackupKind[]) {
      const n = KEEP_BY_KIND[kind] ?? keep
      for (const f of files.filter((x) => x.kind === kind).slice(n)) {
        rmSync(join(this.dir, f.name), { force: true })
        removeSideFiles(join(this.dir, f.name))
      }
    }
  }

  /** Makes the daily backup when the last one is a day old (or there is none and there is data). */
  async maybeDaily(): Promise<Result<BackupFile> | null> {
    return this.dailyDue() ? this.backupNow('daily') : null
  }

  /** True when the daily backup is due: the last one is a day old, or there is none and there is data. */
  dailyDue(): boolean {
    const last = this.meta('backup_last_at')
    if (last && this.clock().getTime() - Date.parse(last) < DAY_MS) return false
    if (!last) {
      const any = this.db
        .prepare('SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM matches) AS n')
        .get() as { n: number }
      if (any.n === 0) return false
    }
    return true
  }

  /** A backup file of ours, by name only (no paths from the renderer). */
  resolveName(name: string): string | null {
    if (name !== basename(name) || !(NAME.test(name) || MIGRATION_NAME.test(name))) return null
    const path = join(this.dir, name)
    return existsSync(path) ? path : null
  }

  /** Checks a candidate file without changing anything. */
  static inspect(path: string): Result<{ schemaVersion: number }> {
    let probe: Database.Database | undefined
    // A read-only look at a WAL-mode file creates -wal/-shm beside it; remove those it created, only.
    const sidesBefore = presentSideFiles(path)
    try {
      // Read-only never creates a file (fileMustExist would add nothing) and never checkpoints a WAL.
      probe = new Database(path, { readonly: true })
      const appId = probe.pragma('application_id', { simple: true }) as number
      const version = probe.pragma('user_version', { simple: true }) as number
      if (appId !== APPLICATION_ID)
        return err('foreign-file', 'That file is an SQLite database, but not a Ninekeeper one. Nothing was changed.')
      if (version < 1) return err('foreign-file', 'That file is not a Ninekeeper data file. Nothing was changed.')
      if (version > MIGRATIONS.length) {
        return err(
          'too-new',
          `That backup was written by a newer Ninekeeper (schema ${version}; this version knows up to ${MIGRATIONS.length}). Nothing was changed.`,
        )
      }
      // One row 'ok', or the problems found (the first is shown).
      const integrity = probe.pragma('integrity_check', { simple: true })
      if (integrity !== 'ok')
        return err('corrupt', `That backup is damaged (integrity check: ${String(integrity)}). Nothing was changed.`)
      return ok({ schemaVersion: version })
    } catch (e) {
      const code = (e as { code?: string }).code
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
        // An SQLite header with unreadable pages is a damaged backup; anything else is not a database at all.
        return startsLikeSqlite(path)
          ? err(
              'corrupt',
              'That backup is damaged: it starts like a Ninekeeper backup but its contents cannot be read. Nothing was changed.',
            )
          : err('not-a-database', 'That file is not an SQLite database. Nothing was changed.')
      }
      return err('unreadable', `That file could not be read (${(e as Error).message}). Nothing was changed.`)
    } finally {
      probe?.close()
      removeSideFiles(
        path,
        SIDE_SUFFIXES.filter((s) => !sidesBefore.includes(s)),
      )
    }
  }

  async restore(path: string): Promise<Result<{ restoredSchema: number; safetyCopy: string }>> {
    const inspected = BackupService.inspect(path)
    if (!inspected.ok) return inspected
    const safety = await this.backupNow('before-restore')
    if (!safety.ok)
      return err(
        'backup-failed',
        `Restore stopped: the current data could not be backed up first. ${safety.error.message}`,
      )
    while (this.running) await this.running.catch(() => {})
    const sidesBefore = presentSideFiles(path)
    const source = new Database(path, { readonly: true })
    try {
      // Everything in one step, so no other write interleaves with a half-copied file; bounded like every copy.
      await source.backup(this.file, { progress: boundedProgress(this.limits, 1_000_000) })
    } catch (e) {
      if (isDiskFull(e))
        return err(
          'disk-full',
          `The disk is full. Nothing was saved; your data before the restore is in ${safety.value.name}.`,
        )
      return err(
        'restore-failed',
        `The restore could not be completed (${(e as Error).message}). Your data before the restore is in ${safety.value.name}.`,
      )
    } finally {
      source.close()
      removeSideFiles(
        path,
        SIDE_SUFFIXES.filter((s) => !sidesBefore.includes(s)),
      )
    }
    // The copy replaced the schema under this connection, which only notices when a statement checks
    // the schema cookie: reading the schema table makes it load the restored one. Without it, migrating
    // an older backup fails (ALTER TABLE sees the columns of the schema it had cached).
    this.db.prepare('SELECT count(*) FROM sqlite_master').get()
    migrate(this.db, MIGRATIONS)
    this.afterRestore()
    return ok({ restoredSchema: inspected.value.schemaVersion, safetyCopy: safety.value.name })
  }
}
