/**
 * What a table unit (a phone at a table) may do, mapped onto the match service's public operations
 * with the phone's paired match id forced here (docs/ARCHITECTURE.md § Table units): read its match,
 * enter a round, undo its own last round. Each entry carries the phone's idempotency key, recorded
 * in the same transaction as the event it appended, so a resend (after a lost answer, a dropped
 * Wi-Fi or a laptop restart) is answered with the first result and never applied twice.
 */
import type { Database } from 'better-sqlite3'
import type { Core } from '../../core/core'
import { writeTransaction } from '../../core/db/transaction'
import type { MatchService } from '../../core/services/matches'
import { withLockWait } from '../../core/worker/handlers'
import type { Standing } from '../../shared/games/engine'
import type { GameId } from '../../shared/games/ids'
import type { MatchView } from '../../shared/model/match'
import { err, ok, type Result } from '../../shared/result'
import { PairingStore, type TableUnit } from './store'

/** An idempotency key as a phone makes it: letters, digits, '-' and '_', 8 to 64 of them. */
export const ENTRY_KEY = /^[A-Za-z0-9_-]{8,64}$/

/** What a phone sees of its match: enough to enter a round and to read the table. */
export interface PhoneView {
  table: string
  matchId: string
  gameId: GameId
  status: MatchView['status']
  /** The round being played (1-based), and the game's sentence (whose turn, who deals). */
  round: number
  message: string
  over: boolean
  seats: { seat: number; name: string }[]
  standings: Standing[]
  /** The match's position in the log: sent back as `expected` with an entry. */
  head: string
  /** True when this phone's last round is what an undo would take back. */
  canUndo: boolean
  /** What the round form needs of the config (Wild Nine's entry by cards or points). */
  config: unknown
  /** The game's state as the laptop's engine has it: the phone's form checks an entry against it first, with the
   * laptop's own round form (RoundFormState), so it shows the laptop's messages before anything is sent. */
  state: unknown
  /** How many rounds the log holds (effective entries). */
  entries: number
}

export interface PhoneAnswer {
  /** The event this entry appended (the same on a resend). */
  eventId: string
  /** True when this key was already applied: the answer is the first one's, nothing was written now. */
  repeated: boolean
  view: PhoneView
}

export interface TablesDeps {
  db: Database
  matches: Pick<MatchService, 'get' | 'apply' | 'undo'>
  now: () => Date
  /** Resolves once the database worker's writes are done (a main-thread write waits for them). */
  writesSettled: () => Promise<void>
  lockWaitMs: number
  /** Called after every write (club sync sends new events soon). */
  afterWrite?: () => void
}

export class TablesService {
  readonly store: PairingStore

  constructor(private readonly deps: TablesDeps) {
    this.store = new PairingStore(deps.db, deps.now)
  }

  /** A match as the laptop sees it (the organiser adds phones only to running matches). */
  matchView(matchId: string): Result<MatchView> {
    return this.deps.matches.get(matchId)
  }

  /** The phone's match as it sees it. */
  view(unit: TableUnit): Result<PhoneView> {
    const m = this.deps.matches.get(unit.matchId)
    if (!m.ok) return m
    return ok(this.phoneView(unit, m.value))
  }

  /** Enters a round (one engine action) for the phone's match; a key seen before is answered as the first time. */
  enter(unit: TableUnit, key: string, action: unknown, expected?: string): Promise<Result<PhoneAnswer>> {
    return this.write(unit, key, 'round', () => this.deps.matches.apply(unit.matchId, action, expected))
  }

  /** Takes back this phone's own last round, only while it is the match's last entry. */
  undo(unit: TableUnit, key: string): Promise<Result<PhoneAnswer>> {
    return this.write(unit, key, 'undo', () => {
      const m = this.deps.matches.get(unit.matchId)
      if (!m.ok) return m
      if (!this.ownLast(unit, m.value))
        return err(
          'not-your-entry',
          "This phone can only take back the last round it entered itself, while nothing came after it. Ask the organiser's laptop.",
        )
      return this.deps.matches.undo(unit.matchId, m.value.head)
    })
  }

  private async write(
    unit: TableUnit,
    key: string,
    kind: 'round' | 'undo',
    run: () => Result<MatchView>,
  ): Promise<Result<PhoneAnswer>> {
    if (!ENTRY_KEY.test(key))
      return err('invalid-input', 'The entry key must be 8 to 64 letters, digits, dashes or underscores.', 'key')
    await this.deps.writesSettled()
    const r = await withLockWait(
      () =>
        writeTransaction<PhoneAnswer>(this.deps.db, () => {
          const before = this.store.entry(unit.id, key)
          if (before) {
            if (before.kind !== kind)
              return err('invalid-input', 'That entry key was already used for another kind of entry.', 'key')
            const now = this.deps.matches.get(unit.matchId)
            if (!now.ok) return now
            return ok({ eventId: before.eventId, repeated: true, view: this.phoneView(unit, now.value) })
          }
          const done = run()
          if (!done.ok) return done
          const eventId = this.eventAt(unit.matchId, done.value.head)
          this.store.recordEntry(unit.id, key, unit.matchId, { eventId, kind, answer: { eventId } })
          return ok({ eventId, repeated: false, view: this.phoneView(unit, done.value) })
        }),
      this.deps.lockWaitMs,
    )
    if (r.ok && !r.value.repeated) this.deps.afterWrite?.()
    return r
  }

  /**
   * True when this phone's last round is the match's last event (nothing came after it: no round, no
   * correction, no undo, no close), so an undo takes back exactly that round.
   */
  private ownLast(unit: TableUnit, m: MatchView): boolean {
    const mine = this.store.lastRound(unit.id)
    return mine !== null && m.undo !== null && this.eventAt(m.id, m.head) === mine
  }

  /** The id of the match's event at `head` (a view's head is its last event's stamp). */
  private eventAt(matchId: string, head: string): string {
    return (this.deps.db.prepare('SELECT id FROM events WHERE subject = ? AND hlc = ?').pluck().get(matchId, head) ??
      '') as string
  }

  private phoneView(unit: TableUnit, m: MatchView): PhoneView {
    return {
      table: unit.label,
      matchId: m.id,
      gameId: m.gameId,
      status: m.status,
      round: m.game.round,
      message: m.game.message,
      over: m.game.over,
      seats: m.seats.map((s) => ({ seat: s.seat, name: s.name })),
      standings: m.standings,
      head: m.head,
      canUndo: this.ownLast(unit, m),
      config: m.config,
      state: m.state,
      entries: m.actions.length,
    }
  }
}

/** The table units over a core: its data file, its match service, its worker's writes and club sync. */
export function tablesOf(
  core: Pick<Core, 'db' | 'matches' | 'worker' | 'sync' | 'lockWaitMs'>,
  now: () => Date = () => new Date(),
): TablesService {
  return new TablesService({
    db: core.db,
    matches: core.matches,
    now,
    writesSettled: () => core.worker.writesSettled(),
    lockWaitMs: core.lockWaitMs,
    afterWrite: () => core.sync.afterCall(),
  })
}
