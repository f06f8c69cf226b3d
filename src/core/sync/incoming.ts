/**
 * The checks a row pulled from the club hub passes before it is merged: the club and the signature
 * (fromWire), content that is JSON, and the same event checks as a live call (validateEvent). A row
 * that fails is listed with the reason, never applied; this laptop's own rows are skipped (its events
 * are kept as made here).
 */
import { validateEvent } from '../../shared/events/validate'
import type { DomainEvent } from '../../shared/events/types'
import type { RefusedEvent } from '../../shared/model/sync'
import { parseHlc } from '../../shared/events/hlc'
import { toEvent, type EventRow } from '../db/repos/events'
import { fromWire, type WireEvent } from './sign'
import { MAX_ROW_PAYLOAD } from './transport'

/**
 * An event stamped further ahead of this laptop's clock than this is refused (a clock a day off;
 * docs/SYNC.md § How it works).
 */
export const MAX_AHEAD_MS = 24 * 60 * 60 * 1000

export interface CheckedRows {
  checked: DomainEvent[]
  refused: RefusedEvent[]
  /** Keyed devices' own signatures of the checked events, to keep (so this laptop can send them on). */
  sigs: Map<string, string>
}

/** Sorts a batch of hub rows into the events to merge and the rows refused (stamped `at`). */
export function checkIncoming(
  rows: readonly (WireEvent & { n: number })[],
  key: Buffer,
  clubId: string,
  me: string,
  at: string,
  /** This laptop's own copy of an event, to tell its own rows from forged ones claiming its device. */
  own: (id: string) => EventRow | undefined,
): CheckedRows {
  const checked: DomainEvent[] = []
  const refused: RefusedEvent[] = []
  const sigs = new Map<string, string>()
  // A refused row's id and device may be anything: kept short in the list.
  const refuse = (id: unknown, deviceId: unknown, hubRow: number, reason: string): void => {
    refused.push({ id: String(id).slice(0, 64), deviceId: String(deviceId).slice(0, 64), hubRow, reason, at })
  }
  const now = Date.parse(at)
  for (const w of rows) {
    if (w.payload === null || typeof w.payload !== 'string') {
      // The transport leaves out a payload over MAX_ROW_PAYLOAD without reading it.
      refuse(w.id, w.device, w.n, `it is larger than ${MAX_ROW_PAYLOAD / 1024} KB, more than any event this app makes`)
      continue
    }
    const row = fromWire(key, clubId, w as unknown as Record<string, unknown>)
    if (w.device === me) {
      // This laptop's own events are kept as made here; the hub's copy is never applied over them. A row
      // that claims this laptop's device but is not one of its events (or differs from it) is listed.
      const mine = own(String(w.id))
      if (mine && row.ok && JSON.stringify(mine) === JSON.stringify(row.row)) continue
      refuse(
        w.id,
        w.device,
        w.n,
        mine
          ? 'it claims to come from this laptop, but differs from this laptop’s own copy of that event'
          : 'it claims to come from this laptop, which never made it',
      )
      continue
    }
    if (!row.ok) {
      refuse(w.id, w.device, w.n, row.reason)
      continue
    }
    const stamp = parseHlc(row.row.hlc)
    if (stamp && Number.isFinite(now) && stamp.wall - now > MAX_AHEAD_MS) {
      refuse(
        row.row.id,
        row.row.device_id,
        w.n,
        'it is stamped more than a day ahead of this laptop’s clock (a laptop whose clock is far off, or a forged time)',
      )
      continue
    }
    let parsed: unknown
    try {
      parsed = toEvent(row.row)
    } catch {
      refuse(row.row.id, row.row.device_id, w.n, 'its content is not valid JSON')
      continue
    }
    const valid = validateEvent(parsed)
    if (!valid.ok) {
      refuse(row.row.id, row.row.device_id, w.n, valid.error.message)
      continue
    }
    checked.push(valid.value)
    if (row.deviceSig) sigs.set(valid.value.id, row.deviceSig)
  }
  return { checked, refused, sigs }
}
