/**
 * Matches: a config plus an append-only event log. Every read replays the log through the game's
 * engine; every write appends one event, replays, and refreshes the round_results projection and
 * the match outcome in the same immediate transaction. A refused write changes nothing.
 *
 * Events: 'action' (an engine action), 'correction' (replaces the action of an earlier event),
 * 'undo' (takes back the latest action, correction or close), 'void' (the match was closed by hand).
 */
import type { Database } from 'better-sqlite3'
import { GAME_NAMES, type GameId } from '../../shared/games/engine'
import { completedRounds, roundRows } from '../../shared/games/projections'
import { ENGINES, SEAT_LIMITS, type AnyEngine } from '../../shared/games/registry'
import type { LoggedAction, MatchHistoryEntry, MatchStatus, MatchSummary, MatchView } from '../../shared/model/match'
import { err, ok, type Result } from '../../shared/result'
import { MatchesRepo, type EventRow, type MatchFilter, type MatchRow, type SeatRow } from '../db/repos/matches'
import { writeTransaction } from '../db/transaction'
import { uuidv7, type Clock } from '../ids'
import { Device } from './device'
import type { RefreshedMatch } from './stats'

export interface MatchOptions {
  firstDealer?: number | undefined
  starter?: number | undefined
  target?: number | null | undefined
  colours?: string[] | undefined
  houseRules?: Record<string, string | number | boolean> | undefined
}

interface Entry {
  eventId: string
  original: unknown
  at: string
  corrections: { id: string; action: unknown; at: string }[]
}

interface Reduced {
  entries: Entry[]
  closes: { id: string; status: 'finished' | 'abandoned'; at: string }[]
  /** Undoable events, oldest first. */
  stack: { id: string; kind: 'action' | 'correction' | 'void' }[]
}

/** Folds the event log into the effective action list (the pure reducer every projection starts from). */
export function reduceEvents(events: readonly EventRow[]): Reduced {
  const out: Reduced = { entries: [], closes: [], stack: [] }
  for (const ev of events) {
    const payload = JSON.parse(ev.payload_json) as unknown
    if (ev.kind === 'action') {
      out.entries.push({ eventId: ev.id, original: payload, at: ev.created_at, corrections: [] })
      out.stack.push({ id: ev.id, kind: 'action' })
    } else if (ev.kind === 'correction') {
      const entry = out.entries.find((e) => e.eventId === ev.supersedes)
      if (!entry) continue
      entry.corrections.push({ id: ev.id, action: payload, at: ev.created_at })
      out.stack.push({ id: ev.id, kind: 'correction' })
    } else if (ev.kind === 'void') {
      const status = (payload as { status?: string }).status === 'abandoned' ? 'abandoned' : 'finished'
      out.closes.push({ id: ev.id, status, at: ev.created_at })
      out.stack.push({ id: ev.id, kind: 'void' })
    } else if (ev.kind === 'undo') {
      const i = out.stack.findIndex((s) => s.id === ev.supersedes)
      if (i < 0) continue
      const [target] = out.stack.splice(i, 1)
      if (target?.kind === 'action') out.entries = out.entries.filter((e) => e.eventId !== target.id)
      else if (target?.kind === 'correction') for (const e of out.entries) e.corrections = e.corrections.filter((c) => c.id !== target.id)
      else if (target?.kind === 'void') out.closes = out.closes.filter((c) => c.id !== target.id)
    }
  }
  return out
}

const effective = (e: Entry): unknown => (e.corrections.length ? e.corrections[e.corrections.length - 1]?.action : e.original)
const actionType = (a: unknown): string =>
  a !== null && typeof a === 'object' && typeof (a as { type?: unknown }).type === 'string' ? (a as { type: string }).type : 'entry'

interface Loaded {
  row: MatchRow
  seats: SeatRow[]
  engine: AnyEngine
  config: unknown
  reduced: Reduced
  state: unknown
  /** Time each completed round was entered (index = round - 1). */
  roundTimes: string[]
}

export class MatchService {
  private readonly repo: MatchesRepo
  private readonly device: Device

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Called inside each write's transaction after the projection is rewritten (stats summaries). */
    private readonly onRefresh?: (m: RefreshedMatch) => void,
  ) {
    this.repo = new MatchesRepo(db)
    this.device = new Device(db, clock)
  }

  create(input: { gameId: GameId; playerIds: string[]; options?: MatchOptions | undefined }): Result<MatchView> {
    const { gameId, playerIds } = input
    const limits = SEAT_LIMITS[gameId]
    if (playerIds.length < limits.min || playerIds.length > limits.max) {
      const range = limits.min === limits.max ? `exactly ${limits.min}` : `${limits.min} to ${limits.max}`
      return err('invalid-seats', `${GAME_NAMES[gameId]} is played by ${range} players; ${playerIds.length} were chosen.`, 'playerIds')
    }
    if (new Set(playerIds).size !== playerIds.length) return err('invalid-seats', 'A player can take only one seat.', 'playerIds')
    return writeTransaction(this.db, () => {
      const players = playerIds.map((id) => this.db.prepare('SELECT id, name, color, archived_at FROM players WHERE id = ?').get(id)) as
        | ({ id: string; name: string; color: string | null; archived_at: string | null } | undefined)[]
      const missing = players.findIndex((p) => !p)
      if (missing >= 0) return err('not-found', `The player in seat ${missing + 1} no longer exists. Pick the players again.`, 'playerIds')
      const archived = players.find((p) => p?.archived_at)
      if (archived) return err('archived-player', `${archived.name} is archived. Unarchive them on the Players screen to seat them.`, 'playerIds')
      const names = players.map((p) => p!.name)
      const { houseRules, ...rest } = input.options ?? {}
      const config = { ...rest, names, ...(houseRules ? { houseRules } : {}) }
      const engine = ENGINES[gameId]
      const setup = engine.setup(config)
      if (!setup.ok) return setup as Result<never>
      const at = this.now()
      const id = uuidv7(this.clock().getTime())
      const stamp = this.device.next()
      this.repo.insertMatch({ id, gameId, config: JSON.stringify(config), houseRules: JSON.stringify(houseRules ?? {}), at, deviceId: stamp.deviceId })
      const colours = input.options?.colours
      players.forEach((p, seat) => this.repo.insertSeat(id, seat, p!.id, colours?.[seat] ?? null))
      this.refresh(this.load(id)!, at)
      return ok(this.view(this.load(id)!))
    })
  }

  get(id: string): Result<MatchView> {
    const loaded = this.load(id)
    return loaded ? ok(this.view(loaded)) : notFound()
  }

  list(filter: MatchFilter): Result<MatchSummary[]> {
    return ok(
      this.repo.list(filter).map((r) => {
        const players = JSON.parse(r.players_json) as { id: string; name: string }[]
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
          summary: r.summary,
        }
      }),
    )
  }

  apply(id: string, action: unknown): Result<MatchView> {
    return writeTransaction(this.db, () => {
      const m = this.load(id)
      if (!m) return notFound()
      if (m.row.status === 'abandoned' || m.reduced.closes.length > 0) return closed(m.row.status)
      const next = m.engine.apply(m.state, action)
      if (!next.ok) return next as Result<never>
      return this.append(m, 'action', action, null)
    })
  }

  correct(id: string, eventId: string, action: unknown): Result<MatchView> {
    return writeTransaction(this.db, () => {
      const m = this.load(id)
      if (!m) return notFound()
      if (m.row.status === 'abandoned') return closed(m.row.status)
      const index = m.reduced.entries.findIndex((e) => e.eventId === eventId)
      if (index < 0) return err('not-found', 'That entry is no longer in the log (it may have been undone).', 'eventId')
      const actions = m.reduced.entries.map(effective)
      actions[index] = action
      const replayed = this.replay(m.engine, m.config, actions)
      if (!replayed.ok) {
        const { index: failed, message, code } = replayed.error
        return failed === index
          ? err(code, message, 'action')
          : err('correction-breaks-later-entry', `That change makes entry ${failed + 1} invalid: ${message}`, 'action')
      }
      return this.append(m, 'correction', action, eventId)
    })
  }

  undo(id: string): Result<MatchView> {
    return writeTransaction(this.db, () => {
      const m = this.load(id)
      if (!m) return notFound()
      if (m.row.status === 'abandoned' && m.reduced.closes.length === 0) return closed(m.row.status)
      const top = m.reduced.stack[m.reduced.stack.length - 1]
      if (!top) return err('nothing-to-undo', 'There is nothing to undo in this match yet.')
      const events = [...this.repo.events(id), { id: 'probe', seq: -1, kind: 'undo' as const, payload_json: '{}', supersedes: top.id, created_at: this.now() }]
      const after = reduceEvents(events)
      const replayed = this.replay(m.engine, m.config, after.entries.map(effective))
      if (!replayed.ok) return err('cannot-undo', `Undoing that would make entry ${replayed.error.index + 1} invalid: ${replayed.error.message}`)
      return this.append(m, 'undo', {}, top.id)
    })
  }

  close(id: string, status: 'finished' | 'abandoned'): Result<MatchView> {
    return writeTransaction(this.db, () => {
      const m = this.load(id)
      if (!m) return notFound()
      if (m.row.status !== 'in-progress') return closed(m.row.status)
      if (status === 'finished' && m.reduced.entries.length === 0) {
        return err('nothing-played', 'Nothing has been played in this match yet; abandon it instead.', 'status')
      }
      return this.append(m, 'void', { status }, null)
    })
  }

  /** Rebuilds a match's projections from its log (after an import, or a one-time stats rebuild). Call inside a transaction. */
  reproject(id: string): boolean {
    const m = this.load(id)
    if (!m) return false
    this.refresh(m, m.row.updated_at)
    return true
  }

  history(id: string): Result<MatchHistoryEntry[]> {
    if (!this.repo.get(id)) return notFound()
    const events = this.repo.events(id)
    const index = new Map<string, number>()
    const kinds = new Map<string, EventRow['kind']>()
    let n = 0
    return ok(
      events.map((ev) => {
        kinds.set(ev.id, ev.kind)
        if (ev.kind === 'action') index.set(ev.id, ++n)
        const action = ev.kind === 'action' || ev.kind === 'correction' ? (JSON.parse(ev.payload_json) as unknown) : null
        let description: string
        if (ev.kind === 'action') description = `Entry ${index.get(ev.id)} (${actionType(action)})`
        else if (ev.kind === 'correction') description = `Entry ${index.get(ev.supersedes ?? '') ?? '?'} corrected`
        else if (ev.kind === 'void') description = (JSON.parse(ev.payload_json) as { status?: string }).status === 'abandoned' ? 'Match abandoned' : 'Match finished by hand'
        else {
          const k = kinds.get(ev.supersedes ?? '')
          description =
            k === 'action' ? `Undid entry ${index.get(ev.supersedes ?? '')}` : k === 'correction' ? 'Undid a correction' : k === 'void' ? 'Reopened the match' : 'Undo'
        }
        return { seq: ev.seq, kind: ev.kind, at: ev.created_at, action, supersedes: ev.supersedes, eventId: ev.id, description }
      }),
    )
  }

  private append(m: Loaded, kind: EventRow['kind'], payload: unknown, supersedes: string | null): Result<MatchView> {
    const stamp = this.device.next()
    const at = this.now()
    this.repo.appendEvent({ id: uuidv7(this.clock().getTime()), matchId: m.row.id, kind, payload: JSON.stringify(payload), supersedes, ...stamp, at })
    const fresh = this.load(m.row.id)
    if (!fresh) return notFound()
    this.refresh(fresh, at)
    return ok(this.view(this.load(m.row.id)!))
  }

  /** Rewrites the projection rows and the outcome columns from the replayed state. */
  private refresh(m: Loaded, at: string): void {
    const gameId = m.row.game_id
    const status = m.engine.status(m.state)
    const close = m.reduced.closes[m.reduced.closes.length - 1]
    const matchStatus: MatchStatus = status.over ? 'finished' : (close?.status ?? 'in-progress')
    const finishedAt = status.over ? (m.roundTimes[m.roundTimes.length - 1] ?? at) : (close?.at ?? null)
    const rows = roundRows(gameId, m.state).map((r) => ({ ...r, playedAt: m.roundTimes[r.round - 1] ?? at }))
    this.repo.replaceRounds(m.row.id, gameId, m.seats.map((s) => s.player_id), rows)
    const winners = status.over ? status.winners : matchStatus === 'finished' ? m.engine.standings(m.state).filter((s) => s.rank === 1).map((s) => s.seat) : []
    this.repo.setOutcome({
      id: m.row.id,
      status: matchStatus,
      at,
      finishedAt: matchStatus === 'in-progress' ? null : finishedAt,
      winners: JSON.stringify(winners),
      rounds: completedRounds(gameId, m.state),
      summary: status.message,
    })
    this.onRefresh?.({
      id: m.row.id,
      gameId,
      status: matchStatus,
      finishedAt: matchStatus === 'in-progress' ? null : finishedAt,
      playerIds: m.seats.map((s) => s.player_id),
      winners,
      standings: m.engine.standings(m.state),
    })
  }

  private load(id: string): Loaded | null {
    const row = this.repo.get(id)
    if (!row) return null
    const engine = ENGINES[row.game_id]
    const config = JSON.parse(row.config_json) as unknown
    const reduced = reduceEvents(this.repo.events(id))
    const replayed = this.replay(engine, config, reduced.entries.map(effective), reduced.entries)
    if (!replayed.ok) throw new Error(`Stored log of match ${id} no longer replays at entry ${replayed.error.index + 1}: ${replayed.error.message}`)
    return { row, seats: this.repo.seats(id), engine, config, reduced, state: replayed.value.state, roundTimes: replayed.value.roundTimes }
  }

  private replay(
    engine: AnyEngine,
    config: unknown,
    actions: unknown[],
    entries?: Entry[],
  ): { ok: true; value: { state: unknown; roundTimes: string[] } } | { ok: false; error: { code: string; message: string; index: number } } {
    const start = engine.setup(config)
    if (!start.ok) return { ok: false, error: { ...start.error, index: -1 } }
    let state = start.value
    const roundTimes: string[] = []
    const gameId = engine.id
    let done = completedRounds(gameId, state)
    for (let i = 0; i < actions.length; i++) {
      const r = engine.apply(state, actions[i])
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message, index: i } }
      state = r.value
      const now = completedRounds(gameId, state)
      const at = entries?.[i]?.at ?? ''
      while (done < now) {
        roundTimes[done] = at
        done++
      }
      if (now < done) {
        roundTimes.length = now
        done = now
      }
    }
    return { ok: true, value: { state, roundTimes } }
  }

  private view(m: Loaded): MatchView {
    const actions: LoggedAction[] = m.reduced.entries.map((e, index) => ({
      index,
      eventId: e.eventId,
      action: effective(e),
      at: e.at,
      correctedAt: e.corrections.length ? (e.corrections[e.corrections.length - 1]?.at ?? null) : null,
    }))
    const top = m.reduced.stack[m.reduced.stack.length - 1]
    let undo: string | null = null
    if (top?.kind === 'action') {
      const i = m.reduced.entries.findIndex((e) => e.eventId === top.id)
      undo = `Undo entry ${i + 1} (${actionType(effective(m.reduced.entries[i] as Entry))})`
    } else if (top?.kind === 'correction') undo = 'Undo the last correction'
    else if (top?.kind === 'void') undo = 'Reopen the match'
    return {
      id: m.row.id,
      gameId: m.row.game_id,
      status: m.row.status,
      createdAt: m.row.created_at,
      updatedAt: m.row.updated_at,
      finishedAt: m.row.finished_at,
      seats: m.seats.map((s) => ({ seat: s.seat, playerId: s.player_id, name: s.name, color: s.color })),
      config: m.config,
      state: m.state,
      game: m.engine.status(m.state),
      standings: m.engine.standings(m.state),
      legal: m.engine.legalActions(m.state),
      actions,
      undo,
    }
  }

  private now(): string {
    return this.clock().toISOString()
  }
}

function notFound(): Result<never> {
  return err('not-found', 'That match no longer exists.', 'matchId')
}

function closed(status: MatchStatus): Result<never> {
  return status === 'abandoned'
    ? err('match-closed', 'This match was abandoned. Undo to reopen it before entering anything.')
    : err('match-closed', 'This match is finished. Undo to reopen it, or edit a past round.')
}
