/**
 * The night board's read (`board:night`, docs/ARCHITECTURE.md § The night board): every match of one
 * game night, whichever laptop or phone it is entered on. Synced matches are projected like local
 * ones, so the night's rows are one range of night_matches (club-totals.ts keeps each match under its
 * night as it is written or merged); a match in progress is then read as the match screen reads it
 * (MatchService.get, through the commit cache), so its standings are MatchView's: ranked by its game's
 * own rules (lower-score-wins games rank the lowest total first). The work follows the night's
 * matches, never the history.
 */
import type { Database } from 'better-sqlite3'
import { GAME_FACTS, GAME_NAMES, type GameId } from '../../shared/games/ids'
import type { BoardNight, BoardResult, BoardTable } from '../../shared/model/board'
import type { MatchView } from '../../shared/model/match'
import { matchOf } from '../../shared/model/match'
import { ok, type Result } from '../../shared/result'
import { localDateTimeOf } from '../../shared/stats/local-date'
import { nightOf } from '../../shared/stats/nights'
import type { MatchService } from './matches'

export interface BoardDeps {
  db: Database
  matches: Pick<MatchService, 'get'>
  now: () => Date
  /** This laptop's device id (a match it started says 'this laptop'). */
  deviceId: () => string
  /** The club's laptops by device id, with their names (empty outside a club). */
  laptops: () => Promise<ReadonlyMap<string, string>>
  /** The phones paired with running matches on this laptop: match id → the phone's label. */
  phones: () => ReadonlyMap<string, string>
}

type Row = [
  matchId: string,
  gameId: GameId,
  createdAt: string,
  utcOffset: number,
  status: 'in-progress' | 'finished' | 'abandoned',
  winnersJson: string,
  playersJson: string,
  deviceId: string | null,
]

/** Tonight: the night this laptop's clock is in, by its own offset (a match started at 01:30 is the evening before's). */
export function tonight(now: Date): string {
  return nightOf(now.toISOString(), -now.getTimezoneOffset())
}

export class BoardService {
  constructor(private readonly d: BoardDeps) {}

  async night(date?: string): Promise<Result<BoardNight>> {
    const { db } = this.d
    const now = this.d.now()
    const night = date ?? tonight(now)
    // night_matches' key starts with the night: one range, in start order.
    const rows = db
      .prepare(
        `SELECT n.match_id, n.game_id, n.created_at, n.utc_offset, n.status, n.winners_json, n.players_json, m.device_id
         FROM night_matches n LEFT JOIN matches m ON m.id = n.match_id
         WHERE n.night = ? ORDER BY n.created_at, n.match_id`,
      )
      .raw()
      .all(night) as Row[]
    const venue =
      (db.prepare('SELECT venue FROM night_venues WHERE night = ?').pluck().get(night) as string | undefined) ?? null
    const open = rows.filter((r) => r[4] === 'in-progress')
    const laptops = open.length > 0 ? await this.d.laptops() : new Map<string, string>()
    const phones = open.length > 0 ? this.d.phones() : new Map<string, string>()
    const me = this.d.deviceId()
    const tables: BoardTable[] = []
    for (const r of open) {
      const view = this.d.matches.get(r[0])
      // A match the log cannot show (removed since the row was read) is left off, not shown half.
      if (!view.ok || view.value.status !== 'in-progress') continue
      const device = r[7]
      tables.push(
        tableOf(
          view.value,
          device === me ? 'this laptop' : device ? (laptops.get(device) ?? null) : null,
          phones.get(r[0]) ?? null,
        ),
      )
    }
    const results = rows.filter((r) => r[4] !== 'in-progress').map((r) => this.resultOf(r))
    results.reverse()
    return ok({ date: night, venue, at: now.toISOString(), tables, results })
  }

  private resultOf(r: Row): BoardResult {
    const [matchId, gameId, createdAt, utcOffset, status, winnersJson, playersJson] = r
    const ids = JSON.parse(playersJson) as string[]
    const names = this.names(ids)
    const winners = new Set(JSON.parse(winnersJson) as number[])
    return {
      matchId,
      gameId,
      gameName: GAME_NAMES[gameId],
      status: status === 'abandoned' ? 'abandoned' : 'finished',
      players: names,
      winners: names.filter((_, seat) => winners.has(seat)),
      localTime: localDateTimeOf(createdAt, utcOffset).slice(11, 16),
    }
  }

  private names(ids: string[]): string[] {
    if (ids.length === 0) return []
    const found = new Map(
      (
        this.d.db
          .prepare('SELECT id, name FROM players WHERE id IN (SELECT value FROM json_each(?))')
          .raw()
          .all(JSON.stringify(ids)) as [string, string][]
      ).map(([id, name]) => [id, name]),
    )
    return ids.map((id) => found.get(id) ?? 'Unknown player')
  }
}

/** One card: the view's standings in rank order (ties by seat), its round, the dealer and who acts. */
function tableOf(view: MatchView, laptop: string | null, table: string | null): BoardTable {
  const colors = new Map(view.seats.map((s) => [s.seat, s.color]))
  const names = new Map(view.seats.map((s) => [s.seat, s.name]))
  return {
    matchId: view.id,
    gameId: view.gameId,
    gameName: GAME_NAMES[view.gameId],
    roundWord: GAME_FACTS[view.gameId].roundWord,
    round: view.game.round,
    dealer: dealerOf(view),
    toAct: view.game.toAct,
    message: view.game.message,
    standings: [...view.standings]
      .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
      .map((s) => ({
        seat: s.seat,
        // The seat's current name (after a rename), as the match screen shows it.
        name: names.get(s.seat) ?? s.name,
        color: colors.get(s.seat) ?? null,
        score: s.score,
        rank: s.rank,
        eliminated: s.eliminated,
      })),
    startedAt: view.createdAt,
    lastEntryAt: view.updatedAt,
    laptop,
    table,
  }
}

/** The seat dealing now, in the games dealt round by round (WN-R2 and WN-R19, NI-R3); null in the others. */
function dealerOf(view: MatchView): number | null {
  const wild = matchOf(view, 'wild-nine')
  if (wild) return wild.state?.dealer ?? null
  const nine = matchOf(view, 'nine')
  if (nine) return nine.state?.dealer ?? null
  return null
}
