/**
 * Laptop events: a club taking a laptop out ("Remove this laptop", docs/SYNC.md § Removing a laptop),
 * and a club changing its join code (`device.code-changed`, below).
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

export const DEVICE_EVENT_KINDS = ['device.removed', 'device.code-changed', 'device.joined'] as const
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number]

export function isDeviceKind(kind: string): kind is DeviceEventKind {
  return (DEVICE_EVENT_KINDS as readonly string[]).includes(kind)
}

export interface DevicePayloadOf {
  /** `through`: the removed laptop's last event that still counts (0: none); `label`: its name when removed. */
  'device.removed': { through: number; label: string }
  /**
   * The club's join code changed (subject: the club id; docs/SYNC.md § Changing the join code).
   * `supersedes`: the change in force when it was made ('' for the club's first code); `from`: the
   * changer's public device key; `key`: the club's signing key sealed under the new code's key, so a
   * laptop joining with the new code can check the club's rows; `wraps`: the new code's key sealed
   * for each laptop the club keeps, so each of them learns it without the old code admitting anyone.
   */
  /**
   * A laptop in a club says it is there (subject: its own device id), once per club, at its first
   * sync: so the club holds an event of every laptop that joined, signed with its key, and a change of
   * the code keeps it even if it has played nothing yet.
   */
  'device.joined': { label: string }
  'device.code-changed': {
    supersedes: string
    from: string
    key: string
    wraps: { device: string; box: string }[]
    /** sha256 (hex) of the hub token the change replaced: a hub seeded again is told to refuse it too. */
    previous: string
  }
}

const Label = v.pipe(
  v.string('must be text'),
  v.check((n) => {
    const r = validatePlayerName(n)
    return r.ok && r.value === n
  }, 'must be a valid laptop name'),
)

const Base64url = (min: number, max: number) =>
  v.pipe(
    v.string('must be text'),
    v.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url text'),
    v.minLength(min, `must have at least ${min} characters`),
    v.maxLength(max, `must have at most ${max} characters`),
  )
const DeviceId = v.pipe(v.string('must be text'), v.uuid('must be a device id'))
/** The most laptops one code change hands the new code to. */
export const CODE_CHANGE_MAX_LAPTOPS = 500

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
  'device.joined': v.strictObject({ label: Label }),
  'device.code-changed': v.strictObject({
    supersedes: v.union([v.literal(''), v.pipe(v.string(), v.uuid('must be an event id or empty'))]),
    from: Base64url(43, 43),
    key: Base64url(59, 59),
    wraps: v.pipe(
      v.array(v.strictObject({ device: DeviceId, box: Base64url(59, 59) }), 'must be a list'),
      v.maxLength(CODE_CHANGE_MAX_LAPTOPS, `must name at most ${CODE_CHANGE_MAX_LAPTOPS} laptops`),
      v.check((ws) => new Set(ws.map((w) => w.device)).size === ws.length, 'must name each laptop once'),
    ),
    previous: v.pipe(v.string('must be text'), v.regex(/^[0-9a-f]{64}$/, 'must be a sha256 in hex')),
  }),
}

/** Checks that need the envelope: a laptop cannot remove itself (it leaves the club instead). */
export function checkDeviceEvent(e: { kind: string; subject: string; deviceId: string }): Result<true> {
  if (e.kind === 'device.removed' && e.subject === e.deviceId)
    return err('invalid-event', 'a laptop cannot remove itself from the club (it leaves instead)')
  if (e.kind === 'device.joined' && e.subject !== e.deviceId)
    return err('invalid-event', 'a laptop can only say that it joined itself')
  if ((e.kind === 'device.code-changed' || e.kind === 'device.joined') && e.deviceId[14] !== '8')
    return err('invalid-event', 'only a laptop with its own device key can change the club code or join')
  return ok(true)
}

/** Log order: the stamp, then the event id. */
function byLogOrder(a: { hlc: string; id: string }, b: { hlc: string; id: string }): number {
  return a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** What a code change event needs to be read. */
export interface CodeChangeEvent {
  id: string
  deviceId: string
  hlc: string
  payload: DevicePayloadOf['device.code-changed']
}

/**
 * The code change in force, or null while the club keeps its first code: a function of the set of
 * change events (whatever order they are given in). Changes form a chain: starting from the first
 * code (''), the next link is the first change in log order (HLC, then id) that names the link before
 * it in `supersedes` and whose `from` is its writer's own key (`keyGives`). The hub takes one change at
 * a time, so a club's chain has no forks; the rule only makes sure that every laptop reads one anyway.
 */
export function codeChangeInForce<E extends CodeChangeEvent>(
  events: readonly E[],
  keyGives: (publicKey: string, deviceId: string) => boolean,
): E | null {
  return codeChangeChain(events, keyGives).at(-1) ?? null
}

/** The chain of changes (see codeChangeInForce), first to last: a change off it was made on a fork. */
export function codeChangeChain<E extends CodeChangeEvent>(
  events: readonly E[],
  keyGives: (publicKey: string, deviceId: string) => boolean,
): E[] {
  const ordered = [...events].sort(byLogOrder)
  const chain: E[] = []
  for (;;) {
    const at: string = chain.at(-1)?.id ?? ''
    const next = ordered.find((e) => e.payload.supersedes === at && keyGives(e.payload.from, e.deviceId))
    if (!next) return chain
    chain.push(next)
  }
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
  const ordered = [...events].sort(byLogOrder)
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
