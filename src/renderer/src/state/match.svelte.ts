import type { MatchHistoryEntry, MatchView } from '../../../shared/model/match'
import type { AppError, Result } from '../../../shared/result'
import { call } from '../lib/api'

/**
 * One open match: the view the main process replayed, and every write through the api. Game
 * screens read `view.state` (their engine's state) and call apply/undo/correct; they never compute
 * a rule themselves beyond previews from src/shared/games.
 */
export class MatchState {
  view = $state<MatchView | null>(null)
  loading = $state(true)
  /** The last refusal, shown next to what caused it; cleared by the next success. */
  error = $state<AppError | null>(null)
  busy = $state(false)
  /** A short line for the screen reader live region after each change. */
  announcement = $state('')

  constructor(readonly id: string) {}

  async load(): Promise<void> {
    const r = await call('matches:get', { id: this.id })
    this.loading = false
    this.take(r)
  }

  apply(action: unknown): Promise<Result<MatchView>> {
    return this.write(call('matches:apply', { id: this.id, action }))
  }

  correct(eventId: string, action: unknown): Promise<Result<MatchView>> {
    return this.write(call('matches:correct', { id: this.id, eventId, action }))
  }

  async undo(): Promise<Result<MatchView>> {
    const label = this.view?.undo
    const r = await this.write(call('matches:undo', { id: this.id }))
    if (r.ok && label) this.announcement = `${label.replace(/^Undo/, 'Undid')}.`
    return r
  }

  close(status: 'finished' | 'abandoned'): Promise<Result<MatchView>> {
    return this.write(call('matches:close', { id: this.id, status }))
  }

  async history(): Promise<Result<MatchHistoryEntry[]>> {
    return call('matches:history', { id: this.id })
  }

  private async write(pending: Promise<Result<MatchView>>): Promise<Result<MatchView>> {
    this.busy = true
    const r = await pending
    this.busy = false
    this.take(r)
    return r
  }

  private take(r: Result<MatchView>): void {
    if (r.ok) {
      this.view = r.value
      this.error = null
    } else {
      this.error = r.error
    }
  }
}
