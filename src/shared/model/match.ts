import type { GameStatus, Standing } from '../games/engine'
import type { ConfigOf, GameId, LegalOf, StateOf } from '../games/registry'

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

/** What every match view has, whatever the game. */
export interface MatchViewCommon {
  id: string
  status: MatchStatus
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  seats: MatchSeat[]
  game: GameStatus
  /**
   * The seats the match's result names as winners, as matches:list, the stats and the screens name
   * them: `game.winners` when the game ended by its rules, the rank-1 seats of a match finished by
   * hand (whose `game.winners` stays empty: the rules did not end it), none otherwise. Always set
   * by the core (optional only so views built before it was added still type-check).
   */
  winners?: number[]
  standings: Standing[]
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
  /**
   * The archived seasons whose final table counted this match, one sentence each ("Counted in the
   * final table of “Spring” (archived): a change here does not change that table."); absent when none did.
   */
  finalTables?: string[]
}

/**
 * One match of game `G` as the main process replayed it. Only the types are per game: the JSON on
 * the wire is the same for every game (the IPC contract did not change).
 */
export interface MatchViewOf<G extends GameId> extends MatchViewCommon {
  gameId: G
  /** The engine config the match was started with (house rules included). */
  config: ConfigOf<G>
  /** The engine state, rebuilt from the log; null when the log does not start (a replay problem) or for a recorded result. */
  state: StateOf<G> | null
  /** What may be done now, in the engine's own terms (empty without a state). */
  legal: LegalOf<G>[]
}

/** A match view: a union by game id, so `view.gameId === 'ennea'` gives Ennea's config, state and legal actions. */
export type MatchView = { [G in GameId]: MatchViewOf<G> }[GameId]

/** The view when it is a match of `gameId` (narrowed), else null. */
export function matchOf<G extends GameId>(
  view: MatchView | null | undefined,
  gameId: G,
): (MatchView & { gameId: G }) | null {
  return view && isMatchOf(view, gameId) ? view : null
}

function isMatchOf<G extends GameId>(view: MatchView, gameId: G): view is MatchView & { gameId: G } {
  return view.gameId === gameId
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
