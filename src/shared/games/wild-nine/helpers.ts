/**
 * Wild Nine: helpers on a tracked round, shared by the action functions and the queries of the engine.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isLegalCard, parseCardList, parseWildNineCard, showCard, type WildNineCard } from './scoring'
import type { WildNineLiveRound, WildNineState } from './types'

export function isInt(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
}

export function name(state: WildNineState, seat: number): string {
  return state.names[seat] ?? `P${seat + 1}`
}

export function nextSeat(state: WildNineState, seat: number): number {
  return (seat + 1) % state.names.length
}

export function endMessage(state: WildNineState): string {
  const top = Math.max(...state.totals)
  const leader = state.totals.indexOf(top)
  return `The match ended: ${name(state, leader)} reached ${top}.`
}

export function winnersSentence(state: WildNineState): string {
  const ws = state.winners
  const first = ws[0]
  if (first === undefined) return ''
  const score = state.totals[first] ?? 0
  if (ws.length === 1) return `${name(state, first)} wins with ${score}.`
  const list = ws.map((s) => name(state, s))
  const last = list.pop() ?? ''
  return `${list.join(', ')} and ${last} share the win with ${score}.`
}

export function checkSeat(state: WildNineState, live: WildNineLiveRound, seat: unknown): Result<true> {
  if (seat === undefined) return ok(true)
  if (!isInt(seat, 0, state.names.length - 1)) return err('invalid-input', 'That seat is not in this match.', 'seat')
  if (seat !== live.toAct) return err('not-your-turn', `It is ${name(state, live.toAct)}'s turn.`, 'seat')
  return ok(true)
}

export function card(key: string): WildNineCard | null {
  const r = parseWildNineCard(key)
  return r.ok ? r.value : null
}

export function isLegalKey(key: string, live: WildNineLiveRound): boolean {
  const c = card(key)
  return c !== null && isLegalCard(c, card(live.top), live.activeSuit)
}

/** Validates an optional "hand before acting" and checks that it holds no legal card. */
export function checkUnableHand(
  state: WildNineState,
  live: WildNineLiveRound,
  hand: unknown,
  doing: 'drawing' | 'passing',
): Result<string[] | null> {
  if (hand === undefined || hand === null) return ok(null)
  const seat = live.toAct
  const r = parseCardList(hand, 'hand')
  if (!r.ok) return r
  for (const k of r.value) {
    if (live.pile.includes(k))
      return err('duplicate-card', `${showCard(k)} is on the discard pile; each card exists only once.`, 'hand')
    const other = seenIn(live, k)
    if (other !== null && other !== seat) {
      return err(
        'seen-card',
        `${showCard(k)} went into ${name(state, other)}'s hand in this round (the tracker saw it).`,
        'hand',
      )
    }
  }
  const missing = (live.seen?.[seat] ?? []).find((k) => !r.value.includes(k))
  if (missing !== undefined) {
    return err(
      'seen-card',
      `${name(state, seat)} drew ${showCard(missing)} in this round (the tracker saw it): it is in this hand.`,
      'hand',
    )
  }
  const legal = r.value.find((k) => isLegalKey(k, live))
  if (legal !== undefined)
    return err('must-play', `You hold a legal card (${showCard(legal)}), so ${doing} is not allowed.`, 'hand')
  const size = live.handSizes[seat] ?? 0
  if (r.value.length !== size) {
    const got = r.value.length
    return err(
      'hand-size',
      `${name(state, seat)} holds ${size} card${size === 1 ? '' : 's'} by the tracked play, but ${got} ${got === 1 ? 'is' : 'are'} entered.`,
      'hand',
    )
  }
  return ok(r.value)
}

/** The seat whose hand the tracker saw `key` go into this round, or null. */
export function seenIn(live: WildNineLiveRound, key: string): number | null {
  const seen = live.seen ?? []
  for (let s = 0; s < seen.length; s++) if (seen[s]?.includes(key)) return s
  return null
}

export function withSeen(live: WildNineLiveRound, seat: number, add: string | null, remove: string | null): string[][] {
  const n = live.handSizes.length
  return Array.from({ length: n }, (_, s) => {
    let cards = (live.seen?.[s] ?? []).slice()
    if (s === seat && remove !== null) cards = cards.filter((k) => k !== remove)
    if (s === seat && add !== null && !cards.includes(add)) cards.push(add)
    return cards
  })
}

export function withLive(state: WildNineState, live: WildNineLiveRound, last: string): WildNineState {
  return { ...state, live, last }
}

/** Ends a turn without a play: counts toward the deadlock (WN-A6) and maybe ends the round. */
export function turnWithoutPlay(
  state: WildNineState,
  live: WildNineLiveRound,
  kind: 'keep' | 'pass',
  last: string,
): WildNineState {
  const n = state.names.length
  // WN-A6: keeps and passes both count as turns without a play, under either rule; under
  // NO_STOCK_ONLY only a circuit of no-stock passes ends the round (WN-A5).
  const noPlayTurns = live.noPlayTurns + 1
  const noStockPasses = kind === 'pass' ? (live.noStockPasses ?? 0) + 1 : 0
  const ends = state.rules.deadlock === 'CIRCUIT_WITHOUT_PLAY' ? noPlayTurns >= n : noStockPasses >= n
  if (ends) {
    const ended: WildNineLiveRound = {
      ...live,
      phase: 'ended',
      drawnCard: null,
      noPlayTurns,
      noStockPasses,
      wentOut: null,
      deadlock: true,
    }
    const why =
      state.rules.deadlock === 'CIRCUIT_WITHOUT_PLAY'
        ? `${n} turns in a row without a play`
        : `${n} players in a row passed with no stock`
    return withLive(state, ended, `${last} Deadlock: ${why}, so the round ends and everyone scores their cards.`)
  }
  const next: WildNineLiveRound = {
    ...live,
    phase: 'turn',
    drawnCard: null,
    noPlayTurns,
    noStockPasses,
    toAct: nextSeat(state, live.toAct),
  }
  return withLive(state, next, last)
}
