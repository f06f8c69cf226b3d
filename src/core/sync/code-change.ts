/**
 * Changing the club's join code (docs/SYNC.md § Changing the join code).
 *
 * The club has one signing key for good (the key of its first code: every row's HMAC) and a code key
 * that changes: the code shows it, and the hub token comes from it. A change makes a new code key and
 * a `device.code-changed` event (src/shared/events/device.ts) that carries
 *   - the signing key sealed under the new code key (AES-256-GCM), so a laptop joining with the new
 *     code can check every row of the club, and
 *   - the new code key sealed for each laptop the club keeps, under a key only that laptop and the
 *     changer can compute: X25519 between their device keys (an Ed25519 key maps onto X25519, as
 *     libsodium's crypto_sign_ed25519_*_to_curve25519 do), so no new key has to be announced first.
 * The hub is told first: it takes the new token, forgets the old one, and lets each kept laptop in
 * with a member token (the same X25519 secret, bound to the change) until that laptop has read the
 * change and uses the new token. A laptop that holds only the old code gets nothing more.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { keyedDeviceId, type DeviceKey } from './sign'

const P = 2n ** 255n - 19n
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex')
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex')

function modPow(base: bigint, exp: bigint): bigint {
  let r = 1n
  let b = base % P
  let e = exp
  while (e > 0n) {
    if (e & 1n) r = (r * b) % P
    b = (b * b) % P
    e >>= 1n
  }
  return r
}

/** The X25519 public key of an Ed25519 public key: u = (1 + y) / (1 − y) mod p. */
export function x25519PublicOf(edPublic: Buffer): Buffer {
  if (edPublic.length !== 32) throw new Error('an Ed25519 public key has 32 bytes')
  let y = 0n
  for (let i = 31; i >= 0; i--)
    y = (y << 8n) | BigInt(i === 31 ? (edPublic[i] as number) & 0x7f : (edPublic[i] as number))
  const u = ((1n + y) * modPow((1n - y + P) % P, P - 2n)) % P
  const out = Buffer.alloc(32)
  let rest = u
  for (let i = 0; i < 32; i++) {
    out[i] = Number(rest & 0xffn)
    rest >>= 8n
  }
  return out
}

/** The X25519 private key of an Ed25519 one: the clamped first half of SHA-512 of its seed. */
export function x25519PrivateOf(edPrivate: KeyObject): KeyObject {
  const seed = Buffer.from(edPrivate.export({ format: 'jwk' }).d ?? '', 'base64url')
  const h = createHash('sha512').update(seed).digest().subarray(0, 32)
  h[0] = (h[0] as number) & 248
  h[31] = ((h[31] as number) & 127) | 64
  return createPrivateKey({ key: Buffer.concat([PKCS8_X25519, h]), format: 'der', type: 'pkcs8' })
}

/** The secret two laptops share: X25519 of one's private key and the other's public key, whichever way round. */
function shared(me: DeviceKey, otherEdPublic: Buffer): Buffer {
  const publicKey = createPublicKey({
    key: Buffer.concat([SPKI_X25519, x25519PublicOf(otherEdPublic)]),
    format: 'der',
    type: 'spki',
  })
  // A low-order point (never a key a laptop made) gives an all-zero secret, which OpenSSL refuses: it throws.
  return diffieHellman({ privateKey: x25519PrivateOf(me.privateKey), publicKey })
}

function derive(secret: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32))
}

/** AES-256-GCM: iv (12) ‖ ciphertext ‖ tag (16), base64url. */
export function seal(key: Buffer, plain: Buffer, label: string): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', key, iv)
  c.setAAD(Buffer.from(label))
  const body = Buffer.concat([c.update(plain), c.final()])
  return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url')
}

/** What seal sealed, or null when the key or label is not the one it was sealed with (or the box was changed). */
export function open(key: Buffer, box: string, label: string): Buffer | null {
  const all = Buffer.from(box, 'base64url')
  if (all.length < 29) return null
  try {
    const d = createDecipheriv('aes-256-gcm', key, all.subarray(0, 12))
    d.setAAD(Buffer.from(label))
    d.setAuthTag(all.subarray(all.length - 16))
    return Buffer.concat([d.update(all.subarray(12, all.length - 16)), d.final()])
  } catch {
    return null
  }
}

const signKeyBox = (codeKey: Buffer, clubId: string): { key: Buffer; label: string } => ({
  key: derive(codeKey, 'ninekeeper-code-sign-key-v1'),
  label: `ninekeeper-code-sign-key-v1|${clubId}`,
})

const wrapBox = (
  me: DeviceKey,
  otherEdPublic: Buffer,
  clubId: string,
  member: string,
): { key: Buffer; label: string } => ({
  key: derive(shared(me, otherEdPublic), `ninekeeper-code-wrap-v1|${clubId}|${member}`),
  label: `ninekeeper-code-wrap-v1|${clubId}|${member}`,
})

/** A laptop the club keeps through a change: its device id and public key. */
export interface KeptLaptop {
  deviceId: string
  publicKey: Buffer
}

/** The payload of a `device.code-changed` event (see the file comment). */
export function makeCodeChange(o: {
  me: DeviceKey
  clubId: string
  signKey: Buffer
  newCodeKey: Buffer
  supersedes: string
  keep: readonly KeptLaptop[]
  /** The hub token the change replaces. */
  previousToken: string
}): { supersedes: string; from: string; key: string; wraps: { device: string; box: string }[]; previous: string } {
  const sk = signKeyBox(o.newCodeKey, o.clubId)
  return {
    supersedes: o.supersedes,
    from: o.me.publicKey.toString('base64url'),
    key: seal(sk.key, o.signKey, sk.label),
    wraps: o.keep.map((k) => {
      const w = wrapBox(o.me, k.publicKey, o.clubId, k.deviceId)
      return { device: k.deviceId, box: seal(w.key, o.newCodeKey, w.label) }
    }),
    previous: tokenDigest(o.previousToken),
  }
}

/** The signing key a change sealed for holders of its code (null: this code key is not that change's). */
export function signKeyFor(payload: { key: string }, codeKey: Buffer, clubId: string): Buffer | null {
  const sk = signKeyBox(codeKey, clubId)
  const k = open(sk.key, payload.key, sk.label)
  return k && k.length === 16 ? k : null
}

/** The new code key a change sealed for this laptop (null: the change did not keep this laptop). */
export function codeKeyFor(
  payload: { from: string; wraps: readonly { device: string; box: string }[] },
  me: DeviceKey,
  clubId: string,
): Buffer | null {
  const mine = payload.wraps.find((w) => w.device === me.deviceId)
  const from = Buffer.from(payload.from, 'base64url')
  if (!mine || from.length !== 32) return null
  try {
    const w = wrapBox(me, from, clubId, me.deviceId)
    const k = open(w.key, mine.box, w.label)
    return k && k.length === 16 ? k : null
  } catch {
    return null
  }
}

/** Whether a change's `from` is its writer's own key (the device id it gives). */
export function keyGives(publicKey: string, deviceId: string): boolean {
  const k = Buffer.from(publicKey, 'base64url')
  return k.length === 32 && keyedDeviceId(k) === deviceId
}

/**
 * The token a kept laptop shows the hub after a change until it has read it: only that laptop and
 * the changer can compute it, each from its own private key and the other's public key (X25519 is
 * symmetric); `ref` is the change's mark on the hub.
 */
export function memberToken(me: DeviceKey, changerEdPublic: Buffer, clubId: string, ref: string): string {
  const secret = derive(shared(me, changerEdPublic), `ninekeeper-member-token-v1|${clubId}`)
  return createHmac('sha256', secret).update(ref).digest('base64url')
}

/** A new code key (16 random bytes, like the club's first key). */
export function newCodeKey(): Buffer {
  return randomBytes(16)
}

/** sha256 of a token, as the hub keeps it (hex). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
