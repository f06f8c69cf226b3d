/**
 * Wild Nine live-tracking engine. A match is a config plus an action log; between rounds the table
 * either enters a round result directly ('round') or tracks the round card by card ('start-round',
 * 'play', 'draw', 'keep', 'pass', 'reshuffle') and then enters the remaining cards.
 * Pure: no clock, no randomness, never mutates its input, never throws.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseWildNineAction, parseWildNineConfig } from './schema'
import { isPlainObject } from '../../util'
import { SUIT_NAME, type Suit } from '../cards'
import { rankSeats, seatName, type GameEngine, type GameStatus, type Standing } from '../engine'
import {
  dealMessage,
  DEFAULT_CUTOFF,
  isLegalCard,
  illegalCardMessage,
  parseCardList,
  parseSuit,
  parseWildNineCard,
  PLAYERS_MESSAGE,
  scoreHands,
  scorePoints,
  showCard,
  WILD_NINE_DECK_SIZE,
  WILD_NINE_MAX_PLAYERS,
  WILD_NINE_MIN_PLAYERS,
  wildNineDeal,
  wildNineOutcome,
  type WildNineCard,
} from './scoring'
import type {
  DeadlockRule,
  DrawnCardPlay,
  WildNineAction,
  WildNineConfig,
  WildNineLegal,
  WildNineLiveRound,
  WildNineRoundRecord,
  WildNineRules,
  WildNineState,
} from './types'

const MAX_CUTOFF = 1_000_000_000
const DRAWN_CARD_PLAY: readonly DrawnCardPlay[] = ['OPTIONAL', 'MANDATORY']
const DEADLOCK: readonly DeadlockRule[] = ['CIRCUIT_WITHOUT_PLAY', 'NO_STOCK_ONLY']

function isInt(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
}

function name(state: WildNineState, seat: number): string {
  return state.names[seat] ?? `P${seat + 1}`
}

function nextSeat(state: WildNineState, seat: number): number {
  return (seat + 1) % state.names.length
}

// ---------------------------------------------------------------------------------------------
// Setup

function readRules(raw: unknown): Result<WildNineRules> {
  const rules: WildNineRules = { cutoff: DEFAULT_CUTOFF, drawnCardPlay: 'OPTIONAL', deadlock: 'CIRCUIT_WITHOUT_PLAY' }
  if (raw === undefined || raw === null) return ok(rules)
  if (!isPlainObject(raw)) return err('invalid-config', 'House rules must be a set of named options.', 'houseRules')
  const cutoff = raw['cutoff']
  if (cutoff !== undefined) {
    if (!isInt(cutoff, 1, MAX_CUTOFF)) return err('invalid-config', `The cutoff must be a whole number from 1 to ${MAX_CUTOFF}.`, 'houseRules.cutoff')
    rules.cutoff = cutoff
  }
  const drawn = raw['drawnCardPlay'] ?? raw['wildNine.drawnCardPlay']
  if (drawn !== undefined) {
    if (!DRAWN_CARD_PLAY.includes(drawn as DrawnCardPlay)) {
      return err('invalid-config', 'Playing a drawn card must be OPTIONAL or MANDATORY.', 'houseRules.drawnCardPlay')
    }
    rules.drawnCardPlay = drawn as DrawnCardPlay
  }
  const dead = raw['deadlock'] ?? raw['wildNine.deadlock']
  if (dead !== undefined) {
    if (!DEADLOCK.includes(dead as DeadlockRule)) {
      return err('invalid-config', 'The deadlock rule must be CIRCUIT_WITHOUT_PLAY or NO_STOCK_ONLY.', 'houseRules.deadlock')
    }
    rules.deadlock = dead as DeadlockRule
  }
  return ok(rules)
}

function setup(raw: WildNineConfig): Result<WildNineState> {
  const parsed = parseWildNineConfig(raw)
  if (!parsed.ok) return parsed
  const config = parsed.value
  const rawNames: unknown = config.names
  const rawPlayers: unknown = config.players
  let players: number
  if (rawNames !== undefined && rawNames !== null) {
    if (!Array.isArray(rawNames)) return err('invalid-config', 'Player names must be a list.', 'names')
    if (rawNames.length < WILD_NINE_MIN_PLAYERS || rawNames.length > WILD_NINE_MAX_PLAYERS) return err('invalid-players', PLAYERS_MESSAGE, 'names')
    for (let i = 0; i < rawNames.length; i++) {
      const v: unknown = rawNames[i]
      if (v !== undefined && v !== null && typeof v !== 'string') return err('invalid-config', `Player ${i + 1}'s name must be text.`, `names.${i}`)
      if (typeof v === 'string' && v.length > 100) return err('invalid-config', `Player ${i + 1}'s name is too long (100 characters at most).`, `names.${i}`)
    }
    players = rawNames.length
    if (rawPlayers !== undefined && rawPlayers !== players) {
      return err('invalid-config', `${players} names are given for ${String(rawPlayers)} players.`, 'players')
    }
  } else {
    if (!isInt(rawPlayers, WILD_NINE_MIN_PLAYERS, WILD_NINE_MAX_PLAYERS)) return err('invalid-players', PLAYERS_MESSAGE, 'players')
    players = rawPlayers
  }
  const given = Array.isArray(rawNames) ? (rawNames as unknown[]).map((v) => (typeof v === 'string' ? v.trim() : '')) : []
  const names = Array.from({ length: players }, (_, i) => seatName(given, i))
  const fd: unknown = config.firstDealer ?? 0
  if (!isInt(fd, 0, players - 1)) return err('invalid-config', `The first dealer must be one of the ${players} seats.`, 'firstDealer')
  const rules = readRules(config.houseRules)
  if (!rules.ok) return rules
  const st: unknown = config.startTotals
  let startTotals = names.map(() => 0)
  if (st !== undefined && st !== null) {
    if (!Array.isArray(st) || st.length !== players || !st.every((t) => isInt(t, 0, rules.value.cutoff - 1))) {
      return err(
        'invalid-config',
        `Starting totals need one whole number per player, from 0 to ${rules.value.cutoff - 1} (below the cutoff).`,
        'startTotals',
      )
    }
    startTotals = (st as number[]).slice()
  }
  return ok({
    game: 'wild-nine',
    names,
    rules: rules.value,
    firstDealer: fd,
    startTotals,
    dealer: fd,
    totals: startTotals.slice(),
    rounds: [],
    live: null,
    over: false,
    winners: [],
    last: '',
  })
}

// ---------------------------------------------------------------------------------------------
// Helpers for apply

function endMessage(state: WildNineState): string {
  const top = Math.max(...state.totals)
  const leader = state.totals.indexOf(top)
  return `The match ended: ${name(state, leader)} reached ${top}.`
}

function winnersSentence(state: WildNineState): string {
  const ws = state.winners
  const first = ws[0]
  if (first === undefined) return ''
  const score = state.totals[first] ?? 0
  if (ws.length === 1) return `${name(state, first)} wins with ${score}.`
  const list = ws.map((s) => name(state, s))
  const last = list.pop() ?? ''
  return `${list.join(', ')} and ${last} share the win with ${score}.`
}

function checkSeat(state: WildNineState, live: WildNineLiveRound, seat: unknown): Result<true> {
  if (seat === undefined) return ok(true)
  if (!isInt(seat, 0, state.names.length - 1)) return err('invalid-input', 'That seat is not in this match.', 'seat')
  if (seat !== live.toAct) return err('not-your-turn', `It is ${name(state, live.toAct)}'s turn.`, 'seat')
  return ok(true)
}

function card(key: string): WildNineCard | null {
  const r = parseWildNineCard(key)
  return r.ok ? r.value : null
}

function isLegalKey(key: string, live: WildNineLiveRound): boolean {
  const c = card(key)
  return c !== null && isLegalCard(c, card(live.top), live.activeSuit)
}

/** Validates an optional "hand before acting" and checks that it holds no legal card. */
function checkUnableHand(state: WildNineState, live: WildNineLiveRound, hand: unknown, doing: 'drawing' | 'passing'): Result<string[] | null> {
  if (hand === undefined || hand === null) return ok(null)
  const seat = live.toAct
  const r = parseCardList(hand, 'hand')
  if (!r.ok) return r
  for (const k of r.value) {
    if (live.pile.includes(k)) return err('duplicate-card', `${showCard(k)} is on the discard pile; each card exists only once.`, 'hand')
    const other = seenIn(live, k)
    if (other !== null && other !== seat) {
      return err('seen-card', `${showCard(k)} went into ${name(state, other)}'s hand in this round (the tracker saw it).`, 'hand')
    }
  }
  const missing = (live.seen?.[seat] ?? []).find((k) => !r.value.includes(k))
  if (missing !== undefined) {
    return err('seen-card', `${name(state, seat)} drew ${showCard(missing)} in this round (the tracker saw it): it is in this hand.`, 'hand')
  }
  const legal = r.value.find((k) => isLegalKey(k, live))
  if (legal !== undefined) return err('must-play', `You hold a legal card (${showCard(legal)}), so ${doing} is not allowed.`, 'hand')
  const size = live.handSizes[seat] ?? 0
  if (r.value.length !== size) {
    const got = r.value.length
    return err('hand-size', `${name(state, seat)} holds ${size} card${size === 1 ? '' : 's'} by the tracked play, but ${got} ${got === 1 ? 'is' : 'are'} entered.`, 'hand')
  }
  return ok(r.value)
}

/** The seat whose hand the tracker saw `key` go into this round, or null. */
function seenIn(live: WildNineLiveRound, key: string): number | null {
  const seen = live.seen ?? []
  for (let s = 0; s < seen.length; s++) if (seen[s]?.includes(key)) return s
  return null
}

function withSeen(live: WildNineLiveRound, seat: number, add: string | null, remove: string | null): string[][] {
  const n = live.handSizes.length
  return Array.from({ length: n }, (_, s) => {
    let cards = (live.seen?.[s] ?? []).slice()
    if (s === seat && remove !== null) cards = cards.filter((k) => k !== remove)
    if (s === seat && add !== null && !cards.includes(add)) cards.push(add)
    return cards
  })
}

function withLive(state: WildNineState, live: WildNineLiveRound, last: string): WildNineState {
  return { ...state, live, last }
}

/** Ends a turn without a play: counts toward the deadlock (WN-A6) and maybe ends the round. */
function turnWithoutPlay(state: WildNineState, live: WildNineLiveRound, kind: 'keep' | 'pass', last: string): WildNineState {
  const n = state.names.length
  // WN-A6: keeps and passes both count as turns without a play, under either rule; under
  // NO_STOCK_ONLY only a circuit of no-stock passes ends the round (WN-A5).
  const noPlayTurns = live.noPlayTurns + 1
  const noStockPasses = kind === 'pass' ? (live.noStockPasses ?? 0) + 1 : 0
  const ends = state.rules.deadlock === 'CIRCUIT_WITHOUT_PLAY' ? noPlayTurns >= n : noStockPasses >= n
  if (ends) {
    const ended: WildNineLiveRound = { ...live, phase: 'ended', drawnCard: null, noPlayTurns, noStockPasses, wentOut: null, deadlock: true }
    const why =
      state.rules.deadlock === 'CIRCUIT_WITHOUT_PLAY'
        ? `${n} turns in a row without a play`
        : `${n} players in a row passed with no stock`
    return withLive(state, ended, `${last} Deadlock: ${why}, so the round ends and everyone scores their cards.`)
  }
  const next: WildNineLiveRound = { ...live, phase: 'turn', drawnCard: null, noPlayTurns, noStockPasses, toAct: nextSeat(state, live.toAct) }
  return withLive(state, next, last)
}

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
    if (s === null) return err('name-suit', `The opening card is a 9: the dealer (${name(state, state.dealer)}) names the suit.`, 'suit')
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
    if (!isPlainObject(pos)) return err('invalid-input', 'The position must give hand sizes, stock and discard counts.', 'position')
    const sizes = pos['handSizes']
    if (!Array.isArray(sizes) || sizes.length !== n || !sizes.every((x) => isInt(x, 1, WILD_NINE_DECK_SIZE))) {
      return err('invalid-input', `Give a hand size from 1 to 52 for each of the ${n} players.`, 'position.handSizes')
    }
    const ps = pos['stock']
    const pd = pos['discard']
    if (!isInt(ps, 0, WILD_NINE_DECK_SIZE)) return err('invalid-input', 'The stock count must be a whole number from 0 to 52.', 'position.stock')
    if (!isInt(pd, 1, WILD_NINE_DECK_SIZE)) return err('invalid-input', 'The discard pile holds at least the top card.', 'position.discard')
    const held = (sizes as number[]).reduce((x, y) => x + y, 0)
    if (ps + pd + held !== WILD_NINE_DECK_SIZE) {
      return err('card-count', `Stock ${ps} + discard ${pd} + hands ${held} = ${ps + pd + held}, but the deck holds 52 cards.`, 'position')
    }
    const ta = pos['toAct']
    if (ta !== undefined) {
      if (!isInt(ta, 0, n - 1)) return err('invalid-input', 'The seat to act must be one of the players.', 'position.toAct')
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
  const opening = namedWith !== null ? `${showCard(up.value.key)}, ${name(state, state.dealer)} names ${SUIT_NAME[activeSuit]}` : showCard(up.value.key)
  return ok(withLive(state, live, `Round ${state.rounds.length + 1}: top card ${opening}. ${name(state, toAct)} to play.`))
}

function play(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  const c = parseWildNineCard(a['card'], 'card')
  if (!c.ok) return c
  const key = c.value.key
  const seat = live.toAct
  if (live.pile.includes(key)) return err('duplicate-card', `${showCard(key)} is already on the discard pile; each card exists only once.`, 'card')
  const holder = seenIn(live, key)
  if (holder !== null && holder !== seat) {
    return err('seen-card', `${showCard(key)} went into ${name(state, holder)}'s hand in this round (the tracker saw it), so ${name(state, seat)} cannot play it.`, 'card')
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
    return err('seen-card', `${name(state, seat)} still holds ${cards} (drawn in this round, the tracker saw it), so ${showCard(key)} cannot be played instead.`, 'card')
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
    const ended: WildNineLiveRound = { ...base, phase: 'ended', activeSuit: c.value.suit, namedWith: null, wentOut: seat, deadlock: false }
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
  if (live.phase === 'drawn') return err('already-drew', 'You cannot draw again: play the card you drew if it fits, or keep it.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  if (live.stock === 0) {
    if (live.discard > 1) return err('stock-empty', 'The stock is empty: reshuffle the discards (keep the top card) before drawing.')
    return err('no-stock', 'No stock can be formed: a player who cannot play passes.')
  }
  const hand = checkUnableHand(state, live, a['hand'], 'drawing')
  if (!hand.ok) return hand
  let drawn: string | null = null
  if (a['card'] !== undefined && a['card'] !== null) {
    const c = parseWildNineCard(a['card'], 'card')
    if (!c.ok) return c
    drawn = c.value.key
    if (live.pile.includes(drawn)) return err('duplicate-card', `${showCard(drawn)} is on the discard pile; each card exists only once.`, 'card')
    if (hand.value?.includes(drawn)) return err('duplicate-card', `${showCard(drawn)} is already in the hand; each card exists only once.`, 'card')
    const holder = seenIn(live, drawn)
    if (holder !== null) {
      return err('seen-card', `${showCard(drawn)} went into ${name(state, holder)}'s hand in this round (the tracker saw it); it cannot be drawn.`, 'card')
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
  if (live.phase !== 'drawn') return err('wrong-phase', 'Only a player who has just drawn can keep the card and end the turn.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  const drawn = live.drawnCard
  if (state.rules.drawnCardPlay === 'MANDATORY' && drawn !== null && isLegalKey(drawn, live)) {
    return err('must-play-drawn', `${showCard(drawn)} fits, and under this match's house rule a playable drawn card must be played.`)
  }
  return ok(turnWithoutPlay(state, live, 'keep', `${name(state, live.toAct)} kept the drawn card.`))
}

function pass(state: WildNineState, live: WildNineLiveRound, a: Record<string, unknown>): Result<WildNineState> {
  if (live.phase === 'drawn') return err('wrong-phase', 'After drawing, play the drawn card or keep it.')
  const seatOk = checkSeat(state, live, a['seat'])
  if (!seatOk.ok) return seatOk
  if (live.stock > 0) return err('stock-left', 'There is stock left: a player who cannot play draws one card.')
  if (live.discard > 1) return err('stock-empty', 'The stock is empty: reshuffle the discards (keep the top card), then draw.')
  const hand = checkUnableHand(state, live, a['hand'], 'passing')
  if (!hand.ok) return hand
  return ok(turnWithoutPlay(state, live, 'pass', `${name(state, live.toAct)} passed (no stock can be formed).`))
}

function reshuffle(state: WildNineState, live: WildNineLiveRound): Result<WildNineState> {
  if (live.stock > 0) return err('stock-not-empty', 'The stock is not empty yet.')
  if (live.discard <= 1) return err('no-stock', 'No stock can be formed: the discard pile holds only the top card.')
  const newStock = live.discard - 1
  const next: WildNineLiveRound = { ...live, stock: newStock, discard: 1, pile: [live.top], reshuffles: [...live.reshuffles, newStock] }
  const suit = live.namedWith !== null ? `, ${SUIT_NAME[live.activeSuit]} still active` : ''
  return ok(withLive(state, next, `Reshuffled: ${showCard(live.top)} stays on top${suit}; the new stock has ${newStock} cards.`))
}

function enterRound(state: WildNineState, a: Record<string, unknown>): Result<WildNineState> {
  const live = state.live
  if (live !== null && live.phase !== 'ended') {
    return err('wrong-phase', 'A round is being tracked: play it to the end, or stop tracking to enter the result directly.')
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
    return err('no-deadlock', "Under this match's house rule a round ends only when someone goes out: choose who went out.", 'wentOut')
  }
  const hasHands = a['hands'] !== undefined && a['hands'] !== null
  const hasPoints = a['points'] !== undefined && a['points'] !== null
  if (hasHands === hasPoints) {
    return err('invalid-input', hasHands ? 'Enter either the cards or the points, not both.' : "Enter each player's remaining cards or their points.")
  }
  const opts = live !== null ? { pile: live.pile, handSizes: live.handSizes, seen: live.seen ?? null } : {}
  const scored = hasHands ? scoreHands(a['hands'], wentOut, state.names, opts) : scorePoints(a['points'], wentOut, state.names, opts)
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
  const head = out === null ? `Round ${roundNo}: deadlock, everyone scores their cards.` : `Round ${roundNo}: ${name(state, out)} went out.`
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
  if (!isPlainObject(state) || state.game !== 'wild-nine') return err('invalid-state', 'This is not a Wild Nine match state.')
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
    default:
      break
  }
  if (live === null) return err('wrong-phase', 'Start tracking a round (turn up the opening card) or enter a round result.')
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
      legal.push({ type: 'start-round', dealer: state.dealer, starter: nextSeat(state, state.dealer), handSize: deal.value.handSize, stock: deal.value.stock })
    }
    legal.push({ type: 'round', wentOut: 'any', handSizes: null })
    return legal
  }
  if (live.phase === 'ended') return [{ type: 'round', wentOut: live.wentOut, handSizes: live.handSizes.slice() }, { type: 'stop-tracking' }]
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
    const mustPlay = state.rules.drawnCardPlay === 'MANDATORY' && live.drawnCard !== null && isLegalKey(live.drawnCard, live)
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
    return { phase: 'over', over: true, round: roundNo, toAct: null, winners: state.winners.slice(), message: `${endMessage(state)} ${winnersSentence(state)}` }
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
  const on = live.namedWith !== null ? `${showCard(live.top)} (${SUIT_NAME[live.activeSuit]} named)` : showCard(live.top)
  let stockNote = ''
  if (live.stock === 0) stockNote = live.discard > 1 ? ' The stock is empty: reshuffle the discards, keeping the top card.' : ' No stock can be formed: a player who cannot play passes.'
  if (live.phase === 'drawn') {
    const drew = live.drawnCard !== null ? ` ${showCard(live.drawnCard)}` : ''
    return {
      ...base,
      phase: 'drawn',
      toAct: live.toAct,
      message: `Round ${roundNo}: ${name(state, live.toAct)} drew${drew}; play it on ${on} if it fits, or keep it.${stockNote}`,
    }
  }
  return { ...base, phase: 'turn', toAct: live.toAct, message: `Round ${roundNo}: ${name(state, live.toAct)} to play on ${on}.${stockNote}` }
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
  setup,
  legalActions,
  apply,
  status,
  standings,
}
