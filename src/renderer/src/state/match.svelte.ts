import type { MatchHistoryEntry, MatchView } from '../../../shared/model/match'
import type { CorrectionPreview } from '../../../shared/model/correction'
import type { AppError, Result } from '../../../shared/result'
import { hasCode } from '../../../shared/service-errors'
import { call } from '../lib/api'
import { undoneWords } from '../../../shared/games/describe'

/** What the last undo took back: its words and the action itself, so its values can be brought back. */
export interface Undone {
  /** "Round 4 undone", "Deal 2 undone", or the service's words for other entries. */
  label: string
  action: unknown
  /** Entry count when it was undone: a later change makes the notice stale. */
  entries: number
}

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

  /** True when the service has an undone entry to bring back (redo is an event of the log). */
  get canRedo(): boolean {
    return (this.view?.redo ?? null) !== null
  }

  /** The log position this page's view was made from: every write names it, so a stale one is refused. */
  private get expected(): { expected?: string } {
    const head = this.view?.head
    return head ? { expected: head } : {}
  }

  async load(): Promise<void> {
    const r = await call('matches:get', { id: this.id })
    this.loading = false
    this.take(r)
  }

  /**
   * `pressedOn`: the head the page showed when the key was pressed, for a key played after an earlier write was
   * stored (typed ahead); the service refuses it once the match has moved on. Default: the head shown now.
   */
  apply(action: unknown, pressedOn?: string): Promise<Result<MatchView>> {
    const expected = pressedOn === undefined ? this.expected : { expected: pressedOn }
    return this.write(call('matches:apply', { id: this.id, action, ...expected }))
  }

  /** `confirmed`: the token of the correction preview the referee confirmed (see previewCorrection). */
  correct(eventId: string, action: unknown, confirmed?: string): Promise<Result<MatchView>> {
    const token = confirmed === undefined ? {} : { confirmed }
    return this.write(call('matches:correct', { id: this.id, eventId, action, ...this.expected, ...token }))
  }

  /** What correcting an entry would change, entry by entry, on the sheet shown now; writes nothing. */
  previewCorrection(eventId: string, action: unknown): Promise<Result<CorrectionPreview>> {
    return call('matches:preview-correction', { id: this.id, eventId, action, ...this.expected })
  }

  async undo(): Promise<Result<MatchView>> {
    const view = this.view
    const label = view?.undo
    const last = view?.actions[view.actions.length - 1]
    const names = view?.seats.map((s) => s.name) ?? []
    const words = view && last ? undoneWords(view.gameId, view.state, last.action, names) : null
    const r = await this.write(call('matches:undo', { id: this.id, ...this.expected }), true)
    if (r.ok) {
      this.undone = last && words ? { label: words, action: last.action, entries: r.value.actions.length } : null
      if (words) this.announcement = `${words}.`
      else if (label) this.announcement = `${label.replace(/^Undo/, 'Undid')}.`
    }
    return r
  }

  /** Brings back what the last undo took back, as an event of the log (the service's matches:redo). */
  async redo(): Promise<Result<MatchView>> {
    const label = this.view?.redo
    const r = await this.write(call('matches:redo', { id: this.id, ...this.expected }))
    if (r.ok) this.announcement = label ? `${label.replace(/^Redo/, 'Redid')}.` : 'Redone.'
    return r
  }

  /** Hands the undone entry's values to the game's form (it reads and clears `prefill`). */
  restoreUndone(): void {
    if (!this.undone) return
    this.prefill = this.undone.action
  }

  close(status: 'finished' | 'abandoned'): Promise<Result<MatchView>> {
    return this.write(call('matches:close', { id: this.id, status, ...this.expected }))
  }

  async history(): Promise<Result<MatchHistoryEntry[]>> {
    return call('matches:history', { id: this.id })
  }

  private async write(pending: Promise<Result<MatchView>>, isUndo = false): Promise<Result<MatchView>> {
    this.busy = true
    const r = await pending
    if (!r.ok && hasCode(r.error, 'stale')) {
      // Another window changed the match: show the current sheet, with the refusal beside it.
      const now = await call('matches:get', { id: this.id })
      if (now.ok) this.view = now.value
      this.undone = null
    }
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
