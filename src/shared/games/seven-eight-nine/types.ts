/**
 * Seven Eight Nine (docs/rules/seven-eight-nine.md): plain, JSON-safe data shapes for the rules engine.
 * Ranks are numbers 1..13 (A = 1, J = 11, Q = 12, K = 13); suits never matter.
 */

export type Seat = 0 | 1

/** docs/rules/seven-eight-nine.md § House rules, `sen.*` keys without the prefix. */
export interface SenHouseRules {
  /** SE-A3: smallest |blocker - flipped| that allows a Declare. */
  declareGap: 2 | 3
  /** SE-A5: what a Block needs. */
  blockRequirement: 'TWO_DISTINCT' | 'TWO_CARDS'
  /** SE-A7: each of 7, 8, 9 once, or every target card. */
  tiebreakCounting: 'DISTINCT' | 'LITERAL_SUM'
  /** SE-A8: highest card of the whole hand, or of its 7/8/9 cards only. */
  tiebreakHighCard: 'WHOLE_HAND' | 'TARGETS_ONLY'
  /** SE-A9: a React uses up the reactor's normal turn. */
  reactReplacesTurn: boolean
  /** SE-A9: the card given up in a React opens a new React window for the other player. */
  reactChain: 'OFF' | 'ON'
  /** SE-A11: a dealt 7-8-9 wins at once (both: draw), or the game is redealt. */
  dealtWin: 'IMMEDIATE' | 'REDEAL'
}

export interface SenConfig {
  /** Exactly two player names (blank names become P1 / P2). */
  names: string[]
  /** Seat that starts game 1 (0 or 1, default 0); the starter alternates in later games. */
  starter?: number
  /** "First to N wins" (a positive integer), or null / omitted for an open-ended match. */
  target?: number | null
  /** Any subset of the house rules; `sen.`-prefixed keys are accepted too. */
  houseRules?: Partial<SenHouseRules> | Record<string, unknown>
}

/** A card as the user enters it: a rank number 1..13 or text such as 'Q', '10', '9S', 'q♥'. */
export type SenCardInput = number | string

export type SenAction =
  /** The turn player flips the top card of the draw pile and enters it. */
  | { type: 'flip'; card: SenCardInput; seat?: number }
  /** The flipped card goes to the discard pile. */
  | { type: 'discard'; seat?: number }
  /** Match / Adjacent Swap: `give` (a hand card matching or next to the flipped card) goes to the discard pile and the
   * flipped card joins the hand. `show` = the whole hand afterwards, when the player shows 7-8-9 to win. */
  | { type: 'swap'; give: SenCardInput; show?: SenCardInput[]; seat?: number }
  /** React to the top discard: take it, give `give` (matching or next to it). `show` as for swap. */
  | { type: 'react'; give: SenCardInput; show?: SenCardInput[]; seat?: number }
  /** Declare on your own flip: `hand` = your 3 cards before the Declare (two targets + the blocker). */
  | { type: 'declare'; hand: SenCardInput[]; flipped?: SenCardInput; seat?: number }
  /** The opponent answers a Declare by revealing a hand with two of 7/8/9. */
  | { type: 'block'; hand: SenCardInput[]; seat?: number }
  /** The opponent cannot block: the Declare stands and wins. */
  | { type: 'no-block'; seat?: number }
  /** The draw pile is empty: the whole discard pile becomes the new draw pile (once, never after a Block). */
  | { type: 'reshuffle'; seat?: number }
  /** Draw pile empty, no reshuffle left: both hands are revealed, first seat's hand first. */
  | { type: 'tiebreak'; hands: SenCardInput[][] }
  /** Before the first flip: the seats that were dealt 7-8-9. */
  | { type: 'dealt-win'; seats: number[] }
  /** A game's result in one step, its moves not tracked (SE-R15): before the game's first flip, or after a game is
   * over (then it is the next game's result). `winner` null is a draw (tiebreaker or two dealt 7-8-9s only). */
  | { type: 'result'; winner: number | null; ending: SenEnding }
  /** Start the next game of the match after a game is over. */
  | { type: 'next-game' }
  /** The table counted its draw pile and it differs from the app's count (SE-A1): take the table's count. Between turns only. */
  | { type: 'correct-piles'; draw: number }

export type SenActionType = SenAction['type']

/** What may be done now; the UI enables exactly these buttons. */
export type SenLegal =
  | { type: 'flip'; seat: Seat }
  | { type: 'discard'; seat: Seat }
  /** `give`: ranks that may be given up (matching or next to the flipped card; narrowed when the hand is known). */
  | { type: 'swap'; seat: Seat; flipped: number; give: number[] }
  | { type: 'declare'; seat: Seat; flipped: number }
  /** `top`: the discard that may be taken; `give`: the ranks that may be given for it. */
  | { type: 'react'; seat: Seat; top: number; give: number[] }
  | { type: 'block'; seat: Seat }
  | { type: 'no-block'; seat: Seat }
  | { type: 'reshuffle'; seat: Seat }
  | { type: 'tiebreak' }
  | { type: 'dealt-win' }
  | { type: 'next-game' }

/**
 * Game phases. 'flip': the turn player flips (a React may come first); 'action': a flipped card waits for
 * discard / swap / declare; 'block': the opponent answers a Declare; 'reshuffle' / 'tiebreak': the draw pile is
 * empty; 'over': the game has a result.
 */
export type SenPhase = 'flip' | 'action' | 'block' | 'reshuffle' | 'tiebreak' | 'over'

/** `status().phase` adds 'game-over' (next game possible) and 'match-over' (target reached). */
export type SenStatusPhase = Exclude<SenPhase, 'over'> | 'game-over' | 'match-over'

/** How a game ended (SE-R14). A draw has `winner: null` and ending 'dealt-win' or 'tiebreaker'. */
export type SenEnding = 'swap' | 'react' | 'declare' | 'dealt-win' | 'tiebreaker'
export type SenSeatResult = 'win' | 'loss' | 'draw'

export interface SenGameRecord {
  game: number
  starter: Seat
  winner: Seat | null
  results: [SenSeatResult, SenSeatResult]
  ending: SenEnding
  /** Short label for a scoresheet: 'Win by swap', 'Win by React', 'Win by Declare', 'Dealt win', 'Tiebreaker', 'Draw'. */
  label: string
  flips: number
  reshuffled: boolean
  blocked: boolean
  /** Each seat's final hand where it was revealed (sorted ranks), else []. */
  hands: [number[], number[]]
  /** Readable "why", shown as-is. */
  explanation: string
  /** True when the result was entered in one step (SE-R15): flips, piles and hands were not tracked. */
  entered?: boolean
}

export interface SenDeclarePending {
  seat: Seat
  /** The declarer's hand before the Declare (sorted). */
  hand: number[]
  blocker: number
}

export interface SenLogEntry {
  seat: Seat | null
  text: string
}

export interface SenGame {
  /** 1-based game number within the match. */
  number: number
  starter: Seat
  /** Whose normal turn it is. */
  turn: Seat
  phase: SenPhase
  /** Cards in the draw pile, including a flipped card that has not been resolved yet (it lies face up on top). */
  drawCount: number
  /** The discard pile, bottom to top (every card on it is face up and entered). */
  discard: number[]
  /** After the reshuffle: the ranks still in the draw pile (sorted), else null (unknown). */
  drawKnown: number[] | null
  /** Ranks known to be in each hand (sorted, up to 3): cards taken face up or revealed. Hands always hold 3 cards. */
  known: [number[], number[]]
  /** The flipped card waiting for the turn player's action, else null. */
  flipped: number | null
  flips: number
  reshuffled: boolean
  blocked: boolean
  /** The seat that may React to the top discard now, else null. */
  reactor: Seat | null
  /** Who put the top discard there (null when the pile is empty). */
  topBy: Seat | null
  declare: SenDeclarePending | null
  redeals: number
  log: SenLogEntry[]
  result: SenGameRecord | null
}

export interface SenState {
  names: [string, string]
  rules: SenHouseRules
  target: number | null
  firstStarter: Seat
  wins: [number, number]
  draws: number
  /** Finished games, oldest first. */
  games: SenGameRecord[]
  /** The current game (the last finished one while waiting for 'next-game' or when the match is over). */
  game: SenGame
  /** True once a seat has reached the "first to N" target. Never for open matches. */
  over: boolean
}

export interface SenTiebreakResult {
  winner: Seat | null
  scores: [number, number]
  /** The high cards compared when the scores tie (0 = no target card under TARGETS_ONLY), else null. */
  high: [number, number] | null
  explanation: string
}

export interface SenDeclareInfo {
  missing: number
  blocker: number
  gap: number
}
