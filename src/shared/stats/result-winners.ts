/**
 * The seats a match's result names as winners, the one answer for every reader:
 * the engine's winners when the game ended by its rules, the rank-1 seats of a match finished by
 * hand (closed as finished before the rules ended it), and nobody otherwise (in progress,
 * abandoned). The projector stores the same in matches.winners_json, which the list, the stats
 * and the screens read; `matches:get` gives it as `winners` beside the engine's own `game.winners`.
 */
import type { GameStatus, Standing } from '../games/engine'
import type { MatchStatus } from '../model/match'

export function resultWinners(
  game: Pick<GameStatus, 'over' | 'winners'> | null | undefined,
  status: MatchStatus,
  standings: readonly Pick<Standing, 'seat' | 'rank'>[],
): number[] {
  if (game?.over) return [...game.winners]
  if (status === 'finished') return standings.filter((s) => s.rank === 1).map((s) => s.seat)
  return []
}
