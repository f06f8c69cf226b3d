/**
 * The reducer: the projections the app reads, as pure functions of the events. The database keeps
 * their results in tables and re-runs them for whatever a write touched; rebuilding every table
 * from the events alone gives the same rows (a property test checks it).
 *
 * Merge rules (deterministic on every laptop, whatever order the events arrived in):
 * - events are ordered by HLC, then id;
 * - player fields are last-writer-wins by HLC, each field on its own (a rename on one laptop and
 *   a colour on another both stay); a deletion is a tombstone that nothing revives; a merge sends
 *   the player's history to another player (the latest merge wins; chains are followed);
 * - in a match, an undo/redo names the event it takes back, so it means the same everywhere;
 *   corrections to one action are all kept, the latest by HLC is the one in force;
 * - actions are replayed in HLC order; one the engine refuses (two laptops played the same turn)
 *   is kept in the log, marked "not applied", and changes nothing.
 */
import type { GameEngine, GameId } from '../games/engine'
import { completedRounds } from '../games/projections'
import { compareEvents, type AnyEvent, type DomainEvent, type PayloadOf, type PlayerEventKind } from './types'
import { hlcTime } from './hlc'

// ---------------------------------------------------------------------------------------------
// Players

export interface PlayerProjection {
  id: string
  name: string
  color: string | null
  archived: boolean
  /** When it was last archived (null while not archived). */
  archivedAt: string | null
  deleted: boolean
  mergedInto: string | null
  createdAt: string
  updatedAt: string
  /** When each field was last written (HLC), for last-writer-wins. */
  createdHlc: string
}

type PlayerEvent = Extract<AnyEvent, { kind: PlayerEventKind }>

/** A player's state from all its events (any order in, HLC order applied). Null until it is created. */
export function reducePlayer(events: readonly DomainEvent[]): PlayerProjection | null {
  const sorted = [...events].sort(compareEvents) as PlayerEvent[]
  const created = sorted.find((e) => e.kind === 'player.created') as DomainEvent<'player.created'> | undefined
  if (!created) return null
  const p: PlayerProjection = {
    id: created.subject,
    name: created.payload.name,
    color: created.payload.color,
    archived: false,
    archivedAt: null,
    deleted: false,
    mergedInto: null,
    createdAt: hlcTime(created.hlc),
    updatedAt: hlcTime(created.hlc),
    createdHlc: created.hlc,
  }
  for (const e of sorted) {
    if (e === created || e.kind === 'player.created') continue
    switch (e.kind) {
      case 'player.renamed':
        p.name = e.payload.name
        break
      case 'player.color-set':
        p.color = e.payload.color
        break
      case 'player.archived':
        p.archived = true
        p.archivedAt = hlcTime(e.hlc)
        break
      case 'player.restored':
        p.archived = false
        p.archivedAt = null
        break
      case 'player.deleted':
        p.deleted = true
        break
      case 'player.merged':
        p.mergedInto = e.payload.into === p.id ? null : e.payload.into
        break
    }
    p.updatedAt = hlcTime(e.hlc)
  }
  return p
}

/**
 * Where each merged player's history lives now: follows merge chains (A into B, B into C gives C).
 * A cycle (two laptops merging A into B and B into A) resolves to the cycle's smallest id.
 */
export function canonicalIds(mergedInto: ReadonlyMap<string, string | null>): Map<string, string> {
  const out = new Map<string, string>()
  for (const start of mergedInto.keys()) {
    const path: string[] = []
    const seen = new Set<string>()
    let cur = start
    while (!out.has(cur)) {
      if (seen.has(cur)) {
        const cycle = path.slice(path.indexOf(cur))
        const root = [...cycle].sort()[0] as string
        for (const id of cycle) out.set(id, root)
        break
      }
      seen.add(cur)
      path.push(cur)
      const next = mergedInto.get(cur)
      if (!next) {
        out.set(cur, cur)
        break
      }
      cur = next
    }
    const root = out.get(cur) as string
    for (const id of path) if (!out.has(id)) out.set(id, root)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Matches

export interface LogEntry {
  /** The event that logged the action; corrections refer to it. */
  eventId: string
  original: unknown
  at: string
  hlc: string
  deviceId: string
  /** Corrections in force, oldest first; the last is the action in force. */
  corrections: { id: string; action: unknown; at: string; hlc: string; deviceId: string }[]
}

export interface MatchLog {
  started: (PayloadOf['match.started'] & { at: string; hlc: string; deviceId: string; eventId: string }) | null
  /** The actions in force, in log order. */
  entries: LogEntry[]
  /** Closes in force, oldest first. */
  closes: { id: string; status: 'finished' | 'abandoned'; at: string }[]
  /** What Ctrl+Z takes back (an action, correction or close in force), or null. */
  undoTarget: { id: string; kind: 'match.action' | 'match.corrected' | 'match.closed' } | null
  /** The undo that redo takes back, or null (a new entry after an undo clears redo). */
  redoTarget: { id: string; target: string } | null
  /** Every event of the match in log order, with whether it is in force. */
  events: { event: DomainEvent; active: boolean }[]
  /** The latest HLC in the log: a write made against an older view of the match is stale. */
  head: string | null
}

const CANCELLERS = new Set(['match.undone', 'match.redone', 'match.reopened'])

function targetOf(e: DomainEvent): string | null {
  return CANCELLERS.has(e.kind) ? (e.payload as { target: string }).target : null
}

/** Which kinds each canceller may take back; anything else is ignored (it cannot be replayed the same everywhere). */
function mayCancel(canceller: DomainEvent['kind'], target: DomainEvent['kind']): boolean {
  if (canceller === 'match.undone')
    return (
      target === 'match.action' ||
      target === 'match.corrected' ||
      target === 'match.closed' ||
      target === 'match.redone'
    )
  if (canceller === 'match.redone') return target === 'match.undone'
  if (canceller === 'match.reopened') return target === 'match.closed'
  return false
}

/** The match's log in force, from all its events (any arrival order gives the same result). */
export function reduceMatch(input: readonly DomainEvent[]): MatchLog {
  const events = [...input].sort(compareEvents)
  const byId = new Map(events.map((e) => [e.id, e]))
  // An event is in force unless a later canceller in force takes it back. Walking from the newest
  // event down, every canceller of an event is decided before the event itself.
  const cancelledBy = new Map<string, DomainEvent[]>()
  for (const e of events) {
    const t = targetOf(e)
    if (t === null) continue
    const target = byId.get(t)
    if (!target || compareEvents(target, e) >= 0 || !mayCancel(e.kind, target.kind)) continue
    const list = cancelledBy.get(t) ?? []
    list.push(e)
    cancelledBy.set(t, list)
  }
  const active = new Set<string>()
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as DomainEvent
    if (!(cancelledBy.get(e.id) ?? []).some((c) => active.has(c.id))) active.add(e.id)
  }

  const log: MatchLog = {
    started: null,
    entries: [],
    closes: [],
    undoTarget: null,
    redoTarget: null,
    events: [],
    head: null,
  }
  const entryOf = new Map<string, LogEntry>()
  // When each event in force was last brought into force (its own stamp, or the redo that restored it).
  const inForceSince = new Map<string, string>()
  let lastNewEntry = ''
  for (const e of events) {
    const on = active.has(e.id)
    log.events.push({ event: e, active: on })
    log.head = e.hlc
    if (e.kind === 'match.started') {
      if (!log.started)
        log.started = {
          ...(e.payload as PayloadOf['match.started']),
          at: hlcTime(e.hlc),
          hlc: e.hlc,
          deviceId: e.deviceId,
          eventId: e.id,
        }
      continue
    }
    if (e.kind === 'match.action' || e.kind === 'match.corrected' || e.kind === 'match.closed') lastNewEntry = e.hlc
    if (!on) continue
    if (e.kind === 'match.action') {
      const entry: LogEntry = {
        eventId: e.id,
        original: (e.payload as PayloadOf['match.action']).action,
        at: hlcTime(e.hlc),
        hlc: e.hlc,
        deviceId: e.deviceId,
        corrections: [],
      }
      log.entries.push(entry)
      entryOf.set(e.id, entry)
      inForceSince.set(e.id, e.hlc)
    } else if (e.kind === 'match.corrected') {
      const p = e.payload as PayloadOf['match.corrected']
      const target = byId.get(p.target)
      if (target?.kind !== 'match.action' || compareEvents(target, e) >= 0) continue
      inForceSince.set(e.id, e.hlc)
    } else if (e.kind === 'match.closed') {
      log.closes.push({ id: e.id, status: (e.payload as PayloadOf['match.closed']).status, at: hlcTime(e.hlc) })
      inForceSince.set(e.id, e.hlc)
    } else if (e.kind === 'match.redone') {
      // The undo it takes back restored its own target: that target is in force again from now.
      const undone = byId.get((e.payload as PayloadOf['match.redone']).target)
      const restored = undone ? targetOf(undone) : null
      if (restored) inForceSince.set(restored, e.hlc)
    }
  }
  // Corrections attach to their action once every action is known (a correction's action may sit earlier).
  for (const e of events) {
    if (e.kind !== 'match.corrected' || !active.has(e.id)) continue
    const p = e.payload as PayloadOf['match.corrected']
    const entry = entryOf.get(p.target)
    const target = byId.get(p.target)
    if (!entry || !target || compareEvents(target, e) >= 0) continue
    entry.corrections.push({ id: e.id, action: p.action, at: hlcTime(e.hlc), hlc: e.hlc, deviceId: e.deviceId })
  }

  let top: { id: string; since: string } | null = null
  for (const [id, since] of inForceSince) {
    const e = byId.get(id)
    if (!e || !active.has(id)) continue
    if (e.kind !== 'match.action' && e.kind !== 'match.corrected' && e.kind !== 'match.closed') continue
    if (e.kind === 'match.corrected' && !entryOf.has((e.payload as PayloadOf['match.corrected']).target)) continue
    if (!top || since > top.since || (since === top.since && id > top.id)) top = { id, since }
  }
  if (top)
    log.undoTarget = { id: top.id, kind: byId.get(top.id)?.kind as 'match.action' | 'match.corrected' | 'match.closed' }
  // Redo: the newest undo in force, as long as nothing new was entered after it.
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as DomainEvent
    if (e.hlc <= lastNewEntry) break
    if (e.kind === 'match.undone' && active.has(e.id)) {
      const t = byId.get((e.payload as PayloadOf['match.undone']).target)
      if (t && t.kind !== 'match.redone' && mayCancel(e.kind, t.kind)) log.redoTarget = { id: e.id, target: t.id }
      break
    }
  }
  return log
}

/** The action in force for an entry: its latest correction, or the original. */
export function effectiveAction(e: LogEntry): unknown {
  return e.corrections.length ? e.corrections[e.corrections.length - 1]?.action : e.original
}

export interface Replayed<S> {
  state: S
  /** When each completed round was entered (index = round - 1). */
  roundTimes: string[]
  /** Entries the engine refused on replay (two laptops played the same turn): kept, not applied. */
  skipped: { eventId: string; code: string; message: string }[]
  /** Set when even the starting config is refused (a match from a newer engine, say). */
  setupError: { code: string; message: string } | null
  /** For each applied entry: who was to act and which round it was, before it (to describe it in words). */
  contexts: Map<string, EntryContext>
}

export interface EntryContext {
  toAct: number | null
  round: number
}

/** Replays the entries in force through the game's engine; never throws on a bad entry. */
export function replayMatch<S>(
  gameId: GameId,
  engine: GameEngine<unknown, S, unknown, unknown>,
  config: unknown,
  entries: readonly LogEntry[],
): Replayed<S> | { setupError: { code: string; message: string } } {
  const start = engine.setup(config)
  if (!start.ok) return { setupError: { code: start.error.code, message: start.error.message } }
  let state = start.value
  const roundTimes: string[] = []
  const skipped: Replayed<S>['skipped'] = []
  const contexts = new Map<string, EntryContext>()
  let done = completedRounds(gameId, state)
  for (const entry of entries) {
    const before = engine.status(state)
    contexts.set(entry.eventId, { toAct: before.toAct, round: before.round })
    const r = engine.apply(state, effectiveAction(entry))
    if (!r.ok) {
      skipped.push({ eventId: entry.eventId, code: r.error.code, message: r.error.message })
      continue
    }
    state = r.value
    const now = completedRounds(gameId, state)
    while (done < now) roundTimes[done++] = entry.at
    if (now < done) {
      roundTimes.length = now
      done = now
    }
  }
  return { state, roundTimes, skipped, setupError: null, contexts }
}
