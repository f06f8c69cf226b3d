/**
 * Exports handed on as files, not as text (docs/ARCHITECTURE.md § Threads): the database worker streams the JSON export
 * into a private file in the exports folder, and the caller gets a handle (a random id) instead of
 * the content. The web bridge serves the handle once as a streamed download (GET /download/<id>);
 * the desktop app copies the file where the user saves it. So the whole history never becomes one
 * string or one IPC message on the main thread.
 *
 * A handle is good once and for EXPORT_TTL_MS; then it and its file are gone. Files left by an
 * earlier run are removed when the registry starts (no handle survives a restart).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { copyFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { err, ok, type Result } from '../../shared/result'

/** How long an unused export waits for its download or save. */
export const EXPORT_TTL_MS = 10 * 60 * 1000
/** A handle: 32 lowercase hex characters (128 random bits). */
export const DOWNLOAD_ID = /^[0-9a-f]{32}$/
const FILE = /^download-[0-9a-f]{32}\.json$/

export interface ExportFile {
  /** The name to offer the user, e.g. ninekeeper-export-2026-12-01.json. */
  fileName: string
  /** Where the file is now (private, in the exports folder). */
  path: string
  bytes: number
}

interface Entry extends ExportFile {
  timer: ReturnType<typeof setTimeout>
}

export const EXPIRED_MESSAGE =
  'That export is no longer available (it was already saved, or it waited too long). Export again.'

export class ExportDownloads {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly dir: string,
    private readonly ttlMs = EXPORT_TTL_MS,
  ) {
    if (existsSync(dir))
      for (const name of readdirSync(dir)) if (FILE.test(name)) rmSync(join(dir, name), { force: true })
  }

  /** Takes over a finished export file (moved into place under the new handle) and returns the handle. */
  add(file: { path: string; fileName: string; bytes: number }): string {
    const id = randomBytes(16).toString('hex')
    const path = join(this.dir, `download-${id}.json`)
    renameSync(file.path, path)
    const timer = setTimeout(() => this.drop(id), this.ttlMs)
    timer.unref()
    this.entries.set(id, { fileName: file.fileName, path, bytes: file.bytes, timer })
    return id
  }

  /**
   * The export for `id`, given out once: the handle is forgotten here, and the caller removes the
   * file when it is done with it (release). Null for an unknown, used or expired handle.
   */
  take(id: string): ExportFile | null {
    if (!DOWNLOAD_ID.test(id)) return null
    const e = this.entries.get(id)
    if (!e) return null
    this.entries.delete(id)
    clearTimeout(e.timer)
    return { fileName: e.fileName, path: e.path, bytes: e.bytes }
  }

  /** Removes a taken export's file. */
  async release(file: ExportFile): Promise<void> {
    await rm(file.path, { force: true })
  }

  /**
   * The desktop app's save: asks where (`choose`, Electron's save dialog at the edge) and copies the
   * file there (libuv's thread pool, not the main thread); the handle is used up either way.
   */
  async save(
    id: string,
    choose: (fileName: string) => Promise<string | null>,
  ): Promise<Result<{ saved: string | null }>> {
    const file = this.take(id)
    if (!file) return err('not-found', EXPIRED_MESSAGE, 'downloadId')
    try {
      const target = await choose(file.fileName)
      if (!target) return ok({ saved: null })
      await copyFile(file.path, target)
      return ok({ saved: target })
    } finally {
      await this.release(file)
    }
  }

  /** How many handles wait (for tests). */
  get pending(): number {
    return this.entries.size
  }

  private drop(id: string): void {
    const e = this.entries.get(id)
    if (!e) return
    this.entries.delete(id)
    rmSync(e.path, { force: true })
  }

  /** At close: every waiting export is removed. */
  close(): void {
    for (const id of [...this.entries.keys()]) {
      const e = this.entries.get(id)
      if (e) clearTimeout(e.timer)
      this.drop(id)
    }
  }
}
