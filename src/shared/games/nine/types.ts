/**
 * Nine (docs/rules/nine.md): types shared by the pure scoring functions and the live-tracking engine.
 * Everything here is plain JSON-safe data: no classes, Dates, Maps or undefined values in state.
 */

export type NineOverNineRule = 'FAILED_DECLARATION' | 'REJECT'
export type NineResultRule = 'LOWEST_WINS' | 'LOSERS_ONLY'
export type NineSnapSource = 'DRAW_PILE_ONLY' | 'ANY_TAKEN_CARD'
export type NineSnapAfterRun = 'NOT_ALLOWED' | 'ANY_RUN_VALUE'
export type NineEmptyDrawPile = 'RESHUFFLE' | 'VOID_ROUND'

/** House rules of docs/rules/nine.md § House rules (keys without the `nine.` prefix). */
export interface NineHouseRules {
  overNineDeclaration: NineOverNineRule
  result: NineResultRule
  snapSource: NineSnapSource
  snapAfterRun: NineSnapAfterRun
  emptyDrawPile: NineEmptyDrawPile
}

export const NINE_DEFAULT_RULES: Readonly<NineHouseRules> = Object.freeze({
  overNineDeclaration: 'FAILED_DECLARATION',
  result: 'LOWEST_WINS',
  snapSource: 'DRAW_PILE_ONLY',
  snapAfterRun: 'NOT_ALLOWED',
  emptyDrawPile: 'RESHUFFLE',
})

export const NINE_RULE_VALUES: { readonly [K in keyof NineHouseRules]: readonly NineHouseRules[K][] } = {
  overNineDeclaration: ['FAILED_DECLARATION', 'REJECT'],
  result: ['LOWEST_WINS', 'LOSERS_ONLY'],
  snapSource: ['DRAW_PILE_ONLY', 'ANY_TAKEN_CARD'],
  snapAfterRun: ['NOT_ALLOWED', 'ANY_RUN_VALUE'],
  emptyDrawPile: ['RESHUFFLE', 'VOID_ROUND'],
}

export const NINE_MIN_PLAYERS = 2
export const NINE_MAX_PLAYERS = 8
export const NINE_DECK_SIZE = 54
export const NINE_HAND_SIZE = 5
export const NINE_MAX_CARD = 13
/** Round score of a failed declaration. */
export const NINE_FAIL_POINTS = 25
export const NINE_RESET_FROM = 90
export const NINE_RESET_TO = 45
export const NINE_LIMIT = 99
/** Highest / lowest possible total of a k-card hand (k = index): 13+13+13+13+12 and 0+0+1+1+1. */
export const NINE_MAX_TOTAL_BY_SIZE: readonly number[] = [0, 13, 26, 39, 52, 64]
export const NINE_MIN_TOTAL_BY_SIZE: readonly number[] = [0, 0, 0, 1, 2, 3]

export interface NineConfig {
  /** Seat names clockwise (blank names show as P1, P2, ...); 2 to 8 seats. */
  names?: string[]
  /**
   * Seat count (2..8) when `names` is omitted; if both are given they must agree. A list of names is
   * accepted here too, as a synonym of `names`.
   */
  players?: number | string[]
  /** Seat (0-based) that deals the first round; default 0. */
  firstDealer?: number
  /** Omitted keys take the defaults of docs/rules/nine.md § House rules. `nine.`-prefixed keys are accepted too. */
  houseRules?: Partial<NineHouseRules>
  /** Running totals to start from, e.g. to continue a paper scoresheet (0..98, never 90); default all 0. */
  startTotals?: number[]
}

export type NineSource = 'draw' | 'discard'
export type NineGroupKind = 'single' | 'set' | 'run'

/**
 * Actions. `seat`, where present, is optional and only checked: when given it must be the seat whose
 * turn it is (it protects against a stale screen).
 */
export type NineAction =
  | {
      /** Enter a finished round: the declarer and, per seat, the revealed cards or the hand total. */
      type: 'round'
      declarer: number
      /** Per seat: the revealed card values, or null where only a total is entered. */
      hands?: (number[] | null)[]
      /** Per seat: the hand total, or null where cards are entered. Both given: they must agree. */
      totals?: (number | null)[]
      /** The face-up top of the discard pile, if recorded (counts towards the deck limits). */
      discardTop?: number | null
      /** Required to score a declarer above 9 as a failed declaration (house rule FAILED_DECLARATION). */
      confirmOverNine?: boolean
    }
  /** Start live turn tracking for the current deal; `top` is the first face-up discard when known. */
  | { type: 'deal'; top?: number | null }
  /** The player to act declares NINE at the start of their turn. */
  | { type: 'declare'; seat?: number }
  /** The player to act takes the top of the draw pile or of the discard pile. */
  | { type: 'take'; source: NineSource; seat?: number }
  /** The player who has taken a card discards one legal group (values, a run in ascending order). */
  | { type: 'discard'; cards: number[]; seat?: number }
  /** The player who just discarded snaps the card they took; `value` is needed only after a run. */
  | { type: 'snap'; value?: number; seat?: number }
  /** Stop live tracking for this deal and enter the result directly. */
  | { type: 'stop-tracking' }

export type NineActionType = NineAction['type']

/** What may be done now (action kinds with their allowed targets). */
export type NineLegal =
  | {
      type: 'round'
      /** Seats that may be entered as the declarer. */
      declarers: number[]
      /** Hand sizes known from live tracking (null when not tracked); entered cards must match them. */
      handSizes: number[] | null
      /** True when a declarer above 9 can be scored (with confirmOverNine) rather than refused. */
      overNineAllowed: boolean
    }
  | { type: 'deal' }
  | { type: 'declare'; seat: number }
  | { type: 'take'; seat: number; sources: NineSource[] }
  | { type: 'discard'; seat: number; maxCards: number }
  | { type: 'snap'; seat: number; values: number[] }
  | { type: 'stop-tracking' }

export type NinePhase = 'round-entry' | 'turns' | 'reveal' | 'over'

/** The open snap window of the player who has just discarded (closes when the next player acts). */
export interface NineSnapWindow {
  seat: number
  /** Values the taken card may have to be snapped. */
  values: number[]
  kind: NineGroupKind
  source: NineSource
}

/** Live tracking of one deal. Invariant: draw + discard.length + sum(hands) + (taken ? 1 : 0) = 54. */
export interface NineLiveDeal {
  /** 1-based turn number within the deal (turns 1..N are the first circuit). */
  turn: number
  /** Seat whose turn it is. */
  seat: number
  /** 'start': may declare or take; 'taken': has a card in front of them and must discard. */
  step: 'start' | 'taken'
  /** The card in front of the player during step 'taken' (value null when drawn face down). */
  taken: { source: NineSource; value: number | null } | null
  /** Cards in the draw pile. */
  draw: number
  /** The discard pile, bottom first; null where the value was not recorded. */
  discard: (number | null)[]
  /** Cards in each hand. */
  hands: number[]
  snap: NineSnapWindow | null
  reshuffles: number
  /** The seat that declared NINE (phase 'reveal'), else null. */
  declarer: number | null
  /**
   * Per seat: the values known to be in that hand, i.e. cards it took from the discard pile (NI-R6
   * step 4), less one copy for each of that value it discarded since. A lower bound; absent in deals
   * stored before it was kept. The reveal must show them, and they count towards the deck limits.
   */
  known?: number[][]
}

export interface NineRoundRecord {
  /** 1-based deal number. */
  round: number
  dealer: number
  /** VOID_ROUND house rule: the draw pile ran out and the deal scored nothing. */
  void: boolean
  declarer: number | null
  /** Revealed cards per seat, or null where only a total was entered (all null for a void deal). */
  hands: (number[] | null)[]
  handTotals: number[]
  declarerWon: boolean
  /** The declarer was above 9 and was scored as a failed declaration. */
  overNine: boolean
  /** Whether the deal was followed with live turn tracking. */
  tracked: boolean
  points: number[]
  /** Running totals before the round. */
  before: number[]
  /** Running totals after the round (resets applied). */
  totals: number[]
  /** Seats that landed on exactly 90 and went back to 45. */
  resets: number[]
  /** Seats at 99 or more after this round. */
  losers: number[]
  /** The whole explanation, shown as-is. */
  explanation: string
  /** The same explanation one sentence per line. */
  lines: string[]
}

export interface NineState {
  /** Display names per seat. */
  names: string[]
  rules: NineHouseRules
  phase: NinePhase
  /** 1-based number of the current deal (of the last one when the match is over). */
  round: number
  dealer: number
  totals: number[]
  rounds: NineRoundRecord[]
  /** Live turn tracking of the current deal, or null. */
  live: NineLiveDeal | null
  /** Seats at 99 or more (the match is over when non-empty). */
  losers: number[]
  /** Lowest totals when over under LOWEST_WINS (ties share); [] otherwise. */
  winners: number[]
}

export interface NineRoundScore {
  points: number[]
  declarerWon: boolean
  handTotals: number[]
  overNine: boolean
  explanation: string
  lines: string[]
}

export interface NineRoundApplied {
  totals: number[]
  resets: number[]
  losers: number[]
  over: boolean
  winners: number[]
}
