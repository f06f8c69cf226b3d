/**
 * Wild Nine: entering a round's result (WN-A14), directly or after a tracked round ended: who went out
 * or a deadlock (WN-R14, WN-A5), each player's remaining cards or points (WN-R16, WN-V3..WN-V7), the
 * running totals (WN-R17), the end of the match (WN-R18) and the next dealer (WN-R19).
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { scoreHands, scorePoints, wildNineOutcome } from './scoring'
import type { WildNineRoundRecord, WildNineState } from './types'
import { name, nextSeat, endMessage, winnersSentence } from './helpers'

export function enterRound(state: WildNineState, a: Record<string, unknown>): Result<WildNineState> {
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
