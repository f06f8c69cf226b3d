/**
 * The match service's refusals (matches.ts and its checks, log-checks.ts), each with its code from the
 * one list of service codes (src/shared/service-errors.ts) and the words the screens show.
 */
import type { MatchStatus } from '../../shared/model/match'
import { err, type Result } from '../../shared/result'
import type { ServiceErrorCode } from '../../shared/service-errors'
import type { ProjectedMatch } from './projected-match'

/** A refusal with one of the service codes. */
export function refuse(code: ServiceErrorCode, message: string, field?: string): Result<never> {
  return err(code, message, field)
}

export function notFound(): Result<never> {
  return refuse('not-found', 'That match no longer exists.', 'matchId')
}

export function staleRefusal(): Result<never> {
  return refuse(
    'stale',
    'This match changed in another window or on another computer — here is the current sheet. Nothing was saved.',
  )
}

/**
 * The refusal of an action made on an older view of the match. When the action names the seat it was meant
 * for (a key pressed for one player, arriving after that player's turn has passed), the engine's own reason is
 * given ("That was Ada's pass; it is Bo's turn now."); the code stays 'stale', so the page fetches the current sheet.
 */
export function staleAction(action: unknown): (m: ProjectedMatch) => Result<never> {
  return (m) => {
    const seat = typeof action === 'object' && action !== null ? (action as { seat?: unknown }).seat : undefined
    if (seat === undefined || seat === null || !m.engine || m.state === null) return staleRefusal()
    const now = m.engine.apply(m.state, action)
    if (!now.ok) return refuse('stale', `${now.error.message} Nothing was saved.`, now.error.field)
    return refuse(
      'stale',
      'That key was pressed before the last entry was saved, on an earlier sheet: nothing was saved. Press it again if it is still meant.',
    )
  }
}

export function broken(m: ProjectedMatch): Result<never> {
  return refuse('match-unreadable', `This match cannot be continued here: ${m.problem ?? 'its log does not replay'}.`)
}

export function closed(status: MatchStatus): Result<never> {
  return status === 'abandoned'
    ? refuse('match-closed', 'This match was abandoned. Undo to reopen it before entering anything.')
    : refuse('match-closed', 'This match is finished. Undo to reopen it, or edit a past round.')
}

export function recordedOnly(): Result<never> {
  return refuse(
    'recorded-match',
    'This match was imported as a result only (it has no rounds): it cannot be played on or edited. It can be abandoned, which takes it out of the stats.',
  )
}
