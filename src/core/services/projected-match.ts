/**
 * A match as the projector holds it (its replayed state, its log, what was last written), in a file of
 * its own: the projector and the recorded-result projection both use it, and neither imports the other
 * for it.
 */
import type { GameId, GameStatus, Standing } from '../../shared/games/engine'
import type { AnyEngine } from '../../shared/games/registry'
import type { EntryContext, MatchLog } from '../../shared/events/reduce'
import type { DomainEvent } from '../../shared/events/types'
import type { MatchStatus } from '../../shared/model/match'

export interface ProjectedMatch {
  id: string
  gameId: GameId
  engine: AnyEngine | null
  config: unknown
  log: MatchLog
  state: unknown
  status: MatchStatus
  game: GameStatus | null
  standings: Standing[]
  /** Entries the engine refused on replay, with the reason. */
  skipped: { eventId: string; code: string; message: string }[]
  problem: string | null
  /** When each completed round was entered (index = round - 1). */
  roundTimes: string[]
  /** The events it was reduced from, in log order. */
  events: readonly DomainEvent[]
  /** The seats as last written (who sits where after merges), once written. */
  seats?: ProjectedSeat[]
  /** Who was to act and which round it was before each applied entry (for describing it). */
  contexts: Map<string, EntryContext>
  /** The match row's fields as writeMatch last wrote them (so the view after a write need not read them back). */
  written?: {
    game_id: GameId
    status: MatchStatus
    created_at: string
    updated_at: string
    finished_at: string | null
    problem: string | null
    engine_version: number
  }
  /** The seats as the view last showed them (names, colours), with the projector's player-write count then. */
  seatView?: { at: number; seats: { seat: number; player_id: string; name: string; color: string | null }[] }
  /** The entries as MatchView lists them, once listed (extended by a commit at the end, not rebuilt). */
  listed?: { index: number; eventId: string; action: unknown; at: string; correctedAt: string | null }[]
  /** Set for a result imported without rounds (match.recorded): where it came from. */
  recorded?: { kind: 'bg-stats' | 'csv'; id: string }
}

export interface ProjectedSeat {
  seat: number
  /** Where the player's history lives now (after merges). */
  playerId: string
  original: string
  color: string | null
}
