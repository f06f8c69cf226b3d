/**
 * The first export format (version 1: players, matches and per-match logs as rows), still read for
 * old files: its schema and its conversion to events by the frozen migration step that upgrades an
 * old data file, so both give the same event ids.
 */
import Database from 'better-sqlite3'
import * as v from 'valibot'
import { GAME_IDS } from '../../shared/games/engine'
import { validateEvent } from '../../shared/events/validate'
import type { DomainEvent } from '../../shared/events/types'
import { err, ok, type Result } from '../../shared/result'
import { MIGRATIONS } from '../db/migrations/index'
import { toEvent, type EventRow } from '../db/repos/events'
import { EXPORT_FORMAT } from './transfer-format'

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
 * An export of the first format, as events: its rows go into a scratch database at schema 3 and
 * the frozen v4 migration turns them into events, exactly as it does for an old data file.
 */
export function eventsFromV1(raw: unknown): Result<DomainEvent[]> {
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
