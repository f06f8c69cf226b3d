/**
 * Standard 52-card deck notation shared by Wild Nine and Seven Eight Nine.
 * Canonical form is rank + suit letter: 'AS', '9H', '10D', 'QC'. Input may use lower case,
 * the suit symbols ♠ ♥ ♦ ♣, 'T' for ten and surrounding spaces.
 */
import { ok, type Result } from '../result'
import { err } from './errors'

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const
export const SUITS = ['S', 'H', 'D', 'C'] as const
export type Rank = (typeof RANKS)[number]
export type Suit = (typeof SUITS)[number]

export interface Card {
  rank: Rank
  suit: Suit
}

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' }
export const SUIT_NAME: Record<Suit, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }
const SYMBOL_TO_SUIT: Record<string, Suit> = {
  '♠': 'S',
  '♥': 'H',
  '♦': 'D',
  '♣': 'C',
  '♤': 'S',
  '♡': 'H',
  '♢': 'D',
  '♧': 'C',
}

/** Parses one card; the error names the card as typed. */
export function parseCard(input: string): Result<Card> {
  if (typeof input !== 'string') return err('invalid-card', 'A card must be written as text, like 9S or Q♥.')
  const text = input.trim().toUpperCase()
  const shown = input.trim() || String(input)
  if (text.length < 2)
    return err('invalid-card', `"${shown}" is not a card. Write rank then suit, like 9S or Q♥.`, shown)
  const last = text.slice(-1)
  const suit: Suit | undefined = (SUITS as readonly string[]).includes(last) ? (last as Suit) : SYMBOL_TO_SUIT[last]
  let rankText = text.slice(0, -1).trim()
  if (rankText === 'T') rankText = '10'
  if (rankText === '1') rankText = 'A'
  const rank = (RANKS as readonly string[]).includes(rankText) ? (rankText as Rank) : undefined
  if (!suit) return err('invalid-card', `"${shown}" has no suit. Use S, H, D, C or ♠ ♥ ♦ ♣.`, shown)
  if (!rank) return err('invalid-card', `"${shown}" has no valid rank. Ranks are A 2 3 4 5 6 7 8 9 10 J Q K.`, shown)
  return ok({ rank, suit })
}

export function cardKey(card: Card): string {
  return `${card.rank}${card.suit}`
}

/** Parses and returns the canonical key ('9s' -> '9S', '10♦' -> '10D'). */
export function normalizeCard(input: string): Result<string> {
  const r = parseCard(input)
  return r.ok ? ok(cardKey(r.value)) : r
}

export function formatCard(key: string): string {
  const r = parseCard(key)
  return r.ok ? `${r.value.rank}${SUIT_SYMBOL[r.value.suit]}` : key
}

/** Numeric rank A = 1 ... K = 13. */
export function rankValue(rank: Rank): number {
  return RANKS.indexOf(rank) + 1
}

/** Splits free text such as "9s qh 10d" or "9♠, Q♥" into card tokens. */
export function splitCards(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
}

export function fullDeck(): string[] {
  const deck: string[] = []
  for (const suit of SUITS) for (const rank of RANKS) deck.push(`${rank}${suit}`)
  return deck
}
