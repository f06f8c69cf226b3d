import type { Database } from 'better-sqlite3'

/** One schema step: takes the database from user_version i to i + 1, inside the runner's transaction. */
export interface Migration {
  name: string
  up: (db: Database) => void
}
