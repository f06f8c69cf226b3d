/**
 * Nine round scoring (NI-R12..NI-R15) and its input checks (docs/rules/nine.md § Checks and messages),
 * as pure functions. Bad input comes back as `{ ok: false, error }` with the message that section gives.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { readData } from '../input'
import { isInt, isPlainObject, sum } from '../../util'
import {
  NINE_FAIL_POINTS,
  NINE_HAND_SIZE,
  NINE_LIMIT,
  NINE_MAX_CARD,
  NINE_MAX_PLAYERS,
  NINE_MAX_TOTAL_BY_SIZE,
  NINE_MIN_PLAYERS,
  NINE_MIN_TOTAL_BY_SIZE,
  NINE_RESET_FROM,
  NINE_RESET_TO,
  type NineGroupKind,
  type NineOverNineRule,
  type NineResultRule,
  type NineRoundApplied,
  type NineRoundScore,
} from './types'

// ---------------------------------------------------------------- messages

export const NINE_MESSAGES = {
  players: 'Nine is set up for 2 to 8 players (5 cards each from a 54-card deck).',
  cardRange: 'Nine cards are numbered 0 to 13.',
  handSize: 'A Nine hand never holds more than 5 cards.',
  chooseDeclarer: 'Choose the player who declared NINE.',
  firstCircuit: 'NINE cannot be declared in the first round of turns;',
  startOfTurn: 'Declare NINE at the start of your turn, before drawing.',
  zeroInRun: '0 cannot be part of a sequence.',
  runLength: 'A sequence must be exactly 5 consecutive values.',
  identical: 'Only identical values may be discarded together.',
  snap: 'You can only snap a card of the same value you just discarded, drawn from the draw pile.',
  manualScores: 'Round scores are computed from the hands; they cannot be entered by hand.',
} as const

const WORDS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
]

function countWord(n: number): string {
  return WORDS[n] ?? String(n)
}

/** Display name of a seat: the given name, else P1, P2, ... */
export function nineSeatName(names: readonly string[] | undefined, seat: number): string {
  const n = names?.[seat]
  return typeof n === 'string' && n.trim() !== '' ? n : `P${seat + 1}`
}

/** Shows an untrusted value in a message without ever throwing. */
export function showValue(v: unknown): string {
  if (typeof v === 'number') return String(v)
  if (typeof v === 'string') return `"${v.length > 20 ? `${v.slice(0, 20)}…` : v}"`
  if (v === null) return 'nothing'
  if (Array.isArray(v)) return 'a list'
  return `a ${typeof v}`
}

export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

// ---------------------------------------------------------------- input checks

/** NI-V2. */
export function checkCard(value: unknown, who: string, field: string): Result<number> {
  if (isInt(value, 0, NINE_MAX_CARD)) return ok(value)
  return err('invalid-card', `${NINE_MESSAGES.cardRange} ${who} entered ${showValue(value)}.`, field)
}

/** NI-V2 + NI-V4 for one revealed hand. */
export function checkHand(hand: unknown, who: string, field: string): Result<number[]> {
  if (!Array.isArray(hand)) return err('invalid-hand', `Enter ${who}'s cards as a list of values 0 to 13.`, field)
  if (hand.length > NINE_HAND_SIZE) {
    return err('hand-too-large', `${NINE_MESSAGES.handSize} ${who} entered ${hand.length}.`, field)
  }
  const cards: number[] = []
  for (let i = 0; i < hand.length; i++) {
    const c = checkCard(hand[i] as unknown, who, `${field}.${i}`)
    if (!c.ok) return c
    cards.push(c.value)
  }
  return ok(cards)
}

/** NI-V3: at most 2 zeros and 4 of each value 1..13 among cards that are all distinct physical cards. */
export function checkDeckLimits(values: readonly number[]): Result<true> {
  const counts = new Array<number>(NINE_MAX_CARD + 1).fill(0)
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1
  for (let v = 0; v <= NINE_MAX_CARD; v++) {
    const c = counts[v] ?? 0
    if (v === 0 && c > 2) return err('too-many-copies', `${countWord(c)} 0s entered; the deck has only two.`)
    if (v > 0 && c > 4) {
      return err('too-many-copies', `${countWord(c)} ${v}s entered; the deck has four of each value 1–13.`)
    }
  }
  return ok(true)
}

/** NI-V5: a hand total, checked against the hand size when it is known. */
export function checkHandTotal(total: unknown, size: number | null, who: string, field: string): Result<number> {
  const max = NINE_MAX_TOTAL_BY_SIZE[NINE_HAND_SIZE] ?? 64
  if (!isInt(total, 0, max)) {
    if (isInt(total)) {
      return err(
        'invalid-total',
        `A Nine hand cannot total ${total}: 5 cards add up to at most ${max}. Check ${who}'s entry.`,
        field,
      )
    }
    return err('invalid-total', `Enter ${who}'s hand total as a whole number from 0 to ${max}.`, field)
  }
  if (size !== null) {
    const hi = NINE_MAX_TOTAL_BY_SIZE[size] ?? max
    const lo = NINE_MIN_TOTAL_BY_SIZE[size] ?? 0
    if (total > hi || total < lo) {
      const msg = size === 0 ? `An empty hand cannot total ${total}.` : `A ${size}-card hand cannot total ${total}.`
      return err('invalid-total', `${msg} Check ${who}'s entry.`, field)
    }
  }
  return ok(total)
}

export interface NineDiscardGroup {
  kind: NineGroupKind
  /** The values in the order they go onto the pile (a run ascending). */
  values: number[]
}

/**
 * NI-R7 / NI-V10: one card, 2..4 identical values (0s included), or exactly 5 consecutive values
 * from 1..13 in ascending order (no 0, no wrap-around).
 */
export function classifyNineDiscard(cards: unknown): Result<NineDiscardGroup> {
  if (!Array.isArray(cards))
    return err('invalid-discard', 'Enter the discarded cards as a list of values 0 to 13.', 'cards')
  if (cards.length === 0) return err('invalid-discard', 'Discard at least one card.', 'cards')
  const values: number[] = []
  for (let i = 0; i < cards.length; i++) {
    const c = checkCard(cards[i] as unknown, 'The discard', `cards.${i}`)
    if (!c.ok) return c
    values.push(c.value)
  }
  const limits = checkDeckLimits(values)
  if (!limits.ok) return limits
  if (values.length === 1) return ok({ kind: 'single', values })
  const distinct = new Set(values)
  if (distinct.size === 1) return ok({ kind: 'set', values })
  // distinct values that look like a sequence attempt
  const sorted = [...values].sort((a, b) => a - b)
  const looksLikeRun =
    distinct.size === values.length &&
    (values.length >= 3 || Math.abs((sorted[1] as number) - (sorted[0] as number)) === 1)
  if (!looksLikeRun) return err('illegal-discard', NINE_MESSAGES.identical, 'cards')
  if (distinct.has(0)) return err('illegal-discard', NINE_MESSAGES.zeroInRun, 'cards')
  const consecutive = sorted.every((v, i) => i === 0 || v === (sorted[i - 1] as number) + 1)
  if (values.length !== 5 || !consecutive) return err('illegal-discard', NINE_MESSAGES.runLength, 'cards')
  if (values.some((v, i) => v !== sorted[i])) {
    return err(
      'illegal-discard',
      `A sequence goes on the discard pile in ascending order: ${sorted.join(' ')}.`,
      'cards',
    )
  }
  return ok({ kind: 'run', values })
}

// ---------------------------------------------------------------- scoring

/** NI-V7 message, with the FAILED_DECLARATION prompt or the REJECT instruction. */
export function overNineMessage(who: string, total: number, rule: NineOverNineRule): string {
  const base = `${who} declared NINE with ${total}. NINE needs 9 or less.`
  return rule === 'REJECT'
    ? `${base} Fix the entry.`
    : `${base} Fix the entry, or score it as a failed declaration (${who} +25, others 0)?`
}

/**
 * NI-R12 on validated hand totals. Under FAILED_DECLARATION a declarer above 9 is scored as a
 * failed declaration (the caller asks for the confirmation first); under REJECT it is an error.
 */
export function scoreNineTotals(
  handTotals: readonly number[],
  declarer: number,
  overNine: NineOverNineRule,
  names?: readonly string[],
): Result<NineRoundScore> {
  const name = (s: number): string => nineSeatName(names, s)
  const d = handTotals[declarer] as number
  const dn = name(declarer)
  const others = handTotals.map((t, seat) => ({ seat, t })).filter((o) => o.seat !== declarer)
  const lines: string[] = []
  let won: boolean
  if (d > 9) {
    if (overNine === 'REJECT') return err('over-nine-rejected', overNineMessage(dn, d, overNine), 'declarer')
    won = false
    lines.push(`${dn} declared NINE with ${d}, but NINE needs 9 or less, so it counts as a failed declaration.`)
  } else {
    const beaters = others.filter((o) => o.t <= d)
    won = beaters.length === 0
    if (won) {
      const list = others.map((o) => `${name(o.seat)} has ${o.t}`).join(', ')
      lines.push(
        `${dn} declared NINE with ${d}; ${list}: ${others.length > 1 ? 'all higher' : 'higher'}, so ${dn} wins the round.`,
      )
    } else {
      const tag = (t: number): string => (t < d ? 'lower' : 'a tie')
      const only = beaters.length === 1 ? beaters[0] : undefined
      const list = only
        ? `${name(only.seat)} has ${only.t}, ${tag(only.t)}`
        : joinAnd(beaters.map((o) => `${name(o.seat)} has ${o.t} (${tag(o.t)})`))
      lines.push(`${dn} declared NINE with ${d}; ${list}, so the declaration fails.`)
    }
  }
  const points = handTotals.map((t, seat) =>
    won ? (seat === declarer ? 0 : t) : seat === declarer ? NINE_FAIL_POINTS : 0,
  )
  lines.push(
    won
      ? `${dn} scores 0; ${others.map((o) => `${name(o.seat)} scores ${o.t}`).join(', ')}.`
      : `${dn} scores 25; everyone else scores 0.`,
  )
  return ok({
    points,
    declarerWon: won,
    handTotals: [...handTotals],
    overNine: d > 9,
    explanation: lines.join(' '),
    lines,
  })
}

function readOverNineRule(rules: unknown): Result<NineOverNineRule> {
  if (rules === undefined || rules === null) return ok('FAILED_DECLARATION')
  if (!isPlainObject(rules))
    return err('invalid-house-rule', 'The house rules must be a set of named options.', 'rules')
  const v = rules.overNineDeclaration
  if (v === undefined) return ok('FAILED_DECLARATION')
  if (v === 'FAILED_DECLARATION' || v === 'REJECT') return ok(v)
  return err(
    'invalid-house-rule',
    `The house rule overNineDeclaration is FAILED_DECLARATION or REJECT, not ${showValue(v)}.`,
    'rules.overNineDeclaration',
  )
}

/**
 * Scores one round from each seat's revealed cards (NI-R12). Public rules API: the
 * value is exactly `{ points, declarerWon }`; `scoreNineRoundExplained` adds the explanation.
 * Reads its input into plain data and validates NI-V1..V4, V6 and V7 before scoring; no catch hides a bug.
 */
export function scoreNineRound(
  hands: number[][],
  declarer: number,
  rules?: { overNineDeclaration?: 'FAILED_DECLARATION' | 'REJECT' },
): Result<{ points: number[]; declarerWon: boolean }> {
  const r = scoreNineRoundExplained(hands, declarer, rules)
  return r.ok ? ok({ points: r.value.points, declarerWon: r.value.declarerWon }) : r
}

/** `scoreNineRound` plus hand totals, the over-nine flag and the readable explanation. */
export function scoreNineRoundExplained(
  hands: number[][],
  declarer: number,
  rules?: { overNineDeclaration?: 'FAILED_DECLARATION' | 'REJECT' },
  names?: readonly string[],
): Result<NineRoundScore> {
  const rulesData = readData(rules)
  if (!rulesData.ok)
    return err('invalid-house-rule', `The house rules could not be read: ${rulesData.message}.`, 'rules')
  const handsData = readData(hands)
  if (!handsData.ok) return err('invalid-hands', `The hands could not be read: ${handsData.message}.`, 'hands')
  const namesData = readData(names)
  if (!namesData.ok) return err('invalid-name', `The names could not be read: ${namesData.message}.`, 'names')
  const seatNames = Array.isArray(namesData.value) ? (namesData.value as string[]) : undefined
  const rule = readOverNineRule(rulesData.value)
  if (!rule.ok) return rule
  const raw = handsData.value
  if (!Array.isArray(raw)) return err('invalid-hands', "Enter each player's revealed cards.", 'hands')
  if (raw.length < NINE_MIN_PLAYERS || raw.length > NINE_MAX_PLAYERS) {
    return err('invalid-player-count', NINE_MESSAGES.players, 'hands')
  }
  if (!isInt(declarer as unknown, 0, raw.length - 1))
    return err('no-declarer', NINE_MESSAGES.chooseDeclarer, 'declarer')
  const cards: number[][] = []
  for (let s = 0; s < raw.length; s++) {
    const h = checkHand(raw[s] as unknown, nineSeatName(seatNames, s), `hands.${s}`)
    if (!h.ok) return h
    cards.push(h.value)
  }
  const limits = checkDeckLimits(cards.flat())
  if (!limits.ok) return { ok: false, error: { ...limits.error, field: 'hands' } }
  return scoreNineTotals(
    cards.map((h) => sum(h)),
    declarer,
    rule.value,
    seatNames,
  )
}

function cleanNumbers(v: unknown): number[] {
  if (!Array.isArray(v)) return []
  return v.map((x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0))
}

/**
 * Adds the round's points, applies the exactly-90 -> 45 reset, then the 99 check (NI-R13..R15,
 * NI-A4). Public rules API. Missing or non-numeric entries count as 0; never throws.
 */
export function applyNineRound(totals: number[], points: number[]): NineRoundApplied {
  const before = cleanNumbers(totals as unknown)
  const pts = cleanNumbers(points as unknown)
  const raw = before.map((t, i) => t + (pts[i] ?? 0))
  const resets = raw.flatMap((t, i) => (t === NINE_RESET_FROM ? [i] : []))
  const after = raw.map((t) => (t === NINE_RESET_FROM ? NINE_RESET_TO : t))
  const losers = after.flatMap((t, i) => (t >= NINE_LIMIT ? [i] : []))
  const over = losers.length > 0
  let winners: number[] = []
  if (over) {
    const alive = after.map((t, i) => ({ t, i })).filter((x) => x.t < NINE_LIMIT)
    const low = Math.min(...alive.map((x) => x.t))
    winners = alive.filter((x) => x.t === low).map((x) => x.i)
  }
  return { totals: after, resets, losers, over, winners }
}

/** "The game is over: P2 reached 103." (NI-V14), naming every loser. */
export function nineOverMessage(
  totals: readonly number[],
  losers: readonly number[],
  names?: readonly string[],
): string {
  return `The game is over: ${joinAnd(losers.map((s) => `${nineSeatName(names, s)} reached ${totals[s] ?? 0}`))}.`
}

/** The winners sentence: "P3 wins with 53." / "P1 and P3 share the win with 40." */
export function nineWinnersMessage(
  totals: readonly number[],
  winners: readonly number[],
  names?: readonly string[],
): string {
  if (winners.length === 0) return ''
  const t = totals[winners[0] as number] ?? 0
  if (winners.length === 1) return `${nineSeatName(names, winners[0] as number)} wins with ${t}.`
  return `${joinAnd(winners.map((s) => nineSeatName(names, s)))} share the win with ${t}.`
}

/** `applyNineRound` plus a line per seat ("P3: 78 + 12 = 90 → 45.") and the end-of-game sentence. */
export function applyNineRoundExplained(
  totals: readonly number[],
  points: readonly number[],
  names: readonly string[] | undefined,
  result: NineResultRule,
): NineRoundApplied & { lines: string[] } {
  const applied = applyNineRound([...totals], [...points])
  const lines = totals.map((t, s) => {
    const p = points[s] ?? 0
    const raw = t + p
    const n = nineSeatName(names, s)
    let line = `${n}: ${t} + ${p} = ${raw}`
    if (raw === NINE_RESET_FROM) line += ` → ${NINE_RESET_TO}`
    const final = applied.totals[s] ?? raw
    if (final >= NINE_LIMIT) line += `, 99 or more: ${n} loses`
    return `${line}.`
  })
  if (applied.over) {
    const winners = result === 'LOWEST_WINS' ? applied.winners : []
    const end = nineOverMessage(applied.totals, applied.losers, names)
    const w = nineWinnersMessage(applied.totals, winners, names)
    lines.push(w ? `${end} ${w}` : end)
    return { ...applied, winners, lines }
  }
  return { ...applied, lines }
}
