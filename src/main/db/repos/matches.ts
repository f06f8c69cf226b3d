import type { Database, Statement } from 'better-sqlite3'
import type { GameId } from '../../../shared/games/engine'
import type { RoundRow } from '../../../shared/games/projections'
import type { MatchStatus } from '../../../shared/model/match'

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
}

export interface SeatRow {
  seat: number
  player_id: string
  name: string
  color: string | null
}

export interface EventRow {
  id: string
  seq: number
  kind: 'action' | 'undo' | 'correction' | 'void'
  payload_json: string
  supersedes: string | null
  created_at: string
}

export interface MatchFilter {
  gameId?: GameId | undefined
  playerId?: string | undefined
  status?: MatchStatus | undefined
  from?: string | undefined
  to?: string | undefined
  limit: number
  offset: number
}

export interface SummaryRow extends MatchRow {
  players_json: string
}

/** Prepared statements over matches, seats, the event log and the round_results projection. */
export class MatchesRepo {
  private readonly insertMatchStmt: Statement
  private readonly insertSeatStmt: Statement
  private readonly getStmt: Statement<[string], MatchRow>
  private readonly seatsStmt: Statement<[string], SeatRow>
  private readonly eventsStmt: Statement<[string], EventRow>
  private readonly nextSeqStmt: Statement<[string], { next: number }>
  private readonly insertEventStmt: Statement
  private readonly outcomeStmt: Statement
  private readonly clearRoundsStmt: Statement<[string]>
  private readonly insertRoundStmt: Statement

  constructor(private readonly db: Database) {
    this.insertMatchStmt = db.prepare(
      `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id)
       VALUES (@id, @gameId, @config, @houseRules, 'in-progress', @at, @at, NULL, @deviceId)`,
    )
    this.insertSeatStmt = db.prepare('INSERT INTO match_seats (match_id, seat, player_id, color) VALUES (?, ?, ?, ?)')
    this.getStmt = db.prepare('SELECT * FROM matches WHERE id = ?')
    this.seatsStmt = db.prepare(
      `SELECT s.seat, s.player_id, p.name, coalesce(s.color, p.color) AS color
       FROM match_seats s JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat`,
    )
    this.eventsStmt = db.prepare('SELECT id, seq, kind, payload_json, supersedes, created_at FROM match_events WHERE match_id = ? ORDER BY seq')
    this.nextSeqStmt = db.prepare('SELECT coalesce(max(seq) + 1, 0) AS next FROM match_events WHERE match_id = ?')
    this.insertEventStmt = db.prepare(
      `INSERT INTO match_events (id, match_id, seq, kind, payload_json, supersedes, device_id, device_seq, hlc, created_at)
       VALUES (@id, @matchId, @seq, @kind, @payload, @supersedes, @deviceId, @deviceSeq, @hlc, @at)`,
    )
    this.outcomeStmt = db.prepare(
      `UPDATE matches SET status = @status, updated_at = @at, finished_at = @finishedAt, winners_json = @winners,
              rounds_played = @rounds, summary = @summary WHERE id = @id`,
    )
    this.clearRoundsStmt = db.prepare('DELETE FROM round_results WHERE match_id = ?')
    this.insertRoundStmt = db.prepare(
      `INSERT INTO round_results (match_id, round, seat, player_id, game_id, score, total, won_round, details_json, played_at)
       VALUES (@matchId, @round, @seat, @playerId, @gameId, @score, @total, @won, @details, @playedAt)`,
    )
  }

  insertMatch(m: { id: string; gameId: GameId; config: string; houseRules: string; at: string; deviceId: string }): void {
    this.insertMatchStmt.run(m)
  }

  insertSeat(matchId: string, seat: number, playerId: string, color: string | null): void {
    this.insertSeatStmt.run(matchId, seat, playerId, color)
  }

  get(id: string): MatchRow | undefined {
    return this.getStmt.get(id)
  }

  seats(matchId: string): SeatRow[] {
    return this.seatsStmt.all(matchId)
  }

  events(matchId: string): EventRow[] {
    return this.eventsStmt.all(matchId)
  }

  appendEvent(e: {
    id: string
    matchId: string
    kind: EventRow['kind']
    payload: string
    supersedes: string | null
    deviceId: string
    deviceSeq: number
    hlc: string
    at: string
  }): number {
    const seq = (this.nextSeqStmt.get(e.matchId) as { next: number }).next
    this.insertEventStmt.run({ ...e, seq })
    return seq
  }

  setOutcome(o: { id: string; status: MatchStatus; at: string; finishedAt: string | null; winners: string; rounds: number; summary: string }): void {
    this.outcomeStmt.run(o)
  }

  replaceRounds(matchId: string, gameId: GameId, playerIds: string[], rows: (RoundRow & { playedAt: string })[]): void {
    this.clearRoundsStmt.run(matchId)
    for (const r of rows) {
      this.insertRoundStmt.run({
        matchId,
        round: r.round,
        seat: r.seat,
        playerId: playerIds[r.seat],
        gameId,
        score: r.score,
        total: r.total,
        won: r.wonRound ? 1 : 0,
        details: JSON.stringify(r.details),
        playedAt: r.playedAt,
      })
    }
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
    const sql = `
      SELECT m.*, (SELECT json_group_array(json_object('id', p.id, 'name', p.name))
                   FROM (SELECT p.id, p.name FROM match_seats s JOIN players p ON p.id = s.player_id
                         WHERE s.match_id = m.id ORDER BY s.seat) p) AS players_json
      FROM matches m
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY m.updated_at DESC, m.id DESC
      LIMIT @limit OFFSET @offset`
    return this.db.prepare(sql).all(params) as SummaryRow[]
  }
}
