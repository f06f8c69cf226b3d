/**
 * A match as the screens get it (MatchView): its row, its seats with the players' names and colours
 * as they are now, the entries listed (extended by a commit at the end, never rebuilt), what Undo and
 * Redo would do in words, and the engine's status, standings and legal actions. The match service
 * (matches.ts) answers every call with it.
 */
import { effectiveAction, type LogEntry } from '../../shared/events/reduce'
import type { PayloadOf } from '../../shared/events/types'
import type { LoggedAction, MatchView } from '../../shared/model/match'
import { renameInText, startNamesOf } from '../../shared/stats/names'
import { resultWinners } from '../../shared/stats/result-winners'
import { err, ok, type Result } from '../../shared/result'
import type { MatchesRepo } from '../db/repos/matches'
import { describeEntry } from './match-history'
import type { ProjectedMatch } from './projector'

/**
 * `playerWrites`: the projector's count of writes to players (seat names and colours cached at an
 * older count are read again). `justWritten`: `m` was written in this transaction, so its row is
 * what writeMatch wrote.
 */
export function matchView(
  m: ProjectedMatch,
  repo: MatchesRepo,
  playerWrites: number,
  justWritten = false,
): Result<MatchView> {
  const row = justWritten && m.written ? m.written : repo.get(m.id)
  if (!row) return notFound()
  // The seats with their players' names and colours: read again only when a player was written
  // since (or when the view is not of a write just made, which may follow another program's).
  const cachedSeats = justWritten && m.seatView?.at === playerWrites ? m.seatView.seats : null
  const seats = cachedSeats ?? repo.seats(m.id)
  m.seatView = { at: playerWrites, seats }
  const listed: LoggedAction[] = m.listed ?? []
  for (let index = listed.length; index < m.log.entries.length; index++) {
    const e = m.log.entries[index] as LogEntry
    listed.push({
      index,
      eventId: e.eventId,
      action: effectiveAction(e),
      at: e.at,
      correctedAt: e.corrections.length ? (e.corrections[e.corrections.length - 1]?.at ?? null) : null,
    })
  }
  m.listed = listed
  // A copy of the list: a view already handed out never grows with later commits.
  const actions = listed.slice()
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
  const engine = m.engine
  return ok({
    id: m.id,
    gameId: row.game_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    seats: seats.map((s) => ({ seat: s.seat, playerId: s.player_id, name: s.name, color: s.color })),
    config: m.config,
    state: m.state,
    game: m.game
      ? { ...m.game, message: renameInText(m.game.message, startNamesOf(m.config), names) }
      : { over: false, winners: [], message: row.problem ?? '' },
    winners: resultWinners(m.game, row.status, m.standings),
    standings: m.standings,
    legal: engine && m.state !== null ? engine.legalActions(m.state) : [],
    actions,
    undo,
    redo,
    head: m.log.head ?? '',
    engineVersion: row.engine_version,
    problem: row.problem,
    skipped: m.skipped.map((s) => ({ eventId: s.eventId, message: s.message })),
    ...(m.recorded ? { recorded: { kind: m.recorded.kind } } : {}),
  } as MatchView)
}

export function notFound(): Result<never> {
  return err('not-found', 'That match no longer exists.', 'matchId')
}
