/**
 * Seven Eight Nine: a game's result entered in one step (SE-R15, SE-A15), for a table whose moves were not
 * tracked (a phone at the table, a paper note). It is checked against the rules like any other action:
 * only a game with no move entered yet, a draw only where the rules allow one, a dealt win only where
 * the house rules count it (SE-V12); the match's target then applies as for a played game (SE-R14).
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { finishGame, newGame, phaseError, starterOf } from './game'
import type { SenParsed } from './schema'
import type { SenEnding, SenGameRecord, SenState } from './types'

/** How each ending reads in an entered result's explanation. */
const HOW: Record<SenEnding, string> = {
  swap: 'by a swap',
  react: 'by a React',
  declare: 'by a Declare',
  'dealt-win': 'with a dealt 7-8-9',
  tiebreaker: 'at the tiebreaker',
}

export function enterResult(state: SenState, action: SenParsed<'result'>): Result<SenState> {
  const current = state.game
  const names = state.names
  // SE-A15: a decided game's result is followed by the next game's, which starts with this entry
  const startsNext = current.phase === 'over'
  if (!startsNext && (current.phase !== 'flip' || current.flips > 0)) {
    const moves = current.flips === 1 ? '1 card flipped' : `${current.flips} cards flipped`
    return current.flips > 0
      ? err(
          'game-tracked',
          `Game ${current.number} is being tracked move by move (${moves}): finish it that way, or undo back to its start to enter its result in one step.`,
        )
      : phaseError(state, current)
  }
  const { winner, ending } = action
  // SE-V12: only the tiebreaker (SE-R13) and two dealt 7-8-9s (SE-A11) leave a game drawn
  if (winner === null && ending !== 'tiebreaker' && ending !== 'dealt-win') {
    return err(
      'invalid-result',
      'A game is drawn only at the tiebreaker or when both players were dealt 7-8-9; a swap, a React or a Declare always has a winner.',
      'winner',
    )
  }
  // SE-A11: with REDEAL a dealt 7-8-9 is dealt again and decides nothing
  if (ending === 'dealt-win' && state.rules.dealtWin === 'REDEAL') {
    return err(
      'invalid-result',
      'This match redeals a dealt 7-8-9 (house rule Dealt 7-8-9: Redeal), so no game is won or drawn by one.',
      'ending',
    )
  }
  const number = startsNext ? current.number + 1 : current.number
  const game = startsNext ? newGame(number, starterOf(state, number)) : { ...current, log: [...current.log] }
  const verdict =
    winner === null ? `Game ${number} is a draw ${HOW[ending]}` : `${names[winner]} wins game ${number} ${HOW[ending]}`
  const done = finishGame(
    state,
    game,
    winner,
    ending,
    `${verdict} (the result as entered; the moves were not tracked).`,
  )
  const record = { ...(done.game.result as SenGameRecord), entered: true }
  return ok({ ...done, games: [...state.games, record], game: { ...done.game, result: record } })
}
