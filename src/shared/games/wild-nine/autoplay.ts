/**
 * A deterministic action generator: from a state and a number, one action the engine accepts
 * (while the match is not over). Used by property tests, the benchmark and demo data.
 * It knows only what the engine knows (the discard pile), so its card choices are plausible, not a real deal.
 */
import { fullDeck } from '../cards'
import { cardPenalty, parseWildNineCard, isLegalCard, wildNineDeal } from './scoring'
import type { WildNineAction, WildNineLiveRound, WildNineState } from './types'

const SUIT_LETTERS = ['S', 'H', 'D', 'C'] as const

function rng(seed: number): () => number {
  let x = (seed >>> 0) ^ 0x9e3779b9
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    // xorshift the high bits down for a better low-bit spread
    return (x ^ (x >>> 16)) >>> 0
  }
}

function shuffled(cards: string[], next: () => number): string[] {
  const a = cards.slice()
  for (let i = a.length - 1; i > 0; i--) {
    const j = next() % (i + 1)
    const t = a[i] as string
    a[i] = a[j] as string
    a[j] = t
  }
  return a
}

/** Hands of the given sizes; the cards the tracker saw go into a hand stay in that hand. */
function dealHands(
  sizes: readonly number[],
  wentOut: number | null,
  exclude: readonly string[],
  seen: readonly (readonly string[])[],
  next: () => number,
): string[][] {
  const known = seen.flat()
  const pool = shuffled(
    fullDeck().filter((c) => !exclude.includes(c) && !known.includes(c)),
    next,
  )
  let at = 0
  return sizes.map((size, seat) => {
    if (seat === wentOut) return []
    const own = (seen[seat] ?? []).slice(0, size)
    const hand = [...own, ...pool.slice(at, at + size - own.length)]
    at += size - own.length
    return hand
  })
}

function roundEntry(
  sizes: readonly number[],
  wentOut: number | null,
  exclude: readonly string[],
  next: () => number,
  seen: readonly (readonly string[])[] = [],
): WildNineAction {
  const hands = dealHands(sizes, wentOut, exclude, seen, next)
  if (next() % 2 === 0) return { type: 'round', wentOut, hands }
  return { type: 'round', wentOut, points: hands.map((h) => h.reduce((a, c) => a + cardPenalty(c), 0)) }
}

function legalUnplayed(live: WildNineLiveRound): string[] {
  const top = parseWildNineCard(live.top)
  const topCard = top.ok ? top.value : null
  const elsewhere = (live.seen ?? []).filter((_, s) => s !== live.toAct).flat()
  const own = live.seen?.[live.toAct] ?? []
  // A hand made only of cards the tracker saw go into it can only play one of them.
  const onlyOwn = own.length >= (live.handSizes[live.toAct] ?? 0)
  return fullDeck().filter((k) => {
    if (live.pile.includes(k) || elsewhere.includes(k) || (onlyOwn && !own.includes(k))) return false
    const c = parseWildNineCard(k)
    return c.ok && isLegalCard(c.value, topCard, live.activeSuit)
  })
}

export function autoAction(state: WildNineState, pick: number): WildNineAction {
  const next = rng(pick)
  const n = state.names.length
  const live = state.live
  if (live === null) {
    const deal = wildNineDeal(n)
    const handSize = deal.ok ? deal.value.handSize : 7
    const r = next() % 10
    if (r < 4) {
      // No deadlock under NO_STOCK_ONLY: a round ends only when someone goes out (WN-A5).
      const wentOut = next() % 8 === 0 && state.rules.deadlock !== 'NO_STOCK_ONLY' ? null : next() % n
      return roundEntry(
        state.names.map(() => 1 + (next() % handSize)),
        wentOut,
        [],
        next,
      )
    }
    const upcard = fullDeck()[next() % 52] ?? 'AS'
    const suit = SUIT_LETTERS[next() % 4] ?? 'S'
    return upcard.startsWith('9') ? { type: 'start-round', upcard, suit } : { type: 'start-round', upcard }
  }
  if (live.phase === 'ended') return roundEntry(live.handSizes, live.wentOut, live.pile, next, live.seen ?? [])
  if (live.stock === 0 && live.discard > 1 && next() % 3 !== 0) return { type: 'reshuffle' }
  const playable = legalUnplayed(live)
  const seat = live.toAct
  const nineNeedsSuit = (live.handSizes[seat] ?? 0) > 1
  const suit = SUIT_LETTERS[next() % 4] ?? 'S'
  const playOf = (card: string): WildNineAction =>
    card.startsWith('9') && nineNeedsSuit ? { type: 'play', card, suit } : { type: 'play', card }
  if (live.phase === 'drawn') {
    const drawn = live.drawnCard
    const fits = drawn !== null && playable.includes(drawn)
    if (fits && (state.rules.drawnCardPlay === 'MANDATORY' || next() % 2 === 0)) return playOf(drawn)
    if (drawn === null && playable.length > 0 && next() % 3 === 0)
      return playOf(playable[next() % playable.length] as string)
    return { type: 'keep' }
  }
  const canDraw = live.stock > 0
  if (playable.length > 0 && (next() % 10 < 6 || (!canDraw && live.discard > 1))) {
    return playOf(playable[next() % playable.length] as string)
  }
  if (canDraw) {
    if (next() % 2 === 0) return { type: 'draw' }
    const known = (live.seen ?? []).flat()
    const unseen = fullDeck().filter((k) => !live.pile.includes(k) && !known.includes(k))
    return { type: 'draw', card: unseen[next() % unseen.length] ?? 'AS' }
  }
  if (live.discard > 1) return { type: 'reshuffle' }
  return { type: 'pass' }
}
