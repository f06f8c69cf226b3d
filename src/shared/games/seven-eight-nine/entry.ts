/**
 * Seven Eight Nine: helpers for fast card entry and for the table view. Pure, never throws.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { MSG, SEN_HAND_SIZE, parseRank } from './rules'
import type { SenGame } from './types'

const SUITS = 'SHDC♠♥♦♣♤♡♢♧'
const SINGLE = 'A23456789TJQK'

/**
 * Cards typed as text, fast: "7 8 Q", "7,8,q", "78Q", "10 J 9", "9♠ 8h 7d". Ranks A 2–10 J Q K (T = 10; a lone 1 = A, but inside run-together ranks 1 only starts 10);
 * a suit letter or symbol after a rank is allowed and ignored. Returns the ranks in the order typed.
 */
export function parseCards(text: string, field = 'cards'): Result<number[]> {
  if (typeof text !== 'string' || text.length > 80) return err('invalid-rank', MSG.rank, field)
  const out: number[] = []
  for (const token of text.trim().split(/[\s,;/+·-]+/)) {
    if (token === '') continue
    const whole = parseRank(token, field)
    if (whole.ok) {
      out.push(whole.value)
      continue
    }
    // Run-together ranks: "78Q", "10J9", "9s8h".
    const t = token.toUpperCase()
    let i = 0
    while (i < t.length) {
      let rank: number
      if (t.startsWith('10', i)) {
        rank = 10
        i += 2
      } else if (SINGLE.includes(t[i] as string)) {
        rank = (parseRank(t[i], field) as { ok: true; value: number }).value
        i += 1
      } else return err('invalid-rank', MSG.rank, field)
      if (i < t.length && SUITS.includes(t[i] as string)) i += 1
      out.push(rank)
    }
  }
  return ok(out)
}

/** Exactly one card, as typed ("Q", "10", "9♠"). */
export function parseCard(text: string, field = 'card'): Result<number> {
  const r = parseCards(text, field)
  if (!r.ok) return r
  if (r.value.length !== 1)
    return err('invalid-rank', r.value.length === 0 ? 'Type a card: A, 2–10, J, Q or K.' : 'Type one card only.', field)
  return ok(r.value[0] as number)
}

/** Exactly 3 cards (SE-V3), as typed ("7 8 Q", "78Q"). */
export function parseHandText(text: string, field = 'hand'): Result<number[]> {
  const r = parseCards(text, field)
  if (!r.ok) return r
  if (r.value.length !== SEN_HAND_SIZE) {
    return err('invalid-hand', r.value.length === 0 ? 'Type the 3 cards of the hand, e.g. 7 8 Q.' : MSG.handSize, field)
  }
  return r
}

export type SenReshuffleState = 'available' | 'used' | 'locked'

/** The one reshuffle (SE-R12, SE-R11): still to come, used, or locked by a Block; with the sentence the table reads. */
export function senReshuffleNote(game: Pick<SenGame, 'reshuffled' | 'blocked' | 'drawCount'>): {
  state: SenReshuffleState
  text: string
} {
  if (game.reshuffled) {
    return {
      state: 'used',
      text:
        game.drawCount === 0
          ? 'The reshuffle has been used: the draw pile is empty, so the tiebreaker decides.'
          : 'The reshuffle has been used: when the draw pile runs out, the tiebreaker decides.',
    }
  }
  if (game.blocked) {
    return {
      state: 'locked',
      text:
        game.drawCount === 0
          ? 'No reshuffle after a Block: the draw pile is empty, so the tiebreaker decides.'
          : 'No reshuffle after a Block: the remaining deck is the final deck, then the tiebreaker.',
    }
  }
  return {
    state: 'available',
    text:
      game.drawCount === 0
        ? 'The draw pile is empty: the discard pile becomes the new draw pile (once).'
        : 'One reshuffle is left for when the draw pile runs out.',
  }
}
