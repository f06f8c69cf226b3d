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
import type { CorrectionChange, CorrectionPreview } from '../../shared/model/correction'
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
 * sees every state on the way.
 */
function replayEntries(
  m: ProjectedMatch,
  entries: readonly LogEntry[],
  step?: (after: unknown) => void,
): { error: ReplayError; before: unknown } | null {
  const engine = m.engine
  if (!engine)
    return {
      error: { index: -1, code: 'unknown-game', message: 'This match is of a game this version does not know.' },
      before: null,
    }
  const left = new Set(m.skipped.map((s) => s.eventId))
  const r = replayLog(engine, m.config, entries.map(effectiveAction), {
    passOver: (i) => left.has(entries[i]?.eventId ?? ''),
    ...(step ? { step: (_i: number, _before: unknown, after: unknown) => step(after) } : {}),
  })
  return r.ok ? null : { error: r.error, before: r.before }
}

/** The first entry the engine would refuse if the log were `entries`, or null. */
export function firstFailure(m: ProjectedMatch, entries: readonly LogEntry[]): ReplayError | null {
  return replayEntries(m, entries)?.error ?? null
}

/**
 * The engine's state before the first entry and after each entry of `entries` (index i + 1; an entry left
 * out before keeps the state before it), or the first entry the engine would refuse, with the state just
 * before it.
 */
function statesAfter(
  m: ProjectedMatch,
  entries: readonly LogEntry[],
): { ok: true; value: unknown[] } | { ok: false; error: ReplayError; before: unknown } {
  const engine = m.engine as NonNullable<ProjectedMatch['engine']>
  const start = engine.setup(m.config)
  const out: unknown[] = start.ok ? [start.value] : []
  const failed = replayEntries(m, entries, (after) => out.push(after))
  return failed ? { ok: false, ...failed } : { ok: true, value: out }
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
 * now). Refused as the correction itself would be, and when a later entry would become impossible,
 * naming that entry in words with where the table stands just before it (EN-A22 for Ennea).
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
  const now = statesAfter(m, entries)
  if (!now.ok) {
    const { error, before } = now
    const at = error.index
    if (at === index) return err(error.code, error.message, 'action')
    // where the table stands just before that entry, with the correction and as played (EN-A22)
    const there = was.ok ? standsDifferently(m.gameId, engine, was.value[at], before) : []
    const why = there.length > 0 ? ` With the correction, just before it: ${there.join(' ')}` : ''
    return refuse(
      CORRECTION_BREAKS_LATER_ENTRY,
      `That change makes entry ${at + 1} (${words(at)}) impossible: ${error.message}${why} Nothing was saved.`,
      'action',
    )
  }
  if (!was.ok) return broken(m)
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
  for (let i = index + 1; i < entries.length; i++) {
    const c = changeAt(i)
    if (c.changes.length > 0) later.push(c)
  }
  const list = later.map((c) => String(c.index))
  const message =
    later.length === 0
      ? `Correcting ${target.entry} changes no later entry.`
      : `Correcting ${target.entry} changes ${later.length === 1 ? '1 later entry' : `${later.length} later entries`}: ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`}.`
  const token = createHash('sha256')
    .update(JSON.stringify([m.log.head ?? '', eventId, action, target, later]))
    .digest('hex')
    .slice(0, 32)
  return ok({ target, later, message, token })
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
