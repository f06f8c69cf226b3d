/**
 * The checks a row pulled from the club hub passes before it is merged: the club and the signature
 * (fromWire), content that is JSON, and the same event checks as a live call (validateEvent). A row
 * that fails is listed with the reason, never applied; this laptop's own rows are skipped (its events
 * are kept as made here).
 */
import { validateEvent } from '../../shared/events/validate'
import type { DomainEvent } from '../../shared/events/types'
import type { RefusedEvent } from '../../shared/model/sync'
import { toEvent } from '../db/repos/events'
import { fromWire, type WireEvent } from './sign'

export interface CheckedRows {
  checked: DomainEvent[]
  refused: RefusedEvent[]
}

/** Sorts a batch of hub rows into the events to merge and the rows refused (stamped `at`). */
export function checkIncoming(
  rows: readonly (WireEvent & { n: number })[],
  key: Buffer,
  clubId: string,
  me: string,
  at: string,
): CheckedRows {
  const checked: DomainEvent[] = []
  const refused: RefusedEvent[] = []
  // A refused row's id and device may be anything: kept short in the list.
  const refuse = (id: unknown, deviceId: unknown, hubRow: number, reason: string): void => {
    refused.push({ id: String(id).slice(0, 64), deviceId: String(deviceId).slice(0, 64), hubRow, reason, at })
  }
  for (const w of rows) {
    // This laptop's own events are kept as made here; the hub's copy is never applied over them.
    if (w.device === me) continue
    const row = fromWire(key, clubId, w as unknown as Record<string, unknown>)
    if (!row.ok) {
      refuse(w.id, w.device, w.n, row.reason)
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
  }
  return { checked, refused }
}
