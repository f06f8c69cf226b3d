/**
 * Club events on the wire: one row per event, signed with the club key (HMAC-SHA256) over the club
 * id and every field, so a row from another club, or one changed on the way, is never applied.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { EventRow } from '../db/repos/events'

/** An event as it travels through the hub. */
export interface WireEvent {
  id: string
  club: string
  device: string
  seq: number
  hlc: string
  kind: string
  v: number
  subject: string
  payload: string
  mac: string
}

function canonical(club: string, r: EventRow): string {
  return JSON.stringify([club, r.id, r.device_id, r.device_seq, r.hlc, r.kind, r.v, r.subject, r.payload])
}

export function macOf(key: Buffer, club: string, r: EventRow): string {
  return createHmac('sha256', key).update(canonical(club, r)).digest('base64url')
}

export function toWire(key: Buffer, club: string, r: EventRow): WireEvent {
  return {
    id: r.id,
    club,
    device: r.device_id,
    seq: r.device_seq,
    hlc: r.hlc,
    kind: r.kind,
    v: r.v,
    subject: r.subject,
    payload: r.payload,
    mac: macOf(key, club, r),
  }
}

/** The event row a wire row carries, or why it must not be applied. */
export function fromWire(
  key: Buffer,
  club: string,
  w: Record<string, unknown>,
): { ok: true; row: EventRow } | { ok: false; reason: string } {
  const text = (k: string): string | null => (typeof w[k] === 'string' ? (w[k] as string) : null)
  const int = (k: string): number | null =>
    typeof w[k] === 'number' && Number.isInteger(w[k])
      ? (w[k] as number)
      : typeof w[k] === 'bigint'
        ? Number(w[k])
        : null
  if (text('club') !== club) return { ok: false, reason: 'it belongs to another club' }
  const row: EventRow = {
    id: text('id') ?? '',
    device_id: text('device') ?? '',
    device_seq: int('seq') ?? -1,
    hlc: text('hlc') ?? '',
    kind: text('kind') ?? '',
    v: int('v') ?? -1,
    subject: text('subject') ?? '',
    payload: text('payload') ?? '',
  }
  const mac = text('mac') ?? ''
  const expected = Buffer.from(macOf(key, club, row))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      reason: 'its signature does not match the club key (signed with another key, or changed on the way)',
    }
  return { ok: true, row }
}
