/**
 * The 10× club history (bench/club-generate.ts): the 1× log copied, each copy 156 weeks later under
 * its own devices, events, matches, seasons and nights, the players the same.
 */
import { createHash } from 'node:crypto'
import { nightSubject } from '../src/shared/events/club'
import { formatHlc, parseHlc } from '../src/shared/events/hlc'
import type { DomainEvent } from '../src/shared/events/types'
import { DAY } from './club-time'

/** The name of the season every copy of the 10× history leaves out (it counts every match once). */
export const ALL_TIME = 'All time'

/** A stable UUIDv7-shaped id for copy `copy` of `id` (its time part moved by `shiftMs`). */
function copyId(id: string, copy: number, shiftMs: number): string {
  const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16) + shiftMs
  const h = createHash('sha1').update(`${copy}:${id}`).digest('hex')
  const t = Math.max(0, ms).toString(16).padStart(12, '0').slice(-12)
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${h.slice(0, 3)}-8${h.slice(3, 6)}-${h.slice(6, 18)}`
}

const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

/** The 1× log plus `copies - 1` copies, each 156 weeks after the previous (same players). */
export function multiply(events: DomainEvent[], copies: number): DomainEvent[] {
  const out: DomainEvent[] = [...events]
  const weeks = 156
  const allTime = new Set(
    events
      .filter((e) => e.kind === 'season.created' && (e.payload as { name: string }).name === ALL_TIME)
      .map((e) => e.subject),
  )
  for (let c = 1; c < copies; c++) {
    const days = c * weeks * 7
    const shift = days * DAY
    const ids = new Map<string, string>()
    const remap = (x: string): string => {
      let y = ids.get(x)
      if (!y) ids.set(x, (y = copyId(x, c, shift)))
      return y
    }
    for (const e of events) {
      if (e.kind.startsWith('player.') || e.kind === 'club.rating-system-set' || allTime.has(e.subject)) continue
      ids.set(e.id, copyId(e.id, c, shift))
      if (!e.kind.startsWith('night.')) remap(e.subject)
      remap(e.deviceId)
    }
    const walk = (x: unknown): unknown => {
      if (typeof x === 'string') return ids.get(x) ?? x
      if (Array.isArray(x)) return x.map(walk)
      if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]))
      return x
    }
    for (const e of events) {
      if (!ids.has(e.id)) continue
      const h = parseHlc(e.hlc)!
      const deviceId = ids.get(e.deviceId) as string
      let payload = walk(e.payload) as Record<string, unknown>
      let subject = ids.get(e.subject) ?? e.subject
      if (e.kind === 'night.venue-set') {
        payload = { ...payload, date: shiftDate(payload.date as string, days) }
        subject = nightSubject(payload.date as string)
      }
      if (e.kind === 'season.created' || e.kind === 'season.updated')
        for (const k of ['startDate', 'endDate'])
          if (typeof payload[k] === 'string') payload = { ...payload, [k]: shiftDate(payload[k] as string, days) }
      out.push({
        ...e,
        id: ids.get(e.id) as string,
        deviceId,
        hlc: formatHlc(h.wall + shift, h.counter, deviceId),
        subject,
        payload,
      } as DomainEvent)
    }
  }
  return out
}
