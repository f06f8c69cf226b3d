/**
 * `transfer:export-json-file` (issue 16): the database worker streams the JSON export into a
 * private file, and the caller gets a handle to it (services/export-downloads.ts) instead of its
 * text, so the main thread never holds or serialises the history. `transfer:export-json` still
 * answers the text, as the contract has always said.
 */
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Output } from '../../shared/ipc/contract'
import { ok, type Result } from '../../shared/result'
import type { Handlers } from '../ipc/dispatch'
import { ensurePrivateDir } from '../private-files'
import type { ExportDownloads } from '../services/export-downloads'
import type { StreamedExport } from '../services/export-stream'
import type { DbWorker } from './client'
import { exportDir } from './ops'

export interface ExportFileDeps {
  worker: DbWorker
  file: string
  downloads: ExportDownloads
  now: () => Date
  deviceId: () => string
}

export function exportFileHandlers(d: ExportFileDeps): Pick<Handlers, 'transfer:export-json-file'> {
  return {
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
