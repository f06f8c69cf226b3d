/**
 * The Nine live-tracking engine (GameEngine). A match is a config plus an action log; a round can be
 * entered directly (declarer + hands), or a deal can be followed turn by turn first ('deal', 'take',
 * 'discard', 'snap', 'declare'), which adds the first-circuit rule, discard legality, snaps and
 * pile counts. Editing a past round is the service replaying an edited log, not an engine action.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, isPlainObject, sum } from '../../util'
import { parseNineAction, parseNineConfig } from './schema'
import { rankSeats, type GameEngine, type GameStatus, type Standing } from '../engine'
import {
  applyNineRoundExplained,
  checkCard,
  checkDeckLimits,
  checkHand,
  checkHandTotal,
  classifyNineDiscard,
  NINE_MESSAGES,
  nineOverMessage,
  nineSeatName,
  nineWinnersMessage,
  overNineMessage,
  scoreNineTotals,
  showValue,
} from './scoring'
import {
  NINE_DECK_SIZE,
  NINE_DEFAULT_RULES,
  NINE_HAND_SIZE,
  NINE_LIMIT,
  NINE_MAX_PLAYERS,
  NINE_MIN_PLAYERS,
  NINE_RESET_FROM,
  NINE_RULE_VALUES,
  type NineAction,
  type NineConfig,
  type NineHouseRules,
  type NineLegal,
  type NineLiveDeal,
  type NineRoundRecord,
  type NineRoundScore,
  type NineSnapWindow,
  type NineSource,
  type NineState,
} from './types'

type Obj = Record<string, unknown>

// ---------------------------------------------------------------- setup

export function readNineHouseRules(raw: unknown): Result<NineHouseRules> {
  const rules: NineHouseRules = { ...NINE_DEFAULT_RULES }
  if (raw === undefined || raw === null) return ok(rules)
  if (!isPlainObject(raw)) return err('invalid-house-rule', 'The house rules must be a set of named options.', 'houseRules')
  const seen = new Set<string>()
  for (const k of Object.keys(raw)) {
    const key = k.startsWith('nine.') ? k.slice(5) : k
    if (!Object.prototype.hasOwnProperty.call(NINE_RULE_VALUES, key)) {
      return err('unknown-house-rule', `Nine has no house rule "${k}".`, `houseRules.${k}`)
    }
    const rk = key as keyof NineHouseRules
    const value = raw[k]
    if (value === undefined) continue
    const allowed = NINE_RULE_VALUES[rk] as readonly string[]
    if (typeof value !== 'string' || !allowed.includes(value)) {
      return err('invalid-house-rule', `The house rule ${key} is ${allowed.join(' or ')}, not ${showValue(value)}.`, `houseRules.${k}`)
    }
    if (seen.has(rk) && rules[rk] !== value) {
      return err('invalid-house-rule', `The house rule ${key} is given twice with different values.`, `houseRules.${k}`)
    }
    seen.add(rk)
    ;(rules as unknown as Record<string, string>)[rk] = value
  }
  return ok(rules)
}

function setupInner(raw: unknown): Result<NineState> {
  const parsed = parseNineConfig(raw)
  if (!parsed.ok) return parsed
  const config = parsed.value
  let players: unknown[]
  if (config.names !== undefined) {
    if (!Array.isArray(config.names)) return err('invalid-name', 'The player names must be a list.', 'names')
    players = config.names
    if (Array.isArray(config.players) || (config.players !== undefined && config.players !== players.length)) {
      return err('invalid-player-count', `${players.length} names were given for ${showValue(config.players)} players.`, 'players')
    }
  } else if (Array.isArray(config.players)) {
    players = config.players
  } else if (isInt(config.players, NINE_MIN_PLAYERS, NINE_MAX_PLAYERS)) {
    players = new Array<string>(config.players).fill('')
  } else {
    return err('invalid-player-count', NINE_MESSAGES.players, 'players')
  }
  if (players.length < NINE_MIN_PLAYERS || players.length > NINE_MAX_PLAYERS) {
    return err('invalid-player-count', NINE_MESSAGES.players, 'players')
  }
  const n = players.length
  const names: string[] = []
  for (let s = 0; s < n; s++) {
    const p = players[s] as unknown
    if (typeof p !== 'string') return err('invalid-name', `Seat ${s + 1}'s name must be text.`, `names.${s}`)
    names.push(p.trim() === '' ? `P${s + 1}` : p.trim())
  }
  const seen = new Map<string, number>()
  for (let s = 0; s < n; s++) {
    const key = (names[s] as string).toLowerCase()
    if (seen.has(key)) {
      return err('duplicate-name', `Two seats are named ${names[s] as string}; give each player a different name.`, `names.${s}`)
    }
    seen.set(key, s)
  }
  let dealer = 0
  if (config.firstDealer !== undefined) {
    if (!isInt(config.firstDealer, 0, n - 1)) {
      return err('invalid-dealer', `The first dealer must be one of the ${n} seats.`, 'firstDealer')
    }
    dealer = config.firstDealer
  }
  const rules = readNineHouseRules(config.houseRules)
  if (!rules.ok) return rules
  let totals = new Array<number>(n).fill(0)
  if (config.startTotals !== undefined) {
    const st = config.startTotals
    if (!Array.isArray(st) || st.length !== n) {
      return err('invalid-start-totals', `Give a starting total for each of the ${n} players.`, 'startTotals')
    }
    totals = []
    for (let s = 0; s < n; s++) {
      const t = st[s] as unknown
      if (!isInt(t, 0, NINE_LIMIT - 1) || t === NINE_RESET_FROM) {
        return err(
          'invalid-start-totals',
          `A starting total is a whole number from 0 to 98 and never 90 (90 goes back to 45); ${names[s] as string} has ${showValue(t)}.`,
          `startTotals.${s}`,
        )
      }
      totals.push(t)
    }
  }
  return ok({
    names,
    rules: rules.value,
    phase: 'round-entry',
    round: 1,
    dealer,
    totals,
    rounds: [],
    live: null,
    losers: [],
    winners: [],
  })
}

// ---------------------------------------------------------------- helpers

function name(state: NineState, seat: number): string {
  return nineSeatName(state.names, seat)
}

function checkSeatArg(state: NineState, a: Obj, expected: number): Result<true> {
  if (a.seat === undefined) return ok(true)
  if (!isInt(a.seat, 0, state.names.length - 1)) {
    return err('invalid-seat', `There is no seat ${showValue(a.seat)} at this table.`, 'seat')
  }
  if (a.seat !== expected) {
    return err('not-your-turn', `It is ${name(state, expected)}'s turn, not ${name(state, a.seat)}'s.`, 'seat')
  }
  return ok(true)
}

/** NI-V8 / NI-V9: may `seat` declare NINE right now? */
function checkDeclare(state: NineState, live: NineLiveDeal, seat: number): Result<true> {
  const n = state.names.length
  if (seat !== live.seat) {
    return err('not-start-of-turn', `It is ${name(state, live.seat)}'s turn. ${NINE_MESSAGES.startOfTurn}`, 'declarer')
  }
  if (live.step !== 'start') return err('not-start-of-turn', NINE_MESSAGES.startOfTurn, 'declarer')
  if (live.turn <= n) {
    return err(
      'first-circuit',
      `${NINE_MESSAGES.firstCircuit} ${name(state, seat)} may declare from turn ${live.turn + n}.`,
      'declarer',
    )
  }
  return ok(true)
}

function knownValues(pile: readonly (number | null)[]): number[] {
  const out: number[] = []
  for (const v of pile) if (v !== null) out.push(v)
  return out
}

function closeRound(
  state: NineState,
  entry: { declarer: number | null; hands: (number[] | null)[]; score: NineRoundScore | null; tracked: boolean },
): NineState {
  const n = state.names.length
  let record: NineRoundRecord
  if (entry.score === null) {
    const line = `Deal ${state.round} is void: the draw pile ran out (house rule VOID_ROUND), so nobody scores.`
    record = {
      round: state.round,
      dealer: state.dealer,
      void: true,
      declarer: null,
      hands: new Array<null>(n).fill(null),
      handTotals: new Array<number>(n).fill(0),
      declarerWon: false,
      overNine: false,
      tracked: entry.tracked,
      points: new Array<number>(n).fill(0),
      before: [...state.totals],
      totals: [...state.totals],
      resets: [],
      losers: [],
      explanation: line,
      lines: [line],
    }
  } else {
    const applied = applyNineRoundExplained(state.totals, entry.score.points, state.names, state.rules.result)
    const lines = [...entry.score.lines, ...applied.lines]
    record = {
      round: state.round,
      dealer: state.dealer,
      void: false,
      declarer: entry.declarer,
      hands: entry.hands,
      handTotals: entry.score.handTotals,
      declarerWon: entry.score.declarerWon,
      overNine: entry.score.overNine,
      tracked: entry.tracked,
      points: entry.score.points,
      before: [...state.totals],
      totals: applied.totals,
      resets: applied.resets,
      losers: applied.losers,
      explanation: lines.join(' '),
      lines,
    }
    if (applied.over) {
      return {
        ...state,
        phase: 'over',
        totals: applied.totals,
        rounds: [...state.rounds, record],
        live: null,
        losers: applied.losers,
        winners: applied.winners,
      }
    }
  }
  return {
    ...state,
    phase: 'round-entry',
    round: state.round + 1,
    dealer: (state.dealer + 1) % n,
    totals: record.totals,
    rounds: [...state.rounds, record],
    live: null,
    losers: [],
    winners: [],
  }
}

// ---------------------------------------------------------------- actions

function applyRound(state: NineState, a: Obj): Result<NineState> {
  const n = state.names.length
  if ('points' in a || 'scores' in a) return err('manual-scores', NINE_MESSAGES.manualScores, 'points')
  if (!isInt(a.declarer, 0, n - 1)) return err('no-declarer', NINE_MESSAGES.chooseDeclarer, 'declarer')
  const declarer = a.declarer
  const live = state.phase === 'round-entry' ? null : state.live
  if (state.phase === 'turns' && live) {
    // entering the round while tracking = the player to act declares now
    const can = checkDeclare(state, live, declarer)
    if (!can.ok) return can
  }
  if (state.phase === 'reveal' && live && live.declarer !== null && live.declarer !== declarer) {
    const d = name(state, live.declarer)
    return err('wrong-declarer', `${d} declared NINE this deal; enter the round with ${d} as the declarer.`, 'declarer')
  }
  if (a.confirmOverNine !== undefined && typeof a.confirmOverNine !== 'boolean') {
    return err('invalid-action', 'confirmOverNine must be true or false.', 'confirmOverNine')
  }
  const hands = a.hands
  const totals = a.totals
  if (hands !== undefined && hands !== null && (!Array.isArray(hands) || hands.length !== n)) {
    return err('invalid-hands', `Enter a hand for each of the ${n} players.`, 'hands')
  }
  if (totals !== undefined && totals !== null && (!Array.isArray(totals) || totals.length !== n)) {
    return err('invalid-hands', `Enter a hand total for each of the ${n} players.`, 'totals')
  }
  const sizes = live ? live.hands : null
  const cardsBySeat: (number[] | null)[] = []
  const handTotals: number[] = []
  for (let s = 0; s < n; s++) {
    const who = name(state, s)
    const h = Array.isArray(hands) ? (hands[s] as unknown) : undefined
    const t = Array.isArray(totals) ? (totals[s] as unknown) : undefined
    const size = sizes ? (sizes[s] ?? null) : null
    if (h !== undefined && h !== null) {
      const c = checkHand(h, who, `hands.${s}`)
      if (!c.ok) return c
      if (size !== null && c.value.length !== size) {
        return err(
          'hand-size-mismatch',
          `${who} holds ${size} card${size === 1 ? '' : 's'}, but ${c.value.length} ${c.value.length === 1 ? 'was' : 'were'} entered.`,
          `hands.${s}`,
        )
      }
      const total = sum(c.value)
      if (t !== undefined && t !== null && t !== total) {
        if (!isInt(t)) return checkHandTotal(t, null, who, `totals.${s}`) as Result<never>
        return err('total-mismatch', `${who}'s cards add up to ${total}, but the total entered is ${t}.`, `totals.${s}`)
      }
      cardsBySeat.push(c.value)
      handTotals.push(total)
    } else if (t !== undefined && t !== null) {
      const c = checkHandTotal(t, size, who, `totals.${s}`)
      if (!c.ok) return c
      cardsBySeat.push(null)
      handTotals.push(c.value)
    } else {
      return err('missing-hand', `Enter ${who}'s cards or hand total.`, `hands.${s}`)
    }
  }
  let top: number | null = null
  if (a.discardTop !== undefined && a.discardTop !== null) {
    const c = checkCard(a.discardTop, 'The discard top', 'discardTop')
    if (!c.ok) return c
    top = c.value
  } else if (live) {
    top = live.discard[live.discard.length - 1] ?? null
  }
  const all: number[] = []
  for (const c of cardsBySeat) if (c) all.push(...c)
  if (top !== null) all.push(top)
  const limits = checkDeckLimits(all)
  if (!limits.ok) return { ok: false, error: { ...limits.error, field: 'hands' } }
  const score = scoreNineTotals(handTotals, declarer, state.rules.overNineDeclaration, state.names)
  if (!score.ok) return score
  if (score.value.overNine && a.confirmOverNine !== true) {
    return err('confirm-over-nine', overNineMessage(name(state, declarer), handTotals[declarer] ?? 0, 'FAILED_DECLARATION'), 'confirmOverNine')
  }
  return ok(closeRound(state, { declarer, hands: cardsBySeat, score: score.value, tracked: live !== null }))
}

function applyDeal(state: NineState, a: Obj): Result<NineState> {
  if (state.phase !== 'round-entry') {
    return err('wrong-phase', 'This deal is already being tracked turn by turn.')
  }
  let top: number | null = null
  if (a.top !== undefined && a.top !== null) {
    const c = checkCard(a.top, 'The first discard', 'top')
    if (!c.ok) return c
    top = c.value
  }
  const n = state.names.length
  const live: NineLiveDeal = {
    turn: 1,
    seat: (state.dealer + 1) % n,
    step: 'start',
    taken: null,
    draw: NINE_DECK_SIZE - NINE_HAND_SIZE * n - 1,
    discard: [top],
    hands: new Array<number>(n).fill(NINE_HAND_SIZE),
    snap: null,
    reshuffles: 0,
    declarer: null,
  }
  return ok({ ...state, phase: 'turns', live })
}

function trackingLive(state: NineState): Result<NineLiveDeal> {
  if (state.phase === 'reveal' && state.live && state.live.declarer !== null) {
    return err('awaiting-reveal', `${name(state, state.live.declarer)} declared NINE: enter the revealed hands.`)
  }
  if (state.phase !== 'turns' || !state.live) {
    return err('not-tracking', 'Turns are not being tracked for this deal. Start tracking the deal, or enter the round result.')
  }
  return ok(state.live)
}

function applyDeclare(state: NineState, a: Obj): Result<NineState> {
  const l = trackingLive(state)
  if (!l.ok) return l
  const live = l.value
  let seat = live.seat
  if (a.seat !== undefined) {
    if (!isInt(a.seat, 0, state.names.length - 1)) return err('invalid-seat', `There is no seat ${showValue(a.seat)} at this table.`, 'seat')
    seat = a.seat
  }
  const can = checkDeclare(state, live, seat)
  if (!can.ok) return can
  return ok({ ...state, phase: 'reveal', live: { ...live, snap: null, declarer: seat } })
}

function applyTake(state: NineState, a: Obj): Result<NineState> {
  const l = trackingLive(state)
  if (!l.ok) return l
  const live = l.value
  const seatOk = checkSeatArg(state, a, live.seat)
  if (!seatOk.ok) return seatOk
  const who = name(state, live.seat)
  if (live.step !== 'start') return err('already-taken', `${who} has already taken a card; now discard.`)
  if ((live.hands[live.seat] ?? 0) === 0) {
    return err('must-declare', `${who} has no cards: ${who} must declare NINE now.`)
  }
  const source = a.source
  if (source !== 'draw' && source !== 'discard') {
    return err('invalid-source', 'Take from the draw pile or the discard pile.', 'source')
  }
  if (source === 'discard') {
    if (live.discard.length === 0) return err('empty-discard', 'The discard pile is empty.', 'source')
    const value = live.discard[live.discard.length - 1] ?? null
    return ok({
      ...state,
      live: { ...live, step: 'taken', taken: { source, value }, discard: live.discard.slice(0, -1), snap: null },
    })
  }
  let draw = live.draw
  let discard = live.discard
  let reshuffles = live.reshuffles
  if (draw === 0) {
    if (state.rules.emptyDrawPile === 'VOID_ROUND') {
      return ok(closeRound(state, { declarer: null, hands: [], score: null, tracked: true }))
    }
    if (discard.length <= 1) {
      return err('no-cards', 'The draw pile is empty and there is nothing under the top discard to reshuffle.', 'source')
    }
    // RESHUFFLE: everything but the top discard becomes the new draw pile
    draw = discard.length - 1
    discard = discard.slice(-1)
    reshuffles += 1
  }
  return ok({
    ...state,
    live: { ...live, step: 'taken', taken: { source, value: null }, draw: draw - 1, discard, reshuffles, snap: null },
  })
}

function applyDiscard(state: NineState, a: Obj): Result<NineState> {
  const l = trackingLive(state)
  if (!l.ok) return l
  const live = l.value
  const seatOk = checkSeatArg(state, a, live.seat)
  if (!seatOk.ok) return seatOk
  const who = name(state, live.seat)
  if (live.step !== 'taken' || !live.taken) {
    return err('take-first', `${who} takes a card first, from the draw pile or the discard pile.`)
  }
  const group = classifyNineDiscard(a.cards)
  if (!group.ok) return group
  const k = group.value.values.length
  const inHand = live.hands[live.seat] ?? 0
  if (k > inHand) {
    return err(
      'too-many-cards',
      `${who} has ${inHand} card${inHand === 1 ? '' : 's'} in hand and cannot discard ${k}: the card just taken cannot be discarded in the same turn.`,
      'cards',
    )
  }
  const discard = [...live.discard, ...group.value.values]
  const limits = checkDeckLimits(knownValues(discard))
  if (!limits.ok) return { ok: false, error: { ...limits.error, message: `${limits.error.message} (counting the discard pile)`, field: 'cards' } }
  const taken = live.taken
  let values: number[] = []
  const sourceOk = taken.source === 'draw' || state.rules.snapSource === 'ANY_TAKEN_CARD'
  if (sourceOk) {
    if (group.value.kind === 'run') values = state.rules.snapAfterRun === 'ANY_RUN_VALUE' ? [...group.value.values] : []
    else values = [group.value.values[0] as number]
    if (taken.value !== null) values = values.filter((v) => v === taken.value)
  }
  const snap: NineSnapWindow | null =
    values.length > 0 ? { seat: live.seat, values, kind: group.value.kind, source: taken.source } : null
  const hands = [...live.hands]
  hands[live.seat] = inHand - k + 1
  const n = state.names.length
  return ok({
    ...state,
    live: { ...live, turn: live.turn + 1, seat: (live.seat + 1) % n, step: 'start', taken: null, discard, hands, snap },
  })
}

function applySnap(state: NineState, a: Obj): Result<NineState> {
  const l = trackingLive(state)
  if (!l.ok) return l
  const live = l.value
  const snap = live.snap
  if (!snap) return err('cannot-snap', NINE_MESSAGES.snap)
  if (a.seat !== undefined && a.seat !== snap.seat) {
    return err('cannot-snap', `Only ${name(state, snap.seat)}, who has just discarded, can snap now.`, 'seat')
  }
  let value: number
  if (a.value === undefined || a.value === null) {
    if (snap.values.length !== 1) {
      return err('snap-value', `Say which value ${name(state, snap.seat)} snapped: ${snap.values.join(', ')}.`, 'value')
    }
    value = snap.values[0] as number
  } else {
    const c = checkCard(a.value, name(state, snap.seat), 'value')
    if (!c.ok) return c
    if (!snap.values.includes(c.value)) return err('cannot-snap', NINE_MESSAGES.snap, 'value')
    value = c.value
  }
  const discard = [...live.discard, value]
  const limits = checkDeckLimits(knownValues(discard))
  if (!limits.ok) return { ok: false, error: { ...limits.error, message: `${limits.error.message} (counting the discard pile)`, field: 'value' } }
  const hands = [...live.hands]
  hands[snap.seat] = (hands[snap.seat] ?? 1) - 1
  return ok({ ...state, live: { ...live, discard, hands, snap: null } })
}

function applyStopTracking(state: NineState): Result<NineState> {
  if ((state.phase !== 'turns' && state.phase !== 'reveal') || !state.live) {
    return err('not-tracking', 'Turns are not being tracked for this deal.')
  }
  return ok({ ...state, phase: 'round-entry', live: null })
}

function applyInner(state: NineState, raw: unknown): Result<NineState> {
  const parsed = parseNineAction(raw)
  if (!parsed.ok) return parsed
  const action = parsed.value
  if (state.phase === 'over') {
    return err('game-over', nineOverMessage(state.totals, state.losers, state.names))
  }
  switch (action.type) {
    case 'round':
      return applyRound(state, action)
    case 'deal':
      return applyDeal(state, action)
    case 'declare':
      return applyDeclare(state, action)
    case 'take':
      return applyTake(state, action)
    case 'discard':
      return applyDiscard(state, action)
    case 'snap':
      return applySnap(state, action)
    case 'stop-tracking':
      return applyStopTracking(state)
  }
}

// ---------------------------------------------------------------- queries

function legalInner(state: NineState): NineLegal[] {
  const n = state.names.length
  const seats = state.names.map((_, s) => s)
  const overNineAllowed = state.rules.overNineDeclaration === 'FAILED_DECLARATION'
  const live = state.live
  if (state.phase === 'over') return []
  if (state.phase === 'round-entry' || !live) {
    return [{ type: 'round', declarers: seats, handSizes: null, overNineAllowed }, { type: 'deal' }]
  }
  if (state.phase === 'reveal') {
    const d = live.declarer ?? live.seat
    return [{ type: 'round', declarers: [d], handSizes: [...live.hands], overNineAllowed }, { type: 'stop-tracking' }]
  }
  const out: NineLegal[] = []
  if (live.step === 'start') {
    if (live.snap) out.push({ type: 'snap', seat: live.snap.seat, values: [...live.snap.values] })
    if (live.turn > n) {
      out.push({ type: 'declare', seat: live.seat })
      out.push({ type: 'round', declarers: [live.seat], handSizes: [...live.hands], overNineAllowed })
    }
    if ((live.hands[live.seat] ?? 0) > 0) {
      const sources: NineSource[] = []
      if (live.draw > 0 || state.rules.emptyDrawPile === 'VOID_ROUND' || live.discard.length > 1) sources.push('draw')
      if (live.discard.length > 0) sources.push('discard')
      if (sources.length > 0) out.push({ type: 'take', seat: live.seat, sources })
    }
  } else {
    out.push({ type: 'discard', seat: live.seat, maxCards: live.hands[live.seat] ?? 0 })
  }
  out.push({ type: 'stop-tracking' })
  return out
}

function statusInner(state: NineState): GameStatus {
  const base = { phase: state.phase, over: state.phase === 'over', round: state.round, winners: [...state.winners] }
  const n = state.names.length
  if (state.phase === 'over') {
    const end = nineOverMessage(state.totals, state.losers, state.names)
    const w = nineWinnersMessage(state.totals, state.winners, state.names)
    return { ...base, toAct: null, message: w ? `${end} ${w}` : end }
  }
  const live = state.live
  if (state.phase === 'turns' && live) {
    const who = name(state, live.seat)
    let message: string
    if (live.step === 'taken') message = `Deal ${state.round}, turn ${live.turn}: ${who} to discard.`
    else if ((live.hands[live.seat] ?? 0) === 0) message = `Deal ${state.round}, turn ${live.turn}: ${who} has no cards and must declare NINE.`
    else message = `Deal ${state.round}, turn ${live.turn}: ${who} to take a card${live.turn > n ? ' or declare NINE' : ''}.`
    return { ...base, toAct: live.seat, message }
  }
  if (state.phase === 'reveal' && live && live.declarer !== null) {
    return { ...base, toAct: null, message: `Deal ${state.round}: ${name(state, live.declarer)} declared NINE. Enter the revealed hands.` }
  }
  return {
    ...base,
    toAct: null,
    message: `Deal ${state.round}, dealt by ${name(state, state.dealer)}: enter who declared NINE and the hands.`,
  }
}

function standingsInner(state: NineState): Standing[] {
  const ranks = rankSeats(state.totals, false)
  return state.names.map((nm, seat) => {
    const score = state.totals[seat] ?? 0
    const eliminated = score >= NINE_LIMIT
    const s: Standing = { seat, name: nm, score, rank: ranks[seat] ?? 1, eliminated }
    if (eliminated) s.note = `Lost with ${score}.`
    else if (state.winners.includes(seat)) s.note = 'Winner.'
    return s
  })
}

export const nineEngine: GameEngine<NineConfig, NineState, NineAction, NineLegal> = {
  id: 'nine',
  setup(config) {
    return setupInner(config as unknown)
  },
  legalActions(state) {
    return legalInner(state)
  },
  apply(state, action) {
    return applyInner(state, action as unknown)
  },
  status(state) {
    return statusInner(state)
  },
  standings(state) {
    return standingsInner(state)
  },
}
