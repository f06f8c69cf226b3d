/**
 * The Referee-mode link for a round of an Ennea match: its board as a board code, and the match's failed-line
 * removal rule, in the referee route's query (#/referee?code=…&rule=…&match=…&round=…). The code comes from
 * the shared encoder, so only a valid board gets a link.
 */
import {
  enneaBoardCode,
  type EnneaRemovalRule,
  type EnneaRoundRecord,
  type EnneaState,
} from '../../../../shared/games/ennea'

export function refereeHref(
  board: { grid: (number | null)[]; stakes: number[][]; totals: number[] },
  rule: EnneaRemovalRule,
  matchId: string,
  round: number,
): string | null {
  const code = enneaBoardCode(board)
  if (!code.ok) return null
  const q = new URLSearchParams({ code: code.value, rule, match: matchId, round: String(round) })
  return `#/referee?${q.toString()}`
}

/** The live round: the cubes as they lie, every card still face down. */
export function liveRoundHref(state: EnneaState, matchId: string): string | null {
  if (state.phase === 'over') return null
  return refereeHref(
    { grid: Array<number | null>(9).fill(null), stakes: state.cells.map((c) => [...c]), totals: [...state.totals] },
    state.houseRules.failedLineRemoval,
    matchId,
    state.round,
  )
}

/** A resolved round: its revealed grid (unknown cards stay unknown), the cubes at reveal and the totals before it. */
export function roundHref(record: EnneaRoundRecord, fallbackRule: EnneaRemovalRule, matchId: string): string | null {
  return refereeHref(
    {
      grid: record.grid.map((v) => (v >= 1 && v <= 9 ? v : null)),
      stakes: record.stakes.map((c) => [...c]),
      totals: [...record.totalsBefore],
    },
    record.removalRule ?? fallbackRule,
    matchId,
    record.round,
  )
}
