/**
 * The Nine tracker's controller: the moves of a tracked deal (take, discard, snap, declare) sent by
 * key or button, the discard being typed, and the engine's last refusal. The engine checks every
 * move; this class only sends them in the order they were typed.
 *
 * A quick typist presses the next key before the last move is stored (D, 1, Enter, D). Those keys are
 * kept, in order, and played once the move before them is stored, as the Ennea screen does: the move
 * keys (D, T, S, N), the discard's digits, spaces, commas and Backspace (they go into the discard
 * field, which may not be on screen yet), Enter (the discard typed so far) and Ctrl+Z (undo what was
 * being stored). A move that is refused shows why, and the keys typed after it are dropped.
 */
import { matchOf, type MatchView } from '../../../../shared/model/match'
import type { Result } from '../../../../shared/result'
import type { NineLegal, NineState } from '../../../../shared/games/nine/index'
import { seatLabel } from '../../../../shared/games/sheets'
import type { MatchState } from '../../state/match.svelte'

/** Where the screen puts the focus after a move, from the state it led to. */
export type AfterMove = (state: NineState | undefined) => void | Promise<void>

const MOVE_KEYS = new Set(['d', 't', 's', 'n'])

/** "3 4 5 6 7", "4,4" or "0" → the values, or null when something is not a whole number. */
export function discardValues(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean)
  if (parts.length === 0 || parts.some((p) => !/^\d{1,2}$/.test(p))) return null
  return parts.map(Number)
}

/** Inputs that take no typed text: the tracker's keys work on them (a focused choice in the round form). */
const NOT_TEXT = new Set(['radio', 'checkbox', 'button', 'submit', 'reset'])

function isField(t: EventTarget | null): boolean {
  if (t instanceof HTMLInputElement) return !NOT_TEXT.has(t.type)
  return (
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement ||
    (t instanceof HTMLElement && t.isContentEditable)
  )
}

export class NineTrackerController {
  /** The discard being typed (the discard field's value). */
  cards = $state('')
  snapValue = $state('')
  /** The engine's refusal of the last move, or a hint about what was typed. */
  error = $state<string | null>(null)
  /** Keys typed while a move was being stored, in order. */
  private typedAhead: string[] = []
  private draining = false
  /** The move this controller is storing, if any. */
  private inFlight: Promise<unknown> | null = null

  /**
   * `match` is read through a function, so the controller follows the component's current prop;
   * `isOwnField` says whether a key's target is one of the tracker's own fields (the discard, the
   * snap value), whose keys are kept too while a move is stored.
   */
  constructor(
    private readonly currentMatch: () => MatchState,
    private readonly afterMove: AfterMove = () => {},
    private readonly isOwnField: (t: EventTarget | null) => boolean = () => false,
  ) {}

  private get match(): MatchState {
    return this.currentMatch()
  }

  private get game(): NineState | undefined {
    return matchOf(this.match.view, 'nine')?.state ?? undefined
  }

  private get legal(): NineLegal[] {
    return (matchOf(this.match.view, 'nine')?.legal ?? []) as NineLegal[]
  }

  private find<T extends NineLegal['type']>(type: T): Extract<NineLegal, { type: T }> | null {
    return (this.legal.find((l) => l.type === type) as Extract<NineLegal, { type: T }> | undefined) ?? null
  }

  /** Sends one move; true when it was stored. */
  async send(action: Record<string, unknown>): Promise<boolean> {
    const pending = this.match.apply(action)
    this.inFlight = pending
    let r: Result<MatchView>
    try {
      r = await pending
    } finally {
      if (this.inFlight === pending) this.inFlight = null
    }
    if (!r.ok) {
      this.error = r.error.message
      this.match.error = null
      return false
    }
    this.error = null
    await this.afterMove(matchOf(r.value, 'nine')?.state ?? undefined)
    return true
  }

  /** The discard typed so far; false when it is refused (or not a list of values). */
  async submitDiscard(): Promise<boolean> {
    const v = discardValues(this.cards)
    if (!v) {
      this.error = 'Enter the discarded values, e.g. 4 or 4 4 or 3 4 5 6 7 (0 to 13).'
      return false
    }
    const typed = this.cards
    const ok = await this.send({ type: 'discard', cards: v })
    // keys typed while it was stored went on after it: keep them
    if (ok) this.cards = this.cards.startsWith(typed) ? this.cards.slice(typed.length).trimStart() : this.cards
    return ok
  }

  async snap(): Promise<boolean> {
    const snap = this.find('snap')
    if (!snap) {
      this.error = 'There is no snap to make now.'
      return false
    }
    const v = snap.values.length === 1 ? undefined : Number(this.snapValue)
    if (snap.values.length > 1 && !snap.values.includes(v as number)) {
      this.error = `Say which value ${seatLabel(this.game?.names ?? [], snap.seat)} snapped: ${snap.values.join(', ')}.`
      return false
    }
    const ok = await this.send({ type: 'snap', ...(v !== undefined ? { value: v } : {}) })
    if (ok) this.snapValue = ''
    return ok
  }

  /** One move key, D, T, S or N; false when nothing was done (the reason is shown). */
  private async moveKey(k: string): Promise<boolean> {
    const game = this.game
    if (!game || game.phase !== 'turns') {
      this.error = `${k.toUpperCase()} was typed after the deal's tracking ended: nothing was done.`
      return false
    }
    const take = this.find('take')
    if (k === 'd' && take?.sources.includes('draw')) return this.send({ type: 'take', source: 'draw' })
    if (k === 't' && take?.sources.includes('discard')) return this.send({ type: 'take', source: 'discard' })
    if (k === 's' && this.find('snap')) return this.snap()
    if (k === 'n' && this.find('declare')) return this.send({ type: 'declare' })
    const what = { d: 'take from the draw pile', t: 'take the top discard', s: 'snap', n: 'declare NINE' }[k] ?? k
    this.error = `${k.toUpperCase()} was typed, but nobody can ${what} now: nothing was done.`
    return false
  }

  /** Plays one kept key; false when it was refused (the keys after it are dropped). */
  private async play(k: string): Promise<boolean> {
    if (k === 'undo') return (await this.match.undo()).ok
    if (MOVE_KEYS.has(k)) return this.moveKey(k)
    if (k === 'Enter')
      return this.game?.live?.step === 'taken' && this.cards.trim() !== '' ? this.submitDiscard() : true
    if (k === 'Backspace') this.cards = this.cards.slice(0, -1)
    else this.cards += k
    return true
  }

  /** Plays the kept keys in order, each once the move before it is stored. */
  private async drain(): Promise<void> {
    if (this.draining) return
    this.draining = true
    try {
      while (this.typedAhead.length > 0) {
        // the write being stored: this controller's own move, else another part of the screen's
        // (an undo, the round form), which says when it is done only through match.busy
        while (this.match.busy) await (this.inFlight ?? new Promise<void>((r) => setTimeout(r, 16)))
        const k = this.typedAhead.shift() as string
        if (!(await this.play(k))) this.typedAhead = []
      }
    } finally {
      this.draining = false
    }
  }

  /** Whether a key is one the tracker keeps while a move is stored. */
  private keeps(e: KeyboardEvent): string | null {
    if (e.altKey || e.metaKey) return null
    if (e.ctrlKey) return !e.shiftKey && e.key.toLowerCase() === 'z' ? 'undo' : null
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key
    if (MOVE_KEYS.has(k) || /^[\d ,]$/.test(k) || k === 'Enter' || k === 'Backspace') return k
    return null
  }

  /**
   * Keys while tracking: D draw pile, T top discard, S snap, N declare NINE (outside text fields).
   * While a move is stored, every key above (and the discard's keys) is kept for after it.
   */
  onkeydown = (e: KeyboardEvent): void => {
    if (e.defaultPrevented) return
    const storing = this.match.busy || this.draining
    if (storing && (!isField(e.target) || this.isOwnField(e.target))) {
      const k = this.keeps(e)
      if (k === null || e.repeat) return
      e.preventDefault()
      this.typedAhead.push(k)
      void this.drain()
      return
    }
    if (e.ctrlKey || e.metaKey || e.altKey || isField(e.target)) return
    const game = this.game
    if (!game?.live || game.phase !== 'turns') return
    const k = e.key.toLowerCase()
    if (!MOVE_KEYS.has(k)) return
    const take = this.find('take')
    const can =
      (k === 'd' && take?.sources.includes('draw')) ||
      (k === 't' && take?.sources.includes('discard')) ||
      (k === 's' && this.find('snap') !== null) ||
      (k === 'n' && this.find('declare') !== null)
    if (!can) return
    e.preventDefault()
    if (e.repeat) return
    this.typedAhead.push(k)
    void this.drain()
  }
}
