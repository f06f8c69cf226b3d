/**
 * Nine: following a deal turn by turn: 'deal' starts tracking, then 'take', 'discard', 'snap' and
 * 'declare' (NI-V8 / NI-V9, NI-A12, NI-R6), and 'stop-tracking' goes back to entering the result.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt } from '../../util'
import { checkSeen, knownHands, snapValues, withoutValues } from './seen'
import { checkCard, classifyNineDiscard, joinAnd, NINE_MESSAGES, showValue } from './scoring'
import { NINE_DECK_SIZE, NINE_HAND_SIZE, type NineLiveDeal, type NineSnapWindow, type NineState } from './types'
import { checkDeclare, checkSeatArg, closeRound, knownValues, name, type Obj } from './helpers'

export function applyDeal(state: NineState, a: Obj): Result<NineState> {
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

export function applyDeclare(state: NineState, a: Obj): Result<NineState> {
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

export function applyTake(state: NineState, a: Obj): Result<NineState> {
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

export function applyDiscard(state: NineState, a: Obj): Result<NineState> {
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

export function applySnap(state: NineState, a: Obj): Result<NineState> {
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

export function applyStopTracking(state: NineState): Result<NineState> {
  if ((state.phase !== 'turns' && state.phase !== 'reveal') || !state.live) {
    return err('not-tracking', 'Turns are not being tracked for this deal.')
  }
  return ok({ ...state, phase: 'round-entry', live: null })
}
