/**
 * What the match service checks before it writes a change to a match's log (a correction, an undo, a
 * redo): the log as it would be, replayed through the one replay (replayLog, src/shared/games/engine.ts)
 * with the entries already left out staying left out, and a correction's preview entry by entry. Pure:
 * reads the projected match, writes nothing.
 */
import { createHash } from 'node:crypto'
import { replayLog, type ReplayError } from '../../shared/games/engine'
import { effectiveAction, reduceMatch, type LogEntry } from '../../shared/events/reduce'
import type { DomainEvent, EventKind, PayloadOf } from '../../shared/events/types'
import type { CorrectionChange, CorrectionPreview, LeftOutEntry } from '../../shared/model/correction'
import { entryChanges, standsDifferently } from '../../shared/games/entry-changes'
import { err, ok, type Result } from '../../shared/result'
import { CORRECTION_BREAKS_LATER_ENTRY } from '../../shared/service-errors'
import { describeEntry } from './match-history'
import { broken, closed, recordedOnly, refuse } from './match-refusals'
import type { ProjectedMatch } from './projected-match'

/** The id of the last event in the match's log: what a write checked against it names (`after`). */
export function headOf(m: ProjectedMatch): string | undefined {
  return m.log.events[m.log.events.length - 1]?.event.id
}

/**
 * Replays `entries` from the match's config: the first entry the engine would refuse (an entry left
 * out before stays left out; it is not this change's fault), with the state just before it. `step`
 * sees every state on the way (a refused entry stepped over keeps the state before it, and its refusal
 * is given). `passAfter`: every entry after this index that the engine refuses is stepped over too.
 */
function replayEntries(
  m: ProjectedMatch,
  entries: readonly LogEntry[],
  step?: (after: unknown, refused: ReplayError | null) => void,
  passAfter = Infinity,
): { error: ReplayError; before: unknown } | null {
  const engine = m.engine
  if (!engine)
    return {
      error: { index: -1, code: 'unknown-game', message: 'This match is of a game this version does not know.' },
      before: null,
    }
  const left = new Set(m.skipped.map((s) => s.eventId))
  const r = replayLog(engine, m.config, entries.map(effectiveAction), {
    passOver: (i) => i > passAfter || left.has(entries[i]?.eventId ?? ''),
    ...(step
      ? { step: (_i: number, _before: unknown, after: unknown, refused: ReplayError | null) => step(after, refused) }
      : {}),
  })
  return r.ok ? null : { error: r.error, before: r.before }
}

/** The first entry the engine would refuse if the log were `entries`, or null. */
export function firstFailure(m: ProjectedMatch, entries: readonly LogEntry[]): ReplayError | null {
  return replayEntries(m, entries)?.error ?? null
}

/**
 * The engine's state before the first entry and after each entry of `entries` (index i + 1; an entry left
 * out keeps the state before it), with the refusal of each entry stepped over (by index), or the first
 * entry the engine would refuse, with the state just before it. `passAfter` as in replayEntries.
 */
function statesAfter(
  m: ProjectedMatch,
  entries: readonly LogEntry[],
  passAfter = Infinity,
):
  | { ok: true; value: unknown[]; refused: Map<number, ReplayError> }
  | { ok: false; error: ReplayError; before: unknown } {
  const engine = m.engine as NonNullable<ProjectedMatch['engine']>
  const start = engine.setup(m.config)
  const out: unknown[] = start.ok ? [start.value] : []
  const refused = new Map<number, ReplayError>()
  const failed = replayEntries(
    m,
    entries,
    (after, why) => {
      if (why) refused.set(out.length - 1, why)
      out.push(after)
    },
    passAfter,
  )
  return failed ? { ok: false, ...failed } : { ok: true, value: out, refused }
}

/** The log with entry `eventId` corrected to `action`, or why it cannot be corrected at all. */
export function withCorrection(
  m: ProjectedMatch,
  eventId: string,
  action: unknown,
): Result<{ index: number; entries: LogEntry[] }> {
  if (m.recorded) return recordedOnly()
  if (m.status === 'abandoned') return closed(m.status)
  if (!m.engine) return broken(m)
  const index = m.log.entries.findIndex((e) => e.eventId === eventId)
  if (index < 0) return refuse('not-found', 'That entry is no longer in the log (it may have been undone).', 'eventId')
  const entries: LogEntry[] = m.log.entries.map((e, i) =>
    i === index ? { ...e, corrections: [...e.corrections, { id: 'probe', action, at: '', hlc: '', deviceId: '' }] } : e,
  )
  return ok({ index, entries })
}

/** The refusal of a correction of entry `index` whose log stops replaying at `failed` (matches:correct). */
export function correctionRefusal(failed: ReplayError, index: number): Result<never> {
  return failed.index === index
    ? err(failed.code, failed.message, 'action')
    : refuse(
        CORRECTION_BREAKS_LATER_ENTRY,
        `That change makes entry ${failed.index + 1} invalid: ${failed.message}`,
        'action',
      )
}

/**
 * What correcting entry `eventId` to `action` would change, entry by entry (`names`: the seats' names
 * now). Refused as the correction itself would be. A later entry the correction makes impossible is
 * listed in `leftOut`, in words with where the table stands just before it (EN-A22 for Ennea): applied
 * with this preview's token, the correction leaves it out (the reducer steps over an entry the engine
 * refuses, as it does for one that arrives by sync), and undoing the correction brings it back.
 */
export function correctionPreview(
  m: ProjectedMatch,
  eventId: string,
  action: unknown,
  names: readonly string[],
): Result<CorrectionPreview> {
  const checked = withCorrection(m, eventId, action)
  if (!checked.ok) return checked
  const { index, entries } = checked.value
  const engine = m.engine as NonNullable<ProjectedMatch['engine']>
  const words = (i: number): string => {
    const e = m.log.entries[i]
    return e ? describeEntry(m, e.eventId, effectiveAction(e), names) : "the match's start"
  }
  const was = statesAfter(m, m.log.entries)
  const now = statesAfter(m, entries, index)
  if (!now.ok) {
    const { error } = now
    if (error.index === index) return err(error.code, error.message, 'action')
    // an entry before the corrected one cannot change: the log in force no longer replays
    return broken(m)
  }
  if (!was.ok) return broken(m)
  const left = new Set(m.skipped.map((s) => s.eventId))
  const leftOut: LeftOutEntry[] = []
  for (const [at, error] of now.refused) {
    const e = entries[at] as LogEntry
    if (at <= index || left.has(e.eventId)) continue
    // where the table stands just before that entry, with the correction and as played (EN-A22)
    const there = standsDifferently(m.gameId, engine, was.value[at], now.value[at])
    const why = there.length > 0 ? ` With the correction, just before it: ${there.join(' ')}` : ''
    leftOut.push({ index: at + 1, eventId: e.eventId, entry: words(at), reason: `${error.message}${why}` })
  }
  const changeAt = (i: number): CorrectionChange => {
    const e = entries[i] as LogEntry
    return {
      index: i + 1,
      eventId: e.eventId,
      entry: words(i),
      changes: entryChanges(
        m.gameId,
        engine,
        [was.value[i], was.value[i + 1]],
        [now.value[i], now.value[i + 1]],
        effectiveAction(e),
      ),
    }
  }
  const target = changeAt(index)
  const later: CorrectionChange[] = []
  const dropped = new Set(leftOut.map((l) => l.index - 1))
  for (let i = index + 1; i < entries.length; i++) {
    if (dropped.has(i)) continue
    const c = changeAt(i)
    if (c.changes.length > 0) later.push(c)
  }
  const listed = (xs: readonly { index: number }[]): string => {
    const list = xs.map((c) => String(c.index))
    return list.length === 1 ? (list[0] as string) : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
  }
  const changes =
    later.length === 0
      ? `Correcting ${target.entry} changes no later entry`
      : `Correcting ${target.entry} changes ${later.length === 1 ? '1 later entry' : `${later.length} later entries`}: ${listed(later)}`
  const message =
    leftOut.length === 0
      ? `${changes}.`
      : `${changes}; ${leftOut.length === 1 ? `entry ${listed(leftOut)} becomes impossible and is` : `entries ${listed(leftOut)} become impossible and are`} left out (kept in the log, not counted; undoing the correction brings ${leftOut.length === 1 ? 'it' : 'them'} back).`
  const token = createHash('sha256')
    .update(JSON.stringify([m.log.head ?? '', eventId, action, target, later, leftOut]))
    .digest('hex')
    .slice(0, 32)
  return ok({ target, later, leftOut, message, token })
}

/** The log in force as it would be with one more event (to check an undo or redo before writing it). */
export function probeLog<K extends EventKind>(m: ProjectedMatch, kind: K, payload: PayloadOf[K]): LogEntry[] {
  const last = m.log.events[m.log.events.length - 1]?.event
  const hlc = `${last ? last.hlc : ''}~`
  // After the head, as the event it stands for will be.
  const probe = {
    id: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
    deviceId: '',
    deviceSeq: 0,
    hlc,
    kind,
    v: 1,
    subject: m.id,
    payload: { ...payload, after: headOf(m) },
  } as DomainEvent
  return reduceMatch([...m.log.events.map((e) => e.event), probe]).entries
}
