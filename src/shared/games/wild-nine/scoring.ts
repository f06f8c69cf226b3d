/**
 * Wild Nine pure rules: card notation, penalties (WN-R16), round scoring with the round-entry
 * checks (WN-V3..WN-V7), the match outcome (WN-R18), the deal table (WN-R2) and legal cards (WN-R7).
 * Bad input comes back as a refusal; no catch hides an error in a rule.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { readData } from '../input'
import { parseCard, SUIT_NAME, SUIT_SYMBOL, SUITS, type Card, type Rank, type Suit } from '../cards'

export const WILD_NINE_MIN_PLAYERS = 2
export const WILD_NINE_MAX_PLAYERS = 6
export const WILD_NINE_DECK_SIZE = 52
/** Penalty value of the whole deck (WN-R16). */
export const WILD_NINE_DECK_PENALTY = 364
export const NINE_PENALTY = 15
export const DEFAULT_CUTOFF = 100

export const PLAYERS_MESSAGE = 'Wild Nine is for 2 to 6 players.'

export interface WildNineCard {
  key: string
  rank: Rank
  suit: Suit
}

/** 'QH' -> 'Q♥'. */
export function showCard(key: string): string {
  const r = parseCard(key)
  return r.ok ? `${r.value.rank}${SUIT_SYMBOL[r.value.suit]}` : key
}

function keyOf(card: Card): string {
  return `${card.rank}${card.suit}`
}

/**
 * The input as a message shows it: text trimmed, other values as JSON ('11', '{"rank":"Q"}'). The value
 * is read into plain data first (`readData`), so writing it can no longer fail; input that cannot be read
 * is named by what it is.
 */
export function showInput(input: unknown): string {
  if (typeof input === 'string') return input.trim()
  if (typeof input === 'function') return 'a function'
  if (typeof input === 'symbol' || typeof input === 'bigint' || input === undefined) return String(input)
  const data = readData(input)
  if (!data.ok) return Array.isArray(input) ? 'a list' : 'an object'
  return jsonText(data.value) ?? 'null'
}

/**
 * JSON.stringify's text for plain data (a copy from `readData`), written here because JSON.stringify runs an
 * own `toJSON` function of the value and throws on a BigInt. undefined for what JSON leaves out.
 */
function jsonText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return String(value)
  if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return undefined
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item: unknown) => jsonText(item) ?? 'null').join(',')}]`
  const fields: string[] = []
  for (const [key, item] of Object.entries(value)) {
    const text = jsonText(item)
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${fields.join(',')}}`
}

/** Parses one card with the WN-V3 messages. */
export function parseWildNineCard(input: unknown, field?: string): Result<WildNineCard> {
  if (typeof input !== 'string') {
    return err('invalid-card', `'${showInput(input)}' is not a card. Use A, 2–10, J, Q or K plus a suit.`, field)
  }
  const text = input.trim()
  if (/joker|^jk$|^jo$|^\*$|🃏|🂿|🃟/iu.test(text)) return err('joker', 'No jokers in Wild Nine.', field)
  const r = parseCard(text)
  if (!r.ok) return err('invalid-card', `'${text}' is not a card. Use A, 2–10, J, Q or K plus a suit.`, field)
  return ok({ key: keyOf(r.value), rank: r.value.rank, suit: r.value.suit })
}

/** Parses a suit: 'S', 'h', '♦', 'clubs'. */
export function parseSuit(input: unknown): Suit | null {
  if (typeof input !== 'string') return null
  const t = input.trim().toUpperCase()
  if ((SUITS as readonly string[]).includes(t)) return t as Suit
  for (const s of SUITS) {
    if (
      SUIT_SYMBOL[s] === input.trim() ||
      SUIT_NAME[s].toUpperCase() === t ||
      SUIT_NAME[s].slice(0, -1).toUpperCase() === t
    )
      return s
  }
  const symbols: Record<string, Suit> = { '♤': 'S', '♡': 'H', '♢': 'D', '♧': 'C' }
  return symbols[input.trim()] ?? null
}

/** WN-R16: A = 1, 2–8 and 10 face value, J Q K = 10, 9 = 15. */
export function rankPenalty(rank: Rank): number {
  switch (rank) {
    case 'A':
      return 1
    case '9':
      return NINE_PENALTY
    case '10':
    case 'J':
    case 'Q':
    case 'K':
      return 10
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
      return Number(rank)
  }
}

export function cardPenalty(key: string): number {
  const r = parseCard(key)
  return r.ok ? rankPenalty(r.value.rank) : 0
}

/** "B: 9♦ (15) + Q♥ (10) = 25" */
export function penaltyLine(name: string, cards: readonly string[]): string {
  let total = 0
  const parts = cards.map((c) => {
    const p = cardPenalty(c)
    total += p
    return `${showCard(c)} (${p})`
  })
  return `${name}: ${parts.join(' + ')} = ${total}`
}

export function wentOutLine(name: string): string {
  return `${name} went out: 0`
}

/** Parses a list of cards; refuses duplicates within it. */
export function parseCardList(cards: unknown, field?: string): Result<string[]> {
  if (!Array.isArray(cards)) return err('invalid-input', 'Enter the cards as a list, like ["9S", "QH"].', field)
  const keys: string[] = []
  for (const c of cards) {
    const r = parseWildNineCard(c, field)
    if (!r.ok) return r
    if (keys.includes(r.value.key)) {
      return err('duplicate-card', `${showCard(r.value.key)} is entered twice; each card exists only once.`, field)
    }
    keys.push(r.value.key)
  }
  return ok(keys)
}

export function wildNinePenalty(cards: string[]): Result<number> {
  const r = parseCardList(cards)
  if (!r.ok) return r
  let total = 0
  for (const k of r.value) total += cardPenalty(k)
  return ok(total)
}

export function wildNineDeal(players: number): Result<{ handSize: number; stock: number }> {
  if (
    typeof players !== 'number' ||
    !Number.isInteger(players) ||
    players < WILD_NINE_MIN_PLAYERS ||
    players > WILD_NINE_MAX_PLAYERS
  ) {
    return err('invalid-players', PLAYERS_MESSAGE)
  }
  const handSize = players <= 4 ? 7 : 5
  return ok({ handSize, stock: WILD_NINE_DECK_SIZE - players * handSize - 1 })
}

/** WN-V2 message for a player count. */
export function dealMessage(players: number): string {
  const d = wildNineDeal(players)
  if (!d.ok) return PLAYERS_MESSAGE
  return `With ${players} players deal ${d.value.handSize} cards each; the stock should be ${d.value.stock}.`
}

export function wildNineOutcome(
  totals: number[],
  cutoff: number = DEFAULT_CUTOFF,
): { over: boolean; winners: number[] } {
  if (!Array.isArray(totals) || totals.length === 0) return { over: false, winners: [] }
  if (!totals.every((t) => typeof t === 'number' && Number.isFinite(t))) return { over: false, winners: [] }
  const limit = typeof cutoff === 'number' && Number.isFinite(cutoff) ? cutoff : DEFAULT_CUTOFF
  const over = totals.some((t) => t >= limit)
  if (!over) return { over: false, winners: [] }
  const low = Math.min(...totals)
  const winners: number[] = []
  totals.forEach((t, i) => {
    if (t === low) winners.push(i)
  })
  return { over: true, winners }
}

/** WN-R7: a 9; the active suit; the top card's rank. */
export function isLegalCard(card: WildNineCard, top: WildNineCard | null, activeSuit: Suit | null): boolean {
  if (card.rank === '9') return true
  if (activeSuit !== null && card.suit === activeSuit) return true
  if (top !== null && card.rank === top.rank) return true
  return false
}

/** The cards of `hand` (as given) that may be played on `top` with `activeSuit` active. */
export function wildNineLegalCards(hand: string[], top: string, activeSuit: 'S' | 'H' | 'D' | 'C'): string[] {
  if (!Array.isArray(hand)) return []
  const t = parseWildNineCard(top)
  const topCard = t.ok ? t.value : null
  const suit = parseSuit(activeSuit) ?? (topCard !== null && topCard.rank !== '9' ? topCard.suit : null)
  const legal: string[] = []
  for (const c of hand) {
    const r = parseWildNineCard(c)
    if (r.ok && isLegalCard(r.value, topCard, suit)) legal.push(c)
  }
  return legal
}

/** The WN-V8 message for an illegal card. */
export function illegalCardMessage(card: string, top: string, activeSuit: Suit, namedWith: string | null): string {
  const c = showCard(card)
  if (namedWith !== null) {
    const suitWord = SUIT_NAME[activeSuit]
    return `${c} is not legal: the active suit is ${suitWord} (named with ${showCard(namedWith)}). Play a ${suitWord.slice(0, -1)} or any 9.`
  }
  const t = parseCard(top)
  const rank = t.ok ? t.value.rank : '?'
  return `${c} is not legal on ${showCard(top)}: play a ${SUIT_NAME[activeSuit].slice(0, -1)}, a${rank === 'A' || rank === '8' ? 'n' : ''} ${rank} or any 9.`
}

export function defaultNames(players: number): string[] {
  return Array.from({ length: players }, (_, i) => `P${i + 1}`)
}

export interface HandCheckOptions {
  /** Known cards that cannot be in any hand (the discard pile), with how to describe them. */
  pile?: readonly string[]
  /** Tracked hand sizes: each non-winner's entered hand must have exactly this many cards. */
  handSizes?: readonly number[] | null
  /** Per seat: cards the tracker saw go into that hand (drawn and shown); they must be entered there. */
  seen?: readonly (readonly string[])[] | null
}

/** Checks entered hands against the cards the tracker saw go into each hand. */
function checkSeen(
  keys: readonly string[][],
  names: readonly string[],
  seen: readonly (readonly string[])[],
): Result<true> {
  for (let t = 0; t < seen.length; t++) {
    for (const k of seen[t] ?? []) {
      for (let s = 0; s < keys.length; s++) {
        if (s !== t && keys[s]?.includes(k)) {
          return err(
            'seen-card',
            `${showCard(k)} went into ${names[t]}'s hand in this round (the tracker saw it), so it cannot be in ${names[s]}'s hand.`,
            `hands.${s}`,
          )
        }
      }
      if (!(keys[t] ?? []).includes(k)) {
        return err(
          'seen-card',
          `${names[t]} drew ${showCard(k)} in this round (the tracker saw it): enter it in ${names[t]}'s hand.`,
          `hands.${t}`,
        )
      }
    }
  }
  return ok(true)
}

export interface ScoredRound {
  points: number[]
  hands: string[][] | null
  explanations: string[]
}

function checkWentOut(wentOut: unknown, names: readonly string[]): Result<number | null> {
  if (wentOut === null) return ok(null)
  if (typeof wentOut === 'number' && Number.isInteger(wentOut) && wentOut >= 0 && wentOut < names.length)
    return ok(wentOut)
  return err(
    'invalid-input',
    `Choose who went out (${names[0] ?? 'P1'} to ${names[names.length - 1] ?? 'P?'}), or mark the round as a deadlock.`,
    'wentOut',
  )
}

/** Checks a card-entered round (WN-V3..V6) and scores it. */
export function scoreHands(
  hands: unknown,
  wentOut: unknown,
  names: readonly string[],
  opts: HandCheckOptions = {},
): Result<ScoredRound> {
  const n = names.length
  if (!Array.isArray(hands) || hands.length !== n) {
    return err('invalid-input', `Enter the remaining cards of all ${n} players (the winner's hand is empty).`, 'hands')
  }
  const w = checkWentOut(wentOut, names)
  if (!w.ok) return w
  const out = w.value
  const keys: string[][] = []
  const owner = new Map<string, number>()
  const pile = new Set(opts.pile ?? [])
  for (let s = 0; s < n; s++) {
    const hand: unknown = hands[s]
    const field = `hands.${s}`
    if (!Array.isArray(hand)) return err('invalid-input', `Enter ${names[s]}'s cards as a list.`, field)
    const list: string[] = []
    for (const c of hand) {
      const r = parseWildNineCard(c, field)
      if (!r.ok) return r
      const k = r.value.key
      const prev = owner.get(k)
      if (prev !== undefined) {
        const msg =
          prev === s
            ? `${showCard(k)} is entered twice for ${names[s]}; each card exists only once.`
            : `${showCard(k)} is entered for both ${names[prev]} and ${names[s]}; each card exists only once.`
        return err('duplicate-card', msg, field)
      }
      if (pile.has(k)) {
        return err(
          'duplicate-card',
          `${showCard(k)} is entered for ${names[s]} but it is on the discard pile; each card exists only once.`,
          field,
        )
      }
      owner.set(k, s)
      list.push(k)
    }
    keys.push(list)
  }
  const empty = keys.map((h, i) => (h.length === 0 ? i : -1)).filter((i) => i >= 0)
  if (empty.length >= 2) return err('round-outcome', 'Only one player can go out in a round.', 'hands')
  if (out !== null && (keys[out]?.length ?? 0) > 0) {
    return err('round-outcome', "Mark the round as a deadlock, or enter the winner's empty hand.", `hands.${out}`)
  }
  const emptySeat = empty[0]
  if (out === null && emptySeat !== undefined) {
    return err(
      'round-outcome',
      `${names[emptySeat]} has no cards left: mark ${names[emptySeat]} as going out, or enter ${names[emptySeat]}'s cards for the deadlock.`,
      `hands.${emptySeat}`,
    )
  }
  const sizes = opts.handSizes
  if (sizes) {
    for (let s = 0; s < n; s++) {
      if (s === out) continue
      const want = sizes[s] ?? 0
      const got = keys[s]?.length ?? 0
      if (want !== got) {
        return err(
          'hand-size',
          `${names[s]} holds ${want} card${want === 1 ? '' : 's'} by the tracked play, but ${got} ${got === 1 ? 'is' : 'are'} entered.`,
          `hands.${s}`,
        )
      }
    }
  }
  if (opts.seen) {
    const c = checkSeen(keys, names, opts.seen)
    if (!c.ok) return c
  }
  const held = keys.reduce((a, h) => a + h.length, 0)
  if (out !== null && held > WILD_NINE_DECK_SIZE - 2) {
    return err('too-many-cards', `Players cannot hold ${held} cards when someone went out.`, 'hands')
  }
  if (out === null && held > WILD_NINE_DECK_SIZE - 1) {
    return err('too-many-cards', `Players cannot hold ${held} cards: the top discard is in no one's hand.`, 'hands')
  }
  const points = keys.map((h) => h.reduce((a, k) => a + cardPenalty(k), 0))
  const explanations = keys.map((h, s) =>
    s === out ? wentOutLine(names[s] ?? `P${s + 1}`) : penaltyLine(names[s] ?? `P${s + 1}`, h),
  )
  return ok({ points, hands: keys, explanations })
}

/** Checks a points-entered round (WN-V7). */
export function scorePoints(
  points: unknown,
  wentOut: unknown,
  names: readonly string[],
  opts: HandCheckOptions = {},
): Result<ScoredRound> {
  const n = names.length
  if (!Array.isArray(points) || points.length !== n) {
    return err('invalid-input', `Enter a penalty for each of the ${n} players (the winner's is 0).`, 'points')
  }
  const w = checkWentOut(wentOut, names)
  if (!w.ok) return w
  const out = w.value
  const list: number[] = []
  for (let s = 0; s < n; s++) {
    const p: unknown = points[s]
    const field = `points.${s}`
    if (typeof p !== 'number' || !Number.isInteger(p))
      return err('invalid-points', `${names[s]}: enter the penalty as a whole number.`, field)
    if (s === out && p !== 0) return err('invalid-points', `${names[s]} went out and scores exactly 0.`, field)
    if (s !== out && p < 1) return err('invalid-points', 'A losing hand is worth at least 1 point.', field)
    if (p > WILD_NINE_DECK_PENALTY - 2)
      return err('invalid-points', `${names[s]}: a hand is worth at most ${WILD_NINE_DECK_PENALTY - 2} points.`, field)
    const size = opts.handSizes?.[s]
    const known = opts.seen?.[s] ?? []
    if (s !== out && size !== undefined && known.length > 0) {
      // The cards the tracker saw go into this hand count at their value; the others at least 1, at most 15.
      const worth = known.reduce((a, k) => a + cardPenalty(k), 0)
      const rest = Math.max(0, size - known.length)
      const lo = worth + rest
      const hi = worth + rest * NINE_PENALTY
      if (p < lo || p > hi) {
        const cards = known.map(showCard).join(' ')
        return err(
          'invalid-points',
          `${names[s]} holds ${size} card${size === 1 ? '' : 's'} by the tracked play, including ${cards} (seen), worth between ${lo} and ${hi} points.`,
          field,
        )
      }
    } else if (s !== out && size !== undefined && (p < size || p > size * NINE_PENALTY)) {
      return err(
        'invalid-points',
        `${names[s]} holds ${size} card${size === 1 ? '' : 's'} by the tracked play, worth between ${size} and ${size * NINE_PENALTY} points.`,
        field,
      )
    }
    list.push(p)
  }
  const total = list.reduce((a, b) => a + b, 0)
  const limit = out === null ? WILD_NINE_DECK_PENALTY - 1 : WILD_NINE_DECK_PENALTY - 2
  if (total > limit) {
    return err(
      'invalid-points',
      `The penalties add up to ${total}, more than the ${limit} the deck allows ${out === null ? 'in a deadlock round' : 'when someone went out'}.`,
      'points',
    )
  }
  const explanations = list.map((p, s) =>
    s === out ? wentOutLine(names[s] ?? `P${s + 1}`) : `${names[s]}: ${p} (entered as points)`,
  )
  return ok({ points: list, hands: null, explanations })
}

export function scoreWildNineRound(hands: string[][], wentOut: number | null): Result<number[]> {
  if (!Array.isArray(hands))
    return err('invalid-input', "Enter each player's remaining cards as a list of lists.", 'hands')
  if (hands.length < WILD_NINE_MIN_PLAYERS || hands.length > WILD_NINE_MAX_PLAYERS)
    return err('invalid-players', PLAYERS_MESSAGE, 'hands')
  const r = scoreHands(hands, wentOut, defaultNames(hands.length))
  return r.ok ? ok(r.value.points) : r
}
