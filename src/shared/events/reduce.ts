/**
 * The reducer: the projections the app reads, as pure functions of the events. The database keeps
 * their results in tables and re-runs them for whatever a write touched; rebuilding every table
 * from the events alone gives the same rows (a property test checks it).
 *
 * Merge rules (deterministic on every laptop, whatever order the events arrived in; the projections
 * are a function of the event set):
 * - events are in causal order (./causal.ts): a match event comes after the head it was checked
 *   against (`after`), a field change after the value it replaces (`replaces`), whatever the
 *   clocks say; only events that did not see each other are ordered by HLC, then id;
 * - player fields are last-writer-wins in that order, each field on its own (a rename on one laptop
 *   and a colour on another both stay); a deletion is a tombstone that nothing revives; a merge
 *   sends the player's history to another player (the last merge wins; chains are followed);
 * - in a match, an undo/redo names the event it takes back, so it means the same everywhere;
 *   corrections to one action are all kept, the last in the order is the one in force;
 * - actions are replayed in that order; one the engine refuses (two laptops played the same turn)
 *   is kept in the log, marked "not applied", and changes nothing.
 */
import { replayLog, type GameEngine, type GameId } from '../games/engine'
import { completedRounds } from '../games/projections'
import { compareEvents, type AnyEvent, type DomainEvent, type PayloadOf, type PlayerEventKind } from './types'
import { hlcTime } from './hlc'
import { causalOrder } from './causal'

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
  /** When it was created (HLC). */
  createdHlc: string
  /** The event whose value each field holds now: the next change of that field names it (`replaces`). */
  sources: Record<PlayerField, string>
}

export type PlayerField = 'name' | 'color' | 'archived' | 'merged'

const PLAYER_FIELD: Partial<Record<PlayerEventKind, PlayerField>> = {
  'player.renamed': 'name',
  'player.color-set': 'color',
  'player.archived': 'archived',
  'player.restored': 'archived',
  'player.merged': 'merged',
}

type PlayerEvent = Extract<AnyEvent, { kind: PlayerEventKind }>

const replacesOf = (e: { payload: unknown }): string | undefined => (e.payload as { replaces?: string }).replaces

/** The write of one field in force: the last of its changes in causal order, or null when there is none. */
function lastWrite<T extends { id: string; hlc: string; payload: unknown }>(changes: readonly T[]): T | null {
  if (changes.length === 0) return null
  const order = causalOrder(changes, replacesOf)
  return order[order.length - 1] as T
}

/**
 * A player's state from all its events (any order in). The creation gives each field its first
 * value; each field's changes then go in causal order, the last in force. Null until it is created.
 */
export function reducePlayer(events: readonly DomainEvent[]): PlayerProjection | null {
  let created: DomainEvent<'player.created'> | undefined
  for (const e of events)
    if (e.kind === 'player.created' && (!created || compareEvents(e, created) < 0))
      created = e as DomainEvent<'player.created'>
  if (!created) return null
  const changes: Record<PlayerField, PlayerEvent[]> = { name: [], color: [], archived: [], merged: [] }
  let deleted = false
  let latest: string | null = null
  for (const e of events as readonly PlayerEvent[]) {
    if (e.kind === 'player.created') continue
    if (latest === null || e.hlc > latest) latest = e.hlc
    if (e.kind === 'player.deleted') deleted = true
    const field = PLAYER_FIELD[e.kind]
    if (field) changes[field].push(e)
  }
  const name = lastWrite(changes.name) as DomainEvent<'player.renamed'> | null
  const color = lastWrite(changes.color) as DomainEvent<'player.color-set'> | null
  const archived = lastWrite(changes.archived)
  const merged = lastWrite(changes.merged) as DomainEvent<'player.merged'> | null
  const into = merged ? merged.payload.into : null
  return {
    id: created.subject,
    name: name ? name.payload.name : created.payload.name,
    color: color ? color.payload.color : created.payload.color,
    archived: archived?.kind === 'player.archived',
    archivedAt: archived?.kind === 'player.archived' ? hlcTime(archived.hlc) : null,
    deleted,
    mergedInto: into === created.subject ? null : into,
    createdAt: hlcTime(created.hlc),
    updatedAt: hlcTime(latest ?? created.hlc),
    createdHlc: created.hlc,
    sources: {
      name: name?.id ?? created.id,
      color: color?.id ?? created.id,
      archived: archived?.id ?? created.id,
      merged: merged?.id ?? created.id,
    },
  }
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
  /**
   * The stamp of the last event in the log: a write made against an older view of the match is
   * stale. A write names the id of that event (`after`, the last of `events`).
   */
  head: string | null
  /** The greatest stamp in the log (the match was last changed at its time). */
  latest: string | null
}

/** The id a match event names as the head it was checked against (./causal.ts). */
const afterOf = (e: DomainEvent): string | undefined => (e.payload as { after?: string }).after

/** A match's events in causal order (./causal.ts). */
export function matchOrder(events: readonly DomainEvent[]): DomainEvent[] {
  return causalOrder(events, afterOf)
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

/**
 * The match's log in force, from all its events (any arrival order gives the same result). "Later"
 * means later in causal order (matchOrder): an undo written after seeing its target always takes it
 * back, whatever the two laptops' clocks said. Each event's time is the greatest stamp up to it in
 * that order, so times in the log never go down (a laptop whose clock is behind writes after one
 * ahead of it at the time the log had already reached).
 */
export function reduceMatch(input: readonly DomainEvent[]): MatchLog {
  const events = matchOrder(input)
  const byId = new Map<string, DomainEvent>()
  const pos = new Map<string, number>()
  for (const [i, e] of events.entries()) {
    byId.set(e.id, e)
    pos.set(e.id, i)
  }
  const before = (a: DomainEvent, b: DomainEvent): boolean => (pos.get(a.id) as number) < (pos.get(b.id) as number)
  // An event is in force unless a later canceller in force takes it back. Walking from the last
  // event back, every canceller of an event is decided before the event itself.
  const cancelledBy = new Map<string, DomainEvent[]>()
  for (const e of events) {
    const t = targetOf(e)
    if (t === null) continue
    const target = byId.get(t)
    if (!target || !before(target, e) || !mayCancel(e.kind, target.kind)) continue
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
    latest: null,
  }
  const entryOf = new Map<string, LogEntry>()
  // When each event in force was last brought into force (its own place, or the redo that restored it).
  const inForceSince = new Map<string, number>()
  const at: string[] = []
  let lastNewEntry = -1
  for (const [i, e] of events.entries()) {
    const on = active.has(e.id)
    log.events.push({ event: e, active: on })
    log.head = e.hlc
    if (log.latest === null || e.hlc > log.latest) log.latest = e.hlc
    at.push(hlcTime(log.latest))
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
    if (e.kind === 'match.action' || e.kind === 'match.corrected' || e.kind === 'match.closed') lastNewEntry = i
    if (!on) continue
    if (e.kind === 'match.action') {
      const entry: LogEntry = {
        eventId: e.id,
        original: (e.payload as PayloadOf['match.action']).action,
        at: at[i] as string,
        hlc: e.hlc,
        deviceId: e.deviceId,
        corrections: [],
      }
      log.entries.push(entry)
      entryOf.set(e.id, entry)
      inForceSince.set(e.id, i)
    } else if (e.kind === 'match.corrected') {
      const p = e.payload as PayloadOf['match.corrected']
      const target = byId.get(p.target)
      if (target?.kind !== 'match.action' || !before(target, e)) continue
      inForceSince.set(e.id, i)
    } else if (e.kind === 'match.closed') {
      log.closes.push({ id: e.id, status: (e.payload as PayloadOf['match.closed']).status, at: at[i] as string })
      inForceSince.set(e.id, i)
    } else if (e.kind === 'match.redone') {
      // The undo it takes back restored its own target: that target is in force again from here.
      const undone = byId.get((e.payload as PayloadOf['match.redone']).target)
      const restored = undone ? targetOf(undone) : null
      if (restored) inForceSince.set(restored, i)
    }
  }
  // Corrections attach to their action once every action is known (a correction's action may sit earlier).
  for (const [i, e] of events.entries()) {
    if (e.kind !== 'match.corrected' || !active.has(e.id)) continue
    const p = e.payload as PayloadOf['match.corrected']
    const entry = entryOf.get(p.target)
    const target = byId.get(p.target)
    if (!entry || !target || !before(target, e)) continue
    entry.corrections.push({ id: e.id, action: p.action, at: at[i] as string, hlc: e.hlc, deviceId: e.deviceId })
  }

  let top: { id: string; since: number } | null = null
  for (const [id, since] of inForceSince) {
    const e = byId.get(id)
    if (!e || !active.has(id)) continue
    if (e.kind !== 'match.action' && e.kind !== 'match.corrected' && e.kind !== 'match.closed') continue
    if (e.kind === 'match.corrected' && !entryOf.has((e.payload as PayloadOf['match.corrected']).target)) continue
    if (!top || since > top.since || (since === top.since && id > top.id)) top = { id, since }
  }
  if (top)
    log.undoTarget = { id: top.id, kind: byId.get(top.id)?.kind as 'match.action' | 'match.corrected' | 'match.closed' }
  // Redo: the last undo in force, as long as nothing new was entered after it.
  for (let i = events.length - 1; i > lastNewEntry; i--) {
    const e = events[i] as DomainEvent
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

/**
 * Replays the entries in force through the game's engine (the one replay, replayLog); never throws on
 * a bad entry: every entry the engine refuses is passed over (kept, not applied) and listed in `skipped`.
 */
export function replayMatch<S>(
  gameId: GameId,
  engine: GameEngine<unknown, S, unknown, unknown, string>,
  config: unknown,
  entries: readonly LogEntry[],
): Replayed<S> | { setupError: { code: string; message: string } } {
  const roundTimes: string[] = []
  const contexts = new Map<string, EntryContext>()
  let done = -1
  const r = replayLog(engine, config, entries.map(effectiveAction), {
    passOver: () => true,
    step: (i, before, after, refused) => {
      const entry = entries[i] as LogEntry
      const status = engine.status(before)
      contexts.set(entry.eventId, { toAct: status.toAct, round: status.round })
      if (done < 0) done = completedRounds(gameId, before)
      if (refused) return
      const now = completedRounds(gameId, after)
      while (done < now) roundTimes[done++] = entry.at
      if (now < done) {
        roundTimes.length = now
        done = now
      }
    },
  })
  if (!r.ok) return { setupError: { code: r.error.code, message: r.error.message } }
  const skipped = r.passed.map((p) => ({
    eventId: (entries[p.index] as LogEntry).eventId,
    code: p.code,
    message: p.message,
  }))
  return { state: r.state, roundTimes, skipped, setupError: null, contexts }
}
