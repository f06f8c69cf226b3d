/**
 * Export (CSV per table, one full JSON file) and import of a JSON export.
 *
 * The JSON carries what the data really is: players, matches with their seats and the append-only
 * event log. Import merges by UUID in one transaction: new rows are added, identical rows are left
 * alone (so a second import changes nothing), and rows that differ are reported as conflicts and
 * this computer's version is kept. Every touched match is replayed through its engine; a log that
 * does not replay refuses the whole file, so a malformed file changes nothing.
 */
import type { Database } from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { GAME_IDS } from '../../shared/games/engine'
import { playerNameKey } from '../../shared/model/player'
import { err, ok, type Result } from '../../shared/result'
import { userVersion } from '../db/migrate'
import type { Clock } from '../ids'
import type { MatchService } from './matches'

export const EXPORT_FORMAT = 'ninekeeper-export'
export const EXPORT_VERSION = 1

import type { ImportReport } from '../../shared/model/transfer'

export type { ImportReport }

export type CsvTable = 'players' | 'matches' | 'rounds'

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
    v.array(v.strictObject({ seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)), playerId: UUID, color: v.nullable(Text(16)) })),
    v.minLength(1),
    v.maxLength(8),
  ),
  events: v.array(EventSchema),
})
const ExportSchema = v.strictObject({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  schemaVersion: v.number(),
  exportedAt: v.string(),
  players: v.array(PlayerSchema),
  matches: v.array(MatchSchema),
})
type ExportFile = v.InferOutput<typeof ExportSchema>

interface PlayerRow {
  id: string
  name: string
  name_key: string
  color: string | null
  archived_at: string | null
  created_at: string
  updated_at: string
}

const csvCell = (x: unknown): string => {
  if (x === null || x === undefined) return ''
  const s = String(x)
  // Leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export class TransferService {
  constructor(
    private readonly db: Database,
    private readonly matches: MatchService,
    private readonly clock: Clock,
  ) {}

  exportJson(): Result<{ fileName: string; content: string }> {
    const players = (this.db.prepare('SELECT * FROM players ORDER BY id').all() as PlayerRow[]).map((p) => ({
      id: p.id,
      name: p.name,
      color: p.color,
      archivedAt: p.archived_at,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    }))
    const seats = this.db.prepare('SELECT seat, player_id, color FROM match_seats WHERE match_id = ? ORDER BY seat')
    const events = this.db.prepare('SELECT * FROM match_events WHERE match_id = ? ORDER BY seq')
    const matches = (this.db.prepare('SELECT * FROM matches ORDER BY id').all() as Record<string, string>[]).map((m) => ({
      id: m.id as string,
      gameId: m.game_id,
      config: JSON.parse(m.config_json as string) as unknown,
      houseRules: JSON.parse(m.house_rules_json as string) as unknown,
      createdAt: m.created_at,
      deviceId: m.device_id,
      seats: (seats.all(m.id) as { seat: number; player_id: string; color: string | null }[]).map((s) => ({ seat: s.seat, playerId: s.player_id, color: s.color })),
      events: (events.all(m.id) as Record<string, unknown>[]).map((e) => ({
        id: e.id,
        seq: e.seq,
        kind: e.kind,
        payload: JSON.parse(e.payload_json as string) as unknown,
        supersedes: e.supersedes,
        deviceId: e.device_id,
        deviceSeq: e.device_seq,
        hlc: e.hlc,
        createdAt: e.created_at,
      })),
    }))
    const now = this.clock()
    const content = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, schemaVersion: userVersion(this.db), exportedAt: now.toISOString(), players, matches })
    return ok({ fileName: `ninekeeper-export-${now.toISOString().slice(0, 10)}.json`, content })
  }

  exportCsv(table: CsvTable): Result<{ fileName: string; content: string }> {
    const queries: Record<CsvTable, string> = {
      players: 'SELECT id, name, color, archived_at, created_at, updated_at FROM players ORDER BY name_key',
      matches: `SELECT m.id, m.game_id, m.status, m.created_at, m.finished_at, m.rounds_played,
                  (SELECT group_concat(p.name, ' | ') FROM (SELECT p.name FROM match_seats s JOIN players p ON p.id = s.player_id WHERE s.match_id = m.id ORDER BY s.seat) p) AS players,
                  m.winners_json, m.summary
                FROM matches m ORDER BY m.created_at, m.id`,
      rounds: `SELECT r.match_id, r.game_id, r.round, r.seat, r.player_id, p.name AS player, r.score, r.total, r.won_round, r.played_at, r.details_json
               FROM round_results r JOIN players p ON p.id = r.player_id ORDER BY r.played_at, r.match_id, r.round, r.seat`,
    }
    const stmt = this.db.prepare(queries[table])
    const cols = stmt.columns().map((c) => c.name)
    const lines = [cols.join(',')]
    for (const row of stmt.iterate() as Iterable<Record<string, unknown>>) lines.push(cols.map((c) => csvCell(row[c])).join(','))
    return ok({ fileName: `ninekeeper-${table}-${this.clock().toISOString().slice(0, 10)}.csv`, content: `${lines.join('\r\n')}\r\n` })
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

  importText(text: string): Result<ImportReport> {
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return err('invalid-file', 'That file is not valid JSON, so it is not a Ninekeeper export. Nothing was changed.')
    }
    if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== EXPORT_FORMAT) {
      return err('foreign-file', 'That file is not a Ninekeeper export (it has no "format": "ninekeeper-export"). Nothing was changed.')
    }
    if ((raw as { version?: unknown }).version !== EXPORT_VERSION) {
      return err('unsupported-version', `That export uses format version ${String((raw as { version?: unknown }).version)}; this Ninekeeper reads version ${EXPORT_VERSION}. Nothing was changed.`)
    }
    const parsed = v.safeParse(ExportSchema, raw)
    if (!parsed.success) {
      const issue = parsed.issues[0]
      return err('invalid-file', `That export is damaged at ${v.getDotPath(issue) ?? 'the top level'}: ${issue.message}. Nothing was changed.`)
    }
    try {
      return this.db.transaction(() => ok(this.merge(parsed.output))).immediate()
    } catch (e) {
      const m = (e as Error).message
      return err('invalid-file', `That export could not be imported: ${m.length > 200 ? `${m.slice(0, 200)}…` : m}. Nothing was changed.`)
    }
  }

  private merge(file: ExportFile): ImportReport {
    const report: ImportReport = { playersAdded: 0, matchesAdded: 0, eventsAdded: 0, unchanged: 0, conflicts: [] }
    const getPlayer = this.db.prepare<[string], PlayerRow>('SELECT * FROM players WHERE id = ?')
    const byName = this.db.prepare<[string], PlayerRow>('SELECT * FROM players WHERE name_key = ?')
    const insPlayer = this.db.prepare(
      'INSERT INTO players (id, name, name_key, color, archived_at, created_at, updated_at) VALUES (@id, @name, @nameKey, @color, @archivedAt, @createdAt, @updatedAt)',
    )
    const skippedPlayers = new Set<string>()
    for (const p of file.players) {
      const local = getPlayer.get(p.id)
      if (local) {
        if (local.name !== p.name || local.color !== p.color || (local.archived_at === null) !== (p.archivedAt === null)) {
          report.conflicts.push({ kind: 'player', id: p.id, message: `Player “${local.name}” differs in the file (“${p.name}”); this computer’s version was kept.` })
        } else report.unchanged++
        continue
      }
      const nameKey = playerNameKey(p.name)
      const clash = byName.get(nameKey)
      if (clash) {
        report.conflicts.push({ kind: 'player', id: p.id, message: `A different player called “${clash.name}” already exists here; “${p.name}” and their matches were not imported.` })
        skippedPlayers.add(p.id)
        continue
      }
      insPlayer.run({ ...p, nameKey })
      report.playersAdded++
    }

    const getMatch = this.db.prepare<[string], { game_id: string; config_json: string }>('SELECT game_id, config_json FROM matches WHERE id = ?')
    const seatsOf = this.db.prepare<[string], { seat: number; player_id: string }>('SELECT seat, player_id FROM match_seats WHERE match_id = ? ORDER BY seat')
    const insMatch = this.db.prepare(
      `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id)
       VALUES (@id, @gameId, @config, @houseRules, 'in-progress', @createdAt, @createdAt, NULL, @deviceId)`,
    )
    const insSeat = this.db.prepare('INSERT INTO match_seats (match_id, seat, player_id, color) VALUES (?, ?, ?, ?)')
    const getEvent = this.db.prepare<[string], Record<string, unknown>>('SELECT * FROM match_events WHERE id = ?')
    const seqTaken = this.db.prepare<[string, number], { id: string }>('SELECT id FROM match_events WHERE match_id = ? AND seq = ?')
    const devTaken = this.db.prepare<[string, number], { id: string }>('SELECT id FROM match_events WHERE device_id = ? AND device_seq = ?')
    const insEvent = this.db.prepare(
      `INSERT INTO match_events (id, match_id, seq, kind, payload_json, supersedes, device_id, device_seq, hlc, created_at)
       VALUES (@id, @matchId, @seq, @kind, @payload, @supersedes, @deviceId, @deviceSeq, @hlc, @createdAt)`,
    )
    const playerExists = this.db.prepare<[string], { id: string }>('SELECT id FROM players WHERE id = ?')
    const touchMatch = this.db.prepare('UPDATE matches SET updated_at = max(updated_at, ?) WHERE id = ?')
    const touched: string[] = []
    for (const m of file.matches) {
      const missing = m.seats.find((s) => skippedPlayers.has(s.playerId) || !playerExists.get(s.playerId))
      if (missing) {
        report.conflicts.push({ kind: 'match', id: m.id, message: `A ${m.gameId} match was not imported: one of its players is not available here.` })
        continue
      }
      const local = getMatch.get(m.id)
      if (local) {
        const seats = seatsOf.all(m.id)
        const sameSeats = seats.length === m.seats.length && seats.every((s, i) => s.player_id === m.seats[i]?.playerId)
        if (local.game_id !== m.gameId || !sameSeats || local.config_json !== JSON.stringify(m.config)) {
          report.conflicts.push({ kind: 'match', id: m.id, message: 'A match with this id exists here with different players or settings; this computer’s version was kept.' })
          continue
        }
      } else {
        insMatch.run({ id: m.id, gameId: m.gameId, config: JSON.stringify(m.config), houseRules: JSON.stringify(m.houseRules), createdAt: m.createdAt, deviceId: m.deviceId })
        for (const s of [...m.seats].sort((a, b) => a.seat - b.seat)) insSeat.run(m.id, s.seat, s.playerId, s.color)
        report.matchesAdded++
      }
      let added = 0
      for (const e of [...m.events].sort((a, b) => a.seq - b.seq)) {
        const payload = JSON.stringify(e.payload ?? null)
        const existing = getEvent.get(e.id)
        if (existing) {
          if (existing.match_id !== m.id || existing.seq !== e.seq || existing.kind !== e.kind || existing.payload_json !== payload || existing.supersedes !== e.supersedes) {
            report.conflicts.push({ kind: 'event', id: e.id, message: 'An entry with this id differs from the one here; this computer’s version was kept.' })
          } else report.unchanged++
          continue
        }
        if (seqTaken.get(m.id, e.seq) || devTaken.get(e.deviceId, e.deviceSeq)) {
          report.conflicts.push({ kind: 'event', id: e.id, message: 'This match was continued differently on this computer; the entries from the file after that point were not imported.' })
          break
        }
        insEvent.run({ ...e, matchId: m.id, payload })
        added++
      }
      report.eventsAdded += added
      if (added > 0) {
        const last = m.events.reduce((t, e) => (e.createdAt > t ? e.createdAt : t), m.createdAt)
        touchMatch.run(last, m.id)
      }
      if (added > 0 || !local) touched.push(m.id)
    }
    for (const id of touched) this.matches.reproject(id)
    return report
  }
}
