import { CHANNELS } from '../../../shared/ipc/channels'
import type { MatchHistoryEntry, MatchView } from '../../../shared/model/match'
import type { AppError, Result } from '../../../shared/result'
import { call } from '../lib/api'

/** What the last undo took back: its words and the action itself, so its values can be brought back. */
export interface Undone {
  /** "Round 4 undone", "Deal 2 undone", or the service's words for other entries. */
  label: string
  action: unknown
  /** Entry count when it was undone: a later change makes the notice stale. */
  entries: number
}

/** The redo channel is added by the service; until then no Redo is offered (nothing is faked). */
const REDO_CHANNEL = 'matches:redo'

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
  /** The entry the last undo took back (cleared by the next write other than an undo). */
  undone = $state<Undone | null>(null)
  /** Values a game form should start from once (set by "Put back in the form"). */
  prefill = $state<unknown>(null)

  constructor(readonly id: string) {}

  /** True when the service offers redo as an event. */
  get canRedo(): boolean {
    return (CHANNELS as readonly string[]).includes(REDO_CHANNEL) && this.undone !== null
  }

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
    const view = this.view
    const label = view?.undo
    const last = view?.actions[view.actions.length - 1]
    const words = view && last ? undoneLabel(view, last.action) : null
    const r = await this.write(call('matches:undo', { id: this.id }), true)
    if (r.ok) {
      this.undone = last && words ? { label: words, action: last.action, entries: r.value.actions.length } : null
      if (words) this.announcement = `${words}.`
      else if (label) this.announcement = `${label.replace(/^Undo/, 'Undid')}.`
    }
    return r
  }

  /** Redo through the service's redo event; refused here when the service has no such channel. */
  async redo(): Promise<Result<MatchView>> {
    if (!this.canRedo) return { ok: false, error: { code: 'no-redo', message: 'Nothing to redo.' } }
    const invoke = call as unknown as (channel: string, input: unknown) => Promise<Result<MatchView>>
    const r = await this.write(invoke(REDO_CHANNEL, { id: this.id }))
    if (r.ok) this.announcement = 'Redone.'
    return r
  }

  /** Hands the undone entry's values to the game's form (it reads and clears `prefill`). */
  restoreUndone(): void {
    if (!this.undone) return
    this.prefill = this.undone.action
  }

  close(status: 'finished' | 'abandoned'): Promise<Result<MatchView>> {
    return this.write(call('matches:close', { id: this.id, status }))
  }

  async history(): Promise<Result<MatchHistoryEntry[]>> {
    return call('matches:history', { id: this.id })
  }

  private async write(pending: Promise<Result<MatchView>>, isUndo = false): Promise<Result<MatchView>> {
    this.busy = true
    const r = await pending
    this.busy = false
    this.take(r)
    if (r.ok && !isUndo) this.undone = null
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

/** "Round 4 undone" (Wild Nine), "Deal 2 undone" (Nine), from the state before the undo. */
export function undoneLabel(view: MatchView, action: unknown): string | null {
  const type = typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : null
  if (type !== 'round' || (view.gameId !== 'wild-nine' && view.gameId !== 'nine')) return null
  const rounds = (view.state as { rounds?: unknown[] } | null)?.rounds?.length ?? 0
  return `${view.gameId === 'nine' ? 'Deal' : 'Round'} ${rounds} undone`
}
