/**
 * The event log table. Append-only (triggers refuse UPDATE and DELETE). A local event gets the next
 * per-device number from the log itself, inside the caller's write transaction, so the numbers are
 * 1, 2, 3 … with no gaps and no counter elsewhere that could fall behind.
 */
import type { Database, Statement } from 'better-sqlite3'
import { PAYLOAD_VERSION, type DomainEvent, type EventKind, type PayloadOf } from '../../../shared/events/types'
import { uuidv7 } from '../../ids'
import type { Device } from '../../services/device'

export interface EventRow {
  id: string
  device_id: string
  device_seq: number
  hlc: string
  kind: string
  v: number
  subject: string
  payload: string
}

export function toEvent(r: EventRow): DomainEvent {
  return {
    id: r.id,
    deviceId: r.device_id,
    deviceSeq: r.device_seq,
    hlc: r.hlc,
    kind: r.kind as EventKind,
    v: r.v,
    subject: r.subject,
    payload: JSON.parse(r.payload) as never,
  }
}

export class EventStore {
  private readonly insertStmt: Statement
  private readonly insertIgnoreStmt: Statement
  private readonly nextSeqStmt: Statement<[string], { next: number }>
  private readonly bySubjectStmt: Statement<[string], EventRow>
  private readonly byIdStmt: Statement<[string], EventRow>
  private readonly afterStmt: Statement<[number, number], EventRow & { rowid: number }>
  private readonly countAfterStmt: Statement<[number], { n: number }>

  constructor(
    private readonly db: Database,
    private readonly device: Device,
  ) {
    const cols = '(id, device_id, device_seq, hlc, kind, v, subject, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
    this.insertStmt = db.prepare(`INSERT INTO events ${cols}`)
    this.insertIgnoreStmt = db.prepare(`INSERT OR IGNORE INTO events ${cols}`)
    this.nextSeqStmt = db.prepare('SELECT coalesce(max(device_seq), 0) + 1 AS next FROM events WHERE device_id = ?')
    // A laptop the club took out counts only up to its cut (removed_devices; src/shared/events/device.ts).
    this.bySubjectStmt = db.prepare(
      'SELECT e.* FROM events e WHERE e.subject = ? AND NOT EXISTS (SELECT 1 FROM removed_devices r WHERE r.device_id = e.device_id AND e.device_seq > r.through) ORDER BY e.hlc, e.id',
    )
    this.byIdStmt = db.prepare('SELECT * FROM events WHERE id = ?')
    this.afterStmt = db.prepare('SELECT rowid, * FROM events WHERE rowid > ? ORDER BY rowid LIMIT ?')
    this.countAfterStmt = db.prepare('SELECT count(*) AS n FROM events WHERE rowid > ?')
  }

  /** Records a local event. Must run inside the write transaction that projects it. */
  append<K extends EventKind>(kind: K, subject: string, payload: PayloadOf[K]): DomainEvent<K> {
    const { deviceId, hlc } = this.device.stamp()
    const deviceSeq = (this.nextSeqStmt.get(deviceId) as { next: number }).next
    const event: DomainEvent<K> = {
      id: uuidv7(Number(hlc.slice(0, 15))),
      deviceId,
      deviceSeq,
      hlc,
      kind,
      v: PAYLOAD_VERSION,
      subject,
      payload,
    }
    this.insertStmt.run(rowValues(event))
    return event
  }

  /**
   * Records the first event of a new player or match; the subject's UUIDv7 carries the same
   * millisecond as the event's stamp, so an id and its creation time always agree.
   */
  appendNew<K extends EventKind>(kind: K, payload: PayloadOf[K]): DomainEvent<K> {
    const { deviceId, hlc } = this.device.stamp()
    const wall = Number(hlc.slice(0, 15))
    const deviceSeq = (this.nextSeqStmt.get(deviceId) as { next: number }).next
    const event: DomainEvent<K> = {
      id: uuidv7(wall),
      deviceId,
      deviceSeq,
      hlc,
      kind,
      v: PAYLOAD_VERSION,
      subject: uuidv7(wall),
      payload,
    }
    this.insertStmt.run(rowValues(event))
    return event
  }

  /** This laptop's device id (its own events are never cut on its own screens: ../../services/removals.ts). */
  deviceId(): string {
    return this.device.id()
  }

  /** Stores an event from elsewhere; false when an event with that id is already here. */
  insertRemote(e: DomainEvent): boolean {
    return this.insertIgnoreStmt.run(rowValues(e)).changes === 1
  }

  /** A subject's events in log order, without those of a removed laptop after its cut. */
  forSubject(subject: string): DomainEvent[] {
    return this.bySubjectStmt.all(subject).map(toEvent)
  }

  get(id: string): DomainEvent | null {
    const r = this.byIdStmt.get(id)
    return r ? toEvent(r) : null
  }

  /**
   * Events in the order they were stored here (local or arrived), after a rowid: club sync's
   * cursor. The log is append-only, so rowids only grow.
   */
  afterRowid(rowid: number, limit: number): (EventRow & { rowid: number })[] {
    return this.afterStmt.all(rowid, limit)
  }

  countAfterRowid(rowid: number): number {
    return this.countAfterStmt.get(rowid)?.n ?? 0
  }

  rawById(id: string): EventRow | undefined {
    return this.byIdStmt.get(id)
  }
}

/** The row's values in column order (positional parameters bind faster than named ones). */
function rowValues(e: DomainEvent): unknown[] {
  return [e.id, e.deviceId, e.deviceSeq, e.hlc, e.kind, e.v, e.subject, JSON.stringify(e.payload)]
}

export function toRow(e: DomainEvent): EventRow {
  return {
    id: e.id,
    device_id: e.deviceId,
    device_seq: e.deviceSeq,
    hlc: e.hlc,
    kind: e.kind,
    v: e.v,
    subject: e.subject,
    payload: JSON.stringify(e.payload),
  }
}
