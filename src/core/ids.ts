import { randomFillSync } from 'node:crypto'

// Random bits come from a pool filled 4 KB at a time: one call into the OS per 409 ids instead of
// one per id (a round commit makes an id, and the call was a measurable part of it).
const POOL = Buffer.alloc(4096)
let poolAt = POOL.length

function random10(): Buffer {
  if (poolAt + 10 > POOL.length) {
    randomFillSync(POOL)
    poolAt = 0
  }
  poolAt += 10
  return POOL.subarray(poolAt - 10, poolAt)
}

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Made on the device, sortable by
 * creation time, and safe to merge across laptops later.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = Buffer.allocUnsafe(16)
  random10().copy(bytes, 6)
  // 48 bits, big-endian (a millisecond count fits a double exactly; BigInt shifts cost more per commit).
  bytes.writeUIntBE(nowMs, 0, 6)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export type Clock = () => Date

export const systemClock: Clock = () => new Date()
