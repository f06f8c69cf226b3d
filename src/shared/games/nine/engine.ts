/**
 * The Nine live-tracking engine (GameEngine). A match is a config plus an action log; a round can be
 * entered directly (declarer + hands), or a deal can be followed turn by turn first ('deal', 'take',
 * 'discard', 'snap', 'declare'), which adds the first-circuit rule, discard legality, snaps and
 * pile counts. Editing a past round is the service replaying an edited log, not an engine action.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, sum } from '../../util'
import { parseNineAction } from './schema'
import { legalInner, standingsInner, statusInner } from './queries'
import { setupNine } from './setup'
import { checkSeen, holdsAll, knownHands, snapValues, withoutValues } from './seen'

export { readNineHouseRules } from './setup'
import type { GameEngine } from '../engine'
import {
  applyNineRoundExplained,
  checkCard,
  checkDeckLimits,
  checkHand,
  checkHandTotal,
  classifyNineDiscard,
  joinAnd,
  NINE_MESSAGES,
  nineOverMessage,
  nineSeatName,
  overNineMessage,
  scoreNineTotals,
  showValue,
} from './scoring'
import {
  NINE_DECK_SIZE,
  NINE_HAND_SIZE,
  NINE_MAX_TOTAL_BY_SIZE,
  type NineAction,
  type NineConfig,
  type NineLegal,
  type NineLiveDeal,
  type NineRoundRecord,
  type NineRoundScore,
  type NineSnapWindow,
  type NineState,
} from './types'

type Obj = Record<string, unknown>

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

/** NI-R6 step 4: a card taken face up from the discard pile is in the taker's hand at the reveal. */
function knownMessage(who: string, values: readonly number[]): string {
  const list = joinAnd(values.map(String))
  return `${who} took ${list} from the discard pile this deal and has not discarded ${values.length === 1 ? 'it' : 'them'} since, so ${who}'s hand holds ${list} (NI-R6).`
}

function totalRange(least: number, most: number): string {
  return least === most ? `Its total is ${least}.` : `Its total is between ${least} and ${most}.`
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
  const known = live ? knownHands(live, n) : null
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
      const mustHold = known?.[s] ?? []
      if (!holdsAll(c.value, mustHold)) return err('known-card-missing', knownMessage(who, mustHold), `hands.${s}`)
      cardsBySeat.push(c.value)
      handTotals.push(total)
    } else if (t !== undefined && t !== null) {
      const c = checkHandTotal(t, size, who, `totals.${s}`)
      if (!c.ok) return c
      const mustHold = known?.[s] ?? []
      if (mustHold.length > 0 && size !== null) {
        const least = sum(mustHold)
        const most = least + (NINE_MAX_TOTAL_BY_SIZE[size - mustHold.length] ?? 0)
        if (c.value < least || c.value > most) {
          return err('known-card-missing', `${knownMessage(who, mustHold)} ${totalRange(least, most)}`, `totals.${s}`)
        }
      }
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
  }
  if (live && known) {
    // NI-V3 against everything tracked this deal: the revealed hands, the whole discard pile and the
    // cards known to be in the hands entered by total only
    const limits = checkSeen(
      {
        pile: knownValues(live.discard),
        taken: null,
        hands: known.map((k, s) => (cardsBySeat[s] ? [] : k)),
        entered: cardsBySeat.map((c) => c ?? []),
      },
      { taker: null, seat: (s) => name(state, s) },
      'hands',
    )
    if (!limits.ok) return limits
  } else {
    const all: number[] = []
    for (const c of cardsBySeat) if (c) all.push(...c)
    if (top !== null) all.push(top)
    const limits = checkDeckLimits(all)
    if (!limits.ok) return { ok: false, error: { ...limits.error, field: 'hands' } }
  }
  const score = scoreNineTotals(handTotals, declarer, state.rules.overNineDeclaration, state.names)
  if (!score.ok) return score
  if (score.value.overNine && a.confirmOverNine !== true) {
    return err(
      'confirm-over-nine',
      overNineMessage(name(state, declarer), handTotals[declarer] ?? 0, 'FAILED_DECLARATION'),
      'confirmOverNine',
    )
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
    known: Array.from({ length: n }, () => []),
  }
  return ok({ ...state, phase: 'turns', live })
}

function trackingLive(state: NineState): Result<NineLiveDeal> {
  if (state.phase === 'reveal' && state.live && state.live.declarer !== null) {
    return err('awaiting-reveal', `${name(state, state.live.declarer)} declared NINE: enter the revealed hands.`)
  }
  if (state.phase !== 'turns' || !state.live) {
    return err(
      'not-tracking',
      'Turns are not being tracked for this deal. Start tracking the deal, or enter the round result.',
    )
  }
  return ok(state.live)
}

function applyDeclare(state: NineState, a: Obj): Result<NineState> {
  const l = trackingLive(state)
  if (!l.ok) return l
  const live = l.value
  let seat = live.seat
  if (a.seat !== undefined) {
    if (!isInt(a.seat, 0, state.names.length - 1))
      return err('invalid-seat', `There is no seat ${showValue(a.seat)} at this table.`, 'seat')
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
  // NI-A12: the pile runs out when someone draws from it empty, not when its last card is taken
  if (draw === 0) {
    if (state.rules.emptyDrawPile === 'VOID_ROUND') {
      return ok(closeRound(state, { declarer: null, hands: [], score: null, tracked: true }))
    }
    if (discard.length <= 1) {
      return err(
        'no-cards',
        'The draw pile is empty and there is nothing under the top discard to reshuffle.',
        'source',
      )
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
  const n = state.names.length
  const discard = [...live.discard, ...group.value.values]
  const taken = live.taken
  // the discarded cards leave the hand: a known copy of each value is taken as the one discarded
  const known = knownHands(live, n)
  const before = known[live.seat] ?? []
  known[live.seat] = withoutValues(before, group.value.values)
  // what stays in the hand must still hold the cards known to be there (NI-R6 step 4)
  const left = known[live.seat]?.length ?? 0
  if (left > inHand - k) {
    const list = joinAnd(before.map(String))
    return err(
      'known-card-missing',
      `${who} holds ${inHand} card${inHand === 1 ? '' : 's'}, and ${list} of them came from the discard pile this deal (NI-R6): discarding ${joinAnd(group.value.values.map(String))} would leave ${inHand - k}, too few to still hold them.`,
      'cards',
    )
  }
  // the taken card still lies in front of the player: it cannot be one of the discarded (NI-R6)
  const seen = { pile: knownValues(discard), taken: taken.value, hands: known }
  const limits = checkSeen(seen, { taker: who, seat: (s) => name(state, s) }, 'cards')
  if (!limits.ok) return limits
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
  // NI-R6 step 4: the taken card goes into the hand, known when it came face up from the pile
  if (taken.value !== null) known[live.seat] = [...(known[live.seat] ?? []), taken.value]
  return ok({
    ...state,
    live: {
      ...live,
      turn: live.turn + 1,
      seat: (live.seat + 1) % n,
      step: 'start',
      taken: null,
      discard,
      hands,
      snap,
      known,
    },
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
    // only the values a real deck still has are offered (snapValues); the others are refused below
    const possible = snapValues(live)
    const only = snap.values.length === 1 ? snap.values[0] : possible.length === 1 ? possible[0] : undefined
    if (only === undefined) {
      const list = (possible.length > 0 ? possible : snap.values).join(', ')
      return err('snap-value', `Say which value ${name(state, snap.seat)} snapped: ${list}.`, 'value')
    }
    value = only
  } else {
    const c = checkCard(a.value, name(state, snap.seat), 'value')
    if (!c.ok) return c
    if (!snap.values.includes(c.value)) return err('cannot-snap', NINE_MESSAGES.snap, 'value')
    value = c.value
  }
  const discard = [...live.discard, value]
  // a snapped card taken face up from the pile was known in the hand; it moves back onto the pile
  const known = knownHands(live, state.names.length)
  if (snap.source === 'discard') known[snap.seat] = withoutValues(known[snap.seat] ?? [], [value])
  const limits = checkSeen(
    { pile: knownValues(discard), taken: null, hands: known },
    { taker: null, seat: (s) => name(state, s) },
    'value',
  )
  if (!limits.ok) return limits
  const hands = [...live.hands]
  hands[snap.seat] = (hands[snap.seat] ?? 1) - 1
  return ok({ ...state, live: { ...live, discard, hands, snap: null, known } })
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

export const nineEngine: GameEngine<NineConfig, NineState, NineAction, NineLegal> = {
  id: 'nine',
  setup(config) {
    return setupNine(config as unknown)
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
