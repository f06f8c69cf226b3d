/**
 * Matches, as events: match.started (game, config with house rules, seats, engine version), then
 * match.action, .corrected, .undone, .redone, .closed and .reopened. Every write checks the request
 * against the match as it is, appends one event and re-projects the match in the same immediate
 * transaction; a refused write changes nothing. Every read is the projection (src/core/services/projector.ts).
 */
import type { Database } from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { GAME_NAMES, type GameId } from '../../shared/games/engine'
import { ENGINE_VERSIONS, SEAT_LIMITS } from '../../shared/games/registry'
import { engineHouseRules } from '../../shared/games/house-rules'
import { effectiveAction, reduceMatch, type LogEntry } from '../../shared/events/reduce'
import { completedRounds } from '../../shared/games/projections'
import { hlcTime } from '../../shared/events/hlc'
import { validateMatchSetup } from '../../shared/events/validate'
import { localDateOf } from '../../shared/stats/local-date'
import { renameInText, startNamesOf } from '../../shared/stats/names'
import type { DomainEvent, EventKind, PayloadOf } from '../../shared/events/types'
import type { MatchHistoryEntry, MatchStatus, MatchSummary, MatchView } from '../../shared/model/match'
import type { CorrectionChange, CorrectionPreview } from '../../shared/model/correction'
import { entryChanges, standsDifferently } from '../../shared/games/entry-changes'
import { err, ok, type Result } from '../../shared/result'
import { MatchesRepo, type MatchFilter } from '../db/repos/matches'
import type { EventStore } from '../db/repos/events'
import { writeTransaction } from '../db/transaction'
import type { Clock } from '../ids'
import type { ProjectedMatch, Projector } from './projector'
import { describeEntry, historyOf } from './match-history'
import { finalTableNotes } from './seasons-final'
import { matchView, notFound } from './match-view'
import { recordedSourceOf } from './recorded-projection'

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
      return err(
        'invalid-seats',
        `${GAME_NAMES[gameId]} is played by ${range} players; ${playerIds.length === 1 ? '1 was' : `${playerIds.length} were`} chosen.`,
        'playerIds',
      )
    }
    if (new Set(playerIds).size !== playerIds.length)
      return err('invalid-seats', 'A player can take only one seat.', 'playerIds')
    return writeTransaction(this.db, () => {
      const players = playerIds.map((id) => this.repo.rosterPlayer(id))
      const missing = players.findIndex((p) => !p)
      if (missing >= 0)
        return err(
          'not-found',
          `The player in seat ${missing + 1} no longer exists. Pick the players again.`,
          'playerIds',
        )
      const archived = players.find((p) => p?.archived_at)
      if (archived)
        return err(
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
      m.seats = this.projector.writeMatch(m)
      this.remember(m)
      return this.viewOf(m)
    })
  }

  get(id: string): Result<MatchView> {
    if (!this.repo.get(id)) return notFound()
    return this.viewOf(this.current(id))
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
      (m) => {
        if (m.recorded) return recordedOnly()
        if (m.status === 'abandoned' || m.log.closes.length > 0) return closed(m.status)
        if (!m.engine || m.state === null) return broken(m)
        const next = m.engine.apply(m.state, action)
        if (!next.ok) return next as Result<never>
        return this.project(m, this.events.append('match.action', id, { action, after: headOf(m) }), next.value)
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
        const seen = this.previewOf(m, eventId, action)
        if (!seen.ok) return seen
        if (seen.value.token !== confirmed)
          return err(
            'correction-preview-changed',
            'What this correction changes is no longer what was shown (the match changed meanwhile): look at the new list and confirm again. Nothing was saved.',
            'confirmed',
          )
        return this.append(m, 'match.corrected', { target: eventId, action })
      }
      const checked = this.checkCorrection(m, eventId, action)
      if (!checked.ok) return checked
      const failed = this.firstFailure(m, checked.value.entries)
      if (failed) {
        return failed.index === checked.value.index
          ? err(failed.code, failed.message, 'action')
          : err(
              'correction-breaks-later-entry',
              `That change makes entry ${failed.index + 1} invalid: ${failed.message}`,
              'action',
            )
      }
      return this.append(m, 'match.corrected', { target: eventId, action })
    })
  }

  /**
   * What correcting entry `eventId` to `action` would change, entry by entry; writes nothing. Refused as the
   * correction itself would be, and when a later entry would become impossible (the engine would refuse it),
   * naming that entry in words (EN-A22 for Ennea).
   */
  previewCorrection(id: string, eventId: string, action: unknown, expected?: string): Result<CorrectionPreview> {
    if (!this.repo.get(id)) return notFound()
    const m = this.current(id)
    if (expected !== undefined && expected !== (m.log.head ?? '')) return staleRefusal()
    return this.previewOf(m, eventId, action)
  }

  /** The log with entry `eventId` corrected to `action`, or why it cannot be corrected at all. */
  private checkCorrection(
    m: ProjectedMatch,
    eventId: string,
    action: unknown,
  ): Result<{ index: number; entries: LogEntry[] }> {
    if (m.recorded) return recordedOnly()
    if (m.status === 'abandoned') return closed(m.status)
    if (!m.engine) return broken(m)
    const index = m.log.entries.findIndex((e) => e.eventId === eventId)
    if (index < 0) return err('not-found', 'That entry is no longer in the log (it may have been undone).', 'eventId')
    const entries: LogEntry[] = m.log.entries.map((e, i) =>
      i === index
        ? { ...e, corrections: [...e.corrections, { id: 'probe', action, at: '', hlc: '', deviceId: '' }] }
        : e,
    )
    return ok({ index, entries })
  }

  private previewOf(m: ProjectedMatch, eventId: string, action: unknown): Result<CorrectionPreview> {
    const checked = this.checkCorrection(m, eventId, action)
    if (!checked.ok) return checked
    const { index, entries } = checked.value
    const engine = m.engine as NonNullable<ProjectedMatch['engine']>
    const names = this.repo.seats(m.id).map((s) => s.name)
    const words = (i: number): string => {
      const e = m.log.entries[i]
      return e ? describeEntry(m, e.eventId, effectiveAction(e), names) : "the match's start"
    }
    const was = this.statesAfter(m, m.log.entries)
    const now = this.statesAfter(m, entries)
    if (!now.ok) {
      const { at, code, message, before } = now.error
      if (at === index) return err(code, message, 'action')
      // where the table stands just before that entry, with the correction and as played (EN-A22)
      const there = was.ok ? standsDifferently(m.gameId, engine, was.value[at], before) : []
      const why = there.length > 0 ? ` With the correction, just before it: ${there.join(' ')}` : ''
      return err(
        'correction-breaks-later-entry',
        `That change makes entry ${at + 1} (${words(at)}) impossible: ${message}${why} Nothing was saved.`,
        'action',
      )
    }
    if (!was.ok) return broken(m)
    const changeAt = (i: number): CorrectionChange => {
      const e = entries[i] as LogEntry
      return {
        index: i + 1,
        eventId: e.eventId,
        entry: words(i),
        changes: entryChanges(
          m.gameId,
          engine,
          [was.value[i], was.value[i + 1]],
          [now.value[i], now.value[i + 1]],
          effectiveAction(e),
        ),
      }
    }
    const target = changeAt(index)
    const later: CorrectionChange[] = []
    for (let i = index + 1; i < entries.length; i++) {
      const c = changeAt(i)
      if (c.changes.length > 0) later.push(c)
    }
    const list = later.map((c) => String(c.index))
    const message =
      later.length === 0
        ? `Correcting ${target.entry} changes no later entry.`
        : `Correcting ${target.entry} changes ${later.length === 1 ? '1 later entry' : `${later.length} later entries`}: ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`}.`
    const token = createHash('sha256')
      .update(JSON.stringify([m.log.head ?? '', eventId, action, target, later]))
      .digest('hex')
      .slice(0, 32)
    return ok({ target, later, message, token })
  }

  /**
   * The engine's state before the first entry and after each entry of `entries` (index i + 1; an entry left
   * out before stays left out and keeps the state before it), or the first entry the engine would refuse, with
   * the state just before it.
   */
  private statesAfter(
    m: ProjectedMatch,
    entries: LogEntry[],
  ):
    | { ok: true; value: unknown[] }
    | { ok: false; error: { at: number; code: string; message: string; before: unknown } } {
    const engine = m.engine as NonNullable<ProjectedMatch['engine']>
    const start = engine.setup(m.config)
    if (!start.ok) return { ok: false, error: { at: -1, ...start.error, before: null } }
    let state = start.value
    const out: unknown[] = [state]
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as LogEntry
      const r = engine.apply(state, effectiveAction(e))
      if (r.ok) state = r.value
      else if (!m.skipped.some((s) => s.eventId === e.eventId))
        return { ok: false, error: { at: i, code: r.error.code, message: r.error.message, before: state } }
      out.push(state)
    }
    return { ok: true, value: out }
  }

  undo(id: string, expected?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      if (m.status === 'abandoned' && m.log.closes.length === 0) return closed(m.status)
      const top = m.log.undoTarget
      if (!top) return err('nothing-to-undo', 'There is nothing to undo in this match yet.')
      if (top.kind === 'match.closed') return this.append(m, 'match.reopened', { target: top.id })
      const entries = this.withoutTarget(m, top.id)
      const failed = this.firstFailure(m, entries)
      if (failed)
        return err('cannot-undo', `Undoing that would make entry ${failed.index + 1} invalid: ${failed.message}`)
      return this.append(m, 'match.undone', { target: top.id })
    })
  }

  redo(id: string, expected?: string): Result<MatchView> {
    return this.write(id, expected, (m) => {
      if (m.status === 'abandoned') return closed(m.status)
      const r = m.log.redoTarget
      if (!r) return err('nothing-to-redo', 'There is nothing to redo: nothing was undone since the last entry.')
      const probe = this.probe(m, 'match.redone', { target: r.id })
      const failed = this.firstFailure(m, probe.entries)
      if (failed)
        return err('cannot-redo', `Redoing that would make entry ${failed.index + 1} invalid: ${failed.message}`)
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
        return err('nothing-played', 'Nothing has been played in this match yet; abandon it instead.', 'status')
      }
      return this.append(m, 'match.closed', { status })
    })
  }

  history(id: string): Result<MatchHistoryEntry[]> {
    if (!this.repo.get(id)) return notFound()
    return ok(
      historyOf(
        this.current(id),
        this.repo.seats(id).map((s) => s.name),
      ),
    )
  }

  // -------------------------------------------------------------------------------------------

  private write(
    id: string,
    expected: string | undefined,
    fn: (m: ProjectedMatch) => Result<MatchView>,
    onStale: (m: ProjectedMatch) => Result<never> = staleRefusal,
  ): Result<MatchView> {
    return writeTransaction(this.db, () => {
      const head = this.repo.head(id)
      if (head === undefined) return notFound()
      const m = this.current(id, head)
      if (expected !== undefined && expected !== (m.log.head ?? '')) return onStale(m)
      // A commit extends the cached match in place (appendAction): when the write does not go
      // through, the cached copy may be ahead of the database, so it is dropped.
      let r: Result<MatchView> | undefined
      try {
        r = fn(m)
        return r
      } finally {
        if (!r?.ok) this.cache.delete(id)
      }
    })
  }

  /** Appends one event, naming the head of the match it was checked against (causal order, ../../shared/events/causal.ts). */
  private append<K extends EventKind>(m: ProjectedMatch, kind: K, payload: PayloadOf[K]): Result<MatchView> {
    return this.project(m, this.events.append(kind, m.id, { ...payload, after: headOf(m) } as PayloadOf[K]))
  }

  /**
   * The matches written most recently, as computed after their last write. A commit then applies
   * one action to the state it already has instead of replaying the whole log, so its cost does not
   * grow with the match. An entry is used only while the match's head in the database is the one
   * it was computed at (an import or a restore clears them all).
   */
  private cache = new Map<string, ProjectedMatch>()
  private cacheEpoch = -1

  /** Forgets the cached matches (after an import or a restore brought events in from elsewhere). */
  invalidate(): void {
    this.cache.clear()
  }

  /** The match as its events say (without writing). */
  private current(id: string, head: string | undefined = this.repo.head(id)): ProjectedMatch {
    if (this.cacheEpoch !== this.projector.epoch) {
      this.cache.clear()
      this.cacheEpoch = this.projector.epoch
    }
    const c = this.cache.get(id)
    if (c && (c.log.head ?? '') === head) return c
    this.cache.delete(id)
    const m = this.projector.computeMatch(id, this.events.forSubject(id))
    if (!m) throw new Error(`match ${id} has a projection row but no start event`)
    this.remember(m)
    return m
  }

  private remember(m: ProjectedMatch): void {
    this.cache.delete(m.id)
    this.cache.set(m.id, m)
    if (this.cache.size > 8) this.cache.delete(this.cache.keys().next().value as string)
  }

  /** Re-projects after one more event: the whole log again, or (for an action at the end) one step. */
  private project(m: ProjectedMatch, event: DomainEvent, stepped?: unknown): Result<MatchView> {
    let next: ProjectedMatch | null
    let fromRound = 1
    let known: Parameters<Projector['writeMatch']>[2] = {}
    if (stepped !== undefined && event.kind === 'match.action' && m.engine && m.state !== null && m.problem === null) {
      fromRound = m.roundTimes.length + 1
      // Nobody moved seats since this match was cached (a merge changes the projector's epoch).
      known = {
        ...(m.seats ? { seats: m.seats } : {}),
        noResults: m.status === 'in-progress',
        appended: true,
        statusBefore: m.status,
      }
      next = this.appendAction(m, event as DomainEvent<'match.action'>, stepped)
    } else next = this.projector.computeMatch(m.id, [...m.events, event])
    if (!next) return notFound()
    next.seats = this.projector.writeMatch(next, fromRound, known)
    this.remember(next)
    return this.viewOf(next, true)
  }

  /**
   * The match after an action appended at the end of its log, from the state the action was
   * checked against. The lists (entries, events, round times, contexts) are extended in place, so a
   * commit costs the same at round 200 as at round 2; `m` is the cached copy, which write() drops
   * if the write does not go through.
   */
  private appendAction(m: ProjectedMatch, event: DomainEvent<'match.action'>, state: unknown): ProjectedMatch {
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
    m.contexts.set(event.id, { toAct: m.game?.toAct ?? null, round: m.game?.round ?? m.roundTimes.length + 1 })
    const roundTimes = m.roundTimes
    const done = completedRounds(m.gameId, state)
    while (roundTimes.length < done) roundTimes.push(at)
    roundTimes.length = done
    const game = engine.status(state)
    const close = m.log.closes[m.log.closes.length - 1]
    m.log.entries.push(entry)
    m.log.events.push({ event, active: true })
    // The cached match owns its event list (current() and project() made it from a fresh array).
    ;(m.events as DomainEvent[]).push(event)
    return {
      ...m,
      log: { ...m.log, head: event.hlc, latest, undoTarget: { id: event.id, kind: 'match.action' }, redoTarget: null },
      state,
      game,
      standings: engine.standings(state),
      status: game.over ? 'finished' : (close?.status ?? 'in-progress'),
    }
  }

  /** The log as it would be with one more event (to check an undo or redo before writing it). */
  private probe<K extends EventKind>(
    m: ProjectedMatch,
    kind: K,
    payload: PayloadOf[K],
  ): ReturnType<typeof reduceMatch> {
    const last = m.log.events[m.log.events.length - 1]?.event
    const hlc = `${last ? last.hlc : ''}~`
    // After the head, as the event it stands for will be.
    const probe = {
      id: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
      deviceId: '',
      deviceSeq: 0,
      hlc,
      kind,
      v: 1,
      subject: m.id,
      payload: { ...payload, after: headOf(m) },
    } as DomainEvent
    return reduceMatch([...m.log.events.map((e) => e.event), probe])
  }

  private withoutTarget(m: ProjectedMatch, target: string): LogEntry[] {
    return this.probe(m, 'match.undone', { target }).entries
  }

  /** The first entry the engine would refuse if the log were `entries`, or null. */
  private firstFailure(
    m: ProjectedMatch,
    entries: LogEntry[],
  ): { index: number; code: string; message: string } | null {
    if (!m.engine)
      return { index: -1, code: 'unknown-game', message: 'This match is of a game this version does not know.' }
    const start = m.engine.setup(m.config)
    if (!start.ok) return { index: -1, ...start.error }
    let state = start.value
    for (let i = 0; i < entries.length; i++) {
      const r = m.engine.apply(state, effectiveAction(entries[i] as LogEntry))
      if (!r.ok) {
        // An entry already left out before this change stays left out; it is not this change's fault.
        if (m.skipped.some((s) => s.eventId === entries[i]?.eventId)) continue
        return { index: i, code: r.error.code, message: r.error.message }
      }
      state = r.value
    }
    return null
  }

  /** `justWritten`: `m` was written in this transaction, so its row is what writeMatch wrote. */
  private viewOf(m: ProjectedMatch, justWritten = false): Result<MatchView> {
    const view = matchView(m, this.repo, this.projector.playerWrites, justWritten)
    if (!view.ok) return view
    // The archived seasons whose final table counted it (docs/ARCHITECTURE.md, "Club data").
    const notes = finalTableNotes(this.db, m.id)
    return notes.length ? ok({ ...view.value, finalTables: [...notes] }) : view
  }
}

function staleRefusal(): Result<never> {
  return err(
    'stale',
    'This match changed in another window or on another computer — here is the current sheet. Nothing was saved.',
  )
}

/**
 * The refusal of an action made on an older view of the match. When the action names the seat it was meant
 * for (a key pressed for one player, arriving after that player's turn has passed), the engine's own reason is
 * given ("That was Ada's pass; it is Bo's turn now."); the code stays 'stale', so the page fetches the current sheet.
 */
function staleAction(action: unknown): (m: ProjectedMatch) => Result<never> {
  return (m) => {
    const seat = typeof action === 'object' && action !== null ? (action as { seat?: unknown }).seat : undefined
    if (seat === undefined || seat === null || !m.engine || m.state === null) return staleRefusal()
    const now = m.engine.apply(m.state, action)
    if (!now.ok) return err('stale', `${now.error.message} Nothing was saved.`, now.error.field)
    return err(
      'stale',
      'That key was pressed before the last entry was saved, on an earlier sheet: nothing was saved. Press it again if it is still meant.',
    )
  }
}

/** The id of the last event in the match's log: what a write checked against it names (`after`). */
function headOf(m: ProjectedMatch): string | undefined {
  return m.log.events[m.log.events.length - 1]?.event.id
}

function broken(m: ProjectedMatch): Result<never> {
  return err('match-unreadable', `This match cannot be continued here: ${m.problem ?? 'its log does not replay'}.`)
}

function closed(status: MatchStatus): Result<never> {
  return status === 'abandoned'
    ? err('match-closed', 'This match was abandoned. Undo to reopen it before entering anything.')
    : err('match-closed', 'This match is finished. Undo to reopen it, or edit a past round.')
}

function recordedOnly(): Result<never> {
  return err(
    'recorded-match',
    'This match was imported as a result only (it has no rounds): it cannot be played on or edited. It can be abandoned, which takes it out of the stats.',
  )
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
