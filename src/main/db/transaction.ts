import type { Database } from 'better-sqlite3'
import type { Result } from '../../shared/result'

const ROLLBACK = Symbol('rollback')

/**
 * Runs `fn` in one immediate transaction (the write lock is taken at BEGIN, so it fails early rather
 * than mid-way). A refusal (`ok: false`) rolls everything back, so a refused write changes nothing.
 */
export function writeTransaction<T>(db: Database, fn: () => Result<T>): Result<T> {
  let refused: Result<T> | undefined
  try {
    return db
      .transaction(() => {
        const r = fn()
        if (!r.ok) {
          refused = r
          throw ROLLBACK
        }
        return r
      })
      .immediate()
  } catch (e) {
    if (e === ROLLBACK && refused) return refused
    throw e
  }
}
