/**
 * Wild Nine: what the engine tells about a state: the actions offered now, the status line and the
 * standings. Pure, never throws.
 */
import type { GameStatus, Standing } from '../engine'
import { SUIT_NAME } from '../cards'
import { rankSeats } from '../seats'
import { showCard, wildNineDeal } from './scoring'
import type { WildNineLegal, WildNineState } from './types'
import { name, nextSeat, endMessage, winnersSentence, isLegalKey } from './helpers'

export function legalActions(state: WildNineState): WildNineLegal[] {
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

export function status(state: WildNineState): GameStatus {
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

export function standings(state: WildNineState): Standing[] {
  const ranks = rankSeats(state.totals, false)
  return state.names.map((nm, seat) => {
    const s: Standing = { seat, name: nm, score: state.totals[seat] ?? 0, rank: ranks[seat] ?? 1, eliminated: false }
    if (state.over && state.winners.includes(seat)) s.note = state.winners.length > 1 ? 'shared win' : 'winner'
    else if (!state.over && seat === state.dealer) s.note = 'dealer'
    return s
  })
}
