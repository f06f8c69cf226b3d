import { randomBytes } from 'node:crypto'

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Made on the device, sortable by
 * creation time, and safe to merge across laptops later.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = randomBytes(16)
  let ms = BigInt(nowMs)
  for (let i = 5; i >= 0; i--) {
    bytes[i] = Number(ms & 0xffn)
    ms >>= 8n
  }
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export type Clock = () => Date

export const systemClock: Clock = () => new Date()
