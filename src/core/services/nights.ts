/**
 * The game nights list (`nights:list`, ARCHITECTURE § Club data): nights newest first, each with
 * who played, its matches and its venue. A night is the local date a match starts on, until 06:00
 * the next morning where it was played (src/shared/stats/nights.ts). Each match's row in the list is
 * kept under its night in night_matches as matches are written (club-totals.ts), so the newest
 * `limit` nights are one range of that table and the names one read of the players: the work
 * follows the nights shown, not the history.
 */
import type { Database } from 'better-sqlite3'
import type { GameId } from '../../shared/games/engine'
import type { Night, NightList } from '../../shared/model/club'
import { localDateTimeOf } from '../../shared/stats/local-date'
import { NIGHT_CUTOFF_HOUR } from '../../shared/stats/nights'

/** The night of match `m`: its UTC start plus its offset, less the six hours before the cutoff. */
export const NIGHT_SQL = `date(m.created_at, ((coalesce(m.utc_offset, 0) - ${NIGHT_CUTOFF_HOUR * 60}) || ' minutes'))`

export interface NightFilter {
  fromDate?: string | undefined
  toDate?: string | undefined
  limit?: number | undefined
}

type Row = [
  night: string,
  createdAt: string,
  id: string,
  gameId: GameId,
  utcOffset: number,
  status: Night['matches'][number]['status'],
  winnersJson: string,
  playersJson: string,
]

/** A UTC instant as the app stores it (its own clock's ISO form). */
const UTC_ISO = /^\d{4}-\d\d-\d\dT(\d\d):(\d\d):\d\d(\.\d+)?Z$/

/** HH:MM where the match was played: the same as localDateTimeOf, by arithmetic on the stored UTC time. */
export function localTimeOf(iso: string, utcOffset: number): string {
  const m = UTC_ISO.exec(iso)
  if (!m) return localDateTimeOf(iso, utcOffset).slice(11, 16)
  const minutes = (((Number(m[1]) * 60 + Number(m[2]) + utcOffset) % 1440) + 1440) % 1440
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

export function listNights(db: Database, filter: NightFilter): NightList {
  const params: Record<string, unknown> = {}
  const where: string[] = []
  if (filter.fromDate) {
    where.push('night >= @nightFrom')
    params.nightFrom = filter.fromDate
  }
  if (filter.toDate) {
    where.push('night <= @nightTo')
    params.nightTo = filter.toDate
  }
  // night_matches (club-totals.ts): each match under its night, kept as matches are written.
  const dates = db
    .prepare(
      `SELECT DISTINCT night FROM night_matches ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY night DESC`,
    )
    .pluck()
    .all(params) as string[]
  const shown = dates.slice(0, filter.limit ?? 60)
  const total = dates.length
  if (shown.length === 0) return { nights: [], total, cutoffHour: NIGHT_CUTOFF_HOUR }
  // Only the shown nights' matches: every night from the oldest one shown (within the filter).
  where.push('night >= @oldestShown')
  params.oldestShown = shown[shown.length - 1]
  const rows = db
    .prepare(
      `SELECT night, created_at, match_id, game_id, utc_offset, status, winners_json, players_json
       FROM night_matches WHERE ${where.join(' AND ')} ORDER BY night, created_at, match_id`,
    )
    .raw()
    .all(params) as Row[]
  const names = new Map(
    (db.prepare('SELECT id, name FROM players').raw().all() as [string, string][]).map(([id, name]) => [id, name]),
  )
  const byNight = new Map<string, Row[]>()
  for (const r of rows) {
    const list = byNight.get(r[0])
    if (list) list.push(r)
    else byNight.set(r[0], [r])
  }
  const venues = new Map(
    (
      db
        .prepare('SELECT night, venue FROM night_venues WHERE night IN (SELECT value FROM json_each(?))')
        .all(JSON.stringify(shown)) as { night: string; venue: string }[]
    ).map((v) => [v.night, v.venue]),
  )
  // One collator for every comparison (what localeCompare would make on each call).
  const byName = new Intl.Collator().compare
  const nights: Night[] = shown.map((date) => {
    const players = new Map<string, Night['players'][number]>()
    const matches = (byNight.get(date) ?? []).map((row) => {
      const [, createdAt, id, gameId, utcOffset, status, winnersJson, playersJson] = row
      const winnerSeats = JSON.parse(winnersJson) as number[]
      const ids = JSON.parse(playersJson) as string[]
      const seated = ids.map((playerId) => names.get(playerId) ?? 'Unknown player')
      ids.forEach((playerId, seat) => {
        let p = players.get(playerId)
        if (!p) players.set(playerId, (p = { playerId, name: seated[seat] as string, matches: 0, wins: 0 }))
        p.matches++
        if (winnerSeats.includes(seat)) p.wins++
      })
      return {
        matchId: id,
        gameId,
        localTime: localTimeOf(createdAt, utcOffset),
        status,
        players: seated,
        winners: winnerSeats.length ? seated.filter((_, seat) => winnerSeats.includes(seat)) : [],
      }
    })
    return {
      date,
      venue: venues.get(date) ?? null,
      players: [...players.values()].sort((a, b) => b.wins - a.wins || b.matches - a.matches || byName(a.name, b.name)),
      matches,
    }
  })
  return { nights, total, cutoffHour: NIGHT_CUTOFF_HOUR }
}
