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

/**
 * The Rematch button's state: one rematch at a time. While one is on its way the button is disabled and
 * a second press (a double click, or a press while a slow machine is still saving) starts nothing, so a
 * rematch never makes two matches. A refusal is shown beside the button, which then works again.
 */
export class RematchState {
  starting = $state(false)
  error = $state<string | null>(null)

  constructor(
    private readonly view: () => MatchView | null | undefined,
    private readonly open: (id: string) => void,
  ) {}

  /** Starts the rematch and opens it: 'busy' while an earlier press is still on its way. */
  async start(): Promise<'opened' | 'busy' | 'refused' | 'none'> {
    if (this.starting) return 'busy'
    const view = this.view()
    if (!view) return 'none'
    this.starting = true
    this.error = null
    try {
      const r = await startRematch(view)
      if (!r.ok) {
        this.error = r.error.message
        return 'refused'
      }
      this.open(r.value.id)
      return 'opened'
    } finally {
      this.starting = false
    }
  }
}
