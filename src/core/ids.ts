import { randomFillSync } from 'node:crypto'

// Random bits come from a pool filled 4 KB at a time: one call into the OS per 409 ids instead of
// one per id (a round commit makes an id, and the call was a measurable part of it).
const POOL = Buffer.alloc(4096)
let poolAt = POOL.length
/** The two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Made on the device, sortable by
 * creation time, and safe to merge across laptops later. Written digit by digit from the pool (no
 * buffer or BigInt per id: a round commit makes one).
 */
export function uuidv7(nowMs: number = Date.now()): string {
  if (poolAt + 10 > POOL.length) {
    randomFillSync(POOL)
    poolAt = 0
  }
  const r = poolAt
  poolAt += 10
  // The 48-bit millisecond, big-endian: the high 16 bits, then the low 32 (a double holds it exactly).
  const hi = Math.floor(nowMs / 2 ** 32)
  const lo = nowMs >>> 0
  return (
    HEX[(hi >>> 8) & 0xff]! +
    HEX[hi & 0xff]! +
    HEX[lo >>> 24]! +
    HEX[(lo >>> 16) & 0xff]! +
    '-' +
    HEX[(lo >>> 8) & 0xff]! +
    HEX[lo & 0xff]! +
    '-' +
    HEX[((POOL[r] as number) & 0x0f) | 0x70]! +
    HEX[POOL[r + 1]!]! +
    '-' +
    HEX[((POOL[r + 2] as number) & 0x3f) | 0x80]! +
    HEX[POOL[r + 3]!]! +
    '-' +
    HEX[POOL[r + 4]!]! +
    HEX[POOL[r + 5]!]! +
    HEX[POOL[r + 6]!]! +
    HEX[POOL[r + 7]!]! +
    HEX[POOL[r + 8]!]! +
    HEX[POOL[r + 9]!]!
  )
}

export type Clock = () => Date

export const systemClock: Clock = () => new Date()
