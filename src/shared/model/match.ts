import type { GameId, GameStatus, Standing } from '../games/engine'

export type MatchStatus = 'in-progress' | 'finished' | 'abandoned'

export interface MatchSeat {
  seat: number
  playerId: string
  /** The player's current name (the config keeps the name the match was started with). */
  name: string
  color: string | null
}

/** One effective entry of the action log, after undos and corrections. */
export interface LoggedAction {
  index: number
  /** The event that first logged this action; corrections refer to it. */
  eventId: string
  action: unknown
  /** When the action was first entered, and when it was last corrected (or null). */
  at: string
  correctedAt: string | null
}

export interface MatchView {
  id: string
  gameId: GameId
  status: MatchStatus
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  seats: MatchSeat[]
  /** The engine config the match was started with (house rules included). */
  config: unknown
  /** The engine state, rebuilt from the log; its shape is the game's own. */
  state: unknown
  game: GameStatus
  standings: Standing[]
  legal: unknown[]
  actions: LoggedAction[]
  /** What Ctrl+Z would take back, in words, or null when there is nothing to undo. */
  undo: string | null
  /** What redo (Ctrl+Shift+Z) would bring back, in words, or null. */
  redo: string | null
  /**
   * The match's position in the event log. A write may send it back as `expected`; if the match
   * changed meanwhile (another window, another laptop) the write is refused as stale.
   */
  head: string
  /** The engine version the match was started under. */
  engineVersion: number
  /** Why part of the log does not replay (entries left out), in words; null when all of it does. */
  problem: string | null
  /** Entries kept in the log but not applied (the engine refused them on replay). */
  skipped: { eventId: string; message: string }[]
  /** Set for a result imported without rounds (BG Stats, CSV): it cannot be replayed or edited. */
  recorded?: { kind: 'bg-stats' | 'csv' }
}

export interface MatchSummary {
  id: string
  gameId: GameId
  status: MatchStatus
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  players: { id: string; name: string }[]
  winners: string[]
  roundsPlayed: number
  summary: string
  /** Why the match's log does not replay in full under this version, or null. */
  problem: string | null
  engineVersion: number
  /** Minutes east of UTC where the match was played (0 for matches from before it was recorded). */
  utcOffset?: number
  /** The day it started there, yyyy-mm-dd. */
  localDate?: string
  /** Set for a result imported without rounds (BG Stats, CSV): it cannot be replayed or edited. */
  recorded?: { kind: 'bg-stats' | 'csv' }
}

export interface MatchHistoryEntry {
  seq: number
  kind: 'action' | 'undo' | 'correction' | 'void' | 'redo'
  at: string
  /** The logged action (for 'action' and 'correction'). */
  action: unknown
  /** For undo and correction: the event it supersedes. */
  supersedes: string | null
  eventId: string
  /** What the event did, in words: "Entry 3 (round) corrected", "Undid entry 5 (play)". */
  description: string
  /** The device that recorded it, and its clock stamp (the order of the log). */
  deviceId: string
  hlc: string
  /** False when a later event took it back (an undone entry, a superseded correction) or the engine refused it. */
  inForce: boolean
}
