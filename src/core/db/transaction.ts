import type { Database, Transaction } from 'better-sqlite3'
import type { Result } from '../../shared/result'

const ROLLBACK = Symbol('rollback')

type Runner = Transaction<(fn: () => Result<unknown>) => Result<unknown>>

/** One transaction function per connection (making one per call was a measurable part of a commit). */
const runners = new WeakMap<Database, Runner>()

function runnerOf(db: Database): Runner {
  let r = runners.get(db)
  if (!r) {
    r = db.transaction((fn: () => Result<unknown>) => {
      const out = fn()
      if (!out.ok) throw { [ROLLBACK]: out }
      return out
    })
    runners.set(db, r)
  }
  return r
}

/**
 * Runs `fn` in one immediate transaction (the write lock is taken at BEGIN, so it fails early rather
 * than mid-way). A refusal (`ok: false`) rolls everything back, so a refused write changes nothing.
 */
export function writeTransaction<T>(db: Database, fn: () => Result<T>): Result<T> {
  try {
    return runnerOf(db).immediate(fn) as Result<T>
  } catch (e) {
    if (typeof e === 'object' && e !== null && ROLLBACK in e) return (e as { [ROLLBACK]: Result<T> })[ROLLBACK]
    throw e
  }
}
