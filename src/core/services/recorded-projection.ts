/**
 * A recorded match (`match.recorded`, src/shared/events/recorded.ts) as the projector writes it: a
 * finished match with seats and results and no engine, no state and no rounds. Closes and reopens
 * apply as in any match (the reducer's own rules), so an abandoned recorded match leaves the stats.
 * When a match has more than one `match.recorded` (two laptops recorded the same play), the first
 * in log order is the one in force, the same on every laptop.
 */
import { reduceMatch } from '../../shared/events/reduce'
import { recordedResult, type RecordedPayload } from '../../shared/events/recorded'
import { compareEvents, type DomainEvent } from '../../shared/events/types'
import type { ProjectedMatch } from './projected-match'

export function isRecordedLog(events: readonly DomainEvent[]): boolean {
  return events.some((e) => e.kind === 'match.recorded')
}

/** The config a recorded match keeps in the matches row: the names (for summaries) and where it came from. */
export interface RecordedConfig {
  names: string[]
  recorded: RecordedPayload['source']
  /** Where it was played, when the source said (the stats' location filter reads its name). */
  location?: NonNullable<RecordedPayload['location']>
}

/** Whether a matches row's config says it was recorded, and from where. */
export function recordedSourceOf(config: unknown): RecordedPayload['source'] | null {
  const r = (config as { recorded?: unknown } | null)?.recorded as { kind?: unknown; id?: unknown } | undefined
  return r && (r.kind === 'bg-stats' || r.kind === 'csv') && typeof r.id === 'string'
    ? { kind: r.kind, id: r.id }
    : null
}

export function computeRecorded(id: string, events: readonly DomainEvent[]): ProjectedMatch | null {
  const sorted = [...events].sort(compareEvents)
  const first = sorted.find((e): e is DomainEvent<'match.recorded'> => e.kind === 'match.recorded')
  if (!first) return null
  const p = first.payload
  const result = recordedResult(p)
  const log = reduceMatch(sorted)
  const config: RecordedConfig = { names: p.seats.map((s) => s.name), recorded: p.source }
  if (p.location) config.location = p.location
  log.started = {
    gameId: p.gameId,
    config,
    houseRules: {},
    seats: p.seats.map((s) => ({ playerId: s.playerId, color: null })),
    engineVersion: 0,
    utcOffset: p.utcOffset,
    // Its creation is when it was played, so lists, filters and local days put it on that day.
    at: result.at,
    hlc: first.hlc,
    deviceId: first.deviceId,
    eventId: first.id,
  }
  const close = log.closes[log.closes.length - 1]
  const abandoned = close?.status === 'abandoned'
  return {
    id,
    gameId: p.gameId,
    engine: null,
    config,
    log,
    state: null,
    status: abandoned ? 'abandoned' : 'finished',
    game: abandoned
      ? { phase: 'recorded', over: false, winners: [], message: `${result.summary} Abandoned.`, toAct: null, round: 0 }
      : { phase: 'recorded', over: true, winners: result.winners, message: result.summary, toAct: null, round: 0 },
    standings: result.standings,
    skipped: [],
    problem: null,
    // The one time the result has: it finished when it was played.
    roundTimes: [result.at],
    events: sorted,
    contexts: new Map(),
    recorded: p.source,
  }
}
