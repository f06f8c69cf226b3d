/**
 * Backups through SQLite's online backup API (db.backup): consistent while the app keeps writing,
 * each copy checked with quick_check before it counts. Daily while the app is in use, on demand, and
 * before a restore; rotated to the last N (meta 'backup_keep'). The copy before a migration is made by
 * db/open.ts with VACUUM INTO (opening is synchronous and must finish before migrating; both give a
 * consistent snapshot) and lands in the same folder; rotation never deletes it.
 *
 * Restore: the candidate is opened read-only and must be a Ninekeeper file (application_id), pass
 * integrity_check and have a schema version this app knows; the current data is backed up first,
 * then the candidate is copied into the live database with the backup API and migrated if older.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { err, ok, type Result } from '../../shared/result'
import { APPLICATION_ID } from '../db/open'
import { migrate } from '../db/migrate'
import { MIGRATIONS } from '../db/migrations/index'
import type { Clock } from '../ids'

import type { BackupFileInfo as BackupFile, BackupInfo, BackupKind } from '../../shared/model/transfer'

export type { BackupFile, BackupInfo, BackupKind }

export const DEFAULT_KEEP = 7
export const DAY_MS = 24 * 60 * 60 * 1000
const NAME = /^ninekeeper\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.(daily|manual|before-restore)\.sqlite$/
const MIGRATION_NAME = /^ninekeeper\.v\d+\.before-migration\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.sqlite$/
const ROTATED: BackupKind[] = ['daily', 'manual']

const stampOf = (d: Date): string => d.toISOString().replace(/[:.]/g, '-')
const isoOf = (stamp: string): string => stamp.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z')

export class BackupService {
  readonly dir: string
  private running: Promise<unknown> | null = null

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly clock: Clock,
    private readonly afterRestore: () => void = () => {},
  ) {
    this.dir = join(dirname(file), 'backups')
  }

  private meta(key: string): string | null {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null
  }

  private setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
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
      else if (mm) out.push({ name, size, createdAt: isoOf(mm[1] as string), kind: 'before-migration' })
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
    mkdirSync(this.dir, { recursive: true })
    const now = this.clock()
    let name = `ninekeeper.${stampOf(now)}.${kind}.sqlite`
    for (let i = 1; existsSync(join(this.dir, name)); i++) name = `ninekeeper.${stampOf(new Date(now.getTime() + i))}.${kind}.sqlite`
    const target = join(this.dir, name)
    const partial = `${target}.partial`
    try {
      await this.db.backup(partial)
      const check = new Database(partial, { readonly: true })
      try {
        const res = check.pragma('quick_check', { simple: true })
        if (res !== 'ok') throw new Error(`quick_check: ${String(res)}`)
      } finally {
        check.close()
      }
      renameSync(partial, target)
    } catch (e) {
      rmSync(partial, { force: true })
      return err('backup-failed', `The backup could not be written (${(e as Error).message}). Is the disk full?`)
    }
    this.setMeta('backup_last_at', now.toISOString())
    this.rotate()
    return ok({ name, size: statSync(target).size, createdAt: now.toISOString(), kind })
  }

  rotate(): void {
    const keep = this.keep()
    const rotated = this.list().filter((f) => ROTATED.includes(f.kind))
    for (const f of rotated.slice(keep)) rmSync(join(this.dir, f.name), { force: true })
  }

  /** Makes the daily backup when the last one is a day old (or there is none and there is data). */
  async maybeDaily(): Promise<Result<BackupFile> | null> {
    const last = this.meta('backup_last_at')
    if (last && this.clock().getTime() - Date.parse(last) < DAY_MS) return null
    if (!last) {
      const any = this.db.prepare('SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM matches) AS n').get() as { n: number }
      if (any.n === 0) return null
    }
    return this.backupNow('daily')
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
    try {
      probe = new Database(path, { readonly: true, fileMustExist: true })
      const appId = probe.pragma('application_id', { simple: true }) as number
      const version = probe.pragma('user_version', { simple: true }) as number
      if (appId !== APPLICATION_ID) return err('foreign-file', 'That file is an SQLite database, but not a Ninekeeper one. Nothing was changed.')
      if (version < 1) return err('foreign-file', 'That file is not a Ninekeeper data file. Nothing was changed.')
      if (version > MIGRATIONS.length) {
        return err('too-new', `That backup was written by a newer Ninekeeper (schema ${version}; this version knows up to ${MIGRATIONS.length}). Nothing was changed.`)
      }
      const rows = probe.pragma('integrity_check') as { integrity_check: string }[]
      if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') {
        return err('corrupt', `That backup is damaged (integrity check: ${rows[0]?.integrity_check ?? 'failed'}). Nothing was changed.`)
      }
      return ok({ schemaVersion: version })
    } catch (e) {
      const code = (e as { code?: string }).code
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return err('not-a-database', 'That file is not an SQLite database. Nothing was changed.')
      return err('unreadable', `That file could not be read (${(e as Error).message}). Nothing was changed.`)
    } finally {
      probe?.close()
    }
  }

  async restore(path: string): Promise<Result<{ restoredSchema: number; safetyCopy: string }>> {
    const inspected = BackupService.inspect(path)
    if (!inspected.ok) return inspected
    const safety = await this.backupNow('before-restore')
    if (!safety.ok) return err('backup-failed', `Restore stopped: the current data could not be backed up first. ${safety.error.message}`)
    while (this.running) await this.running.catch(() => {})
    const source = new Database(path, { readonly: true, fileMustExist: true })
    try {
      // Everything in one step, so no other write interleaves with a half-copied file.
      await source.backup(this.file, { progress: () => 1_000_000 })
    } finally {
      source.close()
    }
    migrate(this.db, MIGRATIONS)
    this.afterRestore()
    return ok({ restoredSchema: inspected.value.schemaVersion, safetyCopy: safety.value.name })
  }
}
