/**
 * A Seven Eight Nine game's result entered in one step (SE-R15), for a table whose moves were not tracked:
 * who won (or a draw) and how the game ended. The organiser's laptop (ResultEntry.svelte) and a table's
 * phone (phone/Entry.svelte) use this one form, so both offer the same choices and refuse in the engine's
 * words (SE-V12), next to the choice a refusal names.
 *
 * When a result may be entered (SE-A15) is decided here from the game's phase and flips, not read from
 * MatchView.legal: the engine's legal list is the tracking screen's moves and leaves `result` out
 * (docs/ARCHITECTURE.md § Seven Eight Nine's entered results).
 */
import { senEngine, type SenAction, type SenEnding, type SenState } from '../../../../shared/games/seven-eight-nine'
import type { AppError, Result } from '../../../../shared/result'

/** SE-R15's endings as the forms offer them, with the key that picks each on the laptop (the tracking key of the
 * same move: W swap, R React, C Declare, E dealt 7-8-9, T tiebreaker). */
export const SEN_ENDINGS: readonly { value: SenEnding; label: string; key: string }[] = [
  { value: 'swap', label: 'By a swap', key: 'W' },
  { value: 'react', label: 'By a React', key: 'R' },
  { value: 'declare', label: 'By a Declare', key: 'C' },
  { value: 'tiebreaker', label: 'At the tiebreaker (cards ran out)', key: 'T' },
  { value: 'dealt-win', label: 'Dealt 7-8-9', key: 'E' },
]

/** Where an entered result goes: the laptop's MatchState, or the phone's queue (phone/form.svelte.ts PhoneMatch). */
export interface SenResultMatch {
  /** The frame's copy of a refusal, cleared when the form shows it instead. */
  error: AppError | null
  apply(action: unknown): Promise<Result<unknown>>
}

/**
 * SE-A15: a result may be entered while the match is open and not won, before the game's first flip, or right
 * after a decided game (the entry then starts the next game and ends it).
 */
export function mayEnterResult(state: SenState | undefined, open: boolean): boolean {
  if (!state || !open || state.over) return false
  const g = state.game
  return g.phase === 'over' || (g.phase === 'flip' && g.flips === 0)
}

/** What a key typed in the laptop's result form did (see SenResultForm.keydown). */
export type ResultFormKey = 'winner' | 'ending' | 'submit' | 'close' | 'taken'

/** A key press as the result form reads it (a KeyboardEvent fits). */
export interface ResultKeyPress {
  key: string
  ctrlKey: boolean
  altKey: boolean
  metaKey: boolean
  target: EventTarget | null
  preventDefault(): void
}

/**
 * The form's state: the two choices, the errors in the round forms' order (the engine's refusal, SE-V12, once both
 * are chosen; a missing choice after a try), and the entry sent once.
 */
export class SenResultForm {
  /** A seat, null for a draw, undefined while not chosen. */
  winner = $state<number | null | undefined>(undefined)
  ending = $state<SenEnding | undefined>(undefined)
  tried = $state(false)
  submitError = $state<string | null>(null)
  /**
   * True while the entry is on its way (as RoundFormState.sending): the choices take nothing and a second send
   * sends nothing. Sent again, a result entered at a game's end would be the next game's (SE-A15), or be refused
   * as stale and shown as not saved.
   */
  sending = $state(false)

  constructor(
    private readonly stateOf: () => SenState,
    private readonly match: SenResultMatch,
  ) {}

  /** The endings this match allows: a dealt 7-8-9 ends no game where it is redealt (SE-A11). */
  endings = $derived.by(() =>
    SEN_ENDINGS.filter((e) => e.value !== 'dealt-win' || this.stateOf().rules.dealtWin !== 'REDEAL'),
  )
  action = $derived.by((): SenAction | null =>
    this.winner === undefined || this.ending === undefined
      ? null
      : { type: 'result', winner: this.winner, ending: this.ending },
  )
  /** The game this result is for: the next one while a game is over (SE-A15). */
  gameNo = $derived.by(() => {
    const g = this.stateOf().game
    return g.phase === 'over' ? g.number + 1 : g.number
  })
  /** The engine's refusal of the chosen result (SE-V12), or null. */
  refusal = $derived.by((): AppError | null => {
    const a = this.action
    const r = a ? senEngine.apply(this.stateOf(), a) : null
    return r && !r.ok ? r.error : null
  })
  engineError = $derived(this.refusal?.message ?? null)
  winnerError = $derived(this.fieldError('winner', 'Choose who won the game, or a draw.', this.winner))
  endingError = $derived(this.fieldError('ending', 'Choose how the game ended.', this.ending))
  /** A refusal that names neither choice (a game already being tracked), under the form. */
  generalError = $derived.by(() => {
    const f = this.refusal?.field
    return f === 'winner' || f === 'ending' ? null : this.engineError
  })

  private fieldError(field: 'winner' | 'ending', missing: string, value: unknown): string | null {
    if (this.tried && value === undefined) return missing
    return this.refusal?.field === field ? this.refusal.message : null
  }

  /** The winner: a seat, or null for a draw. */
  choose(winner: number | null): void {
    if (!this.sending) this.winner = winner
  }

  setEnding(ending: SenEnding): void {
    if (!this.sending) this.ending = ending
  }

  /**
   * A key typed anywhere in the laptop's form: 1 or 2 picks that player as the winner, 0 a draw, an ending's
   * letter its ending, Enter on a choice sends the form, Escape closes it. Every other character but a space is
   * taken too:
   * none of them may also run the tracking screen's key of the same letter (keys.ts), so the form calls
   * preventDefault on what it takes and the screen's window handler leaves a handled key alone.
   */
  keydown(e: ResultKeyPress): ResultFormKey | null {
    if (e.ctrlKey || e.altKey || e.metaKey) return null
    const take = <K extends ResultFormKey>(k: K): K => {
      e.preventDefault()
      return k
    }
    const seats = this.stateOf().names.length
    if (/^[0-9]$/.test(e.key)) {
      const n = Number(e.key)
      if (n > seats) return take('taken')
      this.choose(n === 0 ? null : n - 1)
      return take('winner')
    }
    const ending = this.endings.find((x) => x.key === e.key.toUpperCase())
    if (ending) {
      this.setEnding(ending.value)
      return take('ending')
    }
    if (e.key === 'Escape') return take('close')
    // Enter on a choice sends the form (a button sends it by itself)
    if (e.key === 'Enter') return (e.target as { type?: string } | null)?.type === 'radio' ? take('submit') : null
    // a space is left to the browser: it picks the focused choice, or presses the button
    return e.key.length === 1 && e.key !== ' ' ? take('taken') : null
  }

  /** Sends the result: 'problem' when it is not ready or was refused, 'sending' when it is already on its way. */
  async send(): Promise<'problem' | 'saved' | 'sending'> {
    if (this.sending) return 'sending'
    this.tried = true
    this.submitError = null
    const action = this.action
    if (!action || this.refusal) return 'problem'
    this.sending = true
    let r: Result<unknown>
    try {
      r = await this.match.apply(action)
    } finally {
      this.sending = false
    }
    if (!r.ok) {
      // shown beside the form; a stale refusal also stays above the sheet that changed, as for a round
      if (r.error.code !== 'stale') this.match.error = null
      this.submitError = r.error.message
      return 'problem'
    }
    this.winner = undefined
    this.ending = undefined
    this.tried = false
    return 'saved'
  }
}
