/**
 * Projections of an engine state into the per-round, per-seat rows the database keeps for stats
 * (round_results). Each game's own projection is in its module (`<game>/module.ts`); these are the
 * registry's view for code that holds a game id and a state it replayed. Pure: the match service
 * rebuilds them from the replayed log inside each write's transaction, so they can never drift from the log.
 */
import type { RoundRow } from './module'
import { GAME_MODULES, type AnyGameModule, type GameId } from './registry'

export type { RoundRow } from './module'

/** Rounds (deals, games) completed in a state the game's engine made. */
export function completedRounds(gameId: GameId, state: unknown): number {
  const game: AnyGameModule = GAME_MODULES[gameId]
  return game.completedRounds(state)
}

/**
 * The rows of every completed round, or of rounds `fromRound` on (a commit at the end of a long
 * match only needs its newest rows; each round's rows depend on that round alone, except Seven
 * Eight Nine's running win count, which is computed over all games and then cut).
 */
export function roundRows(gameId: GameId, state: unknown, fromRound = 1): RoundRow[] {
  const game: AnyGameModule = GAME_MODULES[gameId]
  return game.roundRows(state, fromRound)
}
