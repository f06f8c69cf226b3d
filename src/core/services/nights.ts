/**
 * The game nights list (`nights:list`, ARCHITECTURE § Club data): nights newest first, each with
 * who played, its matches and its venue. A night is the local date a match starts on, until 06:00
 * the next morning where it was played (src/shared/stats/nights.ts); SQLite works it out for each
 * match (`NIGHT_SQL`, the same arithmetic as nightOf), picks the newest `limit` nights, and only
 * their matches, seats and names are read: the work follows the nights shown, not the history.
 */
import type { Database } from 'better-sqlite3'
import type { GameId } from '../../shared/games/engine'
import type { Night, NightList } from '../../shared/model/club'
import { addDays, localDateTimeOf } from '../../shared/stats/local-date'
import { NIGHT_CUTOFF_HOUR } from '../../shared/stats/nights'
import { localDayWhere } from './stats-dates'

/** The night of match `m`: its UTC start plus its offset, less the six hours before the cutoff. */
export const NIGHT_SQL = `date(m.created_at, ((coalesce(m.utc_offset, 0) - ${NIGHT_CUTOFF_HOUR * 60}) || ' minutes'))`

export interface NightFilter {
  fromDate?: string | undefined
  toDate?: string | undefined
  limit?: number | undefined
}

type Row = [
  id: string,
  gameId: GameId,
  createdAt: string,
  utcOffset: number,
  status: Night['matches'][number]['status'],
  winnersJson: string,
  night: string,
  seat: number | null,
  playerId: string | null,
  name: string | null,
]

export function listNights(db: Database, filter: NightFilter): NightList {
  const params: Record<string, unknown> = {}
  // A night's matches start between its date 06:00 and the next day's 06:00, local time.
  const where = localDayWhere(
    'm.created_at',
    'm.utc_offset',
    { fromDate: filter.fromDate, toDate: filter.toDate ? addDays(filter.toDate, 1) : undefined },
    params,
  )
  if (filter.fromDate) {
    where.push(`${NIGHT_SQL} >= @nightFrom`)
    params.nightFrom = filter.fromDate
  }
  if (filter.toDate) {
    where.push(`${NIGHT_SQL} <= @nightTo`)
    params.nightTo = filter.toDate
  }
  const dates = db
    .prepare(
      `SELECT DISTINCT ${NIGHT_SQL} AS night FROM matches m ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY night DESC`,
    )
    .pluck()
    .all(params) as string[]
  const shown = dates.slice(0, filter.limit ?? 60)
  const total = dates.length
  if (shown.length === 0) return { nights: [], total, cutoffHour: NIGHT_CUTOFF_HOUR }
  // Only the shown nights' matches: every night from the oldest one shown (within the filter).
  where.push(`${NIGHT_SQL} >= @oldestShown`)
  params.oldestShown = shown[shown.length - 1]
  const rows = db
    .prepare(
      `SELECT m.id, m.game_id, m.created_at, m.utc_offset, m.status, m.winners_json, ${NIGHT_SQL} AS night,
              s.seat, s.player_id, coalesce(p.name, 'Unknown player') AS name
       FROM matches m LEFT JOIN match_seats s ON s.match_id = m.id LEFT JOIN players p ON p.id = s.player_id
       WHERE ${where.join(' AND ')} ORDER BY m.created_at, m.id, s.seat`,
    )
    .raw()
    .all(params) as Row[]
  const byNight = new Map<string, { row: Row; seats: { seat: number; playerId: string; name: string }[] }[]>()
  let last: { row: Row; seats: { seat: number; playerId: string; name: string }[] } | null = null
  for (const r of rows) {
    if (!last || last.row[0] !== r[0]) {
      last = { row: r, seats: [] }
      const list = byNight.get(r[6])
      if (list) list.push(last)
      else byNight.set(r[6], [last])
    }
    if (r[7] !== null) last.seats.push({ seat: r[7], playerId: r[8] as string, name: r[9] as string })
  }
  const venues = new Map(
    (
      db
        .prepare('SELECT night, venue FROM night_venues WHERE night IN (SELECT value FROM json_each(?))')
        .all(JSON.stringify(shown)) as { night: string; venue: string }[]
    ).map((v) => [v.night, v.venue]),
  )
  const nights: Night[] = shown.map((date) => {
    const players = new Map<string, Night['players'][number]>()
    const matches = (byNight.get(date) ?? []).map(({ row, seats }) => {
      const [id, gameId, createdAt, utcOffset, status, winnersJson] = row
      const winnerSeats = new Set(status === 'finished' ? (JSON.parse(winnersJson) as number[]) : [])
      for (const s of seats) {
        let p = players.get(s.playerId)
        if (!p) players.set(s.playerId, (p = { playerId: s.playerId, name: s.name, matches: 0, wins: 0 }))
        p.matches++
        if (winnerSeats.has(s.seat)) p.wins++
      }
      return {
        matchId: id,
        gameId,
        localTime: localDateTimeOf(createdAt, utcOffset).slice(11, 16),
        status,
        players: seats.map((s) => s.name),
        winners: seats.filter((s) => winnerSeats.has(s.seat)).map((s) => s.name),
      }
    })
    return {
      date,
      venue: venues.get(date) ?? null,
      players: [...players.values()].sort(
        (a, b) => b.wins - a.wins || b.matches - a.matches || a.name.localeCompare(b.name),
      ),
      matches,
    }
  })
  return { nights, total, cutoffHour: NIGHT_CUTOFF_HOUR }
}
