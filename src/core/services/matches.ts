/**
 * Matches, as events: match.started (game, config with house rules, seats, engine version), then
 * match.action, .corrected, .undone, .redone, .closed and .reopened. Every write checks the request
 * against the match as it is, appends one event and re-projects the match in the same immediate
 * transaction; a refused write changes nothing. Every read is the projection (src/core/services/projector.ts).
 */
import type { Database } from 'better-sqlite3'
import { GAME_NAMES, type GameId } from '../../shared/games/engine'
import { ENGINE_VERSIONS, SEAT_LIMITS } from '../../shared/games/registry'
import { engineHouseRules } from '../../shared/games/house-rules'
import type { LogEntry } from '../../shared/events/reduce'
import { completedRounds } from '../../shared/games/projections'
import { hlcTime } from '../../shared/events/hlc'
import { validateMatchSetup } from '../../shared/events/validate'
import { localDateOf } from '../../shared/stats/local-date'
import { renameInText, startNamesOf } from '../../shared/stats/names'
import type { DomainEvent, EventKind, PayloadOf } from '../../shared/events/types'
import type { MatchHistoryEntry, MatchSummary, MatchView } from '../../shared/model/match'
import type { CorrectionPreview } from '../../shared/model/correction'
import { ok, type Result } from '../../shared/result'
import { MatchesRepo, type MatchFilter } from '../db/repos/matches'
import type { EventStore } from '../db/repos/events'
import { writeTransaction } from '../db/transaction'
import type { Clock } from '../ids'
import type { ProjectedMatch, Projector } from './projector'
import { historyOf } from './match-history'
import { finalTableNotes } from './seasons-final'
import { listEntries, matchView } from './match-view'
import { recordedSourceOf } from './recorded-projection'
import { MatchCache, type CachedMatch } from './match-cache'
import { withContext } from './projected-match'
import { correctionPreview, correctionRefusal, firstFailure, headOf, probeLog, withCorrection } from './log-checks'
import { broken, closed, notFound, recordedOnly, refuse, staleAction, staleRefusal } from './match-refusals'

export interface MatchOptions {
  firstDealer?: number | undefined
  starter?: number | undefined
  target?: number | null | undefined
  colours?: string[] | undefined
  houseRules?: Record<string, string | number | boolean> | undefined
}

export class MatchService {
  private readonly repo: MatchesRepo

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventStore,
    private readonly projector: Projector,
    /** The one commit cache (match-cache.ts); handed in by tests that look at what it holds. */
    private readonly cache: MatchCache = new MatchCache(),
  ) {
    this.repo = new MatchesRepo(db)
  }

  /**
   * `utcOffset`: minutes east of UTC where the match is played (the renderer's, when it sends one);
   * without it, this computer's offset at the start.
   */
  create(input: {
    gameId: GameId
    playerIds: string[]
    options?: MatchOptions | undefined
    utcOffset?: number | undefined
  }): Result<MatchView> {
    const { gameId, playerIds } = input
    const limits = SEAT_LIMITS[gameId]
    if (playerIds.length < limits.min || playerIds.length > limits.max) {
      const range = limits.min === limits.max ? `exactly ${limits.min}` : `${limits.min} to ${limits.max}`
      return refuse(
        'invalid-seats',
        `${GAME_NAMES[gameId]} is played by ${range} players; ${playerIds.length === 1 ? '1 was' : `${playerIds.length} were`} chosen.`,
        'playerIds',
      )
    }
    if (new Set(playerIds).size !== playerIds.length)
      return refuse('invalid-seats', 'A player can take only one seat.', 'playerIds')
    return this.committed(() => {
      const players = playerIds.map((id) => this.repo.rosterPlayer(id))
      const missing = players.findIndex((p) => !p)
      if (missing >= 0)
        return refuse(
          'not-found',
          `The player in seat ${missing + 1} no longer exists. Pick the players again.`,
          'playerIds',
        )
      const archived = players.find((p) => p?.archived_at)
      if (archived)
        return refuse(
          'archived-player',
          `${archived.name} is archived. Unarchive them on the Players screen to seat them.`,
          'playerIds',
        )
      const names = players.map((p) => p!.name)
      const { houseRules: given, ...rest } = input.options ?? {}
      // `ennea.failedLineRemoval` (as the rules pages write it) and `failedLineRemoval` are one rule
      const named = given ? engineHouseRules(gameId, given) : null
      if (named && !named.ok) return named
      const houseRules = named?.value
      const colours = input.options?.colours
      const config = { ...rest, names, ...(houseRules ? { houseRules } : {}) }
      const payload: PayloadOf['match.started'] = {
        gameId,
        config,
        houseRules: houseRules ?? {},
        seats: players.map((p, seat) => ({ playerId: p!.id, color: colours?.[seat] ?? null })),
        engineVersion: ENGINE_VERSIONS[gameId],
        utcOffset: input.utcOffset ?? -this.clock().getTimezoneOffset(),
      }
      const valid = validateMatchSetup(payload)
      if (!valid.ok) return valid
      const { subject } = this.events.appendNew('match.started', payload)
      const m = this.projector.computeMatch(subject, this.events.forSubject(subject))
      if (!m) return notFound()
      return this.shown({ match: { ...m, ...this.projector.writeMatch(m) } })
    })
  }

  get(id: string): Result<MatchView> {
    const key = this.projector.matchKey(id)
    if (key === undefined) return notFound()
    const cached = this.current(id, key)
    const v = this.shown(cached, false)
    // What this view read (the seats, the list) stays with the match while its key holds.
    if (v.ok) this.cache.put(key, v.value.cached)
    return v.ok ? ok(v.value.view) : v
  }

  list(filter: MatchFilter): Result<MatchSummary[]> {
    return ok(
      this.repo.list(filter).map((r) => {
        const players = JSON.parse(r.players_json) as { id: string; name: string }[]
        const config = safeJson(r.config_json)
        const recorded = recordedSourceOf(config)
        const winners = (JSON.parse(r.winners_json) as number[]).map((seat) => players[seat]?.name ?? `P${seat + 1}`)
        return {
          id: r.id,
          gameId: r.game_id,
          status: r.status,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
          finishedAt: r.finished_at,
          players,
          winners,
          roundsPlayed: r.rounds_played,
          // Summaries name the players as they are now (after a rename), not as the match started.
          summary: renameInText(
            r.summary,
            startNamesOf(config),
            players.map((p) => p.name),
          ),
          problem: r.problem,
          engineVersion: r.engine_version,
          utcOffset: r.utc_offset,
          localDate: localDateOf(r.created_at, r.utc_offset),
          ...(recorded ? { recorded: { kind: recorded.kind } } : {}),
        }
      }),
    )
  }

  apply(id: string, action: unknown, expected?: string): Result<MatchView> {
    return this.write(
      id,
      expected,
      (m, c) => {
        if (m.recorded) return recordedOnly()
        if (m.status === 'abandoned' || m.log.closes.length > 0) return closed(m.status)
        if (!m.engine || m.state === null) return broken(m)
        const next = m.engine.apply(m.state, action)
        if (!next.ok) return next as Result<never>
        return this.appended(c, this.events.append('match.action', id, { action, after: headOf(m) }), next.value)
      },
      staleAction(action),
    )
  }

  /**
   * `confirmed`: the token of the preview the referee confirmed (matches:preview-correction). With it, the
   * correction is applied only while it changes exactly what that preview listed; without it, as always.
   */
  correct(id: string, eventId: string, action: unknown, expected?: string, confirmed?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      if (confirmed !== undefined) {
        const seen = correctionPreview(m, eventId, action, this.names(m.id))
        if (!seen.ok) return seen
        if (seen.value.token !== confirmed)
          return refuse(
            'correction-preview-changed',
            'What this correction changes is no longer what was shown (the match changed meanwhile): look at the new list and confirm again. Nothing was saved.',
            'confirmed',
          )
        return this.append(m, 'match.corrected', { target: eventId, action })
      }
      const checked = withCorrection(m, eventId, action)
      if (!checked.ok) return checked
      const failed = firstFailure(m, checked.value.entries)
      if (failed) return correctionRefusal(failed, checked.value.index)
      return this.append(m, 'match.corrected', { target: eventId, action })
    })
  }

  /**
   * What correcting entry `eventId` to `action` would change, entry by entry; writes nothing. Refused as the
   * correction itself would be; a later entry that would become impossible (the engine would refuse it) is
   * listed in `leftOut`, in words: confirmed with the token, the correction leaves it out (EN-A22 for Ennea).
   */
  previewCorrection(id: string, eventId: string, action: unknown, expected?: string): Result<CorrectionPreview> {
    const key = this.projector.matchKey(id)
    if (key === undefined) return notFound()
    const { match: m } = this.current(id, key)
    if (expected !== undefined && expected !== (m.log.head ?? '')) return staleRefusal()
    return correctionPreview(m, eventId, action, this.names(id))
  }

  private names(id: string): string[] {
    return this.repo.seats(id).map((s) => s.name)
  }

  undo(id: string, expected?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      if (m.status === 'abandoned' && m.log.closes.length === 0) return closed(m.status)
      const top = m.log.undoTarget
      if (!top) return refuse('nothing-to-undo', 'There is nothing to undo in this match yet.')
      if (top.kind === 'match.closed') return this.append(m, 'match.reopened', { target: top.id })
      const failed = firstFailure(m, probeLog(m, 'match.undone', { target: top.id }))
      if (failed)
        return refuse('cannot-undo', `Undoing that would make entry ${failed.index + 1} invalid: ${failed.message}`)
      return this.append(m, 'match.undone', { target: top.id })
    })
  }

  redo(id: string, expected?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      if (m.status === 'abandoned') return closed(m.status)
      const r = m.log.redoTarget
      if (!r) return refuse('nothing-to-redo', 'There is nothing to redo: nothing was undone since the last entry.')
      const failed = firstFailure(m, probeLog(m, 'match.redone', { target: r.id }))
      if (failed)
        return refuse('cannot-redo', `Redoing that would make entry ${failed.index + 1} invalid: ${failed.message}`)
      return this.append(m, 'match.redone', { target: r.id })
    })
  }

  close(id: string, status: 'finished' | 'abandoned', expected?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      // A recorded result can only be abandoned (taken out of the stats); Undo puts it back.
      if (m.recorded && status === 'abandoned' && m.status === 'finished')
        return this.append(m, 'match.closed', { status })
      if (m.recorded) return recordedOnly()
      if (m.status !== 'in-progress') return closed(m.status)
      if (status === 'finished' && m.log.entries.length === 0) {
        return refuse('nothing-played', 'Nothing has been played in this match yet; abandon it instead.', 'status')
      }
      return this.append(m, 'match.closed', { status })
    })
  }

  history(id: string): Result<MatchHistoryEntry[]> {
    const key = this.projector.matchKey(id)
    if (key === undefined) return notFound()
    return ok(historyOf(this.current(id, key).match, this.names(id)))
  }

  // -------------------------------------------------------------------------------------------
  // The commit path (docs/ARCHITECTURE.md § The commit path): check the request against the match as
  // it is (from the cache while its key holds), append one event, write the new projected match, and
  // keep it in the cache once the transaction has committed.

  /** A write: its view, and the match it leaves to keep in the cache under `key`. */
  private write(
    id: string,
    expected: string | undefined,
    fn: (m: ProjectedMatch, c: CachedMatch) => Result<Commit>,
    onStale: (m: ProjectedMatch) => Result<never> = staleRefusal,
  ): Result<MatchView> {
    return this.committed(() => {
      const key = this.projector.matchKey(id)
      if (key === undefined) return notFound()
      const c = this.current(id, key)
      if (expected !== undefined && expected !== (c.match.log.head ?? '')) return onStale(c.match)
      return fn(c.match, c)
    })
  }

  /**
   * Runs `fn` in one write transaction; the match it leaves goes into the cache once that committed,
   * under the key read inside it (holding the write lock, so no other connection's commit falls between).
   */
  private committed(fn: () => Result<Commit>): Result<MatchView> {
    let key: string | undefined
    const r = writeTransaction(this.db, () => {
      const c = fn()
      if (c.ok) key = this.projector.matchKey(c.value.cached.match.id)
      return c
    })
    if (!r.ok) return r
    if (key !== undefined) this.cache.put(key, r.value.cached)
    return ok(r.value.view)
  }

  /** The match as its events say now: the cached one while its key holds, else computed again. */
  private current(id: string, key: string): CachedMatch {
    const c = this.cache.get(id, key)
    if (c) return c
    const m = this.projector.computeMatch(id, this.events.forSubject(id))
    if (!m) throw new Error(`match ${id} has a projection row but no start event`)
    this.cache.put(key, { match: m })
    return { match: m }
  }

  /** Appends one event, naming the head of the match it was checked against (causal order, ../../shared/events/causal.ts). */
  private append<K extends EventKind>(m: ProjectedMatch, kind: K, payload: PayloadOf[K]): Result<Commit> {
    return this.recomputed(m, this.events.append(kind, m.id, { ...payload, after: headOf(m) } as PayloadOf[K]))
  }

  /** The match with one more event, computed from its whole log again and written. */
  private recomputed(m: ProjectedMatch, event: DomainEvent): Result<Commit> {
    const next = this.projector.computeMatch(m.id, [...m.events, event])
    if (!next) return notFound()
    return this.shown({ match: { ...next, ...this.projector.writeMatch(next) } })
  }

  /**
   * An action appended at the end of the log, from the state it was checked against: one step, not the
   * whole log again (a match with a problem, entries left out, is computed again), so a commit costs
   * about the same at round 200 as at round 2. `c` is left as it was.
   */
  private appended(c: CachedMatch, event: DomainEvent<'match.action'>, state: unknown): Result<Commit> {
    const m = c.match
    if (m.problem !== null) return this.recomputed(m, event)
    const next = withAction(m, event, state)
    return this.shown({
      match: { ...next, ...this.projector.writeAppended(m, next) },
      ...(c.seats ? { seats: c.seats } : {}),
      ...(c.listed ? { listed: c.listed } : {}),
    })
  }

  /**
   * The view of `c.match` and the cache entry it leaves. `justWritten`: the match was written in this
   * transaction, so its row is what the projector wrote and the seats its last view read still hold
   * (any write to players since changed its key); otherwise both are read.
   */
  private shown(c: CachedMatch, justWritten = true): Result<Commit> {
    const m = c.match
    const row = justWritten && m.written ? m.written : this.repo.get(m.id)
    if (!row) return notFound()
    const seats = (justWritten ? c.seats : undefined) ?? this.repo.seats(m.id)
    const listed = listEntries(m, c.listed)
    const view = matchView(m, row, seats, listed.slice())
    // The archived seasons whose final table counted it (docs/ARCHITECTURE.md, "Club data").
    const notes = finalTableNotes(this.db, m.id)
    return ok({ view: notes.length ? { ...view, finalTables: [...notes] } : view, cached: { match: m, seats, listed } })
  }
}

/** What a write answers (its view) and leaves in the cache. */
interface Commit {
  view: MatchView
  cached: CachedMatch
}

/**
 * `m` with one action appended at the end of its log, from the state the action was checked against:
 * a new match sharing the unchanged parts (the entries before it, their contexts), `m` left as it was.
 */
function withAction(m: ProjectedMatch, event: DomainEvent<'match.action'>, state: unknown): ProjectedMatch {
  const engine = m.engine as NonNullable<ProjectedMatch['engine']>
  // It names the head, so it comes last in the log; its time is the log's greatest stamp so far.
  const latest = m.log.latest !== null && m.log.latest > event.hlc ? m.log.latest : event.hlc
  const at = hlcTime(latest)
  const entry: LogEntry = {
    eventId: event.id,
    original: event.payload.action,
    at,
    hlc: event.hlc,
    deviceId: event.deviceId,
    corrections: [],
  }
  const contexts = withContext(m.contexts, event.id, {
    toAct: m.game?.toAct ?? null,
    round: m.game?.round ?? m.roundTimes.length + 1,
  })
  const done = completedRounds(m.gameId, state)
  const roundTimes = m.roundTimes.slice(0, done)
  while (roundTimes.length < done) roundTimes.push(at)
  const game = engine.status(state)
  const close = m.log.closes[m.log.closes.length - 1]
  return {
    ...m,
    log: {
      ...m.log,
      entries: [...m.log.entries, entry],
      events: [...m.log.events, { event, active: true }],
      head: event.hlc,
      latest,
      undoTarget: { id: event.id, kind: 'match.action' },
      redoTarget: null,
    },
    events: [...m.events, event],
    contexts,
    roundTimes,
    state,
    game,
    standings: engine.standings(state),
    status: game.over ? 'finished' : (close?.status ?? 'in-progress'),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
