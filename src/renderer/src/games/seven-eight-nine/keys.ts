/**
 * The Seven Eight Nine screen's keyboard rules, as plain functions of what the engine offers: which letter
 * runs (or goes to the field of) which action, what gets the focus after an entry, and what a key press
 * means where it lands. No DOM and no runes here, so the rules are unit-tested; controller.svelte.ts wires
 * them to the page.
 */
import type { SenAction, SenLegal } from '../../../../shared/games/seven-eight-nine'
import type { AppError } from '../../../../shared/result'

/** The entry an error is shown next to. */
export type SenField =
  | 'flip'
  | 'swap'
  | 'declare'
  | 'react'
  | 'block'
  | 'tb0'
  | 'tb1'
  | 'tiebreak'
  | 'piles'
  | 'dealt'
  | 'reshuffle'
  | 'next'

type Offered<T extends SenLegal['type']> = Extract<SenLegal, { type: T }> | undefined

/** What the engine offers now, one entry per action (undefined = not now). */
export interface SenOffer {
  flip: Offered<'flip'>
  discard: Offered<'discard'>
  swap: Offered<'swap'>
  declare: Offered<'declare'>
  react: Offered<'react'>
  block: Offered<'block'>
  noBlock: Offered<'no-block'>
  reshuffle: Offered<'reshuffle'>
  tiebreak: Offered<'tiebreak'>
  dealt: Offered<'dealt-win'>
  next: Offered<'next-game'>
  /** The table's pile count may be corrected (between turns). */
  correct: boolean
  /** The game's result may be entered in one step (SE-A15): the screen decides it from the state, since the engine's
   * legal list leaves `result` out (result-form.svelte.ts mayEnterResult). */
  result: boolean
}

function pick<T extends SenLegal['type']>(legal: readonly SenLegal[], type: T): Offered<T> {
  return legal.find((l): l is Extract<SenLegal, { type: T }> => l.type === type)
}

/** The offer of an open match (a closed one offers nothing). `phase` is the game's phase; `result`: a result may be
 * entered in one step now. */
export function offerOf(
  legal: readonly SenLegal[],
  open: boolean,
  phase: string | undefined,
  result = false,
): SenOffer {
  const from = open ? legal : []
  return {
    flip: pick(from, 'flip'),
    discard: pick(from, 'discard'),
    swap: pick(from, 'swap'),
    declare: pick(from, 'declare'),
    react: pick(from, 'react'),
    block: pick(from, 'block'),
    noBlock: pick(from, 'no-block'),
    reshuffle: pick(from, 'reshuffle'),
    tiebreak: pick(from, 'tiebreak'),
    dealt: pick(from, 'dealt-win'),
    next: pick(from, 'next-game'),
    correct: open && (phase === 'flip' || phase === 'reshuffle' || phase === 'tiebreak'),
    result: open && result,
  }
}

/** What an action key does: move to a field, record an action that needs no typing, or open the result form. */
export type KeyCommand =
  { kind: 'focus'; id: string } | { kind: 'commit'; action: SenAction; field: SenField } | { kind: 'result' }

/**
 * The action letter `key` (any case) under this offer, or null when it is no action key now. An action recorded
 * at once names the seat it is offered to (SE-V*: a seat that is not to act is refused), so a key pressed for one
 * player is never stored for the other.
 */
export function keyCommand(key: string, offer: SenOffer): KeyCommand | null {
  const focus = (id: string): KeyCommand => ({ kind: 'focus', id })
  switch (key.toLowerCase()) {
    case 'f':
      return offer.flip ? focus('sen-flip') : null
    case 'd':
      return offer.discard
        ? { kind: 'commit', action: { type: 'discard', seat: offer.discard.seat }, field: 'swap' }
        : null
    case 'w':
      return offer.swap ? focus('sen-swap') : null
    case 'c':
      return offer.declare ? focus('sen-declare') : null
    case 'r':
      return offer.react ? focus('sen-react') : null
    case 'b':
      return offer.block ? focus('sen-block') : null
    case 'n':
      return offer.noBlock
        ? { kind: 'commit', action: { type: 'no-block', seat: offer.noBlock.seat }, field: 'block' }
        : null
    case 's':
      return offer.reshuffle
        ? { kind: 'commit', action: { type: 'reshuffle', seat: offer.reshuffle.seat }, field: 'reshuffle' }
        : null
    case 't':
      return offer.tiebreak ? focus('sen-tb0') : null
    case 'g':
      return offer.next ? { kind: 'commit', action: { type: 'next-game' }, field: 'next' } : null
    case 'e':
      return offer.dealt ? focus('sen-dealt-0') : null
    case 'p':
      return offer.correct ? focus('sen-piles') : null
    case 'o':
      return offer.result ? { kind: 'result' } : null
    default:
      return null
  }
}

/** After each entry, the element most likely needed next, so play goes on by keyboard. */
export function nextFocus(offer: SenOffer): string {
  if (offer.flip) return 'sen-flip'
  if (offer.swap) return 'sen-swap'
  if (offer.discard) return 'sen-discard'
  if (offer.block) return 'sen-block'
  if (offer.noBlock) return 'sen-no-block'
  if (offer.reshuffle) return 'sen-reshuffle'
  if (offer.tiebreak) return 'sen-tb0'
  if (offer.next) return 'sen-next'
  return 'sen-result'
}

/** A key that may start a card in a card field: a rank (A, 2–10, J, Q, K, T for ten). */
export function startsCard(key: string): boolean {
  return /^[0-9ajqkt]$/i.test(key)
}

/** Where a key press lands: a text field (with its text), a button, another control, or the page. */
export type KeyTarget =
  { kind: 'field'; value: string } | { kind: 'button' } | { kind: 'other-control' } | { kind: 'page' }

/** May an action letter run where the key landed? Not in a field with text, nor when it starts a card in an empty one. */
export function mayRunShortcut(key: string, target: KeyTarget): boolean {
  if (key.length !== 1) return false
  return !(target.kind === 'field' && (target.value !== '' || startsCard(key)))
}

export interface KeyPress {
  key: string
  ctrl: boolean
  alt: boolean
  meta: boolean
  /** Another handler (a field's Ctrl+Enter) has already dealt with it. */
  handled: boolean
  /** From the user, not replayed by the screen. */
  trusted: boolean
  target: KeyTarget
}

export interface KeyContext {
  open: boolean
  tableShown: boolean
  /** An entry is being stored. */
  pending: boolean
}

/**
 * What the screen does with a key press:
 * 'table' opens the table display (Alt+T); 'queue' keeps the key until the entry being stored is done;
 * 'leave' leaves the field (Esc); 'shortcut' tries the action letter; 'swallow' drops a letter that cannot
 * start a card in an empty card field; 'pass' leaves the key to the browser.
 */
export type KeyDecision = 'table' | 'queue' | 'leave' | 'shortcut' | 'pass'

export function decideKey(press: KeyPress, ctx: KeyContext): KeyDecision {
  if (press.alt && !press.ctrl && !press.meta && press.key.toLowerCase() === 't') return 'table'
  if (ctx.tableShown || press.alt || press.meta || press.handled || !ctx.open) return 'pass'
  if (press.target.kind === 'other-control') return 'pass'
  if (ctx.pending && press.trusted) {
    const typing = press.key.length === 1 && !press.ctrl
    return typing || press.key === 'Enter' ? 'queue' : 'pass'
  }
  if (press.ctrl) return 'pass'
  if (press.target.kind === 'field' && press.key === 'Escape') return 'leave'
  return press.key.length === 1 ? 'shortcut' : 'pass'
}

/** In an empty card field a letter that cannot start a card is never typed: it is an action key or nothing. */
export function swallowInField(key: string, target: KeyTarget): boolean {
  return target.kind === 'field' && target.value === '' && /^[a-z]$/i.test(key) && !startsCard(key)
}

/** Which entry shows an engine error for the action recorded from `field`. */
export function errorField(field: SenField, error: AppError): SenField {
  if (field === 'tiebreak') return error.field === 'hands.1' ? 'tb1' : 'tb0'
  return field
}

/** Keys typed while an entry is being stored, replayed in order once the screen has moved on. */
export class TypeAhead {
  private keys: { key: string; ctrl: boolean }[] = []

  push(key: string, ctrl: boolean): void {
    this.keys.push({ key, ctrl })
  }

  next(): { key: string; ctrl: boolean } | undefined {
    return this.keys.shift()
  }

  clear(): void {
    this.keys = []
  }

  get size(): number {
    return this.keys.length
  }
}

/** The text of a closed match's verdict (finished by hand or abandoned). */
export function closedText(
  status: string,
  wins: readonly [number, number],
  draws: number,
  names: readonly [string, string],
): string {
  if (status === 'in-progress') return ''
  if (status === 'abandoned') return 'This match was abandoned. Undo reopens it.'
  const [a, b] = wins
  const lead =
    a === b
      ? `The match ends level, ${a}–${b}`
      : `${names[a > b ? 0 : 1]} wins the match ${Math.max(a, b)}–${Math.min(a, b)}`
  return `Finished by hand. ${lead}${draws > 0 ? ` (${draws === 1 ? '1 draw' : `${draws} draws`})` : ''}.`
}
