/**
 * A match as its events say, without writing anything (docs/ARCHITECTURE.md § The commit path): the
 * pure reducer (src/shared/events/reduce.ts) replays its log through the game's engine, and what
 * could not be applied becomes the match's problem. The projector (projector.ts) writes what this
 * gives; the commit path also computes a match here to check an entry before anything is written.
 */
import { GAME_NAMES } from '../../shared/games/engine'
import { ENGINES, type AnyEngine } from '../../shared/games/registry'
import { reduceMatch, replayMatch, type EntryContext } from '../../shared/events/reduce'
import type { DomainEvent } from '../../shared/events/types'
import type { MatchStatus } from '../../shared/model/match'
import { computeRecorded, isRecordedLog } from './recorded-projection'
import type { ProjectedMatch } from './projected-match'

/** The match as its events say, without writing anything. Null when it has no start. */
export function computeMatch(id: string, events: readonly DomainEvent[]): ProjectedMatch | null {
  if (isRecordedLog(events)) return computeRecorded(id, events)
  const log = reduceMatch(events)
  if (!log.started) return null
  const started = log.started
  const gameId = started.gameId
  const engine = (ENGINES as Partial<Record<string, AnyEngine>>)[gameId] ?? null
  let state: unknown = null
  let roundTimes: string[] = []
  let skipped: ProjectedMatch['skipped'] = []
  let contexts = new Map<string, EntryContext>()
  let problem: string | null = null
  if (!engine) problem = `This match is of a game this version of Ninekeeper does not know (${String(gameId)}).`
  else {
    const r = replayMatch(gameId, engine, started.config, log.entries)
    if (r.setupError)
      problem = `This match no longer starts under this version of ${GAME_NAMES[gameId]}: ${r.setupError.message}`
    else {
      const ok = r as Exclude<typeof r, { setupError: { code: string; message: string } }> & { state: unknown }
      state = ok.state
      roundTimes = ok.roundTimes
      skipped = ok.skipped
      contexts = ok.contexts
      if (skipped.length) {
        const first = skipped[0] as { eventId: string; message: string }
        const n = log.entries.findIndex((e) => e.eventId === first.eventId) + 1
        problem =
          skipped.length === 1
            ? `Entry ${n} could not be applied and is left out: ${first.message}`
            : `${skipped.length} entries could not be applied and are left out; the first, entry ${n}: ${first.message}`
      }
    }
  }
  const game = engine && state !== null ? engine.status(state) : null
  const standings = engine && state !== null ? engine.standings(state) : []
  const close = log.closes[log.closes.length - 1]
  const status: MatchStatus = game?.over ? 'finished' : (close?.status ?? 'in-progress')
  return {
    id,
    gameId,
    engine,
    config: started.config,
    log,
    state,
    status,
    game,
    standings,
    skipped,
    problem,
    roundTimes,
    events,
    contexts,
  }
}
