/**
 * Export (CSV per table, one full JSON file) and import of a JSON export.
 *
 * The JSON export is the event log itself plus a small manifest: the events are the data, everything
 * else is rebuilt from them. Import validates every event with the same checks as a live call,
 * inserts (in one transaction) the events this computer does not have, and re-projects only what
 * they touch. Importing the same file twice adds nothing and reports nothing. Exports of the first
 * format (rows plus per-match logs) are turned into events by the same frozen migration step that
 * upgrades an old data file, so both give the same event ids.
 */
import { localDaySql, offsetModifier } from './stats-dates'
import Database from 'better-sqlite3'
import type { Database as Db } from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { GAME_IDS, GAME_NAMES, type GameId } from '../../shared/games/engine'
import { validateEvent } from '../../shared/events/validate'
import { hlcTime } from '../../shared/events/hlc'
import { compareEvents, isMatchKind, isPlayerKind, type DomainEvent } from '../../shared/events/types'
import { err, ok, type Result } from '../../shared/result'
import { userVersion } from '../db/migrate'
import { MIGRATIONS } from '../db/migrations/index'
import { toEvent, toRow, type EventRow, type EventStore } from '../db/repos/events'
import type { Clock } from '../ids'
import type { Device } from './device'
import type { MatchService } from './matches'
import type { Projector } from './projector'
import type { StatsProjector } from './stats'
import type { ImportReport } from '../../shared/model/transfer'
import { isClubKind } from '../../shared/events/club'
import { projectClubSubject } from './club-projector'

export type { ImportReport }

export const EXPORT_FORMAT = 'ninekeeper-export'
/** 2: the event log. 1 (still read): players, matches and per-match logs as rows. */
export const EXPORT_VERSION = 2
/**
 * From this many events a synced batch sums the stats once at the end (as an import does); below it,
 * row by row. Re-summing touched players reads all their rows, so doing it per small batch would make
 * a long first sync quadratic.
 */
const SYNC_BATCH_STATS_FROM = 2000

export type CsvTable = 'players' | 'matches' | 'rounds'

// The first export format, read for old files.
const UUID = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/))
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max))
const Stamp = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp())
const PlayerSchema = v.strictObject({
  id: UUID,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  color: v.nullable(v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/))),
  archivedAt: v.nullable(Stamp),
  createdAt: Stamp,
  updatedAt: Stamp,
})
const EventSchema = v.strictObject({
  id: UUID,
  seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  kind: v.picklist(['action', 'undo', 'correction', 'void']),
  payload: v.unknown(),
  supersedes: v.nullable(UUID),
  deviceId: UUID,
  deviceSeq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hlc: Text(100),
  createdAt: Stamp,
})
const MatchSchema = v.strictObject({
  id: UUID,
  gameId: v.picklist(GAME_IDS),
  config: v.unknown(),
  houseRules: v.unknown(),
  createdAt: Stamp,
  deviceId: UUID,
  seats: v.pipe(
    v.array(
      v.strictObject({
        seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)),
        playerId: UUID,
        color: v.nullable(Text(16)),
      }),
    ),
    v.minLength(1),
    v.maxLength(8),
  ),
  events: v.array(EventSchema),
})
const ExportSchemaV1 = v.strictObject({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(1),
  schemaVersion: v.number(),
  exportedAt: v.string(),
  players: v.array(PlayerSchema),
  matches: v.array(MatchSchema),
})

/**
 * The round details the four games write, as CSV columns (detail key, column name), in the order
 * the games list them; true/false are written 1/0 so a spreadsheet can add them up.
 */
export const ROUND_DETAIL_COLUMNS: readonly (readonly [string, string])[] = [
  ['entry', 'entry'],
  ['wentOut', 'went_out'],
  ['deadlock', 'deadlock'],
  ['ninesLeft', 'nines_left'],
  ['cardsLeft', 'cards_left'],
  ['declared', 'declared'],
  ['declaredWon', 'declared_won'],
  ['declaredFailed', 'declared_failed'],
  ['reset90', 'reset_90'],
  ['lost99', 'lost_99'],
  ['handTotal', 'hand_total'],
  ['void', 'void'],
  ['linesMade', 'lines_made'],
  ['linesFailed', 'lines_failed'],
  ['loss', 'loss'],
  ['calledEnnea', 'called_ennea'],
  ['minimumLoss', 'minimum_loss'],
  ['result', 'result'],
  ['ending', 'ending'],
  ['blocked', 'blocked'],
  ['reshuffled', 'reshuffled'],
]

function safeDetails(json: unknown): Record<string, unknown> {
  try {
    const d = JSON.parse(String(json)) as unknown
    return d && typeof d === 'object' && !Array.isArray(d) ? { ...(d as Record<string, unknown>) } : {}
  } catch {
    return {}
  }
}

const csvCell = (x: unknown): string => {
  if (x === null || x === undefined) return ''
  const s = String(x)
  // Leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export interface TransferDeps {
  events: EventStore
  device: Device
  projector: Projector
  matches: MatchService
  stats: StatsProjector
}

const Manifest = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  events: v.array(v.unknown()),
})

export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly deps: TransferDeps,
    private readonly clock: Clock,
  ) {}

  exportJson(): Result<{ fileName: string; content: string }> {
    const now = this.clock()
    const rows = this.db.prepare('SELECT * FROM events ORDER BY hlc, id').all() as EventRow[]
    const devices: Record<string, number> = {}
    for (const r of rows) devices[r.device_id] = Math.max(devices[r.device_id] ?? 0, r.device_seq)
    const manifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      schemaVersion: userVersion(this.db),
      deviceId: this.deps.device.id(),
      eventCount: rows.length,
      devices,
    }
    // Built by hand so each event is one line: a diff of two exports reads event by event.
    const head = JSON.stringify(manifest).slice(0, -1)
    const body = rows.map((r) => JSON.stringify(toEvent(r))).join(',\n')
    return ok({
      fileName: `ninekeeper-export-${now.toISOString().slice(0, 10)}.json`,
      content: `${head},"events":[\n${body}\n]}\n`,
    })
  }

  /**
   * One table as CSV for a spreadsheet: UTF-8 with a byte-order mark (so Excel reads accents), CRLF
   * lines, numbers as numbers, players named (never a seat number), each local date and time beside
   * the UTC times, and a round's details as their own columns (ROUND_DETAIL_COLUMNS) instead of JSON.
   */
  exportCsv(table: CsvTable): Result<{ fileName: string; content: string }> {
    const localDay = (t: string): string => localDaySql(t, 'm.utc_offset')
    const localTime = (t: string): string => `strftime('%H:%M', ${t}, ${offsetModifier('m.utc_offset')})`
    const queries: Record<CsvTable, string> = {
      players: 'SELECT id, name, color, archived_at, created_at, updated_at FROM players ORDER BY name_key',
      // local_date: the day where the match was played (UTC time plus the match's utc_offset, in minutes).
      matches: `SELECT m.id, m.game_id, m.status, m.created_at, m.finished_at, m.rounds_played,
                  (SELECT group_concat(p.name, ' | ') FROM (SELECT p.name FROM match_seats s JOIN players p ON p.id = s.player_id WHERE s.match_id = m.id ORDER BY s.seat) p) AS players,
                  (SELECT group_concat(p.name, ' | ') FROM (SELECT p.name FROM json_each(m.winners_json) w JOIN match_seats s ON s.match_id = m.id AND s.seat = w.value
                    JOIN players p ON p.id = s.player_id ORDER BY s.seat) p) AS winners,
                  m.summary, ${localTime('m.created_at')} AS local_time, ${localDay('m.created_at')} AS local_date, m.utc_offset
                FROM matches m ORDER BY m.created_at, m.id`,
      rounds: `SELECT r.match_id, r.game_id, r.round, r.seat, r.player_id, p.name AS player, r.score, r.total, r.won_round, r.played_at, r.details_json,
                  ${localTime('r.played_at')} AS local_time, ${localDay('r.played_at')} AS local_date
               FROM round_results r JOIN players p ON p.id = r.player_id LEFT JOIN matches m ON m.id = r.match_id ORDER BY r.played_at, r.match_id, r.round, r.seat`,
    }
    const stmt = this.db.prepare(queries[table])
    let cols = stmt.columns().map((c) => c.name)
    let row = (r: Record<string, unknown>): unknown[] => cols.map((c) => r[c])
    if (table === 'rounds') {
      // The details JSON becomes one column per detail the games write (and any other, as JSON).
      const at = cols.indexOf('details_json')
      const before = cols.slice(0, at)
      const after = cols.slice(at + 1)
      cols = [...before, ...ROUND_DETAIL_COLUMNS.map(([, name]) => name), 'other_details', ...after]
      row = (r) => {
        const d = safeDetails(r.details_json)
        const cells = ROUND_DETAIL_COLUMNS.map(([key]) => {
          const x = d[key]
          delete d[key]
          return typeof x === 'boolean' ? (x ? 1 : 0) : x
        })
        return [
          ...before.map((c) => r[c]),
          ...cells,
          Object.keys(d).length ? JSON.stringify(d) : null,
          ...after.map((c) => r[c]),
        ]
      }
    }
    const lines = [cols.join(',')]
    for (const r of stmt.iterate() as Iterable<Record<string, unknown>>) lines.push(row(r).map(csvCell).join(','))
    return ok({
      fileName: `ninekeeper-${table}-${this.clock().toISOString().slice(0, 10)}.csv`,
      content: `\uFEFF${lines.join('\r\n')}\r\n`,
    })
  }

  importFile(path: string): Result<ImportReport> {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return err('unreadable', 'The file could not be read. Nothing was changed.')
    }
    return this.importText(text)
  }

  importText(input: string): Result<ImportReport> {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return err('invalid-file', 'That file is not valid JSON, so it is not a Ninekeeper export. Nothing was changed.')
    }
    if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== EXPORT_FORMAT) {
      return err(
        'foreign-file',
        'That file is not a Ninekeeper export (it has no "format": "ninekeeper-export"). Nothing was changed.',
      )
    }
    const version = (raw as { version?: unknown }).version
    let events: DomainEvent[]
    if (version === 1) {
      const converted = eventsFromV1(raw)
      if (!converted.ok) return converted
      events = converted.value
    } else if (version === EXPORT_VERSION) {
      const m = v.safeParse(Manifest, raw)
      if (!m.success)
        return err('invalid-file', 'That export is damaged: it has no list of events. Nothing was changed.')
      events = []
      for (const [i, e] of m.output.events.entries()) {
        const checked = validateEvent(e)
        if (!checked.ok)
          return err(
            'invalid-file',
            `That export is damaged at event ${i + 1}: ${checked.error.message}. Nothing was changed.`,
          )
        events.push(checked.value)
      }
    } else {
      return err(
        'unsupported-version',
        `That export uses format version ${String(version)}; this Ninekeeper reads versions 1 and ${EXPORT_VERSION}. Nothing was changed.`,
      )
    }
    try {
      return this.db.transaction(() => this.merge(events)).immediate()
    } catch (e) {
      const m = (e as Error).message
      return err(
        'invalid-file',
        `That export could not be imported: ${m.length > 200 ? `${m.slice(0, 200)}…` : m}. Nothing was changed.`,
      )
    } finally {
      this.deps.matches.invalidate()
    }
  }

  /**
   * Events from the club hub, already checked one by one (club, signature, validateEvent): inserted
   * and projected as an import is, in one transaction that also runs `within` (the sync cursor), so
   * a crash leaves either both or neither. A refused batch (an undo pointing outside its match)
   * changes nothing and runs nothing.
   */
  mergeSynced(events: DomainEvent[], within: (report: ImportReport | null) => void): Result<ImportReport> {
    try {
      return this.db
        .transaction(() => {
          const r = this.merge(events, events.length >= SYNC_BATCH_STATS_FROM)
          if (r.ok) within(r.value)
          return r
        })
        .immediate()
    } finally {
      if (events.length) this.deps.matches.invalidate()
    }
  }

  /** Inserts the events this computer lacks and re-projects what they touch. Runs in the caller's transaction. */
  private merge(events: DomainEvent[], batchStats = true): Result<ImportReport> {
    const report: ImportReport = { playersAdded: 0, matchesAdded: 0, eventsAdded: 0, unchanged: 0, conflicts: [] }
    const { events: store, projector, device, stats } = this.deps
    // Every reference stays inside its own match: an undo or correction that points elsewhere is refused.
    const inFile = new Map(events.map((e) => [e.id, e]))
    for (const e of events) {
      const target = (e.payload as { target?: unknown }).target
      if (!isMatchKind(e.kind) || typeof target !== 'string') continue
      const t = inFile.get(target) ?? store.get(target)
      if (!t || t.subject !== e.subject) {
        return err(
          'invalid-file',
          `That export is damaged: a ${e.kind.replace('match.', '')} event refers to an entry outside its match. Nothing was changed.`,
        )
      }
    }
    const kinds = new Map<string, 'player' | 'match'>()
    const fresh: DomainEvent[] = []
    const knownBefore = new Set<string>()
    const existsStmt = this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE subject = ?')
    for (const e of [...events].sort(compareEvents)) {
      if (!kinds.has(e.subject)) {
        kinds.set(e.subject, isPlayerKind(e.kind) ? 'player' : 'match')
        if ((existsStmt.get(e.subject)?.n ?? 0) > 0) knownBefore.add(e.subject)
      }
      if (store.insertRemote(e)) {
        fresh.push(e)
        continue
      }
      const local = store.rawById(e.id)
      if (local && JSON.stringify(toRow(e)) !== JSON.stringify(local)) {
        report.conflicts.push({
          kind: 'event',
          id: e.id,
          message:
            'An event in the file has the same id as one here but different content; this computer’s version was kept.',
        })
      } else report.unchanged++
    }
    report.eventsAdded = fresh.length
    if (fresh.length === 0) return ok(report)
    device.receive(fresh.map((e) => e.hlc))

    const touchedPlayers = new Set<string>()
    const touchedMatches = new Map<string, DomainEvent[]>()
    const touchedClub = new Set<string>()
    for (const e of fresh) {
      if (isPlayerKind(e.kind)) touchedPlayers.add(e.subject)
      else if (isClubKind(e.kind)) touchedClub.add(e.subject)
      else {
        const list = touchedMatches.get(e.subject) ?? []
        list.push(e)
        touchedMatches.set(e.subject, list)
      }
      if (e.kind === 'player.created' && !knownBefore.has(e.subject)) report.playersAdded++
      if ((e.kind === 'match.started' || e.kind === 'match.recorded') && !knownBefore.has(e.subject))
        report.matchesAdded++
    }
    // A big arrival (an import, a first sync) sums the stats once at the end; a few events (a sync
    // while others play) update them row by row, which costs only what arrived.
    const project = (): void => {
      const moved = new Set<string>()
      for (const id of touchedPlayers) for (const m of projector.projectPlayer(id)) moved.add(m)
      const rematch = new Set([...touchedMatches.keys(), ...projector.matchesOf([...moved])])
      for (const id of rematch) {
        // A match that is new here has all its events in the file: no need to read them back.
        const own = touchedMatches.get(id)
        const projected =
          own && !knownBefore.has(id) ? projector.projectMatch(id, own, true) : projector.projectMatch(id)
        if (projected) this.describe(projected, new Set((own ?? []).map((e) => e.id)), report)
      }
    }
    if (batchStats) stats.batch(project)
    else project()
    for (const id of touchedClub) projectClubSubject(this.db, store, id)
    this.sameNames(touchedPlayers, report)
    return ok(report)
  }

  /** Says, per match, what a person needs to know about what the import did to it. */
  private describe(
    m: NonNullable<ReturnType<Projector['projectMatch']>>,
    arrived: Set<string>,
    report: ImportReport,
  ): void {
    const started = m.log.started
    if (!started) return
    if (!m.problem && !m.log.entries.some((e) => e.corrections.length > 1)) return
    const names = this.db
      .prepare<[string], { name: string }>(
        "SELECT coalesce(p.name, 'Unknown player') AS name FROM match_seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat",
      )
      .all(m.id)
      .map((r) => r.name)
    const label = `${GAME_NAMES[started.gameId as GameId] ?? started.gameId}, ${dayLabel(started.at)}, ${names.join(' · ')}`
    const me = this.deps.device.id()
    const where = (deviceId: string, hlc: string): string =>
      `${deviceId === me ? 'this computer' : 'another computer'}, ${hlcTime(hlc).slice(11, 16)} UTC`
    for (const entry of m.log.entries) {
      const devices = new Set(entry.corrections.map((c) => c.deviceId))
      const last = entry.corrections[entry.corrections.length - 1]
      if (devices.size < 2 || !last || !entry.corrections.some((c) => arrived.has(c.id))) continue
      const n = m.log.entries.indexOf(entry) + 1
      report.conflicts.push({
        kind: 'match',
        id: m.id,
        message: `${label}: entry ${n} was corrected differently on two computers; the later correction (${where(last.deviceId, last.hlc)}) now shows. Both are in the match’s history.`,
      })
    }
    if (m.skipped.some((s) => arrived.has(s.eventId) || m.log.entries.some((e) => e.eventId === s.eventId))) {
      report.conflicts.push({
        kind: 'match',
        id: m.id,
        message: `${label}: ${m.problem ?? 'part of its log could not be applied'}`,
      })
    } else if (m.problem) report.conflicts.push({ kind: 'match', id: m.id, message: `${label}: ${m.problem}` })
  }

  /** Two people with one name after an import (each laptop added its own “Zoe”): say so, once. */
  private sameNames(touched: Set<string>, report: ImportReport): void {
    const rows = this.db
      .prepare<[], { id: string; name: string; name_key: string }>(
        `SELECT id, name, name_key FROM players WHERE deleted = 0 AND canonical_id = id AND name_key IN
           (SELECT name_key FROM players WHERE deleted = 0 AND canonical_id = id GROUP BY name_key HAVING count(*) > 1)`,
      )
      .all()
    const byKey = new Map<string, { id: string; name: string }[]>()
    for (const r of rows) byKey.set(r.name_key, [...(byKey.get(r.name_key) ?? []), r])
    for (const list of byKey.values()) {
      const added = list.find((p) => touched.has(p.id))
      if (!added) continue
      report.conflicts.push({
        kind: 'player',
        id: added.id,
        message: `There are now ${list.length} players called “${added.name}” (each computer added its own). If they are the same person, use “Merge into…” on the Players screen.`,
      })
    }
  }
}

function dayLabel(iso: string): string {
  const d = new Date(iso)
  return `${d.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/**
 * An export of the first format, as events: its rows go into a scratch database at schema 3 and
 * the frozen v4 migration turns them into events, exactly as it does for an old data file.
 */
function eventsFromV1(raw: unknown): Result<DomainEvent[]> {
  const parsed = v.safeParse(ExportSchemaV1, raw)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    return err(
      'invalid-file',
      `That export is damaged at ${v.getDotPath(issue) ?? 'the top level'}: ${issue.message}. Nothing was changed.`,
    )
  }
  const file = parsed.output
  const scratch = new Database(':memory:')
  try {
    scratch.transaction(() => {
      for (const m of MIGRATIONS.slice(0, 3)) m.up(scratch)
    })()
    scratch.transaction(() => {
      const insPlayer = scratch.prepare(
        'INSERT INTO players (id, name, name_key, color, archived_at, created_at, updated_at) VALUES (@id, @name, @id, @color, @archivedAt, @createdAt, @updatedAt)',
      )
      for (const p of file.players) insPlayer.run(p)
      const insMatch = scratch.prepare(
        `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, device_id) VALUES (?, ?, ?, ?, 'in-progress', ?, ?, ?)`,
      )
      const insSeat = scratch.prepare('INSERT INTO match_seats (match_id, seat, player_id, color) VALUES (?, ?, ?, ?)')
      const insEvent = scratch.prepare(
        `INSERT INTO match_events (id, match_id, seq, kind, payload_json, supersedes, device_id, device_seq, hlc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      scratch.pragma('foreign_keys = OFF')
      for (const m of file.matches) {
        insMatch.run(
          m.id,
          m.gameId,
          JSON.stringify(m.config),
          JSON.stringify(m.houseRules ?? {}),
          m.createdAt,
          m.createdAt,
          m.deviceId,
        )
        for (const s of m.seats) insSeat.run(m.id, s.seat, s.playerId, s.color)
        for (const e of m.events)
          insEvent.run(
            e.id,
            m.id,
            e.seq,
            e.kind,
            JSON.stringify(e.payload ?? null),
            e.supersedes,
            e.deviceId,
            e.deviceSeq,
            e.hlc,
            e.createdAt,
          )
      }
    })()
    // The device the players were made on is not in a v1 file: derive it from the file, as v4 does.
    scratch.transaction(() => (MIGRATIONS[3] as (typeof MIGRATIONS)[number]).up(scratch))()
    const out: DomainEvent[] = []
    for (const [i, r] of (scratch.prepare('SELECT * FROM events ORDER BY hlc, id').all() as EventRow[]).entries()) {
      const checked = validateEvent(toEvent(r))
      if (!checked.ok)
        return err(
          'invalid-file',
          `That export is damaged at entry ${i + 1}: ${checked.error.message}. Nothing was changed.`,
        )
      out.push(checked.value)
    }
    return ok(out)
  } catch (e) {
    return err('invalid-file', `That export could not be read: ${(e as Error).message}. Nothing was changed.`)
  } finally {
    scratch.close()
  }
}
