/**
 * `transfer:export-json-file` (docs/ARCHITECTURE.md § Threads): the database worker streams the JSON export into a
 * private file, and the caller gets a handle to it (services/export-downloads.ts) instead of its
 * text, so the main thread never holds or serialises the history. `transfer:export-json` still
 * answers the text, as the contract has always said.
 *
 * `transfer:export-csv-file` does the same for a CSV table (the rounds are the long one): the worker
 * writes it on a connection of its own, chunk by chunk, answering other requests between chunks
 * (CONCURRENT_OPS in protocol.ts); `transfer:export-csv` still answers the text.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Output } from '../../shared/ipc/contract'
import { ok, type Result } from '../../shared/result'
import type { Handlers } from '../ipc/dispatch'
import { ensurePrivateDir } from '../private-files'
import type { ExportDownloads } from '../services/export-downloads'
import type { StreamedExport } from '../services/export-stream'
import type { StreamedCsv } from '../services/transfer-csv'
import type { DbWorker } from './client'
import { exportDir } from './ops'

export interface ExportFileDeps {
  worker: DbWorker
  file: string
  downloads: ExportDownloads
  now: () => Date
  deviceId: () => string
}

/** What a CSV export killed half-way left in the exports folder (none runs at start). */
const PARTIAL_CSV = /^export-[0-9a-f-]+\.csv\.partial$/

export function exportFileHandlers(
  d: ExportFileDeps,
): Pick<Handlers, 'transfer:export-json-file' | 'transfer:export-csv-file'> {
  const dir = exportDir(d.file)
  if (existsSync(dir))
    for (const name of readdirSync(dir)) if (PARTIAL_CSV.test(name)) rmSync(join(dir, name), { force: true })
  return {
    'transfer:export-csv-file': async (input): Promise<Result<Output<'transfer:export-csv-file'>>> => {
      ensurePrivateDir(dir)
      const path = join(dir, `export-${randomUUID()}.csv.partial`)
      try {
        const done = await d.worker.call<StreamedCsv>({
          op: 'export-csv-file',
          table: input.table,
          path,
          now: d.now().toISOString(),
        })
        const downloadId = d.downloads.add({ path: done.path, fileName: done.fileName, bytes: done.bytes })
        return ok({ fileName: done.fileName, downloadId, bytes: done.bytes, rows: done.rows })
      } finally {
        // Moved under its handle when it succeeded; whatever a failure left is removed.
        await rm(path, { force: true })
      }
    },
    'transfer:export-json-file': async (): Promise<Result<Output<'transfer:export-json-file'>>> => {
      const dir = exportDir(d.file)
      ensurePrivateDir(dir)
      const path = join(dir, `export-${randomUUID()}.json.partial`)
      try {
        const done = await d.worker.call<StreamedExport>({
          op: 'export-json',
          path,
          deviceId: d.deviceId(),
          now: d.now().toISOString(),
        })
        const downloadId = d.downloads.add({ path: done.path, fileName: done.fileName, bytes: done.bytes })
        return ok({ fileName: done.fileName, downloadId, bytes: done.bytes, eventCount: done.eventCount })
      } finally {
        // Moved under its handle when it succeeded; whatever a failure left is removed.
        await rm(path, { force: true })
      }
    },
  }
}
