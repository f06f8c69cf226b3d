/** What the club channels (seasons:*, nights:*, ratings:*) answer. */
import type { PointsScheme, RatingSystem } from '../events/club'
import type { SeasonRules } from '../events/season-rules'
import type { GameId } from '../games/engine'
import type { StandingRow } from '../stats/league'

/** The rules fields (null or absent: not used; docs/ARCHITECTURE.md § Season rules). */
export interface Season extends Partial<SeasonRules> {
  id: string
  name: string
  startDate: string
  endDate: string
  gameIds: GameId[] | null
  playerIds: string[] | null
  scheme: PointsScheme
  /** What is odd about the scheme, in words (a loss that earns more than a win…); empty when nothing is. */
  warnings?: string[]
  /** Null while open. An archived season's standings are computed from the matches it counted then. */
  archivedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface SeasonStandings {
  season: Season
  rows: StandingRow[]
  /** Finished matches counted. */
  matches: number
  /** The tie-breaks in the order they are applied, in words. */
  tieBreaks: readonly string[]
  /** How points are earned, in words (the scheme and its formula). */
  schemeText: string
  /** True when the standings come from the matches frozen at archiving. */
  frozen: boolean
  /**
   * True when the rows are the table the archive froze, which later undos and corrections of its
   * matches do not change; false for an open season and for one archived before archives carried
   * their standings (recomputed from the frozen matches).
   */
  final?: boolean
  /** The season's rules in words, one sentence each (absent or empty: none used). */
  rulesText?: string[]
  /** What the final decided, or that it is not played yet (absent: the season has no final). */
  finalNote?: string
}

export interface NightPlayer {
  playerId: string
  name: string
  matches: number
  wins: number
}

export interface NightMatch {
  matchId: string
  gameId: GameId
  /** Local time hh:mm where it was played. */
  localTime: string
  status: 'in-progress' | 'finished' | 'abandoned'
  players: string[]
  winners: string[]
}

export interface Night {
  /** The local date the night starts on; it runs until 06:00 the next morning. */
  date: string
  venue: string | null
  players: NightPlayer[]
  matches: NightMatch[]
}

export interface NightList {
  nights: Night[]
  /** How many nights match the filter in all (the list may be cut at `limit`). */
  total: number
  cutoffHour: number
}

export interface RatingRow {
  rank: number
  playerId: string
  name: string
  /** The number the ranking uses: OpenSkill's μ − 3σ, or the Elo rating. */
  rating: number
  mu: number
  sigma: number
  elo: number | null
  matches: number
  wins: number
  winRate: number
  /** The mean OpenSkill μ of the opponents they met in this game. */
  opponentMu: number | null
  /** Why they rank where they do, in plain words. */
  note: string
}

export interface RatingsExplained {
  gameId: GameId
  system: RatingSystem
  systemSetAt: string | null
  rows: RatingRow[]
  /** How long reading this game's ratings took, in ms (shown for the curious; Elo is kept as matches are recorded). */
  eloMs: number
}
