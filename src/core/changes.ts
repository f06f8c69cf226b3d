/**
 * The change feed (docs/ARCHITECTURE.md § Change events): one note "something was committed or
 * merged" each time the event log grew, whichever way it grew: a call through the dispatcher (a
 * round entered here, an import), a phone at a table (the table units' own listener), a club sync's
 * merge. Screens that show live data (the night board) listen to it instead of polling: the web
 * bridge sends it as server-sent events (GET /events), the desktop app over IPC (`core:changed`).
 *
 * It only says that something changed and how it came (`cause`); the listener asks again through the
 * contract for what it shows. The test is the log's highest rowid, which only grows (rows are never
 * deleted), read once per check: a call that stored nothing is no change.
 */
import type { Database, Statement } from 'better-sqlite3'
import type { ChangeNote, ChangeCause } from '../shared/model/changes'

export type ChangeListener = (note: ChangeNote) => void

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>()
  private readonly top: Statement<[], { n: number | null }>
  private seen: number
  private seq = 0

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.top = db.prepare<[], { n: number | null }>('SELECT max(rowid) AS n FROM events')
    this.seen = this.read()
  }

  /** Calls `listener` after each change; the function returned stops it. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** How many listen now (the web bridge's event streams, the desktop window). */
  get size(): number {
    return this.listeners.size
  }

  /** After a write may have happened: tells every listener once when the log grew since the last check. */
  check(cause: ChangeCause): void {
    const top = this.read()
    if (top === this.seen) return
    this.seen = top
    const note: ChangeNote = { seq: ++this.seq, cause, at: this.now().toISOString() }
    for (const listener of [...this.listeners]) {
      try {
        listener(note)
      } catch (e) {
        // One listener failing (a closed window) must not keep the note from the others.
        this.log('a change listener failed', e)
      }
    }
  }

  private read(): number {
    if (!this.db.open) return this.seen
    return this.top.get()?.n ?? 0
  }
}
