/**
 * The Referee-mode link for a round of an Ennea match: its board as a board code, and the match's failed-line
 * removal rule, in the referee route's query (#/referee?code=…&rule=…&match=…&round=…). The code comes from
 * the shared encoder, so only a valid board gets a link. The link also carries what Referee mode needs to see
 * the round as the table does: the players' names and colours (names=, colours=, JSON lists) and, without a
 * reshuffle, the cards revealed in the earlier rounds (earlier=, digits; they count against the four of each
 * value, EN-A21).
 */
import {
  enneaBoardCode,
  type EnneaRemovalRule,
  type EnneaRoundRecord,
  type EnneaState,
} from '../../../../shared/games/ennea'

/** The match around a round: who sits where, and the cards the earlier rounds revealed. */
export interface RefereeContext {
  names: readonly string[]
  colours: readonly string[]
  /** The values revealed before this round (unknown cards left out); empty with a reshuffle each round. */
  earlier: readonly number[]
}

export function refereeHref(
  board: { grid: (number | null)[]; stakes: number[][]; totals: number[] },
  rule: EnneaRemovalRule,
  matchId: string,
  round: number,
  context?: RefereeContext,
): string | null {
  const code = enneaBoardCode(board)
  if (!code.ok) return null
  const q = new URLSearchParams({ code: code.value, rule, match: matchId, round: String(round) })
  if (context) {
    q.set('names', JSON.stringify(context.names))
    q.set('colours', JSON.stringify(context.colours))
    if (context.earlier.length > 0) q.set('earlier', context.earlier.join(''))
  }
  return `#/referee?${q.toString()}`
}

/** The values revealed by the rounds before `round` (unknown cards, stored as 0, left out); none with a reshuffle. */
export function earlierCards(rounds: readonly EnneaRoundRecord[], round: number, reshuffle: boolean): number[] {
  if (reshuffle) return []
  return rounds.filter((r) => r.round < round).flatMap((r) => r.grid.filter((v) => v >= 1 && v <= 9))
}

/** The live round: the cubes as they lie, every card still face down. */
export function liveRoundHref(state: EnneaState, matchId: string): string | null {
  if (state.phase === 'over') return null
  return refereeHref(
    { grid: Array<number | null>(9).fill(null), stakes: state.cells.map((c) => [...c]), totals: [...state.totals] },
    state.houseRules.failedLineRemoval,
    matchId,
    state.round,
    {
      names: state.names,
      colours: state.colours,
      earlier: earlierCards(state.rounds, state.round, state.houseRules.reshuffleEachRound),
    },
  )
}

/** A resolved round: its revealed grid (unknown cards stay unknown), the cubes at reveal and the totals before it. */
export function roundHref(
  record: EnneaRoundRecord,
  fallbackRule: EnneaRemovalRule,
  matchId: string,
  context?: RefereeContext,
): string | null {
  return refereeHref(
    {
      grid: record.grid.map((v) => (v >= 1 && v <= 9 ? v : null)),
      stakes: record.stakes.map((c) => [...c]),
      totals: [...record.totalsBefore],
    },
    record.removalRule ?? fallbackRule,
    matchId,
    record.round,
    context,
  )
}
