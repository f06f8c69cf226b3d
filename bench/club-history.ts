/**
 * A generated club history as events, for the import and sync benchmarks: 27 players, three laptops,
 * Wild Nine matches of 2 to 6 players over three years of weekly nights, each played to 100.
 */
import { createHash } from 'node:crypto'
import { formatHlc } from '../src/shared/events/hlc'
import type { DomainEvent } from '../src/shared/events/types'
import { mulberry32 } from '../tests/helpers/prng'

const NAMES = Array.from({ length: 27 }, (_, i) => `Member ${i + 1}`)

/** A stable UUIDv7-shaped id from a time and a label. */
function id(ms: number, label: string): string {
  const h = createHash('sha1').update(label).digest('hex')
  const t = ms.toString(16).padStart(12, '0')
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${h.slice(0, 3)}-8${h.slice(3, 6)}-${h.slice(6, 18)}`
}

/**
 * `matches` matches, or as many as it takes to reach `roundRows` round rows (one per seat per round);
 * the seed fixes the history.
 */
export function generate(
  size: { matches: number } | { roundRows: number },
  seed = 2026,
): { events: DomainEvent[]; roundRows: number; matches: number } {
  const r = mulberry32(seed)
  const devices = [0, 1, 2].map((i) => id(0, `device ${i}`))
  const seq = [0, 0, 0]
  const events: DomainEvent[] = []
  const t0 = Date.parse('2023-09-07T17:00:00Z')
  const push = (d: number, wall: number, kind: DomainEvent['kind'], subject: string, payload: unknown): DomainEvent => {
    const device = devices[d] as string
    const e = {
      id: id(wall, `${device}:${++seq[d]!}`),
      deviceId: device,
      deviceSeq: seq[d]!,
      hlc: formatHlc(wall, seq[d]! % 1000, device),
      kind,
      v: 1,
      subject,
      payload,
    } as DomainEvent
    events.push(e)
    return e
  }
  const players = NAMES.map(
    (name, i) => push(0, t0 + i, 'player.created', id(t0 + i, name), { name, color: null }).subject,
  )
  let rows = 0
  // Three years of weekly nights; every laptop runs a table; matches follow each other through the night.
  const span = 3 * 365 * 86_400_000
  // Matches spread over the span by how many are expected (about 25 round rows each when counting rows).
  const expected = 'matches' in size ? size.matches : Math.ceil(size.roundRows / 25)
  let m = 0
  for (; 'matches' in size ? m < size.matches : rows < size.roundRows; m++) {
    const d = m % 3
    let wall = t0 + 1000 + Math.floor((Math.min(m, expected) / expected) * span)
    const seats = 2 + Math.floor(r() * 5)
    const picked = new Set<number>()
    while (picked.size < seats) picked.add(Math.floor(r() * players.length))
    const seated = [...picked].map((i) => players[i] as string)
    const mid = id(wall, `match ${m}`)
    push(d, wall, 'match.started', mid, {
      gameId: 'wild-nine',
      config: { names: seated.map((p) => NAMES[players.indexOf(p)]) },
      houseRules: {},
      seats: seated.map((playerId) => ({ playerId, color: null })),
      engineVersion: 1,
    })
    const totals = seated.map(() => 0)
    while (Math.max(...totals) < 100) {
      wall += 60_000 + Math.floor(r() * 240_000)
      const wentOut = Math.floor(r() * seats)
      const points = totals.map((_, s) => (s === wentOut ? 0 : 5 + Math.floor(r() * 26)))
      points.forEach((p, s) => (totals[s]! += p))
      push(d, wall, 'match.action', mid, { action: { type: 'round', wentOut, points } })
      rows += seats
    }
  }
  return { events, roundRows: rows, matches: m }
}
