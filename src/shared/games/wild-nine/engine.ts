/**
 * Wild Nine live-tracking engine. A match is a config plus an action log; between rounds the table
 * either enters a round result directly ('round') or tracks the round card by card ('start-round',
 * 'play', 'draw', 'keep', 'pass', 'reshuffle') and then enters the remaining cards.
 * Pure: no clock, no randomness, never mutates its input, never throws.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseWildNineAction } from './schema'
import { isPlainObject } from '../../util'
import { SUIT_NAME, type Suit } from '../cards'
import type { GameEngine, GameStatus, Standing } from '../engine'
import { rankSeats } from '../seats'
import {
  dealMessage,
  isLegalCard,
  illegalCardMessage,
  parseSuit,
  parseWildNineCard,
  scoreHands,
  scorePoints,
  showCard,
  WILD_NINE_DECK_SIZE,
  wildNineDeal,
  wildNineOutcome,
} from './scoring'
import type {
  WildNineAction,
  WildNineConfig,
  WildNineLegal,
  WildNineLiveRound,
  WildNineRoundRecord,
  WildNineState,
} from './types'
import {
  isInt,
  name,
  nextSeat,
  endMessage,
  winnersSentence,
  checkSeat,
  card,
  isLegalKey,
  checkUnableHand,
  seenIn,
  withSeen,
  withLive,
  turnWithoutPlay,
} from './helpers'
import { setupWildNine } from './setup'

// ---------------------------------------------------------------------------------------------
// Actions

function startRound(state: WildNineState, a: Record<string, unknown>): Result<WildNineState> {
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

function play(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
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

function draw(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
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

function keep(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
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

function pass(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
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

function reshuffle(state: WildNineState, live: WildNineLiveRound): Result<WildNineState> {
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

function enterRound(state: WildNineState, a: Record<string, unknown>): Result<WildNineState> {
  const live = state.live
  if (live !== null && live.phase !== 'ended') {
    return err(
      'wrong-phase',
      'A round is being tracked: play it to the end, or stop tracking to enter the result directly.',
    )
  }
  let wentOut: unknown = a['wentOut']
  if (live !== null) {
    if (wentOut === undefined) wentOut = live.wentOut
    else if (wentOut !== live.wentOut) {
      const msg =
        live.wentOut === null
          ? 'The tracked round ended in a deadlock: nobody went out.'
          : `The tracked play says ${name(state, live.wentOut)} went out.`
      return err('round-outcome', msg, 'wentOut')
    }
  } else if (wentOut === undefined) {
    return err('invalid-input', 'Choose who went out, or mark the round as a deadlock.', 'wentOut')
  } else if (wentOut === null && state.rules.deadlock === 'NO_STOCK_ONLY') {
    // WN-A5: under NO_STOCK_ONLY a deadlock can never happen, so rounds end only when someone goes out.
    return err(
      'no-deadlock',
      "Under this match's house rule a round ends only when someone goes out: choose who went out.",
      'wentOut',
    )
  }
  const hasHands = a['hands'] !== undefined && a['hands'] !== null
  const hasPoints = a['points'] !== undefined && a['points'] !== null
  if (hasHands === hasPoints) {
    return err(
      'invalid-input',
      hasHands
        ? 'Enter either the cards or the points, not both.'
        : "Enter each player's remaining cards or their points.",
    )
  }
  const opts = live !== null ? { pile: live.pile, handSizes: live.handSizes, seen: live.seen ?? null } : {}
  const scored = hasHands
    ? scoreHands(a['hands'], wentOut, state.names, opts)
    : scorePoints(a['points'], wentOut, state.names, opts)
  if (!scored.ok) return scored
  const out = wentOut as number | null
  const points = scored.value.points
  const totals = state.totals.map((t, i) => t + (points[i] ?? 0))
  const roundNo = state.rounds.length + 1
  const outcome = wildNineOutcome(totals, state.rules.cutoff)
  const after: WildNineState = {
    ...state,
    totals,
    over: outcome.over,
    winners: outcome.winners,
    dealer: outcome.over ? state.dealer : nextSeat(state, state.dealer),
    live: null,
  }
  const head =
    out === null
      ? `Round ${roundNo}: deadlock, everyone scores their cards.`
      : `Round ${roundNo}: ${name(state, out)} went out.`
  const totalsText = `Totals ${state.names.map((nm, i) => `${nm} ${totals[i] ?? 0}`).join(', ')}.`
  const high = Math.max(...totals)
  const tail = outcome.over
    ? `${endMessage(after)} ${winnersSentence(after)}`
    : `The highest total is ${high} < ${state.rules.cutoff}, so the match continues: ${name(after, after.dealer)} deals, ${name(after, nextSeat(after, after.dealer))} starts.`
  const explanation = `${head} ${scored.value.explanations.join('; ')}. ${totalsText} ${tail}`
  const record: WildNineRoundRecord = {
    round: roundNo,
    dealer: state.dealer,
    wentOut: out,
    deadlock: out === null,
    entry: hasHands ? 'cards' : 'points',
    hands: scored.value.hands,
    points,
    totals,
    tracked: live !== null,
    explanations: scored.value.explanations,
    explanation,
  }
  return ok({ ...after, rounds: [...state.rounds, record], last: explanation })
}

function applyAction(state: WildNineState, action: WildNineAction): Result<WildNineState> {
  if (!isPlainObject(state) || state.game !== 'wild-nine')
    return err('invalid-state', 'This is not a Wild Nine match state.')
  const parsed = parseWildNineAction(action)
  if (!parsed.ok) return parsed
  const a: Record<string, unknown> = parsed.value
  const type = parsed.value.type
  if (state.over) return err('match-over', endMessage(state))
  const live = state.live
  switch (type) {
    case 'start-round':
      return startRound(state, a)
    case 'round':
      return enterRound(state, a)
    case 'stop-tracking':
      if (live === null) return err('wrong-phase', 'No round is being tracked.')
      return ok({ ...state, live: null, last: 'Tracking stopped: enter the round result.' })
    case 'play':
    case 'draw':
    case 'keep':
    case 'pass':
    case 'reshuffle':
      break // the tracked round's own actions, below
  }
  if (live === null)
    return err('wrong-phase', 'Start tracking a round (turn up the opening card) or enter a round result.')
  if (live.phase === 'ended') {
    return err(
      'wrong-phase',
      live.wentOut === null
        ? "The round ended in a deadlock: enter everyone's remaining cards."
        : `${name(state, live.wentOut)} went out: enter the others' remaining cards.`,
    )
  }
  switch (type) {
    case 'play':
      return play(state, live, a)
    case 'draw':
      return draw(state, live, a)
    case 'keep':
      return keep(state, live, a)
    case 'pass':
      return pass(state, live, a)
    case 'reshuffle':
      return reshuffle(state, live)
  }
}

function apply(state: WildNineState, action: WildNineAction): Result<WildNineState> {
  return applyAction(state, action)
}

// ---------------------------------------------------------------------------------------------
// Queries

function legalActions(state: WildNineState): WildNineLegal[] {
  if (state.over) return []
  const live = state.live
  const n = state.names.length
  if (live === null) {
    const deal = wildNineDeal(n)
    const legal: WildNineLegal[] = []
    if (deal.ok) {
      legal.push({
        type: 'start-round',
        dealer: state.dealer,
        starter: nextSeat(state, state.dealer),
        handSize: deal.value.handSize,
        stock: deal.value.stock,
      })
    }
    legal.push({ type: 'round', wentOut: 'any', handSizes: null })
    return legal
  }
  if (live.phase === 'ended')
    return [{ type: 'round', wentOut: live.wentOut, handSizes: live.handSizes.slice() }, { type: 'stop-tracking' }]
  const seat = live.toAct
  const legal: WildNineLegal[] = [
    {
      type: 'play',
      seat,
      top: live.top,
      activeSuit: live.activeSuit,
      only: live.phase === 'drawn' ? live.drawnCard : null,
      nineNeedsSuit: (live.handSizes[seat] ?? 0) > 1,
    },
  ]
  if (live.phase === 'drawn') {
    const mustPlay =
      state.rules.drawnCardPlay === 'MANDATORY' && live.drawnCard !== null && isLegalKey(live.drawnCard, live)
    if (live.drawnCard !== null && !isLegalKey(live.drawnCard, live)) legal.shift()
    if (!mustPlay) legal.push({ type: 'keep', seat })
  } else if (live.stock > 0) legal.push({ type: 'draw', seat })
  else if (live.discard <= 1) legal.push({ type: 'pass', seat })
  if (live.stock === 0 && live.discard > 1) legal.push({ type: 'reshuffle', newStock: live.discard - 1 })
  legal.push({ type: 'stop-tracking' })
  return legal
}

function status(state: WildNineState): GameStatus {
  const roundNo = state.over ? state.rounds.length : state.rounds.length + 1
  if (state.over) {
    return {
      phase: 'over',
      over: true,
      round: roundNo,
      toAct: null,
      winners: state.winners.slice(),
      message: `${endMessage(state)} ${winnersSentence(state)}`,
    }
  }
  const live = state.live
  const base = { over: false, round: roundNo, winners: [] as number[] }
  if (live === null) {
    return {
      ...base,
      phase: 'round-entry',
      toAct: null,
      message: `Round ${roundNo}: ${name(state, state.dealer)} deals, ${name(state, nextSeat(state, state.dealer))} starts. Track the play or enter the round result.`,
    }
  }
  if (live.phase === 'ended') {
    return {
      ...base,
      phase: 'score-entry',
      toAct: null,
      message:
        live.wentOut === null
          ? `Round ${roundNo}: deadlock. Enter everyone's remaining cards.`
          : `Round ${roundNo}: ${name(state, live.wentOut)} went out. Enter the others' remaining cards.`,
    }
  }
  const on =
    live.namedWith !== null ? `${showCard(live.top)} (${SUIT_NAME[live.activeSuit]} named)` : showCard(live.top)
  let stockNote = ''
  if (live.stock === 0)
    stockNote =
      live.discard > 1
        ? ' The stock is empty: reshuffle the discards, keeping the top card.'
        : ' No stock can be formed: a player who cannot play passes.'
  if (live.phase === 'drawn') {
    const drew = live.drawnCard !== null ? ` ${showCard(live.drawnCard)}` : ''
    return {
      ...base,
      phase: 'drawn',
      toAct: live.toAct,
      message: `Round ${roundNo}: ${name(state, live.toAct)} drew${drew}; play it on ${on} if it fits, or keep it.${stockNote}`,
    }
  }
  return {
    ...base,
    phase: 'turn',
    toAct: live.toAct,
    message: `Round ${roundNo}: ${name(state, live.toAct)} to play on ${on}.${stockNote}`,
  }
}

function standings(state: WildNineState): Standing[] {
  const ranks = rankSeats(state.totals, false)
  return state.names.map((nm, seat) => {
    const s: Standing = { seat, name: nm, score: state.totals[seat] ?? 0, rank: ranks[seat] ?? 1, eliminated: false }
    if (state.over && state.winners.includes(seat)) s.note = state.winners.length > 1 ? 'shared win' : 'winner'
    else if (!state.over && seat === state.dealer) s.note = 'dealer'
    return s
  })
}

export const wildNineEngine: GameEngine<WildNineConfig, WildNineState, WildNineAction, WildNineLegal> = {
  id: 'wild-nine',
  setup: setupWildNine,
  legalActions,
  apply,
  status,
  standings,
}
