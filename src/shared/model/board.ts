/**
 * What `board:night` answers: the night board (docs/ARCHITECTURE.md § The night board), every match
 * of one game night as a projector shows it. A night is the local date a match starts on, until 06:00
 * the next morning (src/shared/stats/nights.ts), whichever laptop or phone it was entered on.
 */
import type { GameId } from '../games/engine'

/** One seat on a table card, in the game's own standings order (MatchView.standings: rank 1 first). */
export interface BoardSeat {
  seat: number
  name: string
  color: string | null
  score: number
  /** 1 = best; tied seats share a rank (the game decides whether lower scores win). */
  rank: number
  eliminated: boolean
}

/** A match still in progress tonight: one card on the board. */
export interface BoardTable {
  matchId: string
  gameId: GameId
  gameName: string
  /** The game's word for a round: Round, Deal, Game. */
  roundWord: string
  /** The current round (deal, game), 1-based. */
  round: number
  /** The seat dealing this round, in games dealt round by round (Wild Nine, Nine); else null. */
  dealer: number | null
  /** The seat expected to act next, or null when the next input is not one seat's (a round's entry). */
  toAct: number | null
  /** The engine's sentence for where the match stands ("Round 2: Bo deals, Cy starts."). */
  message: string
  standings: BoardSeat[]
  startedAt: string
  /** When its latest entry was made (on whichever laptop or phone). */
  lastEntryAt: string
  /** The laptop it was started on: 'this laptop', a club laptop's name, or null when not known. */
  laptop: string | null
  /** The phone (table unit) paired with it on this laptop, by its label ("Table 3"), or null. */
  table: string | null
}

/** A match of the night that is over: the side column. */
export interface BoardResult {
  matchId: string
  gameId: GameId
  gameName: string
  status: 'finished' | 'abandoned'
  players: string[]
  winners: string[]
  /** Local time it started, hh:mm. */
  localTime: string
}

export interface BoardNight {
  /** The night, yyyy-mm-dd: tonight unless asked for another. */
  date: string
  venue: string | null
  /** When this answer was made (the board counts "last entry 3 min ago" from it and the clock). */
  at: string
  /** Tonight's matches in progress, the oldest started first. */
  tables: BoardTable[]
  /** Tonight's matches that are over, the latest started first. */
  results: BoardResult[]
}
