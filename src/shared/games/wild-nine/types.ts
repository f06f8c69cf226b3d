/**
 * Wild Nine data shapes (docs/rules/wild-nine.md). Everything here is plain JSON-safe data.
 * Cards are stored in canonical form: rank + suit letter ('9S', '10H', 'QC').
 */
import type { Suit } from '../cards'

export type WildNineSuit = Suit
export type DrawnCardPlay = 'OPTIONAL' | 'MANDATORY'
export type DeadlockRule = 'CIRCUIT_WITHOUT_PLAY' | 'NO_STOCK_ONLY'

/** House rules (`wildNine.*`, docs/rules/wild-nine.md § House rules) plus the cutoff. Omitted = default. */
export interface WildNineHouseRules {
  /** The match ends at the end of a round when any total is >= cutoff. Default 100. */
  cutoff?: number
  /** `wildNine.drawnCardPlay`, default OPTIONAL. */
  drawnCardPlay?: DrawnCardPlay
  /** `wildNine.deadlock`, default CIRCUIT_WITHOUT_PLAY. */
  deadlock?: DeadlockRule
}

export interface WildNineRules {
  cutoff: number
  drawnCardPlay: DrawnCardPlay
  deadlock: DeadlockRule
}

export interface WildNineConfig {
  /** One entry per seat, clockwise; 2 to 6 seats. Blank names become P1, P2, ... */
  names?: string[]
  /** Seat count when `names` is omitted (2..6). If both are given they must agree. */
  players?: number
  /** Seat (0-based) of the first dealer; default 0 (P1). */
  firstDealer?: number
  /** Also accepted with the prefixed keys of docs/rules: 'wildNine.drawnCardPlay', 'wildNine.deadlock'. */
  houseRules?: WildNineHouseRules
  /** Totals carried over from a paper scoresheet (integers >= 0, all below the cutoff). Default zeros. */
  startTotals?: number[]
}

/** A position to start tracking from mid-round (instead of a fresh deal). stock + discard + Σ handSizes = 52. */
export interface WildNinePosition {
  handSizes: number[]
  stock: number
  /** Cards in the discard pile, including the top card (>= 1). */
  discard: number
  /** Seat to act; default the dealer's left. */
  toAct?: number
}

/** Actions, as they arrive (untrusted JSON) from the UI. Card strings accept ♠♥♦♣ and lower case. */
export type WildNineAction =
  /**
   * Begin tracking a round card by card. `upcard` is the opening discard (or, with `position`, the
   * current top card). `suit` is required when the upcard is a 9 (the dealer names it).
   * `handSize` / `stock` are optional cross-checks of the deal (WN-V2).
   */
  | {
      type: 'start-round'
      upcard: string
      suit?: string
      handSize?: number
      stock?: number
      position?: WildNinePosition
    }
  /** Play one card. `suit` names the new active suit after a 9 (not needed for a last card). */
  | { type: 'play'; card: string; suit?: string; seat?: number }
  /** Draw one card (only with no legal card). `card` is the drawn card if the table tells; `hand` the player's hand before drawing, to check WN-R8. */
  | { type: 'draw'; card?: string; hand?: string[]; seat?: number }
  /** After drawing: keep the drawn card and end the turn. */
  | { type: 'keep'; seat?: number }
  /** No stock can be formed and the player cannot play. `hand` optional, to check. */
  | { type: 'pass'; hand?: string[]; seat?: number }
  /** The stock is empty: keep the top discard, shuffle the rest into a new stock. */
  | { type: 'reshuffle' }
  /** Give up card-by-card tracking of the current round; its result is then entered with 'round'. */
  | { type: 'stop-tracking' }
  /**
   * Enter a round result: who went out (null = deadlock) and either every seat's remaining cards
   * (`hands`, the winner's is []) or every seat's penalty (`points`, the winner's is 0).
   * After a tracked round `wentOut` may be omitted (the tracked result is used).
   */
  | { type: 'round'; wentOut?: number | null; hands?: string[][]; points?: number[] }

export type WildNineActionType = WildNineAction['type']

export interface WildNineRoundRecord {
  /** 1-based. */
  round: number
  dealer: number
  /** Seat that went out, or null for a deadlock round. */
  wentOut: number | null
  deadlock: boolean
  entry: 'cards' | 'points'
  /** Canonical cards per seat when entered by cards, else null. */
  hands: string[][] | null
  points: number[]
  /** Cumulative totals after this round. */
  totals: number[]
  /** True when the round was tracked card by card up to its end. */
  tracked: boolean
  /** One line per seat: "B: 9♦ (15) + Q♥ (10) = 25", "A went out: 0". */
  explanations: string[]
  /** One paragraph for the round: who went out, each seat's line, the totals and the cutoff check. */
  explanation: string
}

export type WildNineLivePhase = 'turn' | 'drawn' | 'ended'

/** Card-by-card tracking of the round in progress. */
export interface WildNineLiveRound {
  phase: WildNineLivePhase
  /** Seat to act (in 'ended': the last seat that acted). */
  toAct: number
  top: string
  activeSuit: WildNineSuit
  /** The 9 on top that named the active suit, or null when the top card is not a 9. */
  namedWith: string | null
  stock: number
  discard: number
  /** The known cards of the discard pile since the last reshuffle, top card last. */
  pile: string[]
  handSizes: number[]
  /** Consecutive turns without a play (WN-A6): draw-and-keep turns and no-stock passes, under either rule. */
  noPlayTurns: number
  /** Consecutive no-stock passes: what ends a round under NO_STOCK_ONLY (WN-A5). */
  noStockPasses?: number
  /**
   * Per seat: the cards the tracker has seen go into that hand (a drawn card the table told) and
   * not yet played. They stay where they went: another hand cannot hold them at the result.
   */
  seen?: string[][]
  /** In 'drawn': the drawn card when the table told it, else null. */
  drawnCard: string | null
  /** New stock size after each reshuffle of this round. */
  reshuffles: number[]
  /** In 'ended': who went out (null = deadlock). */
  wentOut: number | null
  deadlock: boolean
}

export interface WildNineState {
  game: 'wild-nine'
  names: string[]
  rules: WildNineRules
  firstDealer: number
  startTotals: number[]
  /** Dealer of the current (next, between rounds) round. */
  dealer: number
  totals: number[]
  rounds: WildNineRoundRecord[]
  live: WildNineLiveRound | null
  over: boolean
  winners: number[]
  /** What the last action did, in words ('' at setup). */
  last: string
}

/** What may be done now; the UI turns these into buttons and inputs. */
export type WildNineLegal =
  | { type: 'start-round'; dealer: number; starter: number; handSize: number; stock: number }
  | { type: 'round'; wentOut: number | null | 'any'; handSizes: number[] | null }
  | {
      type: 'play'
      seat: number
      top: string
      activeSuit: WildNineSuit
      /** After a draw with a known drawn card: the only card that may be played. */
      only: string | null
      /** True when a 9 played now needs a suit (the player holds more than one card). */
      nineNeedsSuit: boolean
    }
  | { type: 'draw'; seat: number }
  | { type: 'keep'; seat: number }
  | { type: 'pass'; seat: number }
  | { type: 'reshuffle'; newStock: number }
  | { type: 'stop-tracking' }
