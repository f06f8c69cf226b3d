/**
 * The laptops a club took out (src/shared/events/device.ts), kept as the `removed_devices`
 * projection. The event store reads a laptop's events only up to its cut, so every projection built
 * from it leaves out what a removed laptop did afterwards; the events themselves stay in the log.
 *
 * This laptop's own events are never cut on its own screens: a removed laptop keeps showing what it
 * scored (the club no longer counts it, and its sync says so).
 */
import type { Database } from 'better-sqlite3'
import { effectiveRemovals, type Removal, type RemovalEvent } from '../../shared/events/device'
import { isClubKind } from '../../shared/events/club'
import { isMatchKind, isPlayerKind } from '../../shared/events/types'

/** The subjects whose projection a change of cuts moves, by what they are. */
export interface CutSubjects {
  players: string[]
  matches: string[]
  club: string[]
}

/** The removals the table holds now. */
export function loadRemovals(db: Database): Map<string, Removal> {
  const rows = db
    .prepare('SELECT device_id, through, label, event_id, by_device, hlc FROM removed_devices ORDER BY hlc, device_id')
    .all() as { device_id: string; through: number; label: string; event_id: string; by_device: string; hlc: string }[]
  return new Map(
    rows.map((r) => [
      r.device_id,
      { deviceId: r.device_id, through: r.through, label: r.label, eventId: r.event_id, by: r.by_device, hlc: r.hlc },
    ]),
  )
}

/** Every `device.removed` event of the log (a scan of the log: call only when one may have arrived). */
function removalEvents(db: Database): RemovalEvent[] {
  return (
    db
      .prepare(
        "SELECT id, device_id, device_seq, hlc, subject, payload FROM events WHERE kind = 'device.removed' ORDER BY hlc, id",
      )
      .all() as { id: string; device_id: string; device_seq: number; hlc: string; subject: string; payload: string }[]
  ).map((r): RemovalEvent => ({
    id: r.id,
    deviceId: r.device_id,
    deviceSeq: r.device_seq,
    hlc: r.hlc,
    subject: r.subject,
    payload: JSON.parse(r.payload) as RemovalEvent['payload'],
  }))
}

/**
 * This laptop's own removal, if the club took it out (the table leaves this laptop out, so it is read
 * from the log). A removal names the removed laptop as its subject, so the common case, none, is one
 * lookup in the log's subject index; only then are all removals read to see whether it holds.
 */
export function removalOf(db: Database, me: string): Removal | null {
  const named = db.prepare("SELECT 1 FROM events WHERE subject = ? AND kind = 'device.removed' LIMIT 1").get(me)
  return named ? (effectiveRemovals(removalEvents(db)).get(me) ?? null) : null
}

/**
 * Computes the removals from the log again (call inside the write transaction that stored new
 * `device.removed` events), writes what changed, and returns the subjects whose events on either
 * side of a changed cut must be projected again.
 */
export function refreshRemovals(db: Database, me: string): CutSubjects {
  const next = effectiveRemovals(removalEvents(db))
  next.delete(me)
  const before = loadRemovals(db)
  // Per laptop whose cut moved: its events from the lower of the two cuts on change their projection.
  const moved = new Map<string, number>()
  for (const [id, r] of next) {
    const old = before.get(id)
    if (!old || old.through !== r.through) moved.set(id, Math.min(r.through, old?.through ?? r.through))
  }
  for (const [id, old] of before) if (!next.has(id)) moved.set(id, old.through)
  const out: CutSubjects = { players: [], matches: [], club: [] }
  if (moved.size === 0) {
    // Same cuts; a label or the removal that set them may still differ (a tie settled the other way).
    writeAll(db, next)
    return out
  }
  writeAll(db, next)
  const subjectsAfter = db.prepare<[string, number], { subject: string; kind: string }>(
    'SELECT DISTINCT subject, kind FROM events WHERE device_id = ? AND device_seq > ?',
  )
  const players = new Set<string>()
  const matches = new Set<string>()
  const club = new Set<string>()
  for (const [id, from] of moved)
    for (const { subject, kind } of subjectsAfter.all(id, from)) {
      if (isPlayerKind(kind)) players.add(subject)
      else if (isMatchKind(kind)) matches.add(subject)
      else if (isClubKind(kind)) club.add(subject)
    }
  out.players = [...players]
  out.matches = [...matches]
  out.club = [...club]
  return out
}

function writeAll(db: Database, removals: ReadonlyMap<string, Removal>): void {
  db.prepare('DELETE FROM removed_devices').run()
  const put = db.prepare(
    'INSERT INTO removed_devices (device_id, through, label, event_id, by_device, hlc) VALUES (?, ?, ?, ?, ?, ?)',
  )
  for (const r of removals.values()) put.run(r.deviceId, r.through, r.label, r.eventId, r.by, r.hlc)
}
