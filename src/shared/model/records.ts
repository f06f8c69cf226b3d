/**
 * What `records:get` answers: the club's records, badges and a year in review (docs/ARCHITECTURE.md
 * § Records). Plain data: the Records view and the club page read it as it is.
 */
import type { GameId } from '../games/ids'

export interface RecordPlayer {
  playerId: string
  name: string
}

/**
 * The biggest winning margin of a game: the outright winner's score against the best other seat's
 * (higher-score games: winner − best other; lower-score-wins games: best other − winner).
 */
export interface MarginRecord extends RecordPlayer {
  gameId: GameId
  lowerScoreWins: boolean
  matchId: string
  finishedAt: string
  winnerScore: number
  runnerUpScore: number
  margin: number
}

/** A run of consecutive finished matches (in finish order), with the finish times of its first and last. */
export interface Streak {
  length: number
  from: string
  to: string
}

/** A player's longest runs: outright wins in a row, and unbeaten (won, outright or shared) in a row. */
export interface PlayerStreaks extends RecordPlayer {
  /** Across all games. */
  wins: Streak | null
  unbeaten: Streak | null
  /** Per game they played. */
  byGame: Partial<Record<GameId, { wins: Streak | null; unbeaten: Streak | null }>>
}

export interface Pairing {
  a: RecordPlayer
  b: RecordPlayer
  /** Finished matches both sat in. */
  matches: number
}

export interface GameChampions {
  gameId: GameId
  /** Most wins (a shared win counts); ties: fewer matches, then name. Null: nobody won yet. */
  mostWins: (RecordPlayer & { wins: number; matches: number }) | null
  /** Best win rate among players with at least `minMatches` matches; ties: more matches, then name. */
  bestRate: (RecordPlayer & { wins: number; matches: number; rate: number }) | null
  minMatches: number
}

export interface Badge {
  id: string
  name: string
  /** The threshold in words, shown beside the badge: "100 matches played". */
  threshold: string
  holders: RecordPlayer[]
}

export interface YearInReview {
  year: number
  /** Finished matches whose game night is in the year. */
  matches: number
  nights: number
  /** Most matches played in the year; ties: more wins, then name. */
  mostActive: (RecordPlayer & { matches: number }) | null
  /** Players whose first finished match was in the year. */
  newPlayers: RecordPlayer[]
  /** Most wins in the year per game. */
  champions: GameChampions[]
  /** The year's biggest margin per game. */
  margins: MarginRecord[]
  /** The longest run of outright wins within the year. */
  longestStreak: (RecordPlayer & Streak) | null
}

export interface ClubRecords {
  margins: MarginRecord[]
  streaks: PlayerStreaks[]
  /** The most-played pairings, most first (at most 10). */
  pairings: Pairing[]
  champions: GameChampions[]
  badges: Badge[]
  /** The years with a finished match, newest first (for the year chooser). */
  years: number[]
  /** The year asked for (null: none asked). */
  year: YearInReview | null
}
