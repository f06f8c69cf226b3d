/**
 * Keeps the club projection tables (seasons, night_venues, club_settings; schema step 6) in step
 * with the club events (src/shared/events/club.ts). Like the player and match projections, each is
 * a pure reduction of its subject's events: projectClubSubject re-reduces one subject after a write
 * or an arrival, rebuildClub makes all of them again from the events alone, and both give the same
 * rows (tests compare digests). Call inside the caller's transaction.
 */
import type { Database } from 'better-sqlite3'
import {
  lastRatingSystemWrite,
  lastVenueWrite,
  reduceRatingSystem,
  reduceSeason,
  reduceVenue,
  type ClubEventKind,
  type ClubPayloadOf,
  type SeasonField,
  type SeasonProjection,
} from '../../shared/events/club'
import { hasRules, rulesOf } from '../../shared/events/season-rules'
import type { DomainEvent } from '../../shared/events/types'

interface Store {
  forSubject(subject: string): DomainEvent[]
}

function writeSeason(db: Database, id: string, s: SeasonProjection | null): void {
  if (!s) {
    db.prepare('DELETE FROM seasons WHERE id = ?').run(id)
    return
  }
  db.prepare(
    `INSERT INTO seasons (id, name, start_date, end_date, games_json, players_json, scheme_json, archived_at, frozen_json, created_at, updated_at)
     VALUES (@id, @name, @start_date, @end_date, @games_json, @players_json, @scheme_json, @archived_at, @frozen_json, @created_at, @updated_at)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, start_date = excluded.start_date, end_date = excluded.end_date,
       games_json = excluded.games_json, players_json = excluded.players_json, scheme_json = excluded.scheme_json,
       archived_at = excluded.archived_at, frozen_json = excluded.frozen_json, created_at = excluded.created_at, updated_at = excluded.updated_at`,
  ).run({
    id: s.id,
    name: s.name,
    start_date: s.startDate,
    end_date: s.endDate,
    games_json: s.gameIds ? JSON.stringify(s.gameIds) : null,
    players_json: s.playerIds ? JSON.stringify(s.playerIds) : null,
    // The season's rules (src/shared/events/season-rules.ts) ride in the scheme's column under
    // `rules`, only when one is used, so a season without rules keeps the row it always had.
    scheme_json: JSON.stringify(hasRules(rulesOf(s)) ? { ...s.scheme, rules: rulesOf(s) } : s.scheme),
    archived_at: s.archivedAt,
    // The frozen match list alone (an archive event without standings, as before), or with the
    // standings the archive froze: { matchIds, standings }.
    frozen_json: s.frozenMatchIds
      ? JSON.stringify(
          s.frozenStandings ? { matchIds: s.frozenMatchIds, standings: s.frozenStandings } : s.frozenMatchIds,
        )
      : null,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  })
}

/**
 * A change's payload with what its writer had seen (`replaces`: the events whose values it
 * replaces, docs/ARCHITECTURE.md § Merge rules), so it comes after them on every laptop whatever
 * the clocks say. Reads the subject's events (a season's or a night's few); call in the write's transaction.
 */
export function withSeen<K extends ClubEventKind>(
  events: Store,
  subject: string,
  kind: K,
  payload: ClubPayloadOf[K],
): ClubPayloadOf[K] {
  const list = events.forSubject(subject)
  if (kind === 'season.updated') {
    const sources = reduceSeason(list)?.sources
    if (!sources) return payload
    const replaces: Partial<Record<SeasonField, string>> = {}
    for (const f of Object.keys(payload) as SeasonField[])
      if ((payload as Record<string, unknown>)[f] !== undefined && f in sources) replaces[f] = sources[f]
    return { ...payload, replaces }
  }
  let replaces: string | undefined
  if (kind === 'season.archived' || kind === 'season.restored') replaces = reduceSeason(list)?.sources.archived
  else if (kind === 'night.venue-set') replaces = lastVenueWrite(list)?.id
  else if (kind === 'club.rating-system-set') replaces = lastRatingSystemWrite(list)?.id
  return replaces ? { ...payload, replaces } : payload
}

/** Re-reduces one club subject (a season, a night, the club settings) from its events. */
export function projectClubSubject(db: Database, events: Store, subject: string): void {
  const list = events.forSubject(subject)
  const kinds = new Set(list.map((e) => e.kind))
  if ([...kinds].some((k) => k.startsWith('season.'))) writeSeason(db, subject, reduceSeason(list))
  if (kinds.has('night.venue-set')) {
    const venue = reduceVenue(list)
    const date = (list.find((e) => e.kind === 'night.venue-set')?.payload as { date: string }).date
    if (venue)
      db.prepare(
        'INSERT INTO night_venues (night, venue, set_at) VALUES (?, ?, ?) ON CONFLICT (night) DO UPDATE SET venue = excluded.venue, set_at = excluded.set_at',
      ).run(venue.date, venue.venue, venue.setAt)
    else db.prepare('DELETE FROM night_venues WHERE night = ?').run(date)
  }
  if (kinds.has('club.rating-system-set')) {
    const r = reduceRatingSystem(list)
    db.prepare(
      "INSERT INTO club_settings (key, value, set_at) VALUES ('rating_system', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, set_at = excluded.set_at",
    ).run(r.system, r.setAt)
  }
}

/** Every club table again, from the events alone. */
export function rebuildClub(db: Database, events: Store): void {
  db.exec('DELETE FROM seasons; DELETE FROM night_venues; DELETE FROM club_settings;')
  const subjects = db
    .prepare(
      "SELECT DISTINCT subject FROM events WHERE kind LIKE 'season.%' OR kind = 'night.venue-set' OR kind = 'club.rating-system-set' ORDER BY subject",
    )
    .pluck()
    .all() as string[]
  for (const s of subjects) projectClubSubject(db, events, s)
}
