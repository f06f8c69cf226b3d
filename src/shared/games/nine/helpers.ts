/**
 * What the Nine engine's actions share (engine.ts): seat names, the turn and declaration checks
 * (NI-V8 / NI-V9), what is known of the hands (NI-R6 step 4) and closing a deal into its round record.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt } from '../../util'
import { applyNineRoundExplained, joinAnd, NINE_MESSAGES, nineSeatName, showValue } from './scoring'
import type { NineLiveDeal, NineRoundRecord, NineRoundScore, NineState } from './types'

export type Obj = Record<string, unknown>

export function name(state: NineState, seat: number): string {
  return nineSeatName(state.names, seat)
}

export function checkSeatArg(state: NineState, a: Obj, expected: number): Result<true> {
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
export function checkDeclare(state: NineState, live: NineLiveDeal, seat: number): Result<true> {
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
export function knownMessage(who: string, values: readonly number[]): string {
  const list = joinAnd(values.map(String))
  return `${who} took ${list} from the discard pile this deal and has not discarded ${values.length === 1 ? 'it' : 'them'} since, so ${who}'s hand holds ${list} (NI-R6).`
}

export function totalRange(least: number, most: number): string {
  return least === most ? `Its total is ${least}.` : `Its total is between ${least} and ${most}.`
}

export function knownValues(pile: readonly (number | null)[]): number[] {
  const out: number[] = []
  for (const v of pile) if (v !== null) out.push(v)
  return out
}

export function closeRound(
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
