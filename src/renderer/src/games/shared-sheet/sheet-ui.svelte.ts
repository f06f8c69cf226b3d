import { correctionTimes, roundEntryIndices } from '../../../../shared/games/sheets'
import type { MatchHistoryEntry } from '../../../../shared/model/match'
import type { MatchState } from '../../state/match.svelte'

/**
 * What the Wild Nine and Nine scoresheets share around their sheet: which log entry made each
 * round (for edits), each round's entry and correction times from the event log, the round being
 * edited, and the large-type table display (Alt+T, focus returned on close). Create it while the
 * component initialises (it sets up effects).
 */
export class SheetUi<R extends { round: number }> {
  history = $state<MatchHistoryEntry[]>([])
  editing = $state<number | null>(null)
  table = $state(false)
  #tableButton: HTMLElement | null = null

  /** Index in the action log of the action that entered each round (-1 when it came from tracking). */
  entries = $derived.by(() => {
    const view = this.match().view
    const rounds = this.rounds()
    return view && rounds ? roundEntryIndices(view.actions.map((a) => a.action), rounds) : []
  })
  corrected = $derived(this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.correctedAt ?? null) : null)))
  entered = $derived(this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.at ?? null) : null)))
  /** Each round's own edit history, from the match's event log. */
  edits = $derived(correctionTimes(this.history, this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.eventId ?? null) : null))))
  editTarget = $derived.by(() => {
    if (this.editing === null) return null
    const record = this.rounds()?.[this.editing]
    const index = this.entries[this.editing] ?? -1
    return record && index >= 0 ? { index, record } : null
  })

  constructor(
    private readonly match: () => MatchState,
    private readonly rounds: () => readonly R[] | undefined,
  ) {
    $effect(() => {
      void this.match().view?.updatedAt
      void this.match().history().then((r) => {
        if (r.ok) this.history = r.value
      })
    })
    $effect(() => {
      if (!this.table && this.#tableButton) {
        this.#tableButton.focus()
        this.#tableButton = null
      }
    })
  }

  openTable = (): void => {
    this.#tableButton = document.activeElement instanceof HTMLElement ? document.activeElement : null
    this.table = true
  }

  /** Alt+T toggles the table display. */
  onkeydown = (e: KeyboardEvent): void => {
    if (e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 't') {
      e.preventDefault()
      if (this.table) this.table = false
      else this.openTable()
    }
  }

  startEdit = (row: number): void => {
    this.editing = row
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="round-form"] input')?.focus())
  }

  closeEdit = (): void => {
    const round = this.editing === null ? null : (this.rounds()?.[this.editing]?.round ?? null)
    this.editing = null
    // Back to the row's Edit button, so the keyboard stays where it was.
    if (round !== null) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[aria-label="Edit round ${round}"]`)?.focus())
  }
}
