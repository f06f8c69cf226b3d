/**
 * Laptop events: a club taking a laptop out ("Remove this laptop", docs/SYNC.md § Removing a laptop).
 *
 * `device.removed` (subject: the removed laptop's device id) says: count that laptop's events up to
 * its event number `through` (the last one the remover held), and none after. The removed laptop's
 * later events still travel and are stored like every other (so every laptop holds the same log),
 * but no laptop in the club counts them: the projection reads a laptop's events only up to its cut.
 *
 * Which removals hold is a function of the log alone, the same on every laptop whatever order the
 * events arrived in: removals are taken in log order (HLC, then id); a removal made by a laptop that
 * an earlier removal had already cut at that point (its own event number past the cut) does not hold;
 * the first removal of a laptop that holds sets its cut, later ones change nothing.
 *
 * Pure: no I/O.
 */
import * as v from 'valibot'
import { validatePlayerName } from '../model/player'
import { err, ok, type Result } from '../result'

export const DEVICE_EVENT_KINDS = ['device.removed'] as const
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number]

export function isDeviceKind(kind: string): kind is DeviceEventKind {
  return (DEVICE_EVENT_KINDS as readonly string[]).includes(kind)
}

export interface DevicePayloadOf {
  /** `through`: the removed laptop's last event that still counts (0: none); `label`: its name when removed. */
  'device.removed': { through: number; label: string }
}

const Label = v.pipe(
  v.string('must be text'),
  v.check((n) => {
    const r = validatePlayerName(n)
    return r.ok && r.value === n
  }, 'must be a valid laptop name'),
)

export const DEVICE_PAYLOADS: { [K in DeviceEventKind]: v.GenericSchema<unknown, DevicePayloadOf[K]> } = {
  'device.removed': v.strictObject({
    through: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(0, 'must be at least 0'),
      v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large'),
    ),
    label: Label,
  }),
}

/** Checks that need the envelope: a laptop cannot remove itself (it leaves the club instead). */
export function checkDeviceEvent(e: { kind: string; subject: string; deviceId: string }): Result<true> {
  if (e.kind === 'device.removed' && e.subject === e.deviceId)
    return err('invalid-event', 'a laptop cannot remove itself from the club (it leaves instead)')
  return ok(true)
}

/** What a removal event needs to be read. */
export interface RemovalEvent {
  id: string
  deviceId: string
  deviceSeq: number
  hlc: string
  subject: string
  payload: { through: number; label: string }
}

/** A laptop the club took out: its events after `through` are not counted. */
export interface Removal {
  deviceId: string
  through: number
  label: string
  /** The removal event, the laptop that made it and when (its stamp). */
  eventId: string
  by: string
  hlc: string
}

/**
 * The removals that hold, by removed laptop (see the file comment): a function of the set of
 * removal events, whatever order they are given in.
 */
export function effectiveRemovals(events: readonly RemovalEvent[]): Map<string, Removal> {
  const ordered = [...events].sort((a, b) =>
    a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  )
  const out = new Map<string, Removal>()
  for (const e of ordered) {
    if (e.subject === e.deviceId) continue
    const cut = out.get(e.deviceId)
    if (cut && e.deviceSeq > cut.through) continue
    if (out.has(e.subject)) continue
    out.set(e.subject, {
      deviceId: e.subject,
      through: e.payload.through,
      label: e.payload.label,
      eventId: e.id,
      by: e.deviceId,
      hlc: e.hlc,
    })
  }
  return out
}

/** Whether an event is one its laptop made after the club took it out. */
export function isCut(removals: ReadonlyMap<string, Removal>, e: { deviceId: string; deviceSeq: number }): boolean {
  const r = removals.get(e.deviceId)
  return r !== undefined && e.deviceSeq > r.through
}
