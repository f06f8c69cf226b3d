import type { Database } from 'better-sqlite3'
import { MIGRATIONS, type Migration } from './migrations/index'

export interface MigrationReport {
  from: number
  to: number
  applied: string[]
}

export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Runs each pending step in its own transaction, with the user_version bump inside it, so a failing
 * step leaves the database exactly at the previous version.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  const from = userVersion(db)
  if (from > migrations.length) {
    throw new DatabaseTooNewError(from, migrations.length)
  }
  const applied: string[] = []
  for (let version = from; version < migrations.length; version++) {
    const step = migrations[version] as Migration
    db.transaction(() => {
      step.up(db)
      db.pragma(`user_version = ${version + 1}`)
    }).immediate()
    applied.push(step.name)
  }
  return { from, to: userVersion(db), applied }
}

export class DatabaseTooNewError extends Error {
  readonly code = 'database-too-new'
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `This data file was written by a newer version of Ninekeeper (schema ${found}; this version knows up to ${supported}). ` +
        'It was left untouched. Update Ninekeeper to open it.',
    )
    this.name = 'DatabaseTooNewError'
  }
}
