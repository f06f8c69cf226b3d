/**
 * A match as the screens get it (MatchView): its row, its seats with the players' names and colours
 * as they are now, the entries listed, what Undo and Redo would do in words, and the engine's status,
 * standings and legal actions. The match service (matches.ts) answers every call with it. Pure: what
 * it reads from the database (the row, the seats) is handed in, and nothing is written back.
 */
import { effectiveAction, type LogEntry } from '../../shared/events/reduce'
import type { PayloadOf } from '../../shared/events/types'
import type { LoggedAction, MatchView, MatchViewCommon, MatchViewOf } from '../../shared/model/match'
import type { GameId } from '../../shared/games/engine'
import { renameInText, startNamesOf } from '../../shared/stats/names'
import { resultWinners } from '../../shared/stats/result-winners'
import type { SeatRow } from '../db/repos/matches'
import { describeEntry } from './match-history'
import type { ProjectedMatch } from './projected-match'

export { notFound } from './match-refusals'

/** The row facts a view shows (as the projector wrote them, or as read back). */
export type ViewRow = NonNullable<ProjectedMatch['written']>

/**
 * The match's entries as the view lists them. `listed`: the list a view of this match showed before
 * its last entry was appended (its items are kept, the new ones added); a new array either way, so a
 * view already handed out never grows with later commits.
 */
export function listEntries(m: ProjectedMatch, listed: readonly LoggedAction[] = []): LoggedAction[] {
  const out = listed.slice()
  for (let index = out.length; index < m.log.entries.length; index++) {
    const e = m.log.entries[index] as LogEntry
    out.push({
      index,
      eventId: e.eventId,
      action: effectiveAction(e),
      at: e.at,
      correctedAt: e.corrections.length ? (e.corrections[e.corrections.length - 1]?.at ?? null) : null,
    })
  }
  return out
}

/** The game's own parts of a view (config, state, legal actions), by game. */
type GameParts = { [G in GameId]: Pick<MatchViewOf<G>, 'gameId' | 'config' | 'state' | 'legal'> }[GameId]

/**
 * The one place a match's engine output is read as its game's types: the engine of `m.gameId` parsed
 * the config (setup) and made the state (apply), so they are that game's config and state.
 */
function gameParts(m: ProjectedMatch): GameParts {
  const legal = m.engine && m.state !== null ? m.engine.legalActions(m.state) : []
  return { gameId: m.gameId, config: m.config, state: m.state, legal } as GameParts
}

export function matchView(
  m: ProjectedMatch,
  row: ViewRow,
  seats: readonly SeatRow[],
  actions: LoggedAction[],
): MatchView {
  const names = seats.map((s) => s.name)
  const top = m.log.undoTarget
  let undo: string | null = null
  if (top?.kind === 'match.action') {
    const entry = m.log.entries.findLast((e) => e.eventId === top.id) as LogEntry
    undo = `Undo ${describeEntry(m, top.id, effectiveAction(entry), names)}`
  } else if (top?.kind === 'match.corrected') undo = 'Undo the last correction'
  else if (top?.kind === 'match.closed') undo = 'Reopen the match'
  let redo: string | null = null
  const r = m.log.redoTarget
  if (r) {
    const target = m.log.events.find((e) => e.event.id === r.target)?.event
    // The undone entry was the newest: whoever is to act now is who made it.
    if (target?.kind === 'match.action')
      redo = `Redo ${describeEntry(m, target.id, (target.payload as PayloadOf['match.action']).action, names, { toAct: m.game?.toAct ?? null })}`
    else if (target?.kind === 'match.corrected') redo = 'Redo the correction'
    else if (target?.kind === 'match.closed') redo = 'Close the match again'
  }
  const common: MatchViewCommon = {
    id: m.id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    seats: seats.map((s) => ({ seat: s.seat, playerId: s.player_id, name: s.name, color: s.color })),
    game: m.game
      ? { ...m.game, message: renameInText(m.game.message, startNamesOf(m.config), names) }
      : { phase: '', round: 0, toAct: null, over: false, winners: [], message: row.problem ?? '' },
    winners: resultWinners(m.game, row.status, m.standings),
    standings: m.standings,
    actions,
    undo,
    redo,
    head: m.log.head ?? '',
    engineVersion: row.engine_version,
    problem: row.problem,
    skipped: m.skipped.map((s) => ({ eventId: s.eventId, message: s.message })),
    ...(m.recorded ? { recorded: { kind: m.recorded.kind } } : {}),
  }
  return { ...common, ...gameParts(m) }
}
