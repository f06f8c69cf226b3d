/**
 * Seven Eight Nine live-tracking engine: a match of games between two players (SPEC section 4).
 *
 * The table plays with a real deck; the user enters the cards that become visible (flips, cards given up onto the
 * discard pile, revealed hands) and the engine checks everything those cards allow: rank counts across all visible
 * cards (SE-V4), known hand cards, what may be swapped or reacted to, Declare / Block / win claims and pile counts.
 * Every state is plain JSON data; `apply` never mutates its input and never throws.
 */
import { err, ok, type Result } from '../../result'
import { isPlainObject } from '../../util'
import { rankSeats, seatName, type GameEngine, type GameStatus, type Standing } from '../engine'
import {
  MSG,
  SEN_DEFAULT_RULES,
  SEN_DRAW_START,
  checkRankCounts,
  formatHand,
  parseHand,
  parseRank,
  rankLabel,
  rankName,
  senCanBlock,
  senCheckBlock,
  senCheckDeclare,
  senCheckWin,
  senIsWin,
  senResolveTiebreak,
  sortRanks,
  swapCandidates,
} from './rules'
import type {
  Seat,
  SenAction,
  SenConfig,
  SenEnding,
  SenGame,
  SenGameRecord,
  SenHouseRules,
  SenLegal,
  SenState,
  SenStatusPhase,
} from './types'

const other = (s: Seat): Seat => (s === 0 ? 1 : 0)
const isSeat = (v: unknown): v is Seat => v === 0 || v === 1

// ---------------------------------------------------------------------------------------------- config

const RULE_VALUES: { [K in keyof SenHouseRules]: readonly SenHouseRules[K][] } = {
  declareGap: [3, 2],
  blockRequirement: ['TWO_DISTINCT', 'TWO_CARDS'],
  tiebreakCounting: ['DISTINCT', 'LITERAL_SUM'],
  tiebreakHighCard: ['WHOLE_HAND', 'TARGETS_ONLY'],
  reactReplacesTurn: [false, true],
  reactChain: ['OFF', 'ON'],
  dealtWin: ['IMMEDIATE', 'REDEAL'],
}

export interface SenNormalizedConfig {
  names: [string, string]
  starter: Seat
  target: number | null
  rules: SenHouseRules
}

/** Validates untrusted config data and fills in the defaults. */
export function normalizeSenConfig(config: unknown): Result<SenNormalizedConfig> {
  if (!isPlainObject(config)) return err('invalid-config', 'The match settings are missing.')
  const names = config.names
  if (!Array.isArray(names) || names.length !== 2) return err('invalid-config', MSG.players, 'names')
  const clean: string[] = []
  for (let i = 0; i < 2; i++) {
    const n = names[i] as unknown
    if (n !== undefined && n !== null && typeof n !== 'string') return err('invalid-config', 'Player names must be text.', `names.${i}`)
    const trimmed = typeof n === 'string' ? n.trim() : ''
    if (trimmed.length > 100) return err('invalid-config', 'A player name is at most 100 characters.', `names.${i}`)
    clean.push(seatName([trimmed, trimmed], i))
  }
  if (clean[0] === clean[1]) return err('invalid-config', 'The two players need different names.', 'names')
  const starter = config.starter ?? 0
  if (!isSeat(starter)) return err('invalid-config', 'The starting player must be seat 0 or 1.', 'starter')
  const target = config.target ?? null
  if (target !== null && !(typeof target === 'number' && Number.isInteger(target) && target >= 1 && target <= 1000)) {
    return err('invalid-config', 'The match target must be a whole number of wins from 1 to 1000, or none.', 'target')
  }
  const rules: SenHouseRules = { ...SEN_DEFAULT_RULES }
  const hr = config.houseRules
  if (hr !== undefined && hr !== null) {
    if (!isPlainObject(hr)) return err('invalid-config', 'The house rules must be a list of settings.', 'houseRules')
    for (const [rawKey, value] of Object.entries(hr)) {
      const key = rawKey.startsWith('sen.') ? rawKey.slice(4) : rawKey
      if (!Object.prototype.hasOwnProperty.call(RULE_VALUES, key)) {
        return err('invalid-config', `"${rawKey}" is not a Seven Eight Nine house rule.`, `houseRules.${rawKey}`)
      }
      const allowed = RULE_VALUES[key as keyof SenHouseRules] as readonly unknown[]
      if (value === undefined) continue
      if (!allowed.includes(value)) {
        return err('invalid-config', `House rule ${key} must be ${allowed.map(String).join(' or ')}.`, `houseRules.${rawKey}`)
      }
      ;(rules as unknown as Record<string, unknown>)[key] = value
    }
  }
  return ok({ names: [clean[0] as string, clean[1] as string], starter, target: target as number | null, rules })
}

// ---------------------------------------------------------------------------------------------- helpers

function starterOf(state: Pick<SenState, 'firstStarter'>, gameNumber: number): Seat {
  return gameNumber % 2 === 1 ? state.firstStarter : other(state.firstStarter)
}

function newGame(number: number, starter: Seat, redeals = 0): SenGame {
  return {
    number,
    starter,
    turn: starter,
    phase: 'flip',
    drawCount: SEN_DRAW_START,
    discard: [],
    drawKnown: null,
    known: [[], []],
    flipped: null,
    flips: 0,
    reshuffled: false,
    blocked: false,
    reactor: null,
    topBy: null,
    declare: null,
    redeals,
    log: [],
    result: null,
  }
}

/** A copy of the game whose arrays may be changed freely (log entries themselves are never changed). */
function draft(g: SenGame): SenGame {
  return {
    ...g,
    discard: [...g.discard],
    drawKnown: g.drawKnown === null ? null : [...g.drawKnown],
    known: [[...g.known[0]], [...g.known[1]]],
    declare: g.declare === null ? null : { ...g.declare, hand: [...g.declare.hand] },
    log: [...g.log],
  }
}

function removeOne(list: number[], value: number): boolean {
  const i = list.indexOf(value)
  if (i < 0) return false
  list.splice(i, 1)
  return true
}

/** Is multiset `small` contained in multiset `big`? */
function contains(big: readonly number[], small: readonly number[]): boolean {
  const rest = [...big]
  return small.every((c) => removeOne(rest, c))
}

/** Every card whose rank the table has seen and that is still in play: known hand cards, the discard pile, the draw
 * pile after the reshuffle, and a flipped card waiting on top of the draw pile. */
function visibleCards(g: SenGame): number[] {
  const cards = [...g.known[0], ...g.known[1], ...g.discard]
  if (g.drawKnown !== null) cards.push(...g.drawKnown)
  else if (g.flipped !== null) cards.push(g.flipped)
  return cards
}

/** Is there a 3-card hand containing the known cards for which `test` holds? (Empty knowledge: always.) */
function someCompletion(known: readonly number[], test: (hand: number[]) => boolean): boolean {
  if (known.length === 0) return true
  if (known.length === 3) return test([...known])
  const missing = 3 - known.length
  for (let a = 1; a <= 13; a++) {
    if (missing === 1) {
      if (test([...known, a])) return true
      continue
    }
    for (let b = a; b <= 13; b++) if (test([...known, a, b])) return true
  }
  return false
}

function canReshuffle(g: SenGame): boolean {
  return !g.reshuffled && !g.blocked
}

/** The phase to wait in when nobody holds a flipped card. */
function idlePhase(g: SenGame): 'flip' | 'reshuffle' | 'tiebreak' {
  if (g.drawCount > 0) return 'flip'
  return canReshuffle(g) ? 'reshuffle' : 'tiebreak'
}

/** The flipped card leaves the draw pile (to the discard pile or a hand). */
function takeFlipped(g: SenGame): number {
  const f = g.flipped as number
  g.drawCount -= 1
  if (g.drawKnown !== null) removeOne(g.drawKnown, f)
  g.flipped = null
  return f
}

/** `placer` has just put a card on the discard pile on their turn; the turn passes. */
function endTurn(g: SenGame, placer: Seat): void {
  g.turn = other(g.turn)
  g.reactor = other(placer)
  g.topBy = placer
  g.declare = null
  g.phase = idlePhase(g)
}

function knownCheck(state: SenState, g: SenGame, seat: Seat, hand: readonly number[]): Result<true> {
  const known = g.known[seat]
  if (contains(hand, known)) return ok(true)
  const who = state.names[seat]
  return err(
    'hand-mismatch',
    known.length === 3
      ? `${who}'s hand is known to be ${formatHand(known)}; the hand entered is ${formatHand(sortRanks(hand))}.`
      : `${who} is known to hold ${formatHand(known)}; the hand entered (${formatHand(sortRanks(hand))}) does not.`,
    'hand',
  )
}

function giveCheck(state: SenState, g: SenGame, seat: Seat, give: number): Result<true> {
  const known = g.known[seat]
  if (known.length === 3 && !known.includes(give)) {
    return err('hand-mismatch', `${state.names[seat]}'s hand is known to be ${formatHand(known)}; it holds no ${rankName(give)}.`, 'give')
  }
  return ok(true)
}

function seatCheck(state: SenState, action: Record<string, unknown>, expected: Seat, what: string): Result<true> {
  const s = action.seat
  if (s === undefined) return ok(true)
  if (!isSeat(s)) return err('invalid-seat', 'The seat must be 0 or 1.', 'seat')
  if (s !== expected) {
    return err('not-your-turn', `It is ${state.names[expected]}'s turn to ${what}, not ${state.names[s]}'s.`, 'seat')
  }
  return ok(true)
}

function phaseError(state: SenState, g: SenGame): Result<never> {
  const n = state.names
  switch (g.phase) {
    case 'over':
      return state.over
        ? err('match-over', 'The match is over.')
        : err('game-over', `Game ${g.number} is over: start the next game.`)
    case 'flip':
      return err('wrong-phase', `${n[g.turn]} flips a card first.`)
    case 'action':
      return err('wrong-phase', `${n[g.turn]} flipped ${withA(g.flipped as number)}: discard, swap or declare first.`)
    case 'block':
      return err('wrong-phase', `${n[other(g.declare?.seat ?? g.turn)]} must answer the Declare first: Block or no Block.`)
    case 'reshuffle':
      return err('draw-empty', 'The draw pile is empty: reshuffle the discard pile first.')
    case 'tiebreak':
      return err('draw-empty', 'The draw pile is empty and no reshuffle is left: go to the tiebreaker.')
  }
}

function withA(rank: number): string {
  return rank === 8 || rank === 1 ? `an ${rankName(rank)}` : `a ${rankName(rank)}`
}

function finish(state: SenState, g: SenGame, winner: Seat | null, ending: SenEnding, explanation: string): SenState {
  const results: SenGameRecord['results'] =
    winner === null ? ['draw', 'draw'] : winner === 0 ? ['win', 'loss'] : ['loss', 'win']
  const label =
    winner === null
      ? 'Draw'
      : ({ swap: 'Win by swap', react: 'Win by React', declare: 'Win by Declare', 'dealt-win': 'Dealt win', tiebreaker: 'Tiebreaker' } as const)[ending]
  const record: SenGameRecord = {
    game: g.number,
    starter: g.starter,
    winner,
    results,
    ending,
    label,
    flips: g.flips,
    reshuffled: g.reshuffled,
    blocked: g.blocked,
    hands: [g.known[0].length === 3 ? [...g.known[0]] : [], g.known[1].length === 3 ? [...g.known[1]] : []],
    explanation,
  }
  g.phase = 'over'
  g.flipped = null
  g.reactor = null
  g.declare = null
  g.result = record
  g.log.push({ seat: winner, text: explanation })
  const wins: [number, number] = [state.wins[0], state.wins[1]]
  if (winner !== null) wins[winner] += 1
  const over = state.target !== null && (wins[0] >= state.target || wins[1] >= state.target)
  return { ...state, wins, draws: state.draws + (winner === null ? 1 : 0), games: [...state.games, record], game: g, over }
}

function withGame(state: SenState, g: SenGame): Result<SenState> {
  const counts = checkRankCounts(visibleCards(g))
  if (!counts.ok) return counts
  return ok({ ...state, game: g })
}

/** Parses an optional `show` (the whole hand shown to claim a win) and checks it against what is known. */
function checkShow(state: SenState, g: SenGame, seat: Seat, show: unknown, taken: number): Result<number[] | null> {
  if (show === undefined || show === null) return ok(null)
  const w = senCheckWin(show)
  if (!w.ok) return w.error.code === 'not-a-win' ? err('not-a-win', MSG.win, 'show') : { ok: false, error: { ...w.error, field: 'show' } }
  if (!w.value.includes(taken)) return err('not-a-win', `The hand shown must include the ${rankName(taken)} just taken.`, 'show')
  const k = knownCheck(state, g, seat, w.value)
  if (!k.ok) return { ok: false, error: { ...k.error, field: 'show' } }
  return ok(w.value)
}

// ---------------------------------------------------------------------------------------------- React window

/** Who may React to the top discard now, what they would take and which ranks they may give, or the reason why not. */
export function senReactCheck(state: SenState, seat?: number): Result<{ seat: Seat; top: number; give: number[] }> {
  const g = state.game
  const n = state.names
  if (seat !== undefined && !isSeat(seat)) return err('invalid-seat', 'The seat must be 0 or 1.', 'seat')
  if (g.phase === 'over') return phaseError(state, g)
  if (g.phase === 'action' || g.phase === 'block') {
    return err('react-closed', 'A React comes before the next flip; this turn\'s card has already been flipped.')
  }
  const top = g.discard[g.discard.length - 1]
  if (top === undefined) return err('react-closed', 'The discard pile is empty: there is nothing to React to.')
  if (g.reactor === null) {
    // Only a card given up in a React (house rule reactChain OFF) leaves the window closed before a flip.
    return err('react-closed', `The ${rankName(top)} was given up in a React, so nobody may React to it.`)
  }
  if (seat !== undefined && seat !== g.reactor) {
    return err('react-closed', `${n[seat]} put the ${rankName(top)} on the discard pile; only ${n[g.reactor]} may React to it.`, 'seat')
  }
  const known = g.known[g.reactor]
  let give = swapCandidates(top, [top - 1, top, top + 1].filter((r) => r >= 1 && r <= 13))
  if (known.length === 3) give = give.filter((r) => known.includes(r))
  if (give.length === 0) {
    return err('react-not-adjacent', `${n[g.reactor]}'s hand (${formatHand(known)}) has no card matching or next to the ${rankName(top)}.`)
  }
  return ok({ seat: g.reactor, top, give })
}

// ---------------------------------------------------------------------------------------------- engine

function setup(config: SenConfig): Result<SenState> {
  try {
    const c = normalizeSenConfig(config)
    if (!c.ok) return c
    return ok({
      names: c.value.names,
      rules: c.value.rules,
      target: c.value.target,
      firstStarter: c.value.starter,
      wins: [0, 0],
      draws: 0,
      games: [],
      game: newGame(1, c.value.starter),
      over: false,
    })
  } catch {
    return err('invalid-config', 'The match settings could not be read.')
  }
}

function apply(state: SenState, action: SenAction): Result<SenState> {
  try {
    return applyAction(state, action as unknown)
  } catch {
    return err('invalid-action', 'That action could not be read.')
  }
}

function applyAction(state: SenState, raw: unknown): Result<SenState> {
  if (!isPlainObject(raw)) return err('invalid-action', 'An action needs a type.', 'type')
  const a = raw
  const type = a.type
  if (typeof type !== 'string') return err('invalid-action', 'An action needs a type.', 'type')
  const g0 = state.game
  const n = state.names
  if (state.over) return err('match-over', 'The match is over.')
  switch (type) {
    case 'flip': {
      if (g0.phase !== 'flip') return phaseError(state, g0)
      const sc = seatCheck(state, a, g0.turn, 'flip')
      if (!sc.ok) return sc
      const f = parseRank(a.card, 'card')
      if (!f.ok) return f
      if (g0.drawKnown !== null && !g0.drawKnown.includes(f.value)) {
        return err('card-not-in-draw', `No ${rankName(f.value)} is left in the draw pile after the reshuffle; check the card.`, 'card')
      }
      const g = draft(g0)
      g.flipped = f.value
      g.flips += 1
      g.reactor = null
      g.phase = 'action'
      g.log.push({ seat: g.turn, text: `${n[g.turn]} flips ${withA(f.value)}.` })
      return withGame(state, g)
    }
    case 'discard': {
      if (g0.phase !== 'action') return phaseError(state, g0)
      const sc = seatCheck(state, a, g0.turn, 'act')
      if (!sc.ok) return sc
      const g = draft(g0)
      const s = g.turn
      const f = takeFlipped(g)
      g.discard.push(f)
      g.log.push({ seat: s, text: `${n[s]} discards the ${rankName(f)}.` })
      endTurn(g, s)
      return withGame(state, g)
    }
    case 'swap': {
      if (g0.phase !== 'action') return phaseError(state, g0)
      const sc = seatCheck(state, a, g0.turn, 'act')
      if (!sc.ok) return sc
      const give = parseRank(a.give, 'give')
      if (!give.ok) return give
      const F = g0.flipped as number
      const s = g0.turn
      if (Math.abs(give.value - F) > 1) {
        return err(
          'swap-not-adjacent',
          `A swap gives up a card that matches or is next to the flipped ${rankName(F)}; ${rankLabel(give.value)} is neither.`,
          'give',
        )
      }
      const gc = giveCheck(state, g0, s, give.value)
      if (!gc.ok) return gc
      const g = draft(g0)
      takeFlipped(g)
      g.discard.push(give.value)
      removeOne(g.known[s], give.value)
      g.known[s] = sortRanks([...g.known[s], F])
      const kind = give.value === F ? 'Match Swap' : 'Adjacent Swap'
      g.log.push({ seat: s, text: `${n[s]} takes the ${rankName(F)} and gives up ${withA(give.value)} (${kind}).` })
      const shown = checkShow(state, g, s, a.show, F)
      if (!shown.ok) return shown
      if (shown.value !== null) g.known[s] = shown.value
      if (shown.value !== null || senIsWin(g.known[s])) {
        const c = checkRankCounts(visibleCards(g))
        if (!c.ok) return c
        return ok(finish(state, g, s, 'swap', `${n[s]} wins by ${kind}: gives up ${rankLabel(give.value)} for the flipped ${rankName(F)} and shows 7-8-9.`))
      }
      endTurn(g, s)
      return withGame(state, g)
    }
    case 'react': {
      if (a.seat !== undefined && !isSeat(a.seat)) return err('invalid-seat', 'The seat must be 0 or 1.', 'seat')
      const rc = senReactCheck(state, a.seat)
      if (!rc.ok) return rc
      const r = rc.value.seat
      const top = rc.value.top
      const give = parseRank(a.give, 'give')
      if (!give.ok) return give
      if (Math.abs(give.value - top) > 1) {
        return err(
          'react-not-adjacent',
          `A React gives up a card that matches or is next to the ${rankName(top)}; ${rankLabel(give.value)} is neither.`,
          'give',
        )
      }
      const gc = giveCheck(state, g0, r, give.value)
      if (!gc.ok) return gc
      const g = draft(g0)
      g.discard[g.discard.length - 1] = give.value
      removeOne(g.known[r], give.value)
      g.known[r] = sortRanks([...g.known[r], top])
      g.log.push({ seat: r, text: `${n[r]} reacts: takes the ${rankName(top)} from the discard pile and gives up ${withA(give.value)}.` })
      const shown = checkShow(state, g, r, a.show, top)
      if (!shown.ok) return shown
      if (shown.value !== null) g.known[r] = shown.value
      if (shown.value !== null || senIsWin(g.known[r])) {
        const c = checkRankCounts(visibleCards(g))
        if (!c.ok) return c
        return ok(finish(state, g, r, 'react', `${n[r]} wins by React: takes the ${rankName(top)} from the discard pile for ${rankLabel(give.value)} and shows 7-8-9.`))
      }
      g.reactor = state.rules.reactChain === 'ON' ? other(r) : null
      g.topBy = r
      if (state.rules.reactReplacesTurn && r === g.turn) g.turn = other(r)
      return withGame(state, g)
    }
    case 'declare': {
      if (g0.phase === 'over' || g0.phase === 'block') return phaseError(state, g0)
      if (g0.phase !== 'action') {
        return g0.reactor !== null
          ? err('declare-not-on-flip', MSG.declareOnFlip)
          : err('declare-not-on-flip', 'Declare is only possible on your own flip: flip a card first.')
      }
      if (a.seat !== undefined && !isSeat(a.seat)) return err('invalid-seat', 'The seat must be 0 or 1.', 'seat')
      if (a.seat !== undefined && a.seat !== g0.turn) return err('declare-not-on-flip', MSG.declareOnFlip, 'seat')
      const s = g0.turn
      const F = g0.flipped as number
      if (a.flipped !== undefined) {
        const f = parseRank(a.flipped, 'flipped')
        if (!f.ok) return f
        if (f.value !== F) return err('flipped-mismatch', `The flipped card is ${withA(F)}, not ${withA(f.value)}.`, 'flipped')
      }
      const h = parseHand(a.hand, 'hand')
      if (!h.ok) return h
      const kc = knownCheck(state, g0, s, h.value)
      if (!kc.ok) return kc
      const d = senCheckDeclare(h.value, F, { declareGap: state.rules.declareGap })
      if (!d.ok) return d
      const g = draft(g0)
      g.known[s] = sortRanks(h.value)
      g.declare = { seat: s, hand: sortRanks(h.value), blocker: d.value.blocker }
      g.phase = 'block'
      g.log.push({
        seat: s,
        text: `${n[s]} declares with ${formatHand(sortRanks(h.value))}: the blocker ${rankLabel(d.value.blocker)} is ${d.value.gap} ranks from the flipped ${rankName(F)}.`,
      })
      return withGame(state, g)
    }
    case 'block': {
      if (g0.phase !== 'block' || g0.declare === null) {
        return g0.phase === 'over' ? phaseError(state, g0) : err('wrong-phase', 'A Block answers a Declare; nobody has declared.')
      }
      const declarer = g0.declare.seat
      const b = other(declarer)
      const sc = seatCheck(state, a, b, 'answer the Declare')
      if (!sc.ok) return sc
      const h = parseHand(a.hand, 'hand')
      if (!h.ok) return h
      const kc = knownCheck(state, g0, b, h.value)
      if (!kc.ok) return kc
      const bc = senCheckBlock(h.value, { blockRequirement: state.rules.blockRequirement })
      if (!bc.ok) return bc
      const g = draft(g0)
      g.known[b] = sortRanks(h.value)
      const F = takeFlipped(g)
      g.discard.push(F)
      const lock = g.reshuffled ? '' : ' No reshuffle from now on.'
      g.blocked = true
      g.log.push({
        seat: b,
        text: `${n[b]} blocks with ${formatHand(sortRanks(h.value))}: ${n[declarer]}'s Declare is void and the ${rankName(F)} goes to the discard pile.${lock}`,
      })
      endTurn(g, declarer)
      return withGame(state, g)
    }
    case 'no-block': {
      if (g0.phase !== 'block' || g0.declare === null) {
        return g0.phase === 'over' ? phaseError(state, g0) : err('wrong-phase', 'Nobody has declared.')
      }
      const dec = g0.declare
      const b = other(dec.seat)
      const sc = seatCheck(state, a, b, 'answer the Declare')
      if (!sc.ok) return sc
      const known = g0.known[b]
      const blockRule = { blockRequirement: state.rules.blockRequirement }
      if (!someCompletion(known, (h) => !senCanBlock(h, blockRule))) {
        return err(
          'block-required',
          known.length === 3
            ? `${n[b]}'s hand is known (${formatHand(known)}): it holds two of 7, 8, 9, so ${n[b]} must Block.`
            : `${n[b]} is known to hold ${formatHand(known)}: that is two of 7, 8, 9, so ${n[b]} must Block.`,
        )
      }
      const g = draft(g0)
      const F = takeFlipped(g)
      g.discard.push(dec.blocker)
      const hand = [...dec.hand]
      removeOne(hand, dec.blocker)
      g.known[dec.seat] = sortRanks([...hand, F])
      const gap = Math.abs(dec.blocker - F)
      return ok(
        finish(
          state,
          g,
          dec.seat,
          'declare',
          `${n[dec.seat]} wins by Declare: the blocker ${rankLabel(dec.blocker)} is ${gap} ranks from the flipped ${rankName(F)} (a Declare needs ${state.rules.declareGap}), so ${n[dec.seat]} discards it, takes the ${rankName(F)} and shows 7-8-9; ${n[b]} cannot block.`,
        ),
      )
    }
    case 'reshuffle': {
      if (g0.phase === 'over' || g0.phase === 'action' || g0.phase === 'block') return phaseError(state, g0)
      if (g0.reshuffled) return err('reshuffle-used', MSG.reshuffleUsed)
      if (g0.blocked) return err('reshuffle-blocked', MSG.reshuffleBlocked)
      if (g0.drawCount > 0) return err('draw-not-empty', `The draw pile still has ${g0.drawCount} cards; reshuffle only when it is empty.`)
      const sc = seatCheck(state, a, g0.turn, 'reshuffle')
      if (!sc.ok) return sc
      const g = draft(g0)
      g.drawKnown = sortRanks(g.discard)
      g.drawCount = g.discard.length
      g.discard = []
      g.reshuffled = true
      g.reactor = null
      g.topBy = null
      g.phase = 'flip'
      g.log.push({ seat: g.turn, text: `The discard pile (${g.drawCount} cards) becomes the new draw pile. This was the only reshuffle.` })
      return withGame(state, g)
    }
    case 'tiebreak': {
      if (g0.phase === 'over') return phaseError(state, g0)
      if (g0.phase === 'reshuffle') return err('reshuffle-available', 'The reshuffle is still available: the discard pile becomes the new draw pile first.')
      if (g0.phase !== 'tiebreak') return err('draw-not-empty', MSG.drawNotEmpty)
      const hands = a.hands
      if (!Array.isArray(hands) || hands.length !== 2) return err('invalid-action', 'Enter both hands for the tiebreaker.', 'hands')
      const h0 = parseHand(hands[0] as unknown, 'hands.0')
      if (!h0.ok) return h0
      const h1 = parseHand(hands[1] as unknown, 'hands.1')
      if (!h1.ok) return h1
      for (const [seat, h] of [[0, h0.value], [1, h1.value]] as const) {
        const kc = knownCheck(state, g0, seat, h)
        if (!kc.ok) return { ok: false, error: { ...kc.error, field: `hands.${seat}` } }
      }
      const t = senResolveTiebreak(h0.value, h1.value, state.rules, state.names)
      if (!t.ok) return t
      const g = draft(g0)
      g.known = [sortRanks(h0.value), sortRanks(h1.value)]
      const c = checkRankCounts(visibleCards(g))
      if (!c.ok) return c
      const intro = `Draw pile empty and no reshuffle left: ${n[0]} shows ${formatHand(g.known[0])}, ${n[1]} shows ${formatHand(g.known[1])}.`
      return ok(finish(state, g, t.value.winner, 'tiebreaker', `${intro} ${t.value.explanation}`))
    }
    case 'dealt-win': {
      if (g0.phase !== 'flip' || g0.flips > 0) {
        return g0.phase === 'over' ? phaseError(state, g0) : err('dealt-win-late', 'A dealt 7-8-9 counts only before the first flip.')
      }
      const seats = a.seats
      if (
        !Array.isArray(seats) ||
        seats.length < 1 ||
        seats.length > 2 ||
        !seats.every(isSeat) ||
        (seats.length === 2 && seats[0] === seats[1])
      ) {
        return err('invalid-action', 'Say which player (or both) was dealt 7-8-9.', 'seats')
      }
      const who = sortRanks(seats as Seat[]) as Seat[]
      if (state.rules.dealtWin === 'REDEAL') {
        const g = newGame(g0.number, g0.starter, g0.redeals + 1)
        const text = `${who.map((s) => n[s]).join(' and ')} ${who.length === 2 ? 'were' : 'was'} dealt 7-8-9: redeal (house rule REDEAL).`
        g.log = [{ seat: null, text }]
        return ok({ ...state, game: g })
      }
      const g = draft(g0)
      for (const s of who) g.known[s] = [7, 8, 9]
      if (who.length === 2) return ok(finish(state, g, null, 'dealt-win', 'Both players were dealt 7-8-9: the game is a draw.'))
      const s = who[0] as Seat
      return ok(finish(state, g, s, 'dealt-win', `${n[s]} was dealt 7-8-9 and wins immediately, before the first flip.`))
    }
    case 'correct-piles': {
      // SE-A1: the table counts its draw pile and the app takes that count. Logged and undoable like any action.
      if (g0.phase === 'over') return phaseError(state, g0)
      if (g0.phase === 'action' || g0.phase === 'block') {
        const why = phaseError(state, g0)
        return why.ok ? why : err('wrong-phase', `Correct the pile count between turns: ${why.error.message}`)
      }
      const draw = a.draw
      const max = SEN_DRAW_START - g0.discard.length
      if (typeof draw !== 'number' || !Number.isInteger(draw) || draw < 0) {
        return err('invalid-count', 'Count the cards of the draw pile: a whole number, 0 or more.', 'draw')
      }
      if (draw > max) {
        return err(
          'invalid-count',
          `The draw pile cannot hold ${draw} cards: with ${g0.discard.length} on the discard pile and 3 in each hand, at most ${max} are left (52 in all).`,
          'draw',
        )
      }
      if (draw === g0.drawCount) return err('invalid-count', `The app already counts ${draw} cards in the draw pile; nothing to correct.`, 'draw')
      const g = draft(g0)
      const was = g.drawCount
      g.drawCount = draw
      // after the reshuffle the draw pile's ranks were known; with a different count the app no longer knows which cards are in it
      const forget = g.drawKnown !== null ? ' The ranks left in the draw pile are no longer known.' : ''
      g.drawKnown = null
      g.phase = idlePhase(g)
      g.log.push({
        seat: null,
        text: `Pile count corrected: the table's draw pile has ${draw} card${draw === 1 ? '' : 's'}, not ${was} (discard pile ${g.discard.length}).${forget}`,
      })
      return ok({ ...state, game: g })
    }
    case 'next-game': {
      if (g0.phase !== 'over') return err('game-not-over', `Game ${g0.number} is not over yet.`)
      const number = g0.number + 1
      return ok({ ...state, game: newGame(number, starterOf(state, number)) })
    }
    default:
      return err('invalid-action', `"${type.slice(0, 40)}" is not a Seven Eight Nine action.`, 'type')
  }
}

function legalActions(state: SenState): SenLegal[] {
  const g = state.game
  if (state.over) return []
  const out: SenLegal[] = []
  switch (g.phase) {
    case 'over':
      return [{ type: 'next-game' }]
    case 'flip':
      out.push({ type: 'flip', seat: g.turn })
      if (g.flips === 0) out.push({ type: 'dealt-win' })
      break
    case 'reshuffle':
      out.push({ type: 'reshuffle', seat: g.turn })
      break
    case 'tiebreak':
      out.push({ type: 'tiebreak' })
      break
    case 'action': {
      const F = g.flipped as number
      const s = g.turn
      const known = g.known[s]
      out.push({ type: 'discard', seat: s })
      let give = [F - 1, F, F + 1].filter((r) => r >= 1 && r <= 13)
      if (known.length === 3) give = give.filter((r) => known.includes(r))
      if (give.length > 0) out.push({ type: 'swap', seat: s, flipped: F, give })
      const declarable =
        F >= 7 && F <= 9 && someCompletion(known, (h) => senCheckDeclare(h, F, { declareGap: state.rules.declareGap }).ok)
      if (declarable) out.push({ type: 'declare', seat: s, flipped: F })
      return out
    }
    case 'block': {
      const b = other(g.declare?.seat ?? g.turn)
      const known = g.known[b]
      const blockRule = { blockRequirement: state.rules.blockRequirement }
      if (someCompletion(known, (h) => senCanBlock(h, blockRule))) out.push({ type: 'block', seat: b })
      if (someCompletion(known, (h) => !senCanBlock(h, blockRule))) out.push({ type: 'no-block', seat: b })
      return out
    }
  }
  const rc = senReactCheck(state)
  if (rc.ok) out.push({ type: 'react', seat: rc.value.seat, top: rc.value.top, give: rc.value.give })
  return out
}

function statusPhase(state: SenState): SenStatusPhase {
  if (state.over) return 'match-over'
  return state.game.phase === 'over' ? 'game-over' : state.game.phase
}

function status(state: SenState): GameStatus {
  const g = state.game
  const n = state.names
  const phase = statusPhase(state)
  const winners: number[] = []
  if (state.over && state.target !== null) for (const s of [0, 1] as const) if (state.wins[s] >= state.target) winners.push(s)
  let toAct: number | null = null
  let message: string
  const prefix = `Game ${g.number}: `
  // Mention a React only when one is possible, given what the table has seen of the reactor's hand.
  const react = g.reactor !== null && g.discard.length > 0 ? senReactCheck(state) : null
  const reactNote = react?.ok ? ` ${n[react.value.seat]} may first React to the ${rankName(react.value.top)}.` : ''
  switch (phase) {
    case 'match-over': {
      const w = winners[0] as Seat
      message = `${n[w]} wins the match ${state.wins[w]}–${state.wins[other(w)]}.`
      break
    }
    case 'game-over':
      message = `${prefix}${g.result?.explanation ?? 'over.'} Next game?`
      break
    case 'flip':
      toAct = g.turn
      message = `${prefix}${n[g.turn]} to flip (draw pile ${g.drawCount}).${reactNote}`
      break
    case 'action':
      toAct = g.turn
      message = `${prefix}${n[g.turn]} flipped ${withA(g.flipped as number)}: discard, swap or declare.`
      break
    case 'block': {
      const b = other(g.declare?.seat ?? g.turn)
      toAct = b
      message = `${prefix}${n[g.declare?.seat ?? g.turn]} declares. ${n[b]}: Block if you hold two of 7, 8, 9.`
      break
    }
    case 'reshuffle':
      toAct = g.turn
      message = `${prefix}the draw pile is empty: ${n[g.turn]} shuffles the discard pile into a new draw pile.${reactNote}`
      break
    case 'tiebreak':
      message = `${prefix}the draw pile is empty and no reshuffle is left: both players reveal their hands for the tiebreaker.${reactNote}`
      break
  }
  return { phase, over: state.over, round: g.number, toAct, winners, message }
}

function standings(state: SenState): Standing[] {
  const ranks = rankSeats(state.wins, true)
  return ([0, 1] as const).map((s) => {
    const losses = state.games.filter((r) => r.winner === other(s)).length
    return {
      seat: s,
      name: state.names[s],
      score: state.wins[s],
      rank: ranks[s] as number,
      eliminated: false,
      note: `${state.wins[s]} won, ${losses} lost, ${state.draws} drawn`,
    }
  })
}

export const senEngine: GameEngine<SenConfig, SenState, SenAction, SenLegal> = {
  id: 'seven-eight-nine',
  setup,
  legalActions,
  apply,
  status,
  standings,
}

/** Pile counts for the UI; hands always hold 3 cards, so hands + draw + discard = 52. */
export function senPiles(state: SenState): { hands: [number, number]; draw: number; discard: number; total: number } {
  const g = state.game
  return { hands: [3, 3], draw: g.drawCount, discard: g.discard.length, total: 6 + g.drawCount + g.discard.length }
}
