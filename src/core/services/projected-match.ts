/**
 * A match as the projector holds it (its replayed state, its log, what was last written), in a file of
 * its own: the projector and the recorded-result projection both use it, and neither imports the other
 * for it.
 */
import type { GameId, GameStatus, Standing } from '../../shared/games/engine'
import type { AnyEngine } from '../../shared/games/registry'
import type { EntryContext, MatchLog } from '../../shared/events/reduce'
import type { DomainEvent } from '../../shared/events/types'
import type { MatchStatus } from '../../shared/model/match'

/**
 * Never changed once made: a commit makes a new one (sharing what did not change), so a cached match
 * is never ahead of, or behind, the database it was read from (frozen in tests, freezeMatch).
 */
export interface ProjectedMatch {
  readonly id: string
  readonly gameId: GameId
  readonly engine: AnyEngine | null
  readonly config: unknown
  readonly log: MatchLog
  readonly state: unknown
  readonly status: MatchStatus
  readonly game: GameStatus | null
  readonly standings: Standing[]
  /** Entries the engine refused on replay, with the reason. */
  readonly skipped: readonly { eventId: string; code: string; message: string }[]
  readonly problem: string | null
  /** When each completed round was entered (index = round - 1). */
  readonly roundTimes: readonly string[]
  /** The events it was reduced from, in log order. */
  readonly events: readonly DomainEvent[]
  /** The seats as last written (who sits where after merges), once written. */
  readonly seats?: ProjectedSeat[]
  /** Who was to act and which round it was before each applied entry (for describing it). */
  readonly contexts: EntryContexts
  /** The match row's fields as the projector last wrote them (so the view after a write need not read them back). */
  readonly written?: {
    game_id: GameId
    status: MatchStatus
    created_at: string
    updated_at: string
    finished_at: string | null
    problem: string | null
    engine_version: number
  }
  /** Set for a result imported without rounds (match.recorded): where it came from. */
  readonly recorded?: { kind: 'bg-stats' | 'csv'; id: string }
}

/** Who was to act and which round it was before each applied entry, by the entry's event id. */
export interface EntryContexts {
  get(eventId: string): EntryContext | undefined
}

/** One context added over earlier ones, which it shares (never changing them). */
class AddedContext implements EntryContexts {
  constructor(
    readonly under: EntryContexts,
    readonly eventId: string,
    readonly context: EntryContext,
    readonly depth: number,
  ) {}

  get(eventId: string): EntryContext | undefined {
    if (this.eventId === eventId) return this.context
    let c = this.under
    while (c instanceof AddedContext) {
      if (c.eventId === eventId) return c.context
      c = c.under
    }
    return c.get(eventId)
  }
}

/**
 * `contexts` with one more entry's (a commit at the end): the earlier ones are shared, not copied (a
 * copy of 200 costs more than the rest of the step); every 64 additions they are one map again, so a
 * lookup stays short.
 */
export function withContext(contexts: EntryContexts, eventId: string, context: EntryContext): EntryContexts {
  const depth = contexts instanceof AddedContext ? contexts.depth + 1 : 1
  if (depth < 64) return new AddedContext(contexts, eventId, context, depth)
  const added: AddedContext[] = []
  let c: EntryContexts = contexts
  for (; c instanceof AddedContext; c = c.under) added.push(c)
  const flat = new Map(c instanceof Map ? (c as Map<string, EntryContext>) : [])
  for (const a of added.reverse()) flat.set(a.eventId, a.context)
  flat.set(eventId, context)
  return flat
}

/**
 * Freezes a projected match and what it holds (its log, lists and maps; the engine state is the
 * engine's, which never mutates it), so a write that changed a match in place would throw. Only
 * where `process.env.NODE_ENV` is 'test' or 'development': the checks cost a walk over the log.
 */
export function freezeMatch<M extends ProjectedMatch>(m: M): M {
  const env = process.env['NODE_ENV']
  if (env !== 'test' && env !== 'development') return m
  const freeze = (x: unknown): void => {
    if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return
    if (x instanceof Map) {
      for (const name of ['set', 'delete', 'clear'])
        Object.defineProperty(x, name, {
          value: () => {
            throw new TypeError(`Cannot ${name} an entry of a projected match's map: it is frozen.`)
          },
        })
      for (const v of x.values()) freeze(v)
    } else for (const v of Object.values(x)) freeze(v)
    Object.freeze(x)
  }
  for (const [k, v] of Object.entries(m)) if (k !== 'engine' && k !== 'state') freeze(v)
  return Object.freeze(m)
}

export interface ProjectedSeat {
  seat: number
  /** Where the player's history lives now (after merges). */
  playerId: string
  original: string
  color: string | null
}
