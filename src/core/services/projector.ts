/**
 * Keeps the projection tables in step with the event log. Each write re-runs the pure reducer
 * (src/shared/events/reduce.ts) for what it touched (one player, one match) and rewrites only the
 * rows that changed (what the events say of a match: compute-match.ts); rebuildAll() makes every
 * table again from the events alone, and gives the same rows (tests compare digests of both).
 */
import type { Database, Statement } from 'better-sqlite3'
import { completedRounds } from '../../shared/games/projections'
import { canonicalIds, reducePlayer, type PlayerProjection } from '../../shared/events/reduce'
import { hlcTime } from '../../shared/events/hlc'
import type { DomainEvent } from '../../shared/events/types'
import { playerNameKey } from '../../shared/model/player'
import type { MatchStatus } from '../../shared/model/match'
import type { EventStore } from '../db/repos/events'
import type { StatsProjector } from './stats-projector'
import { rebuildClub } from './club-projector'
import { refreshRemovals } from './removals'
import { RoundRows, wantedRounds } from './round-rows'
import { computeMatch } from './compute-match'
import type { ProjectedMatch, ProjectedSeat } from './projected-match'

// The projected match's shape lives in its own file, so recorded-projection.ts can use it without importing this one.
export type { ProjectedMatch, ProjectedSeat } from './projected-match'

interface PlayerDbRow {
  id: string
  name: string
  color: string | null
  archived_at: string | null
  created_at: string
  updated_at: string
  deleted: number
  merged_into: string | null
  canonical_id: string
}

/** What a round changes on the match row, in the order the head updates bind them (status first). */
const HEAD_COLUMNS = [
  'status',
  'updated_at',
  'finished_at',
  'winners_json',
  'rounds_played',
  'summary',
  'head_hlc',
  'problem',
  'first_round_at',
] as const

/** The row facts of a match as writeMatch last wrote them (so the view after a write need not read them back). */
export type WrittenRow = NonNullable<ProjectedMatch['written']>

/** What a write of a match leaves: its seats (who sits where after merges) and its row's facts. */
export interface WrittenMatch {
  seats: ProjectedSeat[]
  written: WrittenRow
}

export class Projector {
  private readonly s: Record<string, Statement>
  /**
   * Counts the writes that may change any match as it is shown: players written (names and colours
   * at the table), players' histories moved (a merge), everything rebuilt. Part of every match's key.
   */
  private shared = 0
  /** Per match: how many times this projector wrote or removed it (part of its key). */
  private readonly generations = new Map<string, number>()
  private readonly dataVersion: Statement

  private readonly rounds: RoundRows

  constructor(
    private readonly db: Database,
    private readonly events: EventStore,
    private readonly stats: StatsProjector,
  ) {
    const p = (sql: string): Statement => db.prepare(sql)
    this.rounds = new RoundRows(db, stats)
    // Changes when another connection (the database worker: an import, a restore) commits to the file.
    this.dataVersion = db.prepare('PRAGMA data_version').pluck()
    this.s = {
      playerRow: p('SELECT * FROM players WHERE id = ?'),
      upsertPlayer: p(
        `INSERT INTO players (id, name, name_key, color, archived_at, created_at, updated_at, deleted, merged_into, canonical_id)
         VALUES (@id, @name, @name_key, @color, @archived_at, @created_at, @updated_at, @deleted, @merged_into, @canonical_id)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, color = excluded.color,
           archived_at = excluded.archived_at, created_at = excluded.created_at, updated_at = excluded.updated_at,
           deleted = excluded.deleted, merged_into = excluded.merged_into`,
      ),
      deletePlayer: p('DELETE FROM players WHERE id = ?'),
      allMerges: p('SELECT id, merged_into, canonical_id FROM players'),
      setCanonical: p('UPDATE players SET canonical_id = ? WHERE id = ?'),
      canonicalOf: p('SELECT canonical_id FROM players WHERE id = ?'),
      matchesOfPlayers: p(
        'SELECT DISTINCT match_id FROM match_seats WHERE original_player_id IN (SELECT value FROM json_each(?))',
      ),
      matchRow: p('SELECT id FROM matches WHERE id = ?'),
      upsertMatch: p(
        `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id,
                              winners_json, rounds_played, summary, engine_version, head_hlc, problem, utc_offset, first_round_at)
         VALUES (@id, @game_id, @config_json, @house_rules_json, @status, @created_at, @updated_at, @finished_at, @device_id,
                 @winners_json, @rounds_played, @summary, @engine_version, @head_hlc, @problem, @utc_offset, @first_round_at)
         ON CONFLICT (id) DO UPDATE SET game_id = excluded.game_id, config_json = excluded.config_json,
           house_rules_json = excluded.house_rules_json, status = excluded.status, created_at = excluded.created_at,
           updated_at = excluded.updated_at, finished_at = excluded.finished_at, device_id = excluded.device_id,
           winners_json = excluded.winners_json, rounds_played = excluded.rounds_played, summary = excluded.summary,
           engine_version = excluded.engine_version, head_hlc = excluded.head_hlc, problem = excluded.problem,
           utc_offset = excluded.utc_offset, first_round_at = excluded.first_round_at`,
      ),
      // A round added to a match already here: only what a round changes, so the indexes on the
      // columns it never changes (game, creation time) are not rewritten on every commit. Positional
      // parameters, in HEAD_COLUMNS order (binding by name costs a lookup per parameter per round).
      updateMatchHead: p(`UPDATE matches SET ${HEAD_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`),
      // The same when the status stays (most rounds): the partial index of unfinished matches is then not touched.
      updateMatchHeadSameStatus: p(
        `UPDATE matches SET ${HEAD_COLUMNS.slice(1)
          .map((c) => `${c} = ?`)
          .join(', ')} WHERE id = ?`,
      ),
      deleteMatch: p('DELETE FROM matches WHERE id = ?'),
      seats: p('SELECT seat, player_id, original_player_id, color FROM match_seats WHERE match_id = ? ORDER BY seat'),
      deleteSeats: p('DELETE FROM match_seats WHERE match_id = ?'),
      insertSeat: p(
        'INSERT INTO match_seats (match_id, seat, player_id, original_player_id, color) VALUES (?, ?, ?, ?, ?)',
      ),
    }
  }

  /** Re-reduces one player; returns the players whose history moved (their matches need re-projecting). */
  projectPlayer(id: string): string[] {
    const before = this.s.playerRow!.get(id) as PlayerDbRow | undefined
    const p = reducePlayer(this.events.forSubject(id))
    if (!p) {
      if (before) {
        this.s.deletePlayer!.run(id)
        this.shared++
      }
      return before ? this.refreshCanonical() : []
    }
    this.writePlayer(p, before?.canonical_id ?? p.id)
    return !before || before.merged_into !== p.mergedInto ? this.refreshCanonical() : []
  }

  private writePlayer(p: PlayerProjection, canonicalId: string): void {
    this.shared++
    this.s.upsertPlayer!.run({
      id: p.id,
      name: p.name,
      name_key: playerNameKey(p.name),
      color: p.color,
      archived_at: p.archivedAt,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      deleted: p.deleted ? 1 : 0,
      merged_into: p.mergedInto,
      canonical_id: canonicalId,
    })
  }

  /** Recomputes where every player's history lives; returns the ids whose place changed. */
  refreshCanonical(): string[] {
    const rows = this.s.allMerges!.all() as { id: string; merged_into: string | null; canonical_id: string }[]
    const canon = canonicalIds(new Map(rows.map((r) => [r.id, r.merged_into])))
    const changed: string[] = []
    for (const r of rows) {
      const c = canon.get(r.id) ?? r.id
      if (c !== r.canonical_id) {
        this.s.setCanonical!.run(c, r.id)
        changed.push(r.id)
      }
    }
    if (changed.length) this.shared++
    return changed
  }

  /** The matches in which any of these players (as the match was started) has a seat. */
  matchesOf(playerIds: readonly string[]): string[] {
    return (this.s.matchesOfPlayers!.all(JSON.stringify(playerIds)) as { match_id: string }[]).map((r) => r.match_id)
  }

  /**
   * The one validity key of match `id` as projected now, or undefined when it has no row: it changes
   * whenever anything may have changed the match or how it is shown (docs/ARCHITECTURE.md § The
   * commit path, "One commit cache"): another connection committed to the file (PRAGMA data_version:
   * the database worker's imports and restores), this projector wrote or removed the match (a commit,
   * a merge of synced events, a player merge re-projecting it), or wrote players or moved their
   * histories (the names and colours at the table).
   */
  matchKey(id: string): string | undefined {
    if (this.s.matchRow!.get(id) === undefined) return undefined
    return `${String(this.dataVersion.get())}.${this.shared}.${this.generations.get(id) ?? 0}`
  }

  private wrote(id: string): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1)
  }

  /**
   * Re-reduces one match from its events and rewrites what changed. Null when it has no start.
   * `fresh`: the caller knows the match has no projection rows yet (nothing to compare with).
   */
  projectMatch(
    id: string,
    events: readonly DomainEvent[] = this.events.forSubject(id),
    fresh = false,
  ): ProjectedMatch | null {
    const m = this.computeMatch(id, events)
    if (!m) {
      if (!fresh) this.removeMatch(id)
      return null
    }
    return { ...m, ...(fresh ? this.writeNewMatch(m) : this.writeMatch(m)) }
  }

  /** The match as its events say, without writing anything. Null when it has no start. */
  computeMatch(id: string, events: readonly DomainEvent[]): ProjectedMatch | null {
    return computeMatch(id, events)
  }

  /** Writes a computed match into the projection tables, against the rows there. */
  writeMatch(m: ProjectedMatch): WrittenMatch {
    return this.write(m, { fromRound: 1 })
  }

  /** Writes a match this file has no rows of yet (an import of a match never seen here): nothing to compare with. */
  writeNewMatch(m: ProjectedMatch): WrittenMatch {
    return this.write(m, { fromRound: 1, fresh: true })
  }

  /**
   * Writes `after`, which is `before` (as last written) with one entry appended at the end of its log:
   * the seats stay, the rounds before the ones `before` completed stay, only the match row's head moves
   * and the new rounds are added; a match that had no results and is still in progress has none now.
   */
  writeAppended(before: ProjectedMatch, after: ProjectedMatch): WrittenMatch {
    return this.write(after, {
      fromRound: before.roundTimes.length + 1,
      ...(before.seats ? { seats: before.seats } : {}),
      noResults: before.status === 'in-progress',
      appended: true,
      statusBefore: before.status,
    })
  }

  /**
   * The write itself. `fromRound`: rounds before it are known to be unchanged, so only later round
   * rows are compared and written; the other fields say what the caller knows (see the three above).
   */
  private write(
    m: ProjectedMatch,
    known: {
      fromRound: number
      seats?: ProjectedSeat[]
      noResults?: boolean
      fresh?: boolean
      appended?: boolean
      statusBefore?: MatchStatus
    },
  ): WrittenMatch {
    const { fromRound } = known
    const { id, gameId, engine, state, log, game, standings, status, roundTimes, problem } = m
    const started = log.started
    if (!started) throw new Error(`match ${id} is written without its start`)
    this.wrote(id)
    const at = log.latest ? hlcTime(log.latest) : started.at
    const close = log.closes[log.closes.length - 1]
    // Null in progress: computeMatch says in progress only when the game is not over and no close holds.
    const finishedAt = game?.over ? (roundTimes[roundTimes.length - 1] ?? close?.at ?? at) : (close?.at ?? null)
    const winners = game?.over
      ? game.winners
      : status === 'finished'
        ? standings.filter((s) => s.rank === 1).map((s) => s.seat)
        : []

    // Seats: each player where their history lives now; a second seat of the same person (two
    // players merged after sitting at one table) keeps its own id so no result is counted twice.
    // `fresh`: the match has no rows here yet (an import of a match this laptop never saw).
    const seats = known.seats ?? this.writeSeats(id, started.seats, known.fresh === true)
    // Round rows: only the ones that changed are rewritten (usually just the newest round); each
    // row's numbers go to the summaries once, when it is written or removed.
    const want =
      engine && state !== null
        ? wantedRounds(gameId, state, fromRound, seats, roundTimes, at, started.utcOffset ?? 0)
        : []
    // The earliest round's time: the rows before `fromRound` (kept) start at roundTimes[0]; otherwise
    // the first row wanted now (rows come in round order and round times never go down, so it is the
    // earliest). The stats find round rows by time through it and updated_at (schema 9), so it may be
    // earlier than the rows, never later.
    const firstRoundAt = fromRound > 1 ? (roundTimes[0] ?? null) : (want[0]?.played_at ?? null)
    const head = {
      id,
      status,
      updated_at: at,
      finished_at: finishedAt,
      winners_json: JSON.stringify(winners),
      rounds_played: engine && state !== null ? completedRounds(gameId, state) : 0,
      summary: game?.message ?? problem ?? '',
      head_hlc: log.head ?? '',
      problem,
      first_round_at: firstRoundAt,
    }
    const written: WrittenRow = {
      game_id: gameId,
      status,
      created_at: started.at,
      updated_at: head.updated_at,
      finished_at: head.finished_at,
      problem,
      engine_version: started.engineVersion,
    }
    // Known seats mean the match row is here and only its head moved (a round at the end).
    if (known.seats) {
      const values = HEAD_COLUMNS.map((c) => head[c])
      if (known.statusBefore === status) this.s.updateMatchHeadSameStatus!.run(...values.slice(1), id)
      else this.s.updateMatchHead!.run(...values, id)
    } else
      this.s.upsertMatch!.run({
        ...head,
        game_id: gameId,
        config_json: JSON.stringify(started.config),
        house_rules_json: JSON.stringify(started.houseRules ?? {}),
        created_at: started.at,
        device_id: started.deviceId,
        engine_version: started.engineVersion,
        // Events from before the field existed are read as UTC (0), never as this machine's offset.
        utc_offset: started.utcOffset ?? 0,
      })

    // `appended`: an entry added at the end, so no row exists from `fromRound` on yet.
    this.rounds.write(id, want, fromRound, known.fresh === true || known.appended === true)

    // A match that had no results and is still in progress has none now either.
    if (!(known.noResults && status === 'in-progress')) {
      this.stats.matchRefreshed(
        {
          id,
          gameId,
          status,
          finishedAt,
          playerIds: seats.map((s) => s.playerId),
          winners,
          standings,
        },
        known.fresh === true,
      )
    }
    return { seats, written }
  }

  /**
   * Seats: each player where their history lives now; a second seat of the same person (two
   * players merged after sitting at one table) keeps its own id so no result is counted twice.
   */
  private writeSeats(
    id: string,
    startSeats: { playerId: string; color: string | null }[],
    fresh: boolean,
  ): ProjectedSeat[] {
    const canonical = startSeats.map(
      (s) => (this.s.canonicalOf!.get(s.playerId) as { canonical_id: string } | undefined)?.canonical_id ?? s.playerId,
    )
    // Everyone sitting here as the match was started: a seat whose player was merged into one of them
    // keeps its own id, so the one merged into keeps theirs, whichever seat comes first.
    const taken = new Set(startSeats.map((s) => s.playerId))
    const seats = startSeats.map((s, seat) => {
      const c = canonical[seat] as string
      const playerId = taken.has(c) ? s.playerId : c
      taken.add(playerId)
      return { seat, playerId, original: s.playerId, color: s.color }
    })
    // The rows as the seats statement reads them; rewritten only when they differ. `fresh`: none yet.
    const rows = seats.map((s) => ({
      seat: s.seat,
      player_id: s.playerId,
      original_player_id: s.original,
      color: s.color,
    }))
    if (fresh || JSON.stringify(this.s.seats!.all(id)) !== JSON.stringify(rows)) {
      this.s.deleteSeats!.run(id)
      for (const s of seats) this.s.insertSeat!.run(id, s.seat, s.playerId, s.original, s.color)
    }
    return seats
  }

  private removeMatch(id: string): void {
    if (!this.s.matchRow!.get(id)) return
    this.wrote(id)
    this.rounds.removeAll(id)
    this.stats.matchRemoved(id)
    this.s.deleteSeats!.run(id)
    this.s.deleteMatch!.run(id)
  }

  /**
   * Rebuilds every projection in its own transaction when a migration or a restore marked them
   * (meta `projections_rebuild_needed`); otherwise does nothing.
   */
  rebuildIfMarked(): void {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'projections_rebuild_needed'").get() as
      { value: string } | undefined
    if (row?.value !== '1') return
    this.db
      .transaction(() => {
        this.rebuildAll()
        this.db.prepare("DELETE FROM meta WHERE key = 'projections_rebuild_needed'").run()
      })
      .immediate()
  }

  /** Every projection table again, from the events alone. Call inside a transaction. */
  rebuildAll(): void {
    this.shared++
    // The removed laptops' cuts first: every subject below is read without their later events.
    this.db.exec('DELETE FROM removed_devices')
    refreshRemovals(this.db, this.events.deviceId())
    this.db.exec(`
      DELETE FROM players; DELETE FROM matches; DELETE FROM match_seats; DELETE FROM match_results;
      DELETE FROM rating_history; DELETE FROM stat_rating; DELETE FROM stat_player_streak;
      DELETE FROM stat_month; DELETE FROM night_matches; DELETE FROM stat_league_day;
      DELETE FROM stat_league_kind; DELETE FROM stat_record_match; DELETE FROM stat_record_run;
    `)
    // Round rows go without their triggers' per-row bookkeeping: the summaries are emptied after.
    this.db.exec(
      'DELETE FROM round_results; DELETE FROM stat_player_game; DELETE FROM stat_player_game_day; DELETE FROM stat_player_match; DELETE FROM stat_player_opponent;',
    )
    const subjects = this.db.prepare("SELECT DISTINCT subject FROM events WHERE kind LIKE 'player.%'").all() as {
      subject: string
    }[]
    for (const { subject } of subjects) {
      const p = reducePlayer(this.events.forSubject(subject))
      if (p) this.writePlayer(p, p.id)
    }
    this.refreshCanonical()
    this.stats.batch(() => {
      const matches = this.db
        .prepare(
          "SELECT subject FROM events WHERE kind IN ('match.started', 'match.recorded') GROUP BY subject ORDER BY min(hlc), subject",
        )
        .all() as { subject: string }[]
      for (const { subject } of matches) this.projectMatch(subject)
    })
    rebuildClub(this.db, this.events)
  }
}
