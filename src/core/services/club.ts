/**
 * Club data: seasons (leagues) and their standings, game nights, and ratings explained
 * (docs/ARCHITECTURE.md § Club data). Writes append club events (src/shared/events/club.ts) and project them in one
 * immediate transaction; reads compute on demand from the projections (match_results, matches, seats), with
 * the pure math in src/shared/stats/league.ts, nights.ts and elo.ts, and the ratings table with its
 * notes in club-ratings.ts. The long reads run in the database worker (src/core/worker/), so this
 * file has no Electron and no worker code.
 */
import type { Database } from 'better-sqlite3'
import {
  CLUB_SUBJECT,
  MAX_SEASON_MATCHES,
  nightSubject,
  type FrozenStandings,
  type PointsScheme,
  type RatingSystem,
  type SeasonFields,
} from '../../shared/events/club'
import { rulesOf, rulesText, SEASON_RULE_FIELDS, type SeasonRules } from '../../shared/events/season-rules'
import type { GameId } from '../../shared/games/engine'
import type { NightList, RatingsExplained, Season, SeasonStandings } from '../../shared/model/club'
import type { ClubRecords } from '../../shared/model/records'
import { nameTextProblem } from '../../shared/model/player'
import { err, ok, type Result } from '../../shared/result'
import { replayElo } from '../../shared/stats/elo'
import {
  finalNote,
  schemeWarnings,
  standings,
  TIE_BREAKS,
  type FinalPlayed,
  type KeptResults,
  type LeagueMatch,
} from '../../shared/stats/league'
import type { EventStore } from '../db/repos/events'
import { writeTransaction } from '../db/transaction'
import { projectClubSubject, withSeen } from './club-projector'
import { explainRatings, tables } from './club-ratings'
import { clubRecords } from './records'
import { seasonKinds } from './league-totals'
import { listNights, NIGHT_SQL, type NightFilter } from './nights'
import { localDayWhere } from './stats-dates'

export { explain } from './club-ratings'

interface SeasonDbRow {
  id: string
  name: string
  start_date: string
  end_date: string
  games_json: string | null
  players_json: string | null
  scheme_json: string
  archived_at: string | null
  frozen_json: string | null
  created_at: string
  updated_at: string
}

/** frozen_json of a season archived with its standings (an array: the match ids alone, as before). */
interface FrozenSeason {
  matchIds: string[]
  standings: FrozenStandings
}

const toSeason = (r: SeasonDbRow): Season => {
  // The rules ride in the scheme's column (club-projector.ts), only when one is used.
  const { rules, ...scheme } = JSON.parse(r.scheme_json) as PointsScheme & { rules?: SeasonRules }
  return {
    id: r.id,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    gameIds: r.games_json ? (JSON.parse(r.games_json) as GameId[]) : null,
    playerIds: r.players_json ? (JSON.parse(r.players_json) as string[]) : null,
    scheme: scheme as PointsScheme,
    ...rulesOf(rules ?? {}),
    warnings: schemeWarnings(scheme as PointsScheme),
    archivedAt: r.archived_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export function schemeText(s: PointsScheme): string {
  return s.kind === 'result'
    ? `${s.win} points for a win, ${s.draw} for a shared win, ${s.loss} for any other result.`
    : `Placement points scaled by table size: finishing p-th of n earns ${s.top} × (n − p) / (n − 1), so first earns ${s.top} and last 0 at any table size; tied players share the average. On average a seat earns ${s.top / 2} whatever the number of players.`
}

const seasonNotFound = (): Result<never> =>
  err('not-found', 'That season no longer exists. The list has been refreshed.', 'id')

export class ClubService {
  constructor(
    private readonly db: Database,
    private readonly events: EventStore | null,
    /** The most matches an archive can freeze (every laptop refuses a larger season.archived event). */
    private readonly maxFrozen = MAX_SEASON_MATCHES,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Seasons

  listSeasons(): Result<Season[]> {
    const rows = this.db
      .prepare('SELECT * FROM seasons ORDER BY archived_at IS NOT NULL, start_date DESC, name, id')
      .all() as SeasonDbRow[]
    return ok(rows.map(toSeason))
  }

  private seasonRow(id: string): SeasonDbRow | undefined {
    return this.db.prepare('SELECT * FROM seasons WHERE id = ?').get(id) as SeasonDbRow | undefined
  }

  private checkFields(f: SeasonFields, exceptId: string | null): Result<true> {
    if (f.endDate < f.startDate)
      return err('invalid-dates', `The season cannot end (${f.endDate}) before it starts (${f.startDate}).`, 'endDate')
    const clash = this.db
      .prepare('SELECT name FROM seasons WHERE lower(name) = lower(?) AND id IS NOT ?')
      .get(f.name, exceptId) as { name: string } | undefined
    if (clash) return err('duplicate-name', `There is already a season called “${clash.name}”.`, 'name')
    if (f.final) {
      const known = this.db
        .prepare('SELECT count(*) FROM matches WHERE id IN (SELECT value FROM json_each(?))')
        .pluck()
        .get(JSON.stringify(f.final.matchIds)) as number
      const missing = f.final.matchIds.length - known
      if (missing)
        return err(
          'not-found',
          `${missing === 1 ? 'One match' : `${missing} matches`} marked as the final no longer exist${missing === 1 ? 's' : ''}.`,
          'final',
        )
    }
    if (f.playerIds) {
      const known = new Set(
        this.db
          .prepare('SELECT id FROM players WHERE deleted = 0 AND id IN (SELECT value FROM json_each(?))')
          .pluck()
          .all(JSON.stringify(f.playerIds)) as string[],
      )
      const missing = f.playerIds.filter((p) => !known.has(p))
      if (missing.length)
        return err(
          'not-found',
          `${missing.length === 1 ? 'One player' : `${missing.length} players`} of the season no longer exist${missing.length === 1 ? 's' : ''}.`,
          'playerIds',
        )
    }
    return ok(true)
  }

  private store(): EventStore {
    if (!this.events) throw new Error('this ClubService is read-only')
    return this.events
  }

  createSeason(f: SeasonFields): Result<Season> {
    return writeTransaction(this.db, () => {
      const checked = this.checkFields(f, null)
      if (!checked.ok) return checked
      const e = this.store().appendNew('season.created', f)
      projectClubSubject(this.db, this.store(), e.subject)
      return this.season(e.subject)
    })
  }

  season(id: string): Result<Season> {
    const r = this.seasonRow(id)
    return r ? ok(toSeason(r)) : seasonNotFound()
  }

  updateSeason(id: string, change: Partial<SeasonFields>): Result<Season> {
    return writeTransaction(this.db, () => {
      const row = this.seasonRow(id)
      if (!row) return seasonNotFound()
      const current = toSeason(row)
      if (current.archivedAt)
        return err('archived', `“${current.name}” is archived: its standings are final. Restore it to change it.`, 'id')
      const next: SeasonFields = {
        name: current.name,
        startDate: current.startDate,
        endDate: current.endDate,
        gameIds: current.gameIds,
        playerIds: current.playerIds,
        scheme: current.scheme,
        ...rulesOf(current),
      }
      const changed: Partial<SeasonFields> = {}
      for (const k of Object.keys(change) as (keyof SeasonFields)[]) {
        const value = change[k]
        if (value === undefined || JSON.stringify(value) === JSON.stringify(current[k] ?? null)) continue
        ;(changed as Record<string, unknown>)[k] = value
        ;(next as unknown as Record<string, unknown>)[k] = value
      }
      if (Object.keys(changed).length === 0) return ok(current)
      const checked = this.checkFields(next, id)
      if (!checked.ok) return checked
      this.store().append('season.updated', id, withSeen(this.store(), id, 'season.updated', changed))
      projectClubSubject(this.db, this.store(), id)
      return this.season(id)
    })
  }

  setSeasonArchived(id: string, archived: boolean): Result<Season> {
    return writeTransaction(this.db, () => {
      const row = this.seasonRow(id)
      if (!row) return seasonNotFound()
      if ((row.archived_at !== null) === archived) return ok(toSeason(row))
      if (archived) {
        const season = toSeason(row)
        const live = this.liveMatches(season)
        const final = this.finalPlayed(season)
        const matchIds = [...live, ...(final?.matches ?? [])].map((m) => m.matchId)
        if (matchIds.length > this.maxFrozen) {
          return err(
            'too-many-matches',
            `“${row.name}” counts ${matchIds.length} matches; an archived season can keep at most ${this.maxFrozen}. Split it into shorter seasons first.`,
            'id',
          )
        }
        // The final table travels with the archive: later undos and corrections of these matches
        // do not change it (docs/ARCHITECTURE.md, "Club data").
        const standings: FrozenStandings = {
          matches: matchIds.length,
          // Every number of the row, the name aside (read as it is now).
          rows: this.table(season, live, final).map(({ name: _name, ...row }) => row),
        }
        this.store().append(
          'season.archived',
          id,
          withSeen(this.store(), id, 'season.archived', { matchIds, standings }),
        )
      } else this.store().append('season.restored', id, withSeen(this.store(), id, 'season.restored', {}))
      projectClubSubject(this.db, this.store(), id)
      return this.season(id)
    })
  }

  deleteSeason(id: string): Result<{ id: string }> {
    return writeTransaction(this.db, () => {
      if (!this.seasonRow(id)) return seasonNotFound()
      this.store().append('season.deleted', id, {})
      projectClubSubject(this.db, this.store(), id)
      return ok({ id })
    })
  }

  /**
   * The finished matches a season counts now: started on a local date in its range, of its games;
   * the matches marked as its final aside. Each with its game night, for attendance points.
   */
  private liveMatches(s: Season, together: ReadonlySet<string> | null = null): LeagueMatch[] {
    const params: Record<string, unknown> = {}
    const where = [
      "m.status = 'finished'",
      ...localDayWhere('m.created_at', 'm.utc_offset', { fromDate: s.startDate, toDate: s.endDate }, params),
    ]
    if (s.gameIds) {
      params.games = JSON.stringify(s.gameIds)
      where.push('m.game_id IN (SELECT value FROM json_each(@games))')
    }
    if (s.final) {
      params.finalIds = JSON.stringify(s.final.matchIds)
      where.push('m.id NOT IN (SELECT value FROM json_each(@finalIds))')
    }
    if (together) {
      // Only the matches where two of these players sat (head-to-head among the tied).
      params.together = JSON.stringify([...together])
      where.push(`m.id IN (SELECT match_id FROM match_results WHERE player_id IN (SELECT value FROM json_each(@together))
        GROUP BY match_id HAVING count(*) > 1)`)
    }
    // One read of the counted results in match order, each match's seats in seat order (a list of
    // ids sent back in through json_each cost more than the table at 28,000 matches).
    const rows = this.db
      .prepare(
        `SELECT r.match_id, r.player_id, r.placement, r.won, ${NIGHT_SQL} FROM matches m CROSS JOIN match_results r ON r.match_id = m.id
         WHERE ${where.join(' AND ')} ORDER BY m.created_at, m.id, r.seat`,
      )
      .raw()
      .all(params) as [string, string, number, number, string][]
    const out: LeagueMatch[] = []
    for (const [matchId, playerId, placement, won, night] of rows) {
      if (out[out.length - 1]?.matchId !== matchId) out.push({ matchId, seats: [], night })
      out[out.length - 1]!.seats.push({ playerId, placement, won: won === 1 })
    }
    return out
  }

  /** The results of these matches (finished ones only), in the given order, each with its game night. */
  private resultsOf(ids: readonly string[]): LeagueMatch[] {
    const rows = this.db
      .prepare(
        `SELECT r.match_id, r.player_id, r.placement, r.won, ${NIGHT_SQL} AS night FROM match_results r
         JOIN matches m ON m.id = r.match_id
         WHERE r.match_id IN (SELECT value FROM json_each(?)) ORDER BY r.match_id, r.seat`,
      )
      .all(JSON.stringify(ids)) as {
      match_id: string
      player_id: string
      placement: number
      won: number
      night: string
    }[]
    const by = new Map<string, LeagueMatch>()
    for (const r of rows) {
      let m = by.get(r.match_id)
      if (!m) by.set(r.match_id, (m = { matchId: r.match_id, seats: [], night: r.night }))
      m.seats.push({ playerId: r.player_id, placement: r.placement, won: r.won === 1 })
    }
    return ids.flatMap((id) => by.get(id) ?? [])
  }

  /** Every player: name, where their history lives now (after merges), deleted or not. */
  private playersById(): Map<string, { id: string; name: string; canonical_id: string; deleted: number }> {
    return new Map(
      (
        this.db.prepare('SELECT id, name, canonical_id, deleted FROM players').all() as {
          id: string
          name: string
          canonical_id: string
          deleted: number
        }[]
      ).map((p) => [p.id, p]),
    )
  }

  /** The finished matches of the season's final now, with how many were marked (null: no final). */
  private finalPlayed(s: Season): FinalPlayed | null {
    return s.final
      ? { topK: s.final.topK, matches: this.resultsOf(s.final.matchIds), marked: s.final.matchIds.length }
      : null
  }

  /** The standings of these matches under the season's scheme, rules and members. */
  private table(
    season: Season,
    matches: readonly LeagueMatch[],
    final: FinalPlayed | null,
    names = this.playersById(),
    kept: KeptResults | null = null,
  ): ReturnType<typeof standings> {
    // Season members where their history lives now (after merges); deleted players drop out.
    const members = season.playerIds
      ? [
          ...new Set(
            season.playerIds.map((p) => names.get(p)).flatMap((p) => (p && !p.deleted ? [p.canonical_id] : [])),
          ),
        ]
      : null
    const byId = new Map([...names.values()].map((p) => [p.id, p.name]))
    return standings(season.scheme, matches, byId, members, rulesOf(season), final, kept)
  }

  standings(id: string): Result<SeasonStandings> {
    const row = this.seasonRow(id)
    if (!row) return seasonNotFound()
    const season = toSeason(row)
    const frozen = row.frozen_json ? (JSON.parse(row.frozen_json) as string[] | FrozenSeason) : null
    const rules = rulesOf(season)
    const common = {
      season,
      tieBreaks: TIE_BREAKS,
      schemeText: schemeText(season.scheme),
      frozen: frozen !== null,
      ...(SEASON_RULE_FIELDS.some((f) => rules[f] !== null) ? { rulesText: rulesText(rules) } : {}),
    }
    const withFinal = <T extends { rows: SeasonStandings['rows'] }>(t: T, finished: number | null): T => {
      const note = finalNote(rules, t.rows, finished)
      return note === null ? t : { ...t, finalNote: note }
    }
    const names = this.playersById()
    if (frozen && !Array.isArray(frozen)) {
      // The table the archive froze: its numbers as they were, the names as they are now (a player
      // merged since shows as the one their history went to); a member deleted since drops out.
      const rows = frozen.standings.rows.flatMap((r) => {
        const p = names.get(r.playerId)
        if (p?.deleted) return []
        const into = p ? (names.get(p.canonical_id) ?? p) : null
        return [{ ...r, playerId: into?.id ?? r.playerId, name: into?.name ?? 'Unknown player' }]
      })
      return ok(withFinal({ ...common, rows, matches: frozen.standings.matches, final: true }, null))
    }
    if (!frozen && rules.bestOf === null && !rules.attendance && !rules.final) {
      // An open season without best N, attendance or a final: its totals from the running counts
      // (league-totals.ts), two lookups per kind of seat whatever the history; head-to-head among
      // players still level reads only the matches where they sat together.
      const { kinds, matches } = seasonKinds(this.db, season.startDate, season.endDate, season.gameIds)
      const kept = { kinds, together: (players: ReadonlySet<string>) => this.liveMatches(season, players) }
      return ok(withFinal({ ...common, rows: this.table(season, [], null, names, kept), matches, final: false }, null))
    }
    // Open, or archived by an archive event without standings: computed from the matches.
    const finalIds = new Set(season.final?.matchIds ?? [])
    const counted = frozen ? this.resultsOf(frozen) : this.liveMatches(season)
    const matches = counted.filter((m) => !finalIds.has(m.matchId))
    const final = this.finalPlayed(season)
    // An archive without standings froze the final's matches it had (the list it counted).
    if (final && frozen) final.matches = final.matches.filter((m) => frozen.includes(m.matchId))
    const rows = this.table(season, matches, final, names)
    const all = matches.length + (final?.matches.length ?? 0)
    return ok(withFinal({ ...common, rows, matches: all, final: false }, final?.matches.length ?? null))
  }

  // -------------------------------------------------------------------------------------------
  // Game nights

  /** The newest nights first, with who played, their matches and venues (nights.ts). */
  nights(filter: NightFilter): Result<NightList> {
    return ok(listNights(this.db, filter))
  }

  setVenue(date: string, raw: string | null): Result<{ date: string; venue: string | null }> {
    const venue = raw?.trim() || null
    if (venue && venue.length > 80)
      return err('invalid-venue', `A venue is at most 80 characters; this one has ${venue.length}.`, 'venue')
    // The text rule of every name (a player's): no broken character, control or direction override.
    const problem = venue ? nameTextProblem(venue) : null
    if (problem) return err('invalid-venue', problem.replace(/^A name /, 'A venue '), 'venue')
    return writeTransaction(this.db, () => {
      const current = this.db.prepare('SELECT venue FROM night_venues WHERE night = ?').pluck().get(date) as
        string | undefined
      if ((current ?? null) !== venue) {
        this.store().append(
          'night.venue-set',
          nightSubject(date),
          withSeen(this.store(), nightSubject(date), 'night.venue-set', { date, venue }),
        )
        projectClubSubject(this.db, this.store(), nightSubject(date))
      }
      return ok({ date, venue })
    })
  }

  // -------------------------------------------------------------------------------------------
  // Ratings

  ratingSystem(): { system: RatingSystem; setAt: string | null } {
    const r = this.db.prepare("SELECT value, set_at FROM club_settings WHERE key = 'rating_system'").get() as
      { value: RatingSystem; set_at: string } | undefined
    return r ? { system: r.value, setAt: r.set_at } : { system: 'openskill', setAt: null }
  }

  setRatingSystem(system: RatingSystem): Result<{ system: RatingSystem; setAt: string | null }> {
    return writeTransaction(this.db, () => {
      if (this.ratingSystem().system !== system || this.ratingSystem().setAt === null) {
        this.store().append(
          'club.rating-system-set',
          CLUB_SUBJECT,
          withSeen(this.store(), CLUB_SUBJECT, 'club.rating-system-set', { system }),
        )
        projectClubSubject(this.db, this.store(), CLUB_SUBJECT)
      }
      return ok(this.ratingSystem())
    })
  }

  /** Elo of one game, replayed from its finished matches in match order. */
  elo(gameId: GameId): Map<string, { rating: number; matches: number }> {
    return replayElo(tables(this.db, gameId))
  }

  /** The club's records and badges, and a year in review (records.ts; docs/ARCHITECTURE.md § Records). */
  records(year: number | null): Result<ClubRecords> {
    return clubRecords(this.db, year)
  }

  /** One game's ratings under the club's rating system, each with why the player ranks there (club-ratings.ts). */
  ratings(gameId: GameId): Result<RatingsExplained> {
    const { system, setAt } = this.ratingSystem()
    return explainRatings(this.db, gameId, system, setAt)
  }
}
