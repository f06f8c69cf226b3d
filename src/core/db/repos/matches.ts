import type { Database, Statement } from 'better-sqlite3'
import type { GameId } from '../../../shared/games/engine'
import type { MatchStatus } from '../../../shared/model/match'
import { localDayWhere } from '../../services/stats-dates'

export interface MatchRow {
  id: string
  game_id: GameId
  config_json: string
  house_rules_json: string
  status: MatchStatus
  created_at: string
  updated_at: string
  finished_at: string | null
  device_id: string
  winners_json: string
  rounds_played: number
  summary: string
  engine_version: number
  head_hlc: string
  problem: string | null
  utc_offset: number
}

export interface SeatRow {
  seat: number
  player_id: string
  name: string
  color: string | null
}

export interface MatchFilter {
  gameId?: GameId | undefined
  playerId?: string | undefined
  status?: MatchStatus | undefined
  from?: string | undefined
  to?: string | undefined
  /** Local dates (yyyy-mm-dd, both included): the match's start in the offset it was played in. */
  fromDate?: string | undefined
  toDate?: string | undefined
  limit: number
  offset: number
}

export interface SummaryRow extends MatchRow {
  players_json: string
}

/** The name shown for a seat whose player's events have not arrived (yet) from another laptop. */
export const UNKNOWN_PLAYER = 'Unknown player'

/** Reads of the matches projection (writes are events: see MatchService and the Projector). */
export class MatchesRepo {
  private readonly getStmt: Statement<[string], MatchRow>
  private readonly headStmt: Statement<[string], { head_hlc: string }>
  private readonly seatsStmt: Statement<[string], SeatRow>
  private readonly rosterStmt: Statement<
    [string],
    { id: string; name: string; color: string | null; archived_at: string | null }
  >

  constructor(private readonly db: Database) {
    this.getStmt = db.prepare('SELECT * FROM matches WHERE id = ?')
    this.headStmt = db.prepare('SELECT head_hlc FROM matches WHERE id = ?')
    this.seatsStmt = db.prepare(
      `SELECT s.seat, s.player_id, coalesce(p.name, '${UNKNOWN_PLAYER}') AS name, coalesce(s.color, p.color) AS color
       FROM match_seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat`,
    )
    this.rosterStmt = db.prepare(
      'SELECT id, name, color, archived_at FROM players WHERE id = ? AND deleted = 0 AND canonical_id = id',
    )
  }

  get(id: string): MatchRow | undefined {
    return this.getStmt.get(id)
  }

  head(id: string): string | undefined {
    return this.headStmt.get(id)?.head_hlc
  }

  seats(matchId: string): SeatRow[] {
    return this.seatsStmt.all(matchId)
  }

  /** A player who can take a seat in a new match (on the roster: not deleted, not merged away). */
  rosterPlayer(id: string): { id: string; name: string; color: string | null; archived_at: string | null } | undefined {
    return this.rosterStmt.get(id)
  }

  list(f: MatchFilter): SummaryRow[] {
    const where: string[] = []
    const params: Record<string, unknown> = { limit: f.limit, offset: f.offset }
    if (f.gameId) {
      where.push('m.game_id = @gameId')
      params.gameId = f.gameId
    }
    if (f.status) {
      where.push('m.status = @status')
      params.status = f.status
    }
    if (f.playerId) {
      where.push('EXISTS (SELECT 1 FROM match_seats s2 WHERE s2.match_id = m.id AND s2.player_id = @playerId)')
      params.playerId = f.playerId
    }
    if (f.from) {
      where.push('m.created_at >= @from')
      params.from = f.from
    }
    if (f.to) {
      where.push('m.created_at < @to')
      params.to = f.to
    }
    if (f.fromDate || f.toDate) where.push(...localDayWhere('m.created_at', 'm.utc_offset', f, params))
    const sql = `
      SELECT m.*, (SELECT json_group_array(json_object('id', p.id, 'name', p.name))
                   FROM (SELECT s.player_id AS id, coalesce(p.name, '${UNKNOWN_PLAYER}') AS name FROM match_seats s LEFT JOIN players p ON p.id = s.player_id
                         WHERE s.match_id = m.id ORDER BY s.seat) p) AS players_json
      FROM matches m
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY m.updated_at DESC, m.id DESC
      LIMIT @limit OFFSET @offset`
    return this.db.prepare(sql).all(params) as SummaryRow[]
  }
}
