/**
 * Files the renderer sends as content (an <input type=file> in the browser has no path): begun with
 * a declared size, sent as numbered base64 chunks, written to dataDir/uploads/, used once by an
 * import or a restore, then deleted. Sizes are bounded at every step, the folder and files are
 * private (0700/0600), and the first part of a file must already look like what it claims to be
 * (a Ninekeeper export, an SQLite database), so a wrong 300 MB file is refused at its first megabyte.
 */
import { appendFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { err, ok, type Result } from '../../shared/result'
import { uuidv7, type Clock } from '../ids'
import { createPrivateFile, ensurePrivateDir, removeSideFiles } from '../private-files'

export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024
export const MAX_CHUNK_BYTES = 1024 * 1024
/** Open uploads at once: enough for an import and a restore side by side, not enough to fill a disk. */
export const MAX_OPEN_UPLOADS = 4
const STALE_MS = 60 * 60 * 1000
/**
 * An upload this large is removed on libuv's thread pool, not on the main thread: the kernel takes
 * tens of milliseconds to unlink hundreds of megabytes (30 ms for 300 MB), which the end of a big
 * import held the main thread for (docs/ARCHITECTURE.md § Threads).
 */
export const REMOVE_OFF_THREAD_BYTES = 8 * 1024 * 1024

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')
/** How every Ninekeeper export begins (after an optional BOM and white space): an object whose format is ours. */
const EXPORT_START = /^\uFEFF?\s*\{\s*"format"\s*:\s*"ninekeeper-export"/

/** Checks the first part of an upload against its purpose; null when it may be what it claims. */
/** What an upload is for: a Ninekeeper export, a backup, or another app's file (BG Stats JSON, CSV). */
export type UploadPurpose = 'import' | 'restore' | 'external'

export function checkFirstBytes(purpose: UploadPurpose, first: Buffer): { code: string; message: string } | null {
  if (purpose === 'external') {
    // UTF-16 text (its byte-order mark first) is full of NUL bytes: the import decodes it (src/shared/import/text.ts).
    if ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff)) return null
    // Text of some kind (the import reads it fully and says precisely what is wrong); a binary file stops here.
    return first.subarray(0, 4096).includes(0)
      ? {
          code: 'invalid-file',
          message:
            'That file is not a BG Stats backup or a CSV file: it has no byte-order mark and holds NUL bytes, so it is neither UTF-8 nor Windows-1252 text (UTF-16 saved without its byte-order mark reads so: save it as UTF-8). Nothing was changed.',
        }
      : null
  }
  if (purpose === 'restore') {
    if (first.length >= SQLITE_MAGIC.length && first.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return null
    return {
      code: 'not-a-database',
      message: 'That file is not a Ninekeeper backup (not an SQLite database). Nothing was changed.',
    }
  }
  if (EXPORT_START.test(first.subarray(0, 256).toString('utf8'))) return null
  return {
    code: 'foreign-file',
    message:
      'That file is not a Ninekeeper export (it does not begin with "format": "ninekeeper-export"). Nothing was changed.',
  }
}

interface Upload {
  purpose: UploadPurpose
  size: number
  received: number
  next: number
  path: string
  startedAt: number
}

export class UploadService {
  private readonly dir: string
  private readonly uploads = new Map<string, Upload>()

  constructor(
    dataDir: string,
    private readonly clock: Clock,
  ) {
    this.dir = join(dataDir, 'uploads')
  }

  begin(purpose: UploadPurpose, size: number): Result<{ uploadId: string; chunkBytes: number }> {
    if (size > MAX_UPLOAD_BYTES)
      return err('too-large', `That file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, 'size')
    this.sweep()
    if (this.uploads.size >= MAX_OPEN_UPLOADS) {
      return err(
        'too-many-uploads',
        'Too many files are being sent at once. Wait for one to finish, or reload the page.',
        'size',
      )
    }
    ensurePrivateDir(this.dir)
    const uploadId = uuidv7(this.clock().getTime())
    const path = join(this.dir, `${uploadId}.part`)
    createPrivateFile(path)
    this.uploads.set(uploadId, { purpose, size, received: 0, next: 0, path, startedAt: this.clock().getTime() })
    return ok({ uploadId, chunkBytes: MAX_CHUNK_BYTES })
  }

  chunk(uploadId: string, index: number, data: string): Result<{ received: number; size: number }> {
    const u = this.uploads.get(uploadId)
    if (!u) return err('not-found', 'That upload is no longer open. Choose the file again.', 'uploadId')
    if (index !== u.next)
      return err('out-of-order', `Expected part ${u.next + 1} of the file, got part ${index + 1}.`, 'index')
    const bytes = Buffer.from(data, 'base64')
    if (bytes.length > MAX_CHUNK_BYTES) return err('too-large', 'A part of the file is too large.', 'data')
    if (u.received + bytes.length > u.size) {
      this.cancel(uploadId)
      return err('too-large', 'The file is larger than announced. Choose it again.', 'data')
    }
    // A file that continues past its first part is checked now, before megabytes more arrive; a file
    // that fits in one part gets the full check (with its precise message) from the import or restore.
    if (index === 0 && bytes.length < u.size) {
      const wrong = checkFirstBytes(u.purpose, bytes)
      if (wrong) {
        this.cancel(uploadId)
        return err(wrong.code, wrong.message, 'data')
      }
    }
    appendFileSync(u.path, bytes)
    u.received += bytes.length
    u.next++
    return ok({ received: u.received, size: u.size })
  }

  /** Hands over a complete upload's file; the caller deletes it with cancel() when done. */
  take(uploadId: string, purpose: UploadPurpose): Result<string> {
    const u = this.uploads.get(uploadId)
    if (!u || u.purpose !== purpose)
      return err('not-found', 'That upload is no longer open. Choose the file again.', 'uploadId')
    if (u.received !== u.size)
      return err('incomplete', `Only ${u.received} of ${u.size} bytes arrived. Choose the file again.`, 'uploadId')
    return ok(u.path)
  }

  cancel(uploadId: string): Result<{ uploadId: string }> {
    const u = this.uploads.get(uploadId)
    if (u) {
      if (u.received >= REMOVE_OFF_THREAD_BYTES) void rm(u.path, { force: true }).catch(() => {})
      else rmSync(u.path, { force: true })
      removeSideFiles(u.path)
    }
    this.uploads.delete(uploadId)
    return ok({ uploadId })
  }

  private sweep(): void {
    const now = this.clock().getTime()
    for (const [id, u] of this.uploads) if (now - u.startedAt > STALE_MS) this.cancel(id)
    if (!existsSync(this.dir)) return
    const open = new Set([...this.uploads.values()].map((u) => u.path))
    for (const f of readdirSync(this.dir)) {
      const p = join(this.dir, f)
      if (!open.has(p) && now - statSync(p).mtimeMs > STALE_MS) rmSync(p, { force: true })
    }
  }
}
