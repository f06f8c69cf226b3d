/**
 * The Seven Eight Nine screen's controller: the text typed into each entry, the error next to it, and every
 * way an action is recorded (a form, a button, an action letter, keys typed ahead while an entry is stored).
 * The keyboard rules themselves are plain functions in keys.ts (unit-tested); this class holds the state and
 * talks to the page (focus, replayed keys) and to the match.
 */
import { tick } from 'svelte'
import {
  parseCard,
  parseHandText,
  senEngine,
  senStatus,
  senStatusText,
  type SenAction,
  type SenState,
  type SenStatus,
} from '../../../../shared/games/seven-eight-nine'
import { matchOf } from '../../../../shared/model/match'
import type { AppError } from '../../../../shared/result'
import type { MatchState } from '../../state/match.svelte'
import {
  TypeAhead,
  decideKey,
  errorField,
  keyCommand,
  mayRunShortcut,
  nextFocus,
  offerOf,
  startsCard,
  swallowInField,
  type KeyTarget,
  type SenField,
  type SenOffer,
} from './keys'
import { mayEnterResult } from './result-form.svelte'

/** The result form's first choice (ResultEntry.svelte). */
export const RESULT_FIRST = 'sen-result-winner-0'

const DRAW_COUNT_MESSAGE = 'Count the cards of the draw pile: a whole number, 0 or more.'

function focusById(id: string): void {
  document.getElementById(id)?.focus()
}

function targetOf(el: EventTarget | null): KeyTarget {
  if (el instanceof HTMLInputElement) return { kind: 'field', value: el.value }
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return { kind: 'other-control' }
  if (el instanceof HTMLButtonElement) return { kind: 'button' }
  return { kind: 'page' }
}

export class SenMatchController {
  /** Text typed into each entry. */
  text = $state<Record<'flip' | 'swap' | 'declare' | 'react' | 'block' | 'tb0' | 'tb1' | 'piles', string>>({
    flip: '',
    swap: '',
    declare: '',
    react: '',
    block: '',
    tb0: '',
    tb1: '',
    piles: '',
  })
  /** The engine's refusal, next to the entry it concerns (one at a time). */
  errors = $state<Partial<Record<SenField, string>>>({})
  /** The table display (Alt+T) is open. */
  tableShown = $state(false)
  /** The result form (SE-R15) is open beside the tracking; it stays open from game to game until closed. */
  resultShown = $state(false)

  private pending = false
  private readonly typedAhead = new TypeAhead()

  /** `match` is read through a function, so the controller follows the component's current prop. */
  constructor(private readonly currentMatch: () => MatchState) {}

  private get match(): MatchState {
    return this.currentMatch()
  }

  get state(): SenState | undefined {
    return matchOf(this.match.view, 'seven-eight-nine')?.state ?? undefined
  }

  get open(): boolean {
    return this.match.view?.status === 'in-progress'
  }

  /** What the engine offers now (nothing once the match is closed). */
  readonly offer: SenOffer = $derived(
    offerOf(
      matchOf(this.match.view, 'seven-eight-nine')?.legal ?? [],
      this.open,
      this.state?.game.phase,
      mayEnterResult(this.state, this.open),
    ),
  )

  /** Where the game stands, as the engine's structured status. */
  readonly status: SenStatus | null = $derived(this.state ? senStatus(this.state) : null)

  /** The status line, built from the engine's structured status. */
  get statusText(): string {
    const st = this.status
    return st && this.state ? senStatusText(st, this.state.names) : ''
  }

  /** The tiebreaker as the engine would record it, or the engine's reason to refuse these hands. */
  readonly tiebreakPreview: { ok: boolean; text: string } | null = $derived.by(() => this.previewTiebreak())

  private previewTiebreak(): { ok: boolean; text: string } | null {
    const sen = this.state
    if (!sen) return null
    const a = parseHandText(this.text.tb0)
    const b = parseHandText(this.text.tb1)
    if (!a.ok || !b.ok) return null
    const r = senEngine.apply($state.snapshot(sen), { type: 'tiebreak', hands: [a.value, b.value] })
    if (!r.ok) return { ok: false, text: r.error.message }
    const rec = r.value.game.result
    if (!rec) return { ok: true, text: '' }
    return {
      ok: true,
      text: `${rec.label}${rec.winner !== null ? `: ${sen.names[rec.winner]}` : ''}. ${rec.explanation}`,
    }
  }

  /** Typing into an entry clears a stale error. */
  clear(field: SenField): void {
    if (this.errors[field] !== undefined) this.errors = {}
  }

  private fail(field: SenField, error: AppError): void {
    const at = errorField(field, error)
    this.errors = { [at]: error.message }
    void tick().then(() => focusById(`sen-${at}`))
  }

  /** Checks the action with the engine first (instant, in its words, next to the entry), then stores it. */
  async commit(action: SenAction, field: SenField): Promise<void> {
    const sen = this.state
    if (!sen || this.match.busy || this.pending) return
    const local = senEngine.apply(sen, action)
    if (!local.ok) {
      this.typedAhead.clear()
      this.fail(field, local.error)
      return
    }
    this.pending = true
    const r = await this.match.apply(action)
    this.pending = false
    if (!r.ok) {
      this.typedAhead.clear()
      return
    }
    this.errors = {}
    this.text = { flip: '', swap: '', declare: '', react: '', block: '', tb0: '', tb1: '', piles: this.text.piles }
    await tick()
    focusById(nextFocus(this.offer))
    this.replayTypedAhead()
  }

  private card(field: SenField, text: string, key: string): number | null {
    const c = parseCard(text, key)
    if (c.ok) return c.value
    this.fail(field, c.error)
    return null
  }

  private hand(field: SenField, text: string): number[] | null {
    const h = parseHandText(text)
    if (h.ok) return h.value
    this.fail(field, h.error)
    return null
  }

  flip(): void {
    const c = this.card('flip', this.text.flip, 'card')
    if (c !== null) void this.commit({ type: 'flip', card: c }, 'flip')
  }

  /** Swap (show: the player takes the card and shows 7-8-9). */
  swap(show: boolean): void {
    const c = this.card('swap', this.text.swap, 'give')
    if (c !== null)
      void this.commit(show ? { type: 'swap', give: c, show: [7, 8, 9] } : { type: 'swap', give: c }, 'swap')
  }

  react(show: boolean): void {
    const c = this.card('react', this.text.react, 'give')
    if (c !== null)
      void this.commit(show ? { type: 'react', give: c, show: [7, 8, 9] } : { type: 'react', give: c }, 'react')
  }

  declare(): void {
    const h = this.hand('declare', this.text.declare)
    if (h) void this.commit({ type: 'declare', hand: h }, 'declare')
  }

  block(): void {
    const h = this.hand('block', this.text.block)
    if (h) void this.commit({ type: 'block', hand: h }, 'block')
  }

  tiebreak(): void {
    const a = this.hand('tb0', this.text.tb0)
    if (!a) return
    const b = this.hand('tb1', this.text.tb1)
    if (b) void this.commit({ type: 'tiebreak', hands: [a, b] }, 'tiebreak')
  }

  /** The table's own count of the draw pile, when it differs from the app's (SE-A1). */
  correctPiles(): void {
    const t = this.text.piles.trim()
    if (!/^\d+$/.test(t)) {
      this.errors = { piles: DRAW_COUNT_MESSAGE }
      return
    }
    void this.commit({ type: 'correct-piles', draw: Number(t) }, 'piles').then(() => {
      if (!this.errors.piles) this.text.piles = ''
    })
  }

  /** Ctrl+Enter in a swap or React entry: the player takes the card and shows 7-8-9. */
  winKey(run: (show: boolean) => void): (event: KeyboardEvent) => void {
    return (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !this.pending) {
        event.preventDefault()
        run(true)
      }
    }
  }

  async finishMatch(): Promise<void> {
    const r = await this.match.close('finished')
    if (r.ok) {
      await tick()
      focusById('sen-result')
    }
  }

  /** Runs the action letter `key` where it landed; false when it is no action key there now. */
  private shortcut(key: string, target: KeyTarget): boolean {
    if (!this.open || !mayRunShortcut(key, target)) return false
    const command = keyCommand(key, this.offer)
    if (command === null) return false
    if (command.kind === 'focus') focusById(command.id)
    else if (command.kind === 'result') this.showResult()
    else void this.commit(command.action, command.field)
    return true
  }

  /** Opens the result form (O, or its button) with the keyboard on its first choice. */
  showResult(): void {
    this.resultShown = true
    void tick().then(() => focusById(RESULT_FIRST))
  }

  /** Closes the result form (Escape in it, or its button) and gives the keyboard back to its button. */
  hideResult(): void {
    this.resultShown = false
    void tick().then(() => focusById('sen-result-toggle'))
  }

  /** The window's keydown: action letters, Esc, Alt+T, and keys typed while an entry is stored. */
  onkeydown = (event: KeyboardEvent): void => {
    const target = targetOf(event.target)
    const decision = decideKey(
      {
        key: event.key,
        ctrl: event.ctrlKey,
        alt: event.altKey,
        meta: event.metaKey,
        handled: event.defaultPrevented,
        trusted: event.isTrusted,
        target,
      },
      { open: this.open, tableShown: this.tableShown, pending: this.pending },
    )
    switch (decision) {
      case 'table':
        if (!this.state) return
        event.preventDefault()
        this.tableShown = true
        return
      case 'queue':
        event.preventDefault()
        this.typedAhead.push(event.key, event.ctrlKey)
        return
      case 'leave':
        ;(event.target as HTMLElement).blur()
        return
      case 'shortcut':
        if (this.shortcut(event.key, target) || swallowInField(event.key, target)) event.preventDefault()
        return
      case 'pass':
        return
    }
  }

  /** Keys typed while an entry was stored land where they would have, once the screen has moved on. */
  private replayTypedAhead(): void {
    while (this.typedAhead.size > 0 && !this.pending) {
      const k = this.typedAhead.next() as { key: string; ctrl: boolean }
      const el = document.activeElement
      if (k.key === 'Enter') {
        if (el instanceof HTMLInputElement && el.form) {
          if (k.ctrl)
            el.dispatchEvent(
              new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true }),
            )
          else el.form.requestSubmit()
        } else if (el instanceof HTMLButtonElement) el.click()
      } else if (k.key === ' ' && el instanceof HTMLButtonElement) {
        el.click()
      } else if (el instanceof HTMLInputElement && (el.value !== '' || !this.shortcut(k.key, targetOf(el)))) {
        if (el.value !== '' || startsCard(k.key)) {
          el.value += k.key
          el.dispatchEvent(new Event('input', { bubbles: true }))
        }
      } else if (!(el instanceof HTMLInputElement)) {
        this.shortcut(k.key, targetOf(el))
      }
    }
  }
}
