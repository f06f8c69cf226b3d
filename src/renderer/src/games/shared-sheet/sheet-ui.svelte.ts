import { roundEntryIndices } from '../../../../shared/games/sheets'
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
    return view && rounds
      ? roundEntryIndices(
          view.actions.map((a) => a.action),
          rounds,
        )
      : []
  })
  corrected = $derived(this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.correctedAt ?? null) : null)))
  entered = $derived(this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.at ?? null) : null)))
  /** Each round's own edit history, from the match's event log: when, and the lines that changed. */
  edits = $derived(
    editChanges(
      this.history,
      this.entries.map((i) => (i >= 0 ? (this.match().view?.actions[i]?.eventId ?? null) : null)),
      (a) => this.describe(a),
    ),
  )
  editTarget = $derived.by(() => {
    if (this.editing === null) return null
    const record = this.rounds()?.[this.editing]
    const index = this.entries[this.editing] ?? -1
    return record && index >= 0 ? { index, record } : null
  })

  constructor(
    private readonly match: () => MatchState,
    private readonly rounds: () => readonly R[] | undefined,
    /** An entered round in words, one line per seat (for old → new in the edit history). */
    private readonly describe: (action: unknown) => readonly string[] = () => [],
  ) {
    $effect(() => {
      void this.match().view?.updatedAt
      void this.match()
        .history()
        .then((r) => {
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
    if (round !== null)
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[aria-label="Edit round ${round}"]`)?.focus())
  }
}

/**
 * Per round entry: its corrections still in effect (an undone correction is left out), each with
 * the lines that differ from the value before it ("Bo: 13 13 13 13 → 13 13 13 12").
 */
export function editChanges(
  history: readonly MatchHistoryEntry[],
  eventIds: readonly (string | null)[],
  describe: (action: unknown) => readonly string[],
): { at: string; changes: string[]; eventId: string }[][] {
  const undone = history.filter((h) => h.kind === 'undo' && h.supersedes !== null).map((h) => h.supersedes)
  return eventIds.map((id) => {
    if (id === null) return []
    let before = history.find((h) => h.eventId === id)?.action
    return history
      .filter((h) => h.kind === 'correction' && h.supersedes === id && !undone.includes(h.eventId))
      .map((h) => {
        const a = describe(before)
        const b = describe(h.action)
        const changes: string[] = []
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          const x = a[i]
          const y = b[i]
          if (x === y) continue
          if (x !== undefined && y !== undefined && x.includes(':') && y.includes(':')) {
            const label = y.slice(0, y.indexOf(':'))
            changes.push(`${label}: ${x.slice(x.indexOf(':') + 1).trim()} → ${y.slice(y.indexOf(':') + 1).trim()}`)
          } else changes.push(`${x ?? '—'} → ${y ?? '—'}`)
        }
        before = h.action
        return { at: h.at, changes, eventId: h.eventId }
      })
  })
}
