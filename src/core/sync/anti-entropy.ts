/**
 * Anti-entropy (docs/SYNC.md § How it works): a laptop does not trust its cursors alone. Each device numbers its events
 * 1, 2, 3 … with no gaps, so per device the hub's count and highest number against this laptop's
 * show at once whether either side lacks something, whatever happened on the hub (rows deleted by
 * hand, renumbered, a junk row that moved a pull cursor past everything after it, a hub replaced).
 *
 * - Counts are compared on every check-in (cheap: one GROUP BY on each side).
 * - Where they differ, or when a digest is due (every few minutes, and on Sync now), the device's rows
 *   are compared one by one: by id, and by signature.
 * - What the hub lacks goes up again (a deleted row comes back; inserts never replace, so this is
 *   safe to repeat). What this laptop lacks comes down through the same checks as any pulled row. A
 *   row the hub holds under an id this laptop has, with other content, is listed (never applied).
 */
import type { Statement } from 'better-sqlite3'
import type { DomainEvent } from '../../shared/events/types'
import type { RefusedEvent } from '../../shared/model/sync'
import type { EventRow } from '../db/repos/events'
import { checkIncoming } from './incoming'
import type { SyncMeta } from './meta'
import type { SyncOptions } from './options'
import { fromWire, type WireEvent } from './sign'
import type { Replica, RowMark } from './transport'

const UPLOAD_BATCH = 2000

export interface Healed {
  /** Events the hub holds that this laptop lacked, checked: to merge. */
  missing: DomainEvent[]
  /** Rows refused or found changed (not listed before). */
  refused: RefusedEvent[]
  /** The hub rows read for `missing` (their hub row numbers, for the list). */
  rows: { id: string; n: number }[]
  /** Keyed devices' signatures of `missing`, to keep. */
  sigs: Map<string, string>
  /** Events sent up again because the hub lacked them. */
  reuploaded: number
}

export class AntiEntropy {
  private readonly localTally: Statement<[number], { device: string; c: number; m: number }>
  private readonly localOf: Statement<[string, number], EventRow>

  constructor(
    private readonly o: SyncOptions,
    private readonly m: SyncMeta,
  ) {
    this.localTally = o.db.prepare(
      'SELECT device_id AS device, count(*) AS c, max(device_seq) AS m FROM events WHERE rowid > ? GROUP BY device_id',
    )
    this.localOf = o.db.prepare(
      'SELECT id, device_id, device_seq, hlc, kind, v, subject, payload FROM events WHERE device_id = ? AND rowid > ? ORDER BY device_seq',
    )
  }

  /**
   * Compares the hub (as the replica holds it right after a pull) with this laptop, from `floor` on
   * (what this laptop held when it left another club is not this club's). Sends up what the hub
   * lacks; returns what this laptop lacks and what is to be listed.
   */
  async run(
    replica: Replica,
    key: Buffer,
    clubId: string,
    digest: boolean,
    floor: number,
    alive: () => void,
    /** A local event as it goes to the hub (signed as the service signs its pushes). */
    wire: (r: EventRow) => WireEvent,
  ): Promise<Healed> {
    const hub = new Map((await replica.tally()).map((t) => [t.device, t]))
    alive()
    const local = new Map(this.localTally.all(floor).map((t) => [t.device, t]))
    const listed = this.m.refusedSeen()
    const me = this.o.device.id()
    const at = this.o.clock().toISOString()
    const upload: EventRow[] = []
    const wanted: string[] = []
    const changed: RefusedEvent[] = []
    for (const device of new Set([...hub.keys(), ...local.keys()])) {
      const h = hub.get(device)
      const l = local.get(device)
      if (!digest && h && l && h.count === l.c && h.maxSeq === l.m) continue
      // The digest reads whole rows and checks each against this laptop's copy; otherwise ids suffice.
      const whole = digest && h ? await replica.rowsOf(device) : null
      const marks: RowMark[] = whole ?? (h ? await replica.marks(device) : [])
      alive()
      const onHub = new Map(marks.map((k) => [k.id, k]))
      const mine = l ? this.localOf.all(device, floor) : []
      for (const row of mine) {
        const mark = onHub.get(row.id)
        if (!mark) upload.push(row)
        else if (whole && !sameEvent(key, clubId, mark as WireEvent, row) && !listed.has(row.id)) {
          listed.add(row.id)
          changed.push({
            id: row.id,
            deviceId: row.device_id,
            hubRow: 0,
            reason:
              'the hub holds a changed copy of this event (it differs from what this laptop holds, or its signature does not match); this laptop’s copy is kept',
            at,
          })
        }
      }
      for (const mark of marks) if (!listed.has(mark.id) && !this.o.events.rawById(mark.id)) wanted.push(mark.id)
    }
    for (let i = 0; i < upload.length; i += UPLOAD_BATCH) {
      await replica.insert(upload.slice(i, i + UPLOAD_BATCH).map(wire))
      alive()
      await replica.push()
      alive()
    }
    const rows = wanted.length ? await replica.rowsById(wanted) : []
    alive()
    const { checked, refused, sigs } = checkIncoming(rows, key, clubId, me, at, (id) => this.o.events.rawById(id))
    return {
      missing: checked,
      sigs,
      refused: [...refused.filter((r) => !listed.has(r.id)), ...changed],
      rows,
      reuploaded: upload.length,
    }
  }
}

/** Whether the hub's row is this event as this laptop holds it: signed by the club and equal field by field. */
function sameEvent(key: Buffer, clubId: string, hub: WireEvent, mine: EventRow): boolean {
  const theirs = fromWire(key, clubId, hub as unknown as Record<string, unknown>)
  return theirs.ok && JSON.stringify(theirs.row) === JSON.stringify(mine)
}
