/**
 * Nine live tracking: the cards the tracker has seen during a deal, and the deck limits (NI-R1, NI-V3)
 * checked against all of them. A card is seen while it lies face up on the discard pile, while it lies
 * in front of the player who took it from there (NI-R6 step 2), and after that while it is known to be
 * in that player's hand (NI-R6 step 4). What is known about a hand is a lower bound: when a player
 * discards a value their hand is known to hold, the known copy is taken as the one discarded, so the
 * tracker never counts a card that may have left the hand. All of them are distinct physical cards, so
 * no count may pass the deck's copies of a value (two 0s, four of each other value).
 */
import { ok, type Result } from '../../result'
import { err, type GameErrorCode } from '../errors'
import { checkDeckLimits, joinAnd } from './scoring'
import { NINE_MAX_CARD, type NineLiveDeal } from './types'

export const nineCopies = (value: number): number => (value === 0 ? 2 : 4)

/** The values known to be in each hand (a lower bound); older stored deals have none. */
export function knownHands(live: NineLiveDeal, n: number): number[][] {
  return Array.from({ length: n }, (_, s) => [...(live.known?.[s] ?? [])])
}

/** `hand` without one copy of each value in `values` that it holds. */
export function withoutValues(hand: readonly number[], values: readonly number[]): number[] {
  const out = [...hand]
  for (const v of values) {
    const i = out.indexOf(v)
    if (i >= 0) out.splice(i, 1)
  }
  return out
}

/** Whether `hand` holds every value of `needed`, copies counted. */
export function holdsAll(hand: readonly number[], needed: readonly number[]): boolean {
  return withoutValues(hand, needed).length === hand.length - needed.length
}

export interface SeenCards {
  /** Known values on the discard pile. */
  pile: number[]
  /** The card in front of the player to act, when its value is known. */
  taken: number | null
  /** Per seat, values known to be in the hand. */
  hands: number[][]
  /** Hands entered at the reveal, card by card. */
  entered?: number[][]
}

export function countSeen(seen: SeenCards, value: number): number {
  let c = seen.pile.filter((v) => v === value).length
  if (seen.taken === value) c++
  for (const h of [...seen.hands, ...(seen.entered ?? [])]) c += h.filter((v) => v === value).length
  return c
}

/** What the tracker has seen in a deal between turns (no card lies in front of anyone). */
export function seenBetweenTurns(live: NineLiveDeal, n: number): SeenCards {
  const pile: number[] = []
  for (const v of live.discard) if (v !== null) pile.push(v)
  return { pile, taken: null, hands: knownHands(live, n) }
}

/**
 * The values the open snap window can really be used with (NI-R8). A card snapped from the draw pile
 * is one more card of its value on the pile, so a value whose copies are all seen already cannot be
 * snapped; a card taken face up from the pile (house rule ANY_TAKEN_CARD) is already counted.
 */
export function snapValues(live: NineLiveDeal): number[] {
  const snap = live.snap
  if (!snap) return []
  if (snap.source === 'discard') return [...snap.values]
  const seen = seenBetweenTurns(live, live.hands.length)
  return snap.values.filter((v) => countSeen(seen, v) < nineCopies(v))
}

/**
 * NI-V3 over every card seen this deal. The message says what was counted, and names NI-R6 when the
 * card just taken is one of the copies too many: it cannot go back onto the pile in the same turn.
 */
export function checkSeen(
  seen: SeenCards,
  names: { taker: string | null; seat: (s: number) => string },
  field: string,
): Result<true> {
  const all = [
    ...seen.pile,
    ...(seen.taken === null ? [] : [seen.taken]),
    ...seen.hands.flat(),
    ...(seen.entered ?? []).flat(),
  ]
  const limits = checkDeckLimits(all)
  if (limits.ok) return ok(true)
  let over = -1
  for (let v = 0; v <= NINE_MAX_CARD && over < 0; v++) if (countSeen(seen, v) > nineCopies(v)) over = v
  const parts = ['the discard pile']
  if (seen.taken !== null && seen.taken === over) {
    parts.push(
      `the ${over} ${names.taker ?? 'the player'} took from it, which cannot be part of the same turn's discard (NI-R6)`,
    )
  }
  const holders = seen.hands.flatMap((h, s) => (h.includes(over) ? [names.seat(s)] : []))
  if (holders.length > 0) parts.push(`the ${over} taken from it into ${joinAnd(holders)}'s hand`)
  return err(limits.error.code as GameErrorCode, `${limits.error.message} (counting ${joinAnd(parts)})`, field)
}
