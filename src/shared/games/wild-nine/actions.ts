/**
 * Wild Nine: one function per action of a tracked round (WN-R6..WN-R15): turning up the opening card,
 * playing, drawing, keeping the drawn card, passing and reshuffling. Each receives the state and an
 * action that has passed its schema, checks the rules (WN-V8, WN-V9), and returns the next state or
 * the rule's refusal. None of them changes its input or throws.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isPlainObject } from '../../util'
import { SUIT_NAME, type Suit } from '../cards'
import {
  dealMessage,
  isLegalCard,
  illegalCardMessage,
  parseSuit,
  parseWildNineCard,
  showCard,
  WILD_NINE_DECK_SIZE,
  wildNineDeal,
} from './scoring'
import type { WildNineLiveRound, WildNineState } from './types'
import {
  isInt,
  name,
  nextSeat,
  checkSeat,
  card,
  isLegalKey,
  checkUnableHand,
  seenIn,
  withSeen,
  withLive,
  turnWithoutPlay,
} from './helpers'

/** Turns up the opening card: a 9 makes the dealer name the suit (WN-R4, WN-A8); the deal follows WN-R2, or a given position. */
export function startRound(state: WildNineState, a: Record<string, unknown>): Result<WildNineState> {
  if (state.live !== null) return err('wrong-phase', 'A round is already being tracked.')
  const n = state.names.length
  const up = parseWildNineCard(a['upcard'], 'upcard')
  if (!up.ok) return up
  let activeSuit: Suit = up.value.suit
  let namedWith: string | null = null
  if (up.value.rank === '9') {
    const s = parseSuit(a['suit'])
    if (s === null)
      return err(
        'name-suit',
        `The opening card is a 9: the dealer (${name(state, state.dealer)}) names the suit.`,
        'suit',
      )
    activeSuit = s
    namedWith = up.value.key
  } else if (a['suit'] !== undefined && a['suit'] !== null && parseSuit(a['suit']) === null) {
    return err('invalid-input', 'Name a suit: S, H, D or C.', 'suit')
  }
  const deal = wildNineDeal(n)
  if (!deal.ok) return deal
  const hs = a['handSize']
  if (hs !== undefined && hs !== deal.value.handSize) return err('wrong-deal', dealMessage(n), 'handSize')
  const stockGiven = a['stock']
  if (stockGiven !== undefined && stockGiven !== deal.value.stock) return err('wrong-deal', dealMessage(n), 'stock')
  let handSizes = state.names.map(() => deal.value.handSize)
  let stock = deal.value.stock
  let discard = 1
  let toAct = nextSeat(state, state.dealer)
  const pos = a['position']
  if (pos !== undefined && pos !== null) {
    if (!isPlainObject(pos))
      return err('invalid-input', 'The position must give hand sizes, stock and discard counts.', 'position')
    const sizes = pos['handSizes']
    if (!Array.isArray(sizes) || sizes.length !== n || !sizes.every((x) => isInt(x, 1, WILD_NINE_DECK_SIZE))) {
      return err('invalid-input', `Give a hand size from 1 to 52 for each of the ${n} players.`, 'position.handSizes')
    }
    const ps = pos['stock']
    const pd = pos['discard']
    if (!isInt(ps, 0, WILD_NINE_DECK_SIZE))
      return err('invalid-input', 'The stock count must be a whole number from 0 to 52.', 'position.stock')
    if (!isInt(pd, 1, WILD_NINE_DECK_SIZE))
      return err('invalid-input', 'The discard pile holds at least the top card.', 'position.discard')
    const held = (sizes as number[]).reduce((x, y) => x + y, 0)
    if (ps + pd + held !== WILD_NINE_DECK_SIZE) {
      return err(
        'card-count',
        `Stock ${ps} + discard ${pd} + hands ${held} = ${ps + pd + held}, but the deck holds 52 cards.`,
        'position',
      )
    }
    const ta = pos['toAct']
    if (ta !== undefined) {
      if (!isInt(ta, 0, n - 1))
        return err('invalid-input', 'The seat to act must be one of the players.', 'position.toAct')
      toAct = ta
    }
    handSizes = (sizes as number[]).slice()
    stock = ps
    discard = pd
  }
  const live: WildNineLiveRound = {
    phase: 'turn',
    toAct,
    top: up.value.key,
    activeSuit,
    namedWith,
    stock,
    discard,
    pile: [up.value.key],
    handSizes,
    noPlayTurns: 0,
    noStockPasses: 0,
    seen: state.names.map(() => []),
    drawnCard: null,
    reshuffles: [],
    wentOut: null,
    deadlock: false,
  }
  const opening =
    namedWith !== null
      ? `${showCard(up.value.key)}, ${name(state, state.dealer)} names ${SUIT_NAME[activeSuit]}`
      : showCard(up.value.key)
  return ok(
    withLive(state, live, `Round ${state.rounds.length + 1}: top card ${opening}. ${name(state, toAct)} to play.`),
  )
}

/** Plays a card that fits (WN-R7, WN-V8); a 9 names a suit (WN-R10, WN-A7) unless it is the last card, which goes out (WN-R15). */
export function play(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  const c = parseWildNineCard(a['card'], 'card')
  if (!c.ok) return c
  const key = c.value.key
  const seat = live.toAct
  if (live.pile.includes(key))
    return err('duplicate-card', `${showCard(key)} is already on the discard pile; each card exists only once.`, 'card')
  const holder = seenIn(live, key)
  if (holder !== null && holder !== seat) {
    return err(
      'seen-card',
      `${showCard(key)} went into ${name(state, holder)}'s hand in this round (the tracker saw it), so ${name(state, seat)} cannot play it.`,
      'card',
    )
  }
  if (live.phase === 'drawn' && live.drawnCard !== null && live.drawnCard !== key) {
    return err('drawn-only', 'After drawing you may only play the card you drew.', 'card')
  }
  if (!isLegalCard(c.value, card(live.top), live.activeSuit)) {
    return err('illegal-card', illegalCardMessage(key, live.top, live.activeSuit, live.namedWith), 'card')
  }
  const left = (live.handSizes[seat] ?? 0) - 1
  const stillSeen = (live.seen?.[seat] ?? []).filter((k) => k !== key)
  if (stillSeen.length > left) {
    // The hand still holds the cards the tracker saw go into it: this card cannot be one of the last.
    const cards = stillSeen.map(showCard).join(' ')
    return err(
      'seen-card',
      `${name(state, seat)} still holds ${cards} (drawn in this round, the tracker saw it), so ${showCard(key)} cannot be played instead.`,
      'card',
    )
  }
  const handSizes = live.handSizes.map((h, i) => (i === seat ? left : h))
  const base: WildNineLiveRound = {
    ...live,
    top: key,
    pile: [...live.pile, key],
    discard: live.discard + 1,
    handSizes,
    noPlayTurns: 0,
    noStockPasses: 0,
    seen: withSeen(live, seat, null, key),
    drawnCard: null,
  }
  if (left <= 0) {
    const ended: WildNineLiveRound = {
      ...base,
      phase: 'ended',
      activeSuit: c.value.suit,
      namedWith: null,
      wentOut: seat,
      deadlock: false,
    }
    return ok(withLive(state, ended, `${name(state, seat)} played ${showCard(key)}, their last card, and went out.`))
  }
  let activeSuit: Suit = c.value.suit
  let namedWith: string | null = null
  let said = `${name(state, seat)} played ${showCard(key)}.`
  if (c.value.rank === '9') {
    const s = parseSuit(a['suit'])
    if (s === null) return err('name-suit', 'Name the new active suit.', 'suit')
    activeSuit = s
    namedWith = key
    said = `${name(state, seat)} played ${showCard(key)} and named ${SUIT_NAME[s]}.`
  }
  const next: WildNineLiveRound = { ...base, phase: 'turn', activeSuit, namedWith, toAct: nextSeat(state, seat) }
  return ok(withLive(state, next, said))
}

/** Draws one card when none can be played (WN-R8, WN-R9); with an empty stock the discards are reshuffled first (WN-R12, WN-R13). */
export function draw(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  if (live.phase === 'drawn')
    return err('already-drew', 'You cannot draw again: play the card you drew if it fits, or keep it.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  if (live.stock === 0) {
    if (live.discard > 1)
      return err('stock-empty', 'The stock is empty: reshuffle the discards (keep the top card) before drawing.')
    return err('no-stock', 'No stock can be formed: a player who cannot play passes.')
  }
  const hand = checkUnableHand(state, live, a['hand'], 'drawing')
  if (!hand.ok) return hand
  let drawn: string | null = null
  if (a['card'] !== undefined && a['card'] !== null) {
    const c = parseWildNineCard(a['card'], 'card')
    if (!c.ok) return c
    drawn = c.value.key
    if (live.pile.includes(drawn))
      return err('duplicate-card', `${showCard(drawn)} is on the discard pile; each card exists only once.`, 'card')
    if (hand.value?.includes(drawn))
      return err('duplicate-card', `${showCard(drawn)} is already in the hand; each card exists only once.`, 'card')
    const holder = seenIn(live, drawn)
    if (holder !== null) {
      return err(
        'seen-card',
        `${showCard(drawn)} went into ${name(state, holder)}'s hand in this round (the tracker saw it); it cannot be drawn.`,
        'card',
      )
    }
  }
  const seat = live.toAct
  const next: WildNineLiveRound = {
    ...live,
    phase: 'drawn',
    stock: live.stock - 1,
    handSizes: live.handSizes.map((h, i) => (i === seat ? h + 1 : h)),
    seen: withSeen(live, seat, drawn, null),
    drawnCard: drawn,
  }
  const what = drawn === null ? 'a card' : showCard(drawn)
  let tail = ''
  if (drawn !== null) tail = isLegalKey(drawn, live) ? ' It can be played.' : ' It cannot be played, so it is kept.'
  return ok(withLive(state, next, `${name(state, seat)} drew ${what}.${tail}`))
}

/** Keeps the drawn card and ends the turn (WN-R9), unless the house rule makes a playable drawn card compulsory (WN-A3). */
export function keep(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  if (live.phase !== 'drawn')
    return err('wrong-phase', 'Only a player who has just drawn can keep the card and end the turn.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  const drawn = live.drawnCard
  if (state.rules.drawnCardPlay === 'MANDATORY' && drawn !== null && isLegalKey(drawn, live)) {
    return err(
      'must-play-drawn',
      `${showCard(drawn)} fits, and under this match's house rule a playable drawn card must be played.`,
    )
  }
  return ok(turnWithoutPlay(state, live, 'keep', `${name(state, live.toAct)} kept the drawn card.`))
}

/** Passes when no stock can be formed (WN-R13); the pass counts toward a deadlock (WN-A5, WN-A6). */
export function pass(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  if (live.phase === 'drawn') return err('wrong-phase', 'After drawing, play the drawn card or keep it.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  if (live.stock > 0) return err('stock-left', 'There is stock left: a player who cannot play draws one card.')
  if (live.discard > 1)
    return err('stock-empty', 'The stock is empty: reshuffle the discards (keep the top card), then draw.')
  const hand = checkUnableHand(state, live, a['hand'], 'passing')
  if (!hand.ok) return hand
  return ok(turnWithoutPlay(state, live, 'pass', `${name(state, live.toAct)} passed (no stock can be formed).`))
}

/** Turns the discards under the top card into a new stock, the suit in force kept (WN-R12, WN-A4, WN-V9). */
export function reshuffle(state: WildNineState, live: WildNineLiveRound): Result<WildNineState> {
  if (live.stock > 0) return err('stock-not-empty', 'The stock is not empty yet.')
  if (live.discard <= 1) return err('no-stock', 'No stock can be formed: the discard pile holds only the top card.')
  const newStock = live.discard - 1
  const next: WildNineLiveRound = {
    ...live,
    stock: newStock,
    discard: 1,
    pile: [live.top],
    reshuffles: [...live.reshuffles, newStock],
  }
  const suit = live.namedWith !== null ? `, ${SUIT_NAME[live.activeSuit]} still active` : ''
  return ok(
    withLive(
      state,
      next,
      `Reshuffled: ${showCard(live.top)} stays on top${suit}; the new stock has ${newStock} cards.`,
    ),
  )
}
