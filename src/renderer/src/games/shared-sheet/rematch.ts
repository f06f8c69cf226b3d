import type { MatchView } from '../../../../shared/model/match'
import type { Result } from '../../../../shared/result'
import { call } from '../../lib/api'

/**
 * A rematch of a finished match: the same game, players in the same seat order, the same house
 * rules and options, with the first dealer moved on one seat. Uses the existing matches:create.
 */
export function rematchOptions(view: MatchView): Record<string, unknown> {
  const config: Record<string, unknown> = { ...view.config }
  const { names: _names, players: _players, startTotals: _start, firstDealer, ...rest } = config
  const n = view.seats.length
  const fd = typeof firstDealer === 'number' && Number.isInteger(firstDealer) ? firstDealer : 0
  return { ...rest, firstDealer: n > 0 ? (fd + 1) % n : 0 }
}

export async function startRematch(view: MatchView): Promise<Result<{ id: string }>> {
  const r = await call('matches:create', {
    gameId: view.gameId,
    playerIds: view.seats.map((s) => s.playerId),
    options: rematchOptions(view),
  })
  return r.ok ? { ok: true, value: { id: r.value.id } } : r
}
