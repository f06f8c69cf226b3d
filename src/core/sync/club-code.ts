/**
 * The club code: a club id and a club key in one string a person can copy, print and type back.
 * Crockford base32 (no I, L, O, U; read case-insensitively, with O→0 and I/L→1), groups of five,
 * a two-byte checksum so a mistyped code is refused before anything is sent.
 *
 *   NK1-XXXXX-XXXXX-…   = base32(club id (16 bytes) ‖ club key (16 bytes) ‖ sha256(both)[0..2])
 */
import { createHash, randomBytes } from 'node:crypto'
import { err, ok, type Result } from '../../shared/result'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const PREFIX = 'NK1'

export interface ClubSecret {
  /** A UUID (text) naming the club. */
  clubId: string
  /** 16 random bytes: signs every event the club's laptops send. */
  key: Buffer
}

export function newClubSecret(): ClubSecret {
  const id = randomBytes(16)
  id[6] = ((id[6] as number) & 0x0f) | 0x40
  id[8] = ((id[8] as number) & 0x3f) | 0x80
  return { clubId: uuidOf(id), key: randomBytes(16) }
}

export function encodeClubCode(s: ClubSecret): string {
  const body = Buffer.concat([bytesOf(s.clubId), s.key])
  const all = Buffer.concat([body, checksum(body)])
  const text = base32(all)
  return [PREFIX, ...(text.match(/.{1,5}/g) ?? [])].join('-')
}

export function decodeClubCode(code: string): Result<ClubSecret> {
  const clean = code.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (!clean.startsWith(PREFIX))
    return err('invalid-club-code', 'That is not a Ninekeeper club code: it starts with NK1-.', 'code')
  const bytes = unbase32(clean.slice(PREFIX.length))
  if (!bytes || bytes.length !== 34)
    return err(
      'invalid-club-code',
      'That club code is incomplete or has letters a code never has. Copy it again from a laptop in the club.',
      'code',
    )
  const body = bytes.subarray(0, 32)
  if (!checksum(body).equals(bytes.subarray(32)))
    return err(
      'invalid-club-code',
      'That club code has a typing mistake (its check letters do not match). Copy it again.',
      'code',
    )
  return ok({ clubId: uuidOf(body.subarray(0, 16)), key: Buffer.from(body.subarray(16)) })
}

function checksum(b: Buffer): Buffer {
  return createHash('sha256').update(b).digest().subarray(0, 2)
}

function bytesOf(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex')
}

function uuidOf(b: Buffer): string {
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

function base32(b: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of b) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

function unbase32(s: string): Buffer | null {
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const ch of s) {
    const d = ALPHABET.indexOf(ch)
    if (d < 0) return null
    value = ((value << 5) | d) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  // The last character's spare bits are always zero: another letter there is a typing mistake.
  if (bits > 0 && (value & ((1 << bits) - 1)) !== 0) return null
  return Buffer.from(out)
}
