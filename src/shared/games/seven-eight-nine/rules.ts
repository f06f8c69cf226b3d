/**
 * Seven Eight Nine: pure rule checks (docs/rules/seven-eight-nine.md). No state, plain data in and out. Bad input
 * comes back as a refusal: the public functions read their input into plain data (`readData`), parse it
 * (`parseHand`, `parseRank`, the house-rule checks) and only then apply a rule, with no catch around the rule.
 */
import * as v from 'valibot'
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseInput, readData } from '../input'
import type { SenDeclareInfo, SenHouseRules, SenTiebreakResult } from './types'

export const SEN_TARGETS = [7, 8, 9] as const
export const SEN_HAND_SIZE = 3
export const SEN_DECK_SIZE = 52
/** SE-A1: 52 - 2 x 3, not the source's 44. */
export const SEN_DRAW_START = 46

export const SEN_DEFAULT_RULES: SenHouseRules = Object.freeze({
  declareGap: 3,
  blockRequirement: 'TWO_DISTINCT',
  tiebreakCounting: 'DISTINCT',
  tiebreakHighCard: 'WHOLE_HAND',
  reactReplacesTurn: false,
  reactChain: 'OFF',
  dealtWin: 'IMMEDIATE',
}) as SenHouseRules

export const MSG = {
  players: 'Seven Eight Nine is a two-player game.',
  rank: 'Use ranks A–K.',
  handSize: 'A hand always holds exactly 3 cards.',
  declareOnFlip: 'Declare is only possible on your own flip, not during a React.',
  declareTargets: 'You need exactly two different cards of 7, 8, 9.',
  reshuffleUsed: 'The reshuffle has already been used.',
  reshuffleBlocked: 'No reshuffle after a Block; go to the tiebreaker.',
  nothingToReshuffle: 'The discard pile is empty: there is nothing to reshuffle. Go to the tiebreaker.',
  win: 'A win needs a 7, an 8 and a 9.',
  drawNotEmpty: 'The draw pile still has cards.',
} as const

const LETTERS: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' }
const COUNT_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
]
const PLURAL: Record<number, string> = { 1: 'Aces', 11: 'Jacks', 12: 'Queens', 13: 'Kings' }

export function isRank(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 13
}

/** 'A', '2' ... '10', 'J', 'Q', 'K'. */
export function rankName(rank: number): string {
  return LETTERS[rank] ?? String(rank)
}

/** As docs/rules/seven-eight-nine.md writes a card with its value: 'J (11)', 'A (1)', '9'. */
export function rankLabel(rank: number): string {
  const letter = LETTERS[rank]
  return letter === undefined ? String(rank) : `${letter} (${rank})`
}

/** 'a 9', 'an 8', 'an A'. */
function withArticle(rank: number): string {
  return rank === 8 || rank === 1 ? `an ${rankName(rank)}` : `a ${rankName(rank)}`
}

export function formatHand(hand: readonly number[]): string {
  return hand.map(rankName).join(', ')
}

const SUIT_CHARS = new Set(['S', 'H', 'D', 'C', '♠', '♥', '♦', '♣', '♤', '♡', '♢', '♧'])
const RANK_TEXT: Record<string, number> = {
  A: 1,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  T: 10,
  J: 11,
  '11': 11,
  Q: 12,
  '12': 12,
  K: 13,
  '13': 13,
}

/** A rank from a number 1..13 or text like 'Q', '10', '9S', 'q♥', 'T♦'. SE-V2 on anything else. */
export function parseRank(input: unknown, field = 'card'): Result<number> {
  if (isRank(input)) return ok(input)
  if (typeof input === 'string' && input.length <= 8) {
    let text = input.trim().toUpperCase()
    const direct = RANK_TEXT[text]
    if (direct !== undefined) return ok(direct)
    const last = text.slice(-1)
    if (text.length >= 2 && SUIT_CHARS.has(last)) {
      text = text.slice(0, -1).trim()
      const r = RANK_TEXT[text]
      if (r !== undefined) return ok(r)
    }
  }
  return err('invalid-rank', MSG.rank, field)
}

/** Exactly 3 valid ranks (SE-V3, SE-V2), returned in the given order. */
export function parseHand(input: unknown, field = 'hand'): Result<number[]> {
  if (!Array.isArray(input) || input.length !== SEN_HAND_SIZE) return err('invalid-hand', MSG.handSize, field)
  const out: number[] = []
  for (let i = 0; i < input.length; i++) {
    const r = parseRank(input[i] as unknown, `${field}.${i}`)
    if (!r.ok) return r
    out.push(r.value)
  }
  return ok(out)
}

export function sortRanks(ranks: readonly number[]): number[] {
  return [...ranks].sort((a, b) => a - b)
}

function distinctTargets(hand: readonly number[]): number[] {
  return SEN_TARGETS.filter((t) => hand.includes(t))
}

function targetCards(hand: readonly number[]): number[] {
  return sortRanks(hand.filter((r) => r >= 7 && r <= 9))
}

/** SE-R4 / SE-V9: one 7, one 8 and one 9. */
export function senIsWin(hand: readonly number[]): boolean {
  if (!Array.isArray(hand) || hand.length !== 3) return false
  const s = sortRanks(hand)
  return s[0] === 7 && s[1] === 8 && s[2] === 9
}

export function senCheckWin(hand: unknown): Result<number[]> {
  const h = parseHand(hand)
  if (!h.ok) return h
  return senIsWin(h.value) ? ok(sortRanks(h.value)) : err('not-a-win', MSG.win, 'hand')
}

/** SE-V4: at most 4 cards of any rank among the cards given. */
export function checkRankCounts(cards: readonly number[]): Result<true> {
  const counts = new Array<number>(14).fill(0)
  for (const c of cards) counts[c] = (counts[c] ?? 0) + 1
  for (let r = 13; r >= 1; r--) {
    const n = counts[r] ?? 0
    if (n > 4) {
      const word = COUNT_WORDS[n] ?? String(n)
      const plural = PLURAL[r] ?? `${r}s`
      return err('too-many-of-rank', `${word} ${plural} entered; a deck has four.`, 'card')
    }
  }
  return ok(true)
}

function resolveGap(rules: unknown): Result<number> {
  if (rules === undefined || rules === null) return ok(SEN_DEFAULT_RULES.declareGap)
  if (typeof rules !== 'object') return err('invalid-rules', 'The house rules must be an object.', 'rules')
  const gap = (rules as { declareGap?: unknown }).declareGap
  if (gap === undefined) return ok(SEN_DEFAULT_RULES.declareGap)
  if (gap === 2 || gap === 3) return ok(gap)
  return err('invalid-rules', 'The Declare gap must be 3 or 2.', 'declareGap')
}

/**
 * SE-R9 / SE-V5 with details. `during: 'react'` refuses with the "own flip" message (SE-G06).
 * The hand is the declarer's 3 cards before the Declare; the blocker is the card outside the two distinct targets.
 */
export function senCheckDeclare(
  hand: unknown,
  flipped: unknown,
  rules?: { declareGap?: number; during?: 'flip' | 'react' },
): Result<SenDeclareInfo> {
  const gapR = resolveGap(rules)
  if (!gapR.ok) return gapR
  const gap = gapR.value
  if (rules && typeof rules === 'object' && rules.during === 'react')
    return err('declare-not-on-flip', MSG.declareOnFlip)
  const h = parseHand(hand)
  if (!h.ok) return h
  const f = parseRank(flipped, 'flipped')
  if (!f.ok) return f
  const F = f.value
  const targets = distinctTargets(h.value)
  if (targets.length !== 2) return err('declare-targets', MSG.declareTargets, 'hand')
  const missing = SEN_TARGETS.find((t) => !targets.includes(t)) as number
  if (F !== missing) {
    return err(
      'declare-wrong-card',
      `The flipped ${rankName(F)} is not your missing card (you need ${withArticle(missing)}).`,
      'flipped',
    )
  }
  const rest = [...h.value]
  for (const t of targets) rest.splice(rest.indexOf(t), 1)
  const blocker = rest[0] as number
  const d = Math.abs(blocker - F)
  if (d <= 1)
    return err(
      'declare-adjacent',
      `${rankLabel(blocker)} is next to ${rankName(F)}: use an Adjacent Swap instead.`,
      'hand',
    )
  if (d < gap) {
    return err(
      'declare-gap',
      `${rankLabel(blocker)} is only ${d} ranks from ${rankName(F)}. A Declare needs ${gap} or more.`,
      'hand',
    )
  }
  return ok({ missing, blocker, gap: d })
}

/** Public rules API: can `hand` declare on the flipped card? */
export function senCanDeclare(hand: number[], flipped: number, rules?: { declareGap?: number }): Result<true> {
  const h = readData(hand)
  if (!h.ok) return err('invalid-input', `This hand could not be read: ${h.message}. ${MSG.handSize}`, 'hand')
  const r = readData(rules)
  if (!r.ok) return err('invalid-input', `These house rules could not be read: ${r.message}.`, 'rules')
  const checked = senCheckDeclare(h.value, flipped, r.value as Parameters<typeof senCheckDeclare>[2])
  return checked.ok ? ok(true) : checked
}

function resolveBlockRule(rules: unknown): 'TWO_DISTINCT' | 'TWO_CARDS' | null {
  if (rules === undefined || rules === null) return 'TWO_DISTINCT'
  if (typeof rules !== 'object') return null
  const v = (rules as { blockRequirement?: unknown }).blockRequirement
  if (v === undefined) return 'TWO_DISTINCT'
  return v === 'TWO_DISTINCT' || v === 'TWO_CARDS' ? v : null
}

/** SE-R10 / SE-V6 with the reason when the hand cannot block. */
export function senCheckBlock(
  hand: unknown,
  rules?: { blockRequirement?: 'TWO_DISTINCT' | 'TWO_CARDS' },
): Result<true> {
  const rule = resolveBlockRule(rules)
  if (rule === null)
    return err('invalid-rules', 'The Block requirement must be TWO_DISTINCT or TWO_CARDS.', 'blockRequirement')
  const h = parseHand(hand)
  if (!h.ok) return h
  const cards = targetCards(h.value)
  const distinct = distinctTargets(h.value)
  const enough = rule === 'TWO_DISTINCT' ? distinct.length >= 2 : cards.length >= 2
  if (enough) return ok(true)
  const need =
    rule === 'TWO_DISTINCT' ? 'A Block needs two different cards of 7, 8, 9' : 'A Block needs two cards of 7, 8, 9'
  const what =
    cards.length === 0
      ? 'this hand has none'
      : cards.length === 1
        ? `${rankName(cards[0] as number)} alone is not enough`
        : `${cards.map(rankName).join(' + ')} is not enough`
  return err('block-not-eligible', `${need}; ${what}.`, 'hand')
}

/** Public rules API: may this hand block a Declare? false for invalid input. */
export function senCanBlock(hand: number[], rules?: { blockRequirement?: 'TWO_DISTINCT' | 'TWO_CARDS' }): boolean {
  const h = readData(hand)
  const r = readData(rules)
  if (!h.ok || !r.ok) return false
  return senCheckBlock(h.value, r.value as Parameters<typeof senCheckBlock>[1]).ok
}

/** Ranks of `hand` that may be given for `card` in a swap or React: same rank or exactly one away (no wrap). */
export function swapCandidates(card: number, hand: readonly number[]): number[] {
  return sortRanks([...new Set(hand.filter((h) => Math.abs(h - card) <= 1))])
}

/** "Can I React to this discard?": the hand cards that may be given for it, or the reason why not. */
export function senCanReact(top: unknown, hand: unknown): Result<{ give: number[] }> {
  const t = parseRank(top, 'top')
  if (!t.ok) return t
  const h = parseHand(hand)
  if (!h.ok) return h
  const give = swapCandidates(t.value, h.value)
  if (give.length === 0) {
    return err(
      'react-not-adjacent',
      `The ${rankName(t.value)} on the discard pile matches no card in your hand and is next to none (your hand: ${formatHand(sortRanks(h.value))}).`,
      'hand',
    )
  }
  return ok({ give })
}

/** "Can I swap for this flipped card?": same check as a React, for the flipped card. */
export function senCanSwap(flipped: unknown, hand: unknown): Result<{ give: number[] }> {
  const t = parseRank(flipped, 'flipped')
  if (!t.ok) return t
  const h = parseHand(hand)
  if (!h.ok) return h
  const give = swapCandidates(t.value, h.value)
  if (give.length === 0) {
    return err(
      'swap-not-adjacent',
      `The flipped ${rankName(t.value)} matches no card in your hand and is next to none.`,
      'hand',
    )
  }
  return ok({ give })
}

type TiebreakRules = { tiebreakCounting?: 'DISTINCT' | 'LITERAL_SUM'; tiebreakHighCard?: 'WHOLE_HAND' | 'TARGETS_ONLY' }

/** SE-R13's two house rules; a missing or null one takes its default. */
const TiebreakRulesSchema = v.nullish(
  v.looseObject(
    {
      tiebreakCounting: v.nullish(
        v.picklist(['DISTINCT', 'LITERAL_SUM'], 'Tiebreak counting must be DISTINCT or LITERAL_SUM.'),
      ),
      tiebreakHighCard: v.nullish(
        v.picklist(['WHOLE_HAND', 'TARGETS_ONLY'], 'The tiebreak high card must be WHOLE_HAND or TARGETS_ONLY.'),
      ),
    },
    'The house rules must be an object.',
  ),
)

function tiebreakScore(
  hand: readonly number[],
  counting: 'DISTINCT' | 'LITERAL_SUM',
): { score: number; text: string; note: string | null } {
  const cards = targetCards(hand)
  const counted = counting === 'DISTINCT' ? distinctTargets(hand) : cards
  const score = counted.reduce((a, b) => a + b, 0)
  const text = counted.length === 0 ? '0' : counted.length === 1 ? String(score) : `${counted.join(' + ')} = ${score}`
  let note: string | null = null
  if (counting === 'DISTINCT') {
    const dups = SEN_TARGETS.filter((t) => cards.filter((c) => c === t).length > 1).map((t) =>
      cards
        .filter((c) => c === t)
        .map(String)
        .join(' + '),
    )
    if (dups.length > 0) note = dups.map((d) => `${d} counts once`).join(', ')
  }
  return { score, text, note }
}

/**
 * SE-R13 with its explanation, e.g. "9 + 9 counts once: 9 vs 8 + 9 = 17. P2 wins the tiebreaker."
 * The first hand is seat 0's. SE-V4 applies across both hands.
 */
export function senResolveTiebreak(
  first: unknown,
  second: unknown,
  rules?: TiebreakRules,
  names: readonly [string, string] = ['P1', 'P2'],
): Result<SenTiebreakResult> {
  const parsed = parseInput(TiebreakRulesSchema, rules, () => 'invalid-rules')
  if (!parsed.ok) return parsed
  const counting = parsed.value?.tiebreakCounting ?? 'DISTINCT'
  const highRule = parsed.value?.tiebreakHighCard ?? 'WHOLE_HAND'
  const a = parseHand(first, 'hands.0')
  if (!a.ok) return a
  const b = parseHand(second, 'hands.1')
  if (!b.ok) return b
  const counts = checkRankCounts([...a.value, ...b.value])
  if (!counts.ok) return counts
  const sa = tiebreakScore(a.value, counting)
  const sb = tiebreakScore(b.value, counting)
  const notes = [sa.note, sb.note].filter((n): n is string => n !== null)
  let text = `${notes.length > 0 ? `${notes.join(', ')}: ` : ''}${sa.text} vs ${sb.text}`
  const wins = (seat: 0 | 1): string => `${names[seat]} wins the tiebreaker.`
  if (sa.score !== sb.score) {
    const winner = sa.score > sb.score ? 0 : 1
    return ok({ winner, scores: [sa.score, sb.score], high: null, explanation: `${text}. ${wins(winner)}` })
  }
  const highOf = (h: readonly number[]): number => {
    const pool = highRule === 'WHOLE_HAND' ? h : targetCards(h)
    return pool.length === 0 ? 0 : Math.max(...pool)
  }
  const ha = highOf(a.value)
  const hb = highOf(b.value)
  const show = (r: number): string => (r === 0 ? 'none' : rankLabel(r))
  text += `, tied; ${highRule === 'WHOLE_HAND' ? 'highest card' : 'highest 7, 8 or 9:'} ${show(ha)} vs ${show(hb)}`
  if (ha === hb) {
    return ok({ winner: null, scores: [sa.score, sb.score], high: [ha, hb], explanation: `${text}, still tied. Draw.` })
  }
  const winner = ha > hb ? 0 : 1
  return ok({ winner, scores: [sa.score, sb.score], high: [ha, hb], explanation: `${text}. ${wins(winner)}` })
}

/** Public rules API: 0 or 1 = the seat that wins the tiebreaker; null = a draw (also for invalid input). */
export function senTiebreak(first: number[], second: number[], rules?: TiebreakRules): 0 | 1 | null {
  const a = readData(first)
  const b = readData(second)
  const r = readData(rules)
  if (!a.ok || !b.ok || !r.ok) return null
  const resolved = senResolveTiebreak(a.value, b.value, r.value as TiebreakRules | undefined)
  return resolved.ok ? resolved.value.winner : null
}
