/**
 * Everything behind the IPC contract, shared by the Electron main process and the web bridge:
 * the opened database, the services, the handlers and the dispatcher.
 */
import type { Database } from 'better-sqlite3'
import { join } from 'node:path'
import { PRODUCT_NAME } from '../shared/branding'
import type { AppInfo } from '../shared/model/app'
import { createHandlers } from './handlers'
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatch'
import { DB_FILE_NAME, openDatabase, type OpenOptions, type OpenedDatabase } from './db/open'
import { userVersion } from './db/migrate'
import { systemClock, type Clock } from './ids'
import { PlayerService } from './services/players'
import { MatchService } from './services/matches'

export interface CoreOptions extends OpenOptions {
  dataDir: string
  mode: AppInfo['mode']
  version: string
  clock?: Clock
  log?: (message: string, error?: unknown) => void
}

export interface Core {
  db: Database
  opened: OpenedDatabase
  handlers: Handlers
  dispatch: Dispatch
  close(): void
}

export function createCore(options: CoreOptions): Core {
  const file = join(options.dataDir, DB_FILE_NAME)
  const opened = openDatabase(file, options)
  const { db } = opened
  const clock = options.clock ?? systemClock
  const sqliteVersion = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  const handlers = createHandlers({
    players: new PlayerService(db, clock),
    matches: new MatchService(db, clock),
    appInfo: () => ({
      name: PRODUCT_NAME,
      version: options.version,
      mode: options.mode,
      dataDir: options.dataDir,
      dataFile: file,
      schemaVersion: userVersion(db),
      sqliteVersion,
    }),
  })
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e))
  const dispatch = createDispatcher(handlers, (e, channel) => log(`handler for ${channel} failed`, e))
  return {
    db,
    opened,
    handlers,
    dispatch,
    close: () => {
      if (db.open) {
        db.pragma('wal_checkpoint(TRUNCATE)')
        db.close()
      }
    },
  }
}
