/**
 * Nine: what the engine tells about a state (the actions offered, the status line, the standings).
 */
import type { GameStatus, Standing } from '../engine'
import { rankSeats } from '../seats'
import { snapValues } from './seen'
import { nineOverMessage, nineSeatName, nineWinnersMessage } from './scoring'
import { NINE_LIMIT, type NineLegal, type NineSource, type NineState } from './types'

function name(state: NineState, seat: number): string {
  return nineSeatName(state.names, seat)
}

/** What may be done now. */
export function legalInner(state: NineState): NineLegal[] {
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
    // NI-R8: a snap is offered only with values a real deck still has (NI-R1)
    const snapping = snapValues(live)
    if (live.snap && snapping.length > 0) out.push({ type: 'snap', seat: live.snap.seat, values: snapping })
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

/** Where the match stands, in words the table can read. */
export function statusInner(state: NineState): GameStatus {
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
    else if ((live.hands[live.seat] ?? 0) === 0)
      message = `Deal ${state.round}, turn ${live.turn}: ${who} has no cards and must declare NINE.`
    else
      message = `Deal ${state.round}, turn ${live.turn}: ${who} to take a card${live.turn > n ? ' or declare NINE' : ''}.`
    return { ...base, toAct: live.seat, message }
  }
  if (state.phase === 'reveal' && live && live.declarer !== null) {
    return {
      ...base,
      toAct: null,
      message: `Deal ${state.round}: ${name(state, live.declarer)} declared NINE. Enter the revealed hands.`,
    }
  }
  return {
    ...base,
    toAct: null,
    message: `Deal ${state.round}, dealt by ${name(state, state.dealer)}: enter who declared NINE and the hands.`,
  }
}

export function standingsInner(state: NineState): Standing[] {
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
