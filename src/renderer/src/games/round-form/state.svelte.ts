import { replayLog, type GameEngine } from '../../../../shared/games/engine'
import { seatLabel } from '../../../../shared/games/sheets'
import type { AppError, Result } from '../../../../shared/result'
import { CORRECTION_BREAKS_LATER_ENTRY } from '../../../../shared/service-errors'
import type { MatchState } from '../../state/match.svelte'
import { clearDraft, laterDraft, loadDraft, roundOfEntry, saveDraft } from '../shared-sheet/draft'
import { saveRound, type RoundSaver } from '../shared-sheet/save-round'
import { notSavedMessage, unsaved } from '../shared-sheet/unsaved.svelte'

/**
 * One round (a Wild Nine round, a Nine deal) being entered or edited, without a page: the fields, the
 * engine's live answer, the errors in one order for both games, the draft kept while typing, and the
 * entry sent to the service. The two games' forms (wild-nine/RoundForm.svelte, nine/RoundForm.svelte)
 * keep only their fields and how they build an action (a RoundFormSpec); round-form/FormShell.svelte
 * is the form around them.
 *
 * The order errors show in (both games):
 * 1. a field that cannot be read (a card, a value, a number) says why at once, as soon as it has
 *    text; an empty field only after a try (Enter);
 * 2. the rules' refusals (the engine's, e.g. a card entered twice, WN-V4, or five 13s, NI-V3) show
 *    next to the field they name once that field has text, or after a try; one that names no shown
 *    field shows under the form once every field is filled, or after a try;
 * 3. the first choice (who went out / who declared NINE) is asked for after a try.
 */

/** What the form holds: the first choice, the entry mode, and per seat the cards and the number typed. */
export interface RoundFields<C, M extends string> {
  /** Who went out (Wild Nine: a seat, null for a deadlock) or who declared NINE (Nine: a seat). */
  choice: C
  mode: M
  /** Per seat: the cards as typed ("9s qh", "3 4 0"). */
  cards: string[]
  /** Per seat: the number as typed (a penalty, a hand total; a sum such as 10+15 is read). */
  numbers: string[]
}

/** The round being edited: its entry's index in the action log, and the round as recorded. */
export interface RoundEdit<R> {
  index: number
  record: R
}

/** A game's part of the form: its fields and how they become an action. */
export interface RoundFormSpec<S, A, R, C, M extends string> {
  /** The game's engine: the preview applies an entry to the state, or replays the edited log. */
  engine: GameEngine<unknown, S, A>
  /** What the screen calls a round ("round", "deal"). */
  word: 'round' | 'deal'
  /** The entry modes, cards first; the second enters numbers. */
  modes: readonly [M, M]
  /** The choice when none is made. */
  none: C
  /** A choice read back from a draft or an entered action, or `none`. */
  readChoice(value: unknown, players: number): C
  /** The choice the tracked play already fixed (not for an edit), or `none`. */
  tracked(game: S): C
  /** The fields of a recorded round, for an edit. */
  fromRecord(game: S, record: R): RoundFields<C, M>
  /** An entered round's values (an undone one, one refused as stale), or null when it is not one. */
  fromAction(game: S, action: unknown): Partial<RoundFields<C, M>> | null
  /** Whether seat `s` has a field to fill (Wild Nine: not the player who went out). */
  hasField(fields: RoundFields<C, M>, s: number): boolean
  /** Seat `s`'s field read (its input check), or null when the engine's check says why it is not a number. */
  read(game: S, fields: RoundFields<C, M>, s: number, name: string): Result<unknown> | null
  /** The round action from the fields and what was read (every read ok), or null when the choice is not made. */
  build(game: S, fields: RoundFields<C, M>, reads: readonly (Result<unknown> | null)[]): A | null
  /** The rounds of a state, to find the one this form enters. */
  rounds(state: S): readonly R[]
  /** Asked when the first choice is missing after a try. */
  choiceMessage: string
  /** An engine answer that is a question for the table rather than an error (Nine's NI-V7 prompt). */
  asks?: (code: string) => boolean
}

/** What the form shell gives a game's seat field. */
export interface SeatSlot {
  s: number
  name: string
  /** The ids that describe the field: its line and, when there is one, its error. */
  describedby: string
  /** 'true' while the seat has an error (aria-invalid). */
  invalid: 'true' | undefined
}

/** Kept across rounds, per game (by its round word): a table that counts in points keeps counting in points. */
const lastMode: Record<string, string> = {}

/** The preview's error when a correction makes a later entry invalid: the service's own code (log-checks.ts). */
export const BREAKS_LATER = CORRECTION_BREAKS_LATER_ENTRY

type Outcome<S> = Result<S> | null

/**
 * What the form needs of its match: the laptop's MatchState, or the phone's entry queue (phone/form.svelte.ts),
 * which has no view (a phone never edits an entered round) and sends through its own queue.
 */
export interface RoundFormMatch extends RoundSaver {
  /** An undone round's action handed to the form (MatchState.prefill), or null. */
  prefill: unknown
}

export class RoundFormState<S, A, R, C, M extends string, H extends RoundFormMatch = MatchState> {
  fields = $state() as RoundFields<C, M>
  tried = $state(false)
  /** The service's refusal of the last send, or null. */
  submitError = $state<string | null>(null)
  /** The fields hold an entry the service refused as stale: shown as not saved until entered. */
  notSaved = $state(false)
  /**
   * True while this form's entry is on its way to the service. The fields stay as sent and take no
   * change (the shell disables them): a click or a key meant for the next round would land in the
   * round being saved and vanish when the next round's form opens, and a second Enter would send
   * the same round again against a sheet that has moved on.
   */
  sending = $state(false)

  /** The round this form enters: its draft is kept under this number (an undo leaves a later one alone). */
  readonly draftRound: number
  /** A round typed before an undo took the form back, kept for when the form comes back to it. */
  readonly later: number | null
  /** Set once this form's round is entered: its fields are no longer a draft. */
  #saved = false

  constructor(
    private readonly matchOf: () => H,
    private readonly gameOf: () => S,
    private readonly editOf: () => RoundEdit<R> | null,
    readonly spec: RoundFormSpec<S, A, R, C, M>,
  ) {
    this.draftRound = spec.rounds(gameOf()).length + 1
    this.later = editOf() ? null : laterDraft(matchOf().id, this.draftRound)
    this.reset()
  }

  get match(): H {
    return this.matchOf()
  }
  get game(): S {
    return this.gameOf()
  }
  get edit(): RoundEdit<R> | null {
    return this.editOf()
  }

  names = $derived(this.playerNames().map((_, i) => seatLabel(this.playerNames(), i)))
  /** The choice fixed by the tracked play (none for an edit). */
  trackedChoice = $derived.by(() => (this.edit ? this.spec.none : this.spec.tracked(this.game)))
  chosen = $derived.by(() => this.fields.choice !== this.spec.none)
  roundNo = $derived(this.editRoundIndex() + 1)

  /** Per seat: its field read (null: no field, or left to the engine's check). */
  reads = $derived(
    this.names.map((n, s) =>
      this.spec.hasField(this.fields, s) ? this.spec.read(this.game, this.fields, s, n) : null,
    ),
  )
  action = $derived.by((): A | null => {
    if (!this.chosen || this.reads.some((r) => r !== null && !r.ok)) return null
    return this.spec.build(this.game, this.fields, this.reads)
  })
  /** The engine's answer to this entry: the state after it, or its refusal. */
  outcome = $derived.by((): Outcome<S> => (this.action ? this.evaluate(this.action) : null))
  /** An answer that is a question for the table (Nine's over-9 prompt), or null. */
  question = $derived.by((): AppError | null => {
    const o = this.outcome
    return o && !o.ok && this.spec.asks?.(o.error.code) ? o.error : null
  })
  engineError = $derived.by((): AppError | null => {
    const o = this.outcome
    return o && !o.ok && !this.question ? o.error : null
  })
  /** The round this form enters as the engine would record it (null until the entry is accepted). */
  record = $derived.by((): R | null => {
    const o = this.outcome
    return o?.ok ? (this.spec.rounds(o.value)[this.editRoundIndex()] ?? null) : null
  })

  seatErrors = $derived(this.names.map((_, s) => this.seatError(s)))
  choiceError = $derived.by(() => (!this.chosen && this.tried ? this.spec.choiceMessage : null))
  allFilled = $derived.by(() => this.names.every((_, s) => !this.spec.hasField(this.fields, s) || this.filled(s)))
  /** A refusal of the rules that names no shown field: under the form once every field is filled, or after a try. */
  generalError = $derived.by((): string | null => {
    const e = this.engineError
    if (!e || this.seatErrors.some((x) => x !== null)) return null
    return this.tried || this.allFilled ? e.message : null
  })

  /**
   * The state after `action`, or its refusal; an edit replays the log with the entry replaced, as the
   * service checks a correction (replayLog, an entry already left out staying left out).
   */
  evaluate(action: A): Result<S> {
    const edit = this.edit
    const view = this.match.view
    if (!edit || !view) return this.spec.engine.apply(this.game, action)
    const actions = view.actions.map((a) => a.action as A)
    actions[edit.index] = action
    const r = replayLog(this.spec.engine, view.config, actions, {
      passOver: (i) => view.skipped.some((s) => s.eventId === view.actions[i]?.eventId),
    })
    if (r.ok) return { ok: true, value: r.state }
    if (r.error.index === edit.index) return { ok: false, error: r.error }
    const n = roundOfEntry(actions, r.error.index)
    return {
      ok: false,
      error: { code: BREAKS_LATER, message: `That change makes ${this.spec.word} ${n} invalid: ${r.error.message}` },
    }
  }

  filled(s: number): boolean {
    const f = this.fields
    return ((f.mode === this.spec.modes[0] ? f.cards[s] : f.numbers[s]) ?? '').trim() !== ''
  }

  /** The message next to seat `s`, in the order above, or null. */
  seatError(s: number): string | null {
    if (!this.spec.hasField(this.fields, s)) return null
    const shown = this.tried || this.filled(s)
    const r = this.reads[s]
    if (r && !r.ok && shown) return r.error.message
    const e = this.engineError
    const m = e?.field ? /^[a-z]+\.(\d+)$/i.exec(e.field) : null
    if (e && m && Number(m[1]) === s && shown) return e.message
    return null
  }

  /** The fields for a new round (the draft kept for it, if any) or for the round being edited. */
  reset(): void {
    const edit = this.edit
    const game = this.game
    const players = this.playerNames().length
    if (edit) this.fields = this.spec.fromRecord(game, edit.record)
    else {
      const last = lastMode[this.spec.word] as M | undefined
      const mode = last && this.spec.modes.includes(last) ? last : this.spec.modes[0]
      const blank = Array.from({ length: players }, () => '')
      this.fields = { choice: this.spec.tracked(game), mode, cards: [...blank], numbers: [...blank] }
      const d = loadDraft<Partial<RoundFields<unknown, string>>>(this.match.id, this.draftRound)
      if (d && Array.isArray(d.cards) && Array.isArray(d.numbers)) {
        const tracked = this.spec.tracked(game)
        this.fields = {
          choice: tracked !== this.spec.none ? tracked : this.spec.readChoice(d.choice, players),
          mode: this.spec.modes.includes(d.mode as M) ? (d.mode as M) : this.spec.modes[0],
          cards: blank.map((_, s) => String(d.cards?.[s] ?? '')),
          numbers: blank.map((_, s) => String(d.numbers?.[s] ?? '')),
        }
      }
    }
    this.tried = false
    this.submitError = null
  }

  /** Puts an entered round's values (an undone one, a refused one) back into the fields. */
  fill(action: unknown): boolean {
    const x = this.spec.fromAction(this.game, action)
    if (!x) return false
    const tracked = this.spec.tracked(this.game)
    this.fields = {
      ...this.fields,
      ...x,
      choice: tracked !== this.spec.none ? tracked : (x.choice ?? this.fields.choice),
    }
    this.tried = false
    this.submitError = null
    return true
  }

  setMode(m: M): void {
    if (this.sending) return
    this.fields.mode = m
    if (!this.edit) lastMode[this.spec.word] = m
  }

  /** The first choice by seat (a digit key, a radio), unless the tracked play fixed it. */
  choose(choice: C): void {
    if (this.sending) return
    if (this.trackedChoice === this.spec.none) this.fields.choice = choice
  }

  /** A round the service refused as stale, handed over to this (new) form: shown as not saved. */
  takeUnsaved(): boolean {
    if (this.edit) return false
    const u = unsaved.take(this.match.id)
    if (!u || !this.fill(u.action)) return false
    this.submitError = notSavedMessage(this.spec.word)
    this.notSaved = true
    return true
  }

  /** An undone round put back (MatchState.prefill): true when the fields took it. */
  takePrefill(): boolean {
    const m = this.match
    if (this.edit || m.prefill === null) return false
    const taken = this.fill(m.prefill)
    m.prefill = null
    return taken
  }

  /** Keeps what is being typed for this round (sessionStorage), so a reload does not lose it. */
  keepDraft(): void {
    if (this.edit || this.#saved) return
    const f = this.fields
    const empty = f.choice === this.spec.none && f.cards.every((t) => !t.trim()) && f.numbers.every((t) => !t.trim())
    saveDraft(this.match.id, this.draftRound, $state.snapshot(f), empty)
  }

  /**
   * Sends the entry: 'problem' when it is not ready or was refused (the errors say why), 'closed'
   * when an edit was saved, 'saved' when a new round was entered (the fields are cleared for the next),
   * 'sending' when this form's entry is already on its way (a second Enter): nothing is sent again.
   */
  async send(action: A | null = this.action): Promise<'problem' | 'saved' | 'closed' | 'sending'> {
    if (this.sending) return 'sending'
    this.tried = true
    this.submitError = null
    const o = action ? this.evaluate(action) : null
    if (!action || !o || !o.ok) return 'problem'
    this.sending = true
    let failure: string | null
    try {
      failure = await saveRound(this.match, this.edit, action)
    } finally {
      this.sending = false
    }
    if (failure) {
      // a stale refusal: this form is still the one on screen, so it keeps the entry itself
      const kept = this.edit ? null : unsaved.take(this.match.id)
      this.submitError = kept ? notSavedMessage(this.spec.word) : failure
      this.notSaved = kept !== null || this.notSaved
      return 'problem'
    }
    if (this.edit) return 'closed'
    this.#saved = true
    clearDraft(this.match.id, this.draftRound)
    this.reset()
    return 'saved'
  }

  /** Registers the effects (call while the form's component initialises): prefill, stale entries, the draft. */
  watch(onprefill: () => void = () => {}): void {
    $effect(() => {
      if (this.takePrefill()) onprefill()
    })
    $effect(() => {
      this.takeUnsaved()
    })
    $effect(() => {
      this.keepDraft()
    })
  }

  private playerNames(): string[] {
    return (this.game as { names: string[] }).names
  }

  /** The index of the round this form enters among the state's rounds. */
  private editRoundIndex(): number {
    const edit = this.edit
    if (!edit) return this.draftRound - 1
    return (edit.record as { round: number }).round - 1
  }
}
