/**
 * The JSON export written to a file as it is read (an export never holds the whole history
 * in memory: docs/ARCHITECTURE.md § Threads): the same bytes as TransferService.exportJson, one event per line, from
 * one read transaction (a consistent snapshot while the app keeps writing). Runs in the database worker.
 */
import type { Database } from 'better-sqlite3'
import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { userVersion } from '../db/migrate'
import { toEvent, type EventRow } from '../db/repos/events'
import { createPrivateFile } from '../private-files'
import { EXPORT_FORMAT, EXPORT_VERSION } from './transfer'

/** Bytes gathered before each write to the file. */
const CHUNK = 1 << 20

export interface StreamedExport {
  fileName: string
  path: string
  bytes: number
  eventCount: number
}

export function exportJsonFileName(now: Date): string {
  return `ninekeeper-export-${now.toISOString().slice(0, 10)}.json`
}

/** Writes the JSON export of `db` to `path` (created private, replaced if present); removes it on failure. */
export function writeJsonExport(db: Database, path: string, deviceId: string, now: Date): StreamedExport {
  createPrivateFile(path)
  const fd = openSync(path, 'w')
  let bytes = 0
  let pending: string[] = []
  let pendingLength = 0
  const flush = (): void => {
    if (pending.length === 0) return
    const buf = Buffer.from(pending.join(''), 'utf8')
    let off = 0
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off)
    bytes += buf.length
    pending = []
    pendingLength = 0
  }
  const write = (text: string): void => {
    pending.push(text)
    pendingLength += text.length
    if (pendingLength >= CHUNK) flush()
  }
  try {
    const eventCount = db
      .transaction(() => {
        const devices: Record<string, number> = {}
        let count = 0
        for (const r of db
          .prepare(
            'SELECT device_id, max(device_seq) AS seq, count(*) AS n FROM events GROUP BY device_id ORDER BY min(hlc), device_id',
          )
          .iterate() as Iterable<{
          device_id: string
          seq: number
          n: number
        }>) {
          devices[r.device_id] = r.seq
          count += r.n
        }
        const manifest = {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exportedAt: now.toISOString(),
          schemaVersion: userVersion(db),
          deviceId,
          eventCount: count,
          devices,
        }
        write(`${JSON.stringify(manifest).slice(0, -1)},"events":[\n`)
        let first = true
        for (const r of db.prepare('SELECT * FROM events ORDER BY hlc, id').iterate() as Iterable<EventRow>) {
          write(first ? JSON.stringify(toEvent(r)) : `,\n${JSON.stringify(toEvent(r))}`)
          first = false
        }
        write('\n]}\n')
        return count
      })
      .deferred()
    flush()
    closeSync(fd)
    return { fileName: exportJsonFileName(now), path, bytes, eventCount }
  } catch (e) {
    try {
      closeSync(fd)
    } catch {
      // Already closed.
    }
    rmSync(path, { force: true })
    throw e
  }
}
