/**
 * The error codes every rules engine (and the games' pure functions) may return, as one union, so a
 * typo is a compile error and the renderer can switch on them exhaustively. The codes travel over
 * IPC unchanged (`Result.error.code` stays a string there), so a code that has shipped is never renamed.
 *
 * Two codes say "it is over", and they mean different things:
 * - 'match-over': nothing more can be recorded in this match (its last round / game is decided).
 *   Nine and Ennea shipped this refusal as 'game-over' (their match is one game); they keep that code
 *   on the wire, see MATCH_OVER_CODE.
 * - 'game-over': Seven Eight Nine only, one game of the match is decided and the match goes on
 *   ("start the next game").
 */
import type { AppError, Result } from '../result'
import type { GameId } from './engine'

export const GAME_ERROR_CODES = [
  // input shape (refused by a schema before any rule is looked at)
  'invalid-action',
  'invalid-config',
  'invalid-input',
  'invalid-seat',
  'invalid-count',
  'invalid-rules',
  'invalid-house-rule',
  'unknown-house-rule',
  'invalid-name',
  'duplicate-name',
  'invalid-players',
  'invalid-player-count',
  'player-count',
  'invalid-starter',
  'invalid-dealer',
  'invalid-start-totals',
  'invalid-colours',
  'duplicate-colour',
  'invalid-state',
  'internal',
  // whose turn / which phase
  'match-over',
  'game-over',
  'game-not-over',
  'not-your-turn',
  'wrong-phase',
  'not-tracking',
  'wrong-deal',
  'not-start-of-turn',
  'awaiting-reveal',
  'nothing-to-undo',
  // cards and hands
  'invalid-card',
  'invalid-rank',
  'invalid-hand',
  'invalid-hands',
  'hand-size',
  'hand-mismatch',
  'hand-too-large',
  'missing-hand',
  'missing-value',
  'duplicate-card',
  'seen-card',
  'card-known',
  'card-count',
  'card-full',
  'too-many-cards',
  'too-many-copies',
  'too-many-of-rank',
  'too-many-unknown',
  'joker',
  'name-suit',
  'no-cards',
  // Ennea
  'invalid-board',
  'invalid-code',
  'invalid-cell',
  'invalid-stakes',
  'invalid-total',
  'invalid-points',
  'grid-size',
  'too-many-in-grid',
  'not-a-line',
  'no-cubes',
  'own-cube',
  'line-known',
  'peek-covered',
  'peek-after-call',
  'ennea-already-called',
  'not-reveal-time',
  'own-cube-twice',
  'too-many-earlier',
  'too-many-in-game',
  'too-many-seen',
  'too-many-staked',
  'unknown-seat',
  'round4-mismatch',
  'reveal-needed',
  'total-mismatch',
  'invalid-earlier',
  'round-outcome',
  // Wild Nine
  'illegal-card',
  'illegal-discard',
  'invalid-discard',
  'invalid-source',
  'stock-empty',
  'stock-not-empty',
  'stock-left',
  'no-stock',
  'empty-discard',
  'must-play',
  'must-play-drawn',
  'drawn-only',
  'already-drew',
  'no-deadlock',
  'manual-scores',
  // Nine
  'first-circuit',
  'hand-size-mismatch',
  'known-card-missing',
  'no-declarer',
  'wrong-declarer',
  'must-declare',
  'confirm-over-nine',
  'over-nine-rejected',
  'cannot-snap',
  'snap-value',
  'take-first',
  'already-taken',
  // Seven Eight Nine
  'draw-empty',
  'draw-not-empty',
  'card-not-in-draw',
  'flipped-mismatch',
  'swap-not-adjacent',
  'react-closed',
  'react-not-adjacent',
  'not-a-win',
  'declare-not-on-flip',
  'declare-targets',
  'declare-gap',
  'declare-adjacent',
  'declare-wrong-card',
  'block-not-eligible',
  'block-required',
  'reshuffle-used',
  'reshuffle-blocked',
  'reshuffle-available',
  'dealt-win-late',
  'game-tracked',
  'invalid-result',
] as const

export type GameErrorCode = (typeof GAME_ERROR_CODES)[number]

/** An engine error whose code is one of GAME_ERROR_CODES. */
export interface GameError extends AppError {
  code: GameErrorCode
}

/** The refusal of a rules engine or a game's pure function. */
export function err<T = never>(code: GameErrorCode, message: string, field?: string): Result<T> {
  return field === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, field } }
}

/** Whether a code that came back over IPC (a plain string) is one of the games' codes. */
export function isGameErrorCode(code: string): code is GameErrorCode {
  return (GAME_ERROR_CODES as readonly string[]).includes(code)
}

/** The code each game refuses an action with once its match is over (kept as each one shipped). */
export const MATCH_OVER_CODE: Record<GameId, 'match-over' | 'game-over'> = {
  ennea: 'game-over',
  nine: 'game-over',
  'wild-nine': 'match-over',
  'seven-eight-nine': 'match-over',
}
