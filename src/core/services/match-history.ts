/**
 * A match's history as the History panel lists it: every entry, correction, undo, redo and close,
 * in log order, in words, with who and when, and whether it is in force. Pure over the computed
 * match (the match service supplies the seat names).
 */
import { describeAction } from '../../shared/games/describe'
import { hlcTime } from '../../shared/events/hlc'
import type { EntryContext } from '../../shared/events/reduce'
import type { EventKind, MatchEventKind } from '../../shared/events/types'
import type { MatchHistoryEntry } from '../../shared/model/match'
import type { ProjectedMatch } from './projector'

/** An entry in words, in the context it was made in (who was to act, which round). */
export function describeEntry(
  m: ProjectedMatch,
  eventId: string,
  action: unknown,
  names: readonly string[],
  fallback: Partial<EntryContext> = {},
): string {
  // An entry that is not in force (undone, or refused on replay) has no context of its own.
  const ctx = m.contexts.get(eventId) ?? {
    toAct: fallback.toAct ?? null,
    round: fallback.round ?? m.roundTimes.length + 1,
  }
  return describeAction(m.gameId, action, { names, ...ctx })
}

export function historyOf(m: ProjectedMatch, names: readonly string[]): MatchHistoryEntry[] {
  const roundAt = new Map<string, number>()
  let completed = 0
  const words = (eventId: string, action: unknown): string =>
    describeEntry(m, eventId, action, names, { round: roundAt.get(eventId) })
  const index = new Map<string, number>()
  const originals = new Map<string, unknown>()
  const kinds = new Map<string, EventKind>()
  const skipped = new Set(m.skipped.map((s) => s.eventId))
  // Only the newest correction of an entry is in force; earlier ones stay in the history.
  const superseded = new Set(m.log.entries.flatMap((e) => e.corrections.slice(0, -1).map((c) => c.id)))
  let n = 0
  let seq = 0
  return m.log.events
    .filter(({ event }) => event.kind !== 'match.started' && event.kind !== 'match.recorded')
    .map(({ event: ev, active }) => {
      kinds.set(ev.id, ev.kind)
      const p = ev.payload as Record<string, unknown>
      let kind: MatchHistoryEntry['kind']
      let description: string
      let action: unknown = null
      let supersedes: string | null = null
      // Only a match's own entries reach here (its start is filtered out above).
      switch (ev.kind as Exclude<MatchEventKind, 'match.started' | 'match.recorded'>) {
        case 'match.action': {
          index.set(ev.id, ++n)
          originals.set(ev.id, p.action)
          const ctx = m.contexts.get(ev.id)
          roundAt.set(ev.id, ctx ? ctx.round : completed + 1)
          if (ctx) completed = ctx.round
          kind = 'action'
          action = p.action
          description = `${words(ev.id, action)}${skipped.has(ev.id) ? ' — not applied' : ''}`
          break
        }
        case 'match.corrected':
          kind = 'correction'
          action = p.action
          supersedes = p.target as string
          description = `${words(supersedes, originals.get(supersedes))} corrected`
          break
        case 'match.closed':
          kind = 'void'
          description = p.status === 'abandoned' ? 'Match abandoned' : 'Match finished by hand'
          break
        case 'match.reopened':
          kind = 'undo'
          supersedes = p.target as string
          description = 'Reopened the match'
          break
        case 'match.redone':
          kind = 'redo'
          supersedes = p.target as string
          description = 'Redo'
          break
        case 'match.undone': {
          kind = 'undo'
          supersedes = p.target as string
          const k = kinds.get(supersedes)
          description =
            k === 'match.action'
              ? `Undid ${words(supersedes, originals.get(supersedes))}`
              : k === 'match.corrected'
                ? 'Undid a correction'
                : k === 'match.closed'
                  ? 'Reopened the match'
                  : 'Undo'
        }
      }
      return {
        seq: seq++,
        kind,
        at: hlcTime(ev.hlc),
        action,
        supersedes,
        eventId: ev.id,
        description,
        deviceId: ev.deviceId,
        hlc: ev.hlc,
        inForce: active && !skipped.has(ev.id) && !superseded.has(ev.id),
      }
    })
}
