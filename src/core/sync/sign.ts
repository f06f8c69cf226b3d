/**
 * Club events on the wire: one row per event, signed with the club key (HMAC-SHA256) over the club
 * id and every field, so a row from another club, or one changed on the way, is never applied.
 *
 * Device keys (docs/SYNC.md § How it works): the club key is shared by everyone holding the code, so it cannot tell
 * laptops apart. A laptop in a club therefore has its own Ed25519 key pair, and its device id is
 * derived from its public key (a version-8 UUID made of the key's SHA-256). Every row of such a
 * device carries the public key and the device's signature over the same fields after the HMAC
 * (`mac` = hmac "." public key "." signature). A receiver checks that the key gives the device id and
 * that the signature holds, so nobody, not even with the club code, can write as another laptop.
 * Rows of devices from before keys (UUIDv7 ids) carry the HMAC alone and are checked as before.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto'
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

/** A laptop's own key pair, with the device id it gives. */
export interface DeviceKey {
  deviceId: string
  publicKey: Buffer
  privateKey: KeyObject
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')

/** The device id a public key gives: its SHA-256 as a version-8 UUID. */
export function keyedDeviceId(publicKey: Buffer): string {
  const h = createHash('sha256').update('ninekeeper-device-v1').update(publicKey).digest()
  h[6] = ((h[6] as number) & 0x0f) | 0x80
  h[8] = ((h[8] as number) & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`
}

/** Whether a device id is one a key gives (its rows must carry that key's signature). */
export function isKeyedDevice(deviceId: string): boolean {
  return deviceId.length === 36 && deviceId[14] === '8'
}

/** A new key pair, its private half as stored (PKCS #8, base64url). */
export function newDeviceKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url')
}

/** The key pair a stored private key gives (null when the text is not one). */
export function loadDeviceKey(stored: string): DeviceKey | null {
  try {
    const privateKey = createPrivateKey({ key: Buffer.from(stored, 'base64url'), format: 'der', type: 'pkcs8' })
    const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32)
    return { deviceId: keyedDeviceId(publicKey), publicKey, privateKey }
  } catch {
    return null
  }
}

/** The device's part of a row's `mac`: its public key and its signature over the row. */
export function deviceSignature(k: DeviceKey, club: string, r: EventRow): string {
  const sig = sign(null, Buffer.from(canonical(club, r)), k.privateKey)
  return `${k.publicKey.toString('base64url')}.${sig.toString('base64url')}`
}

function deviceSignatureHolds(sig: string, club: string, r: EventRow): boolean {
  const [pub, s, extra] = sig.split('.')
  if (!pub || !s || extra !== undefined) return false
  const publicKey = Buffer.from(pub, 'base64url')
  if (publicKey.length !== 32 || keyedDeviceId(publicKey) !== r.device_id) return false
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' })
    return verify(null, Buffer.from(canonical(club, r)), key, Buffer.from(s, 'base64url'))
  } catch {
    return false
  }
}

/**
 * A row for the hub; `deviceSig` is the device's own signature (deviceSignature), required for a row
 * of a keyed device: this laptop's own, or one kept from when it arrived.
 */
export function toWire(key: Buffer, club: string, r: EventRow, deviceSig?: string | null): WireEvent {
  const hmac = macOf(key, club, r)
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
    mac: deviceSig ? `${hmac}.${deviceSig}` : hmac,
  }
}

/** The event row a wire row carries, or why it must not be applied. */
export function fromWire(
  key: Buffer,
  club: string,
  w: Record<string, unknown>,
): { ok: true; row: EventRow; deviceSig: string | null } | { ok: false; reason: string } {
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
  const dot = mac.indexOf('.')
  const expected = Buffer.from(macOf(key, club, row))
  const given = Buffer.from(dot < 0 ? mac : mac.slice(0, dot))
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      reason: 'its signature does not match the club key (signed with another key, or changed on the way)',
    }
  const deviceSig = dot < 0 ? null : mac.slice(dot + 1)
  if (isKeyedDevice(row.device_id) && !(deviceSig && deviceSignatureHolds(deviceSig, club, row)))
    return {
      ok: false,
      reason:
        'it claims to come from a laptop whose own key did not sign it (someone with the club code writing as another laptop)',
    }
  return { ok: true, row, deviceSig: isKeyedDevice(row.device_id) ? deviceSig : null }
}
