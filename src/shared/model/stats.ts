import type { GameId } from '../games/engine'

export interface StatsFilter {
  /** UTC instants (ISO). */
  from?: string | undefined
  to?: string | undefined
  /** Local dates yyyy-mm-dd, both included: each match's date where it was played. */
  fromDate?: string | undefined
  toDate?: string | undefined
  gameId?: GameId | undefined
  playerIds?: string[] | undefined
  /** Rounds, average round score and rule events: only finished matches (default) or all, in progress and abandoned too. */
  roundsOf?: RoundsOf | undefined
  /** A win shared by k players: a whole win (default) or 1/k of a win. */
  sharedWin?: SharedWin | undefined
  /**
   * Only matches played at this venue: a recorded match's location (BG Stats), else the venue of
   * its game night. Every number is then computed over those matches (ratings stay all-time).
   */
  venue?: string | undefined
}

export type RoundsOf = 'finished' | 'all'
export type SharedWin = 'whole' | 'split'

export interface Rating {
  mu: number
  sigma: number
  /** mu - 3 sigma: what the leaderboard sorts by. */
  ordinal: number
  matches: number
}

/**
 * Rule events per game (see the v3 migration):
 * wild-nine: ninesLeft, roundsWon (went out), deadlocks; avgPenalty = avgRoundScore
 * nine: ninesOk, ninesFailed, resets90, lost99
 * ennea: linesMade, enneaCalls, enneaMadeLine, enneaLostCubes; cubesPerRound = avgRoundScore
 * seven-eight-nine: swapWins, reactWins, declareWins, dealtWins, tiebreakWins, draws: each way of
 *   winning of SE-R14 once. A Block never wins a game; a blocked game that ends in the tiebreaker is
 *   a tiebreaker win. (Before schema 5 there was a "blockWins" that mixed React wins and any win in
 *   a blocked game; it is gone.)
 */
export type RuleEvents = Record<string, number>

export interface PlayerGameStats {
  gameId: GameId
  matches: number
  wins: number
  sharedWins: number
  winRate: number | null
  avgPlacement: number | null
  rounds: number
  roundsWon: number
  avgRoundScore: number | null
  events: RuleEvents
  currentStreak: number
  longestStreak: number
  rating: Rating | null
}

export interface PlayerStats {
  playerId: string
  name: string
  color: string | null
  /** When the player was added (tells two players of one name apart). */
  createdAt?: string
  matches: number
  wins: number
  sharedWins: number
  winRate: number | null
  avgPlacement: number | null
  currentStreak: number
  longestStreak: number
  games: PlayerGameStats[]
  /** Only from `stats:player`: what the player's profile page shows. */
  profile?: PlayerProfile
}

/** One finished match from one player's side. */
export interface FormEntry {
  matchId: string
  gameId: GameId
  finishedAt: string
  /** The match's local date where it was played (yyyy-mm-dd). */
  localDate: string
  placement: number
  seats: number
  won: boolean
  shared: boolean
}

export interface OpponentLine {
  playerId: string
  name: string
  color: string | null
  /** Finished matches together. */
  matches: number
  /** Matches where this player finished ahead of the opponent, and behind. */
  ahead: number
  behind: number
}

export interface PlayerProfile {
  /** The last 10 finished matches, newest first. */
  form: FormEntry[]
  /** The games with the highest and lowest win rate (at least one finished match; null with none). */
  bestGame: GameId | null
  worstGame: GameId | null
  /**
   * Who finished ahead of this player in the highest share of their matches together, among those
   * met in at least 3 finished matches and ahead in more than half of them (NemeStats' rule), or
   * null. Rates, not counts: a frequent opponent is not a nemesis for being frequent. Ties: more
   * matches together, then the name.
   */
  nemesis: OpponentLine | null
  /** Whom this player finished ahead of in the highest share of matches (same minimums and ties), or null. */
  favourite: OpponentLine | null
  /** Everyone they finished a match with, most matches first. */
  opponents: OpponentLine[]
  /** Their 10 newest matches (any status) by when they were played, newest first; not by when last changed. */
  recent?: ProfileMatch[]
}

export interface ProfileMatch {
  id: string
  gameId: GameId
  status: 'in-progress' | 'finished' | 'abandoned'
  /** When it was played (started; a recorded play's time), UTC. */
  createdAt: string
  /** The local date where it was played. */
  localDate: string
  /** The winners' names as they are now (none unless finished). */
  winners: string[]
}

export interface LeaderboardRow {
  playerId: string
  name: string
  matches: number
  wins: number
  winRate: number | null
  avgPlacement: number | null
  rating: Rating | null
}

export interface StatsOverview {
  /** True when the numbers were computed over a date range (ratings are always all-time). */
  filtered: boolean
  players: PlayerStats[]
  leaderboards: { gameId: GameId; rows: LeaderboardRow[] }[]
  /** The counting choices these numbers were made with (the filter's, or the defaults). */
  choices?: { roundsOf: RoundsOf; sharedWin: SharedWin }
  /** Every venue a match was played at (what the venue filter offers), by name. */
  venues?: string[]
}

export interface HeadToHeadLine {
  gameId: GameId | 'all'
  matches: number
  /** Matches where A finished ahead of B, B ahead of A, or level. */
  aAhead: number
  bAhead: number
  level: number
  aWins: number
  bWins: number
}

export interface HeadToHead {
  a: { id: string; name: string }
  b: { id: string; name: string }
  lines: HeadToHeadLine[]
  recent: { matchId: string; gameId: GameId; finishedAt: string; aPlacement: number; bPlacement: number }[]
}

export interface RatingPoint {
  at: string
  /** The local date of the match (yyyy-mm-dd). */
  localDate?: string
  matchId: string
  mu: number
  sigma: number
  ordinal: number
}

export interface RatingSeries {
  playerId: string
  name: string
  color: string | null
  points: RatingPoint[]
}

export interface MonthlyResults {
  months: string[]
  /** Finished matches per month per game. */
  games: { gameId: GameId; counts: number[] }[]
  /** Wins per month for the chosen (or top) players. */
  players: { playerId: string; name: string; color: string | null; wins: number[] }[]
}

export interface MatchProgress {
  matchId: string
  gameId: GameId
  seats: { seat: number; playerId: string; name: string; color: string | null }[]
  /** totals[seat][round - 1]: the running total after each round. */
  totals: number[][]
}
