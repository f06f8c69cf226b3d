/**
 * Random club operations for property tests (fast-check): one operation per record, run through the
 * IPC contract on one of several laptops. Refused operations are fine (a random history asks for
 * impossible things); an internal error fails the test.
 */
import fc from 'fast-check'
import type { Core } from '../../src/core/core'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'

export type Laptopish = Pick<Core, 'dispatch'>

export async function may<T>(l: Laptopish, channel: string, input: unknown): Promise<T | null> {
  const r = await l.dispatch(channel, input)
  if (!r.ok && r.error.code === 'internal') throw new Error(`${channel}: ${r.error.message}`)
  return r.ok ? (r.value as T) : null
}

export const NAMES = ['Ana', 'Bo', 'Cy', 'Zoe', 'Hugo']

export type Op = { laptop: number; kind: string; a: number; b: number }

/** Without bias: fast-check's small-value bias would pick the same laptop, name and operation over and over. */
export function opArbitrary(extra: readonly string[]): fc.Arbitrary<Op> {
  return fc.noBias(
    fc.record({
      laptop: fc.nat(2),
      kind: fc.constantFrom(
        'player',
        'player',
        'rename',
        'color',
        'archive',
        'merge',
        'match',
        'match',
        'round',
        'round',
        'round',
        'round',
        'correct',
        'undo',
        'redo',
        'close',
        ...extra,
      ),
      a: fc.nat(1000),
      b: fc.nat(1000),
    }),
  )
}

/** Runs one operation; kinds it does not know go to `other` (exchange, sync, offline …). */
export async function step<L extends Laptopish>(
  ls: L[],
  o: Op,
  other: (l: L, o: Op) => Promise<void> = async () => {},
): Promise<void> {
  const l = ls[o.laptop % ls.length] as L
  const players = (await may<Player[]>(l, 'players:list', { includeArchived: false })) ?? []
  const pick = <T>(xs: T[], k: number): T | undefined => xs[k % Math.max(1, xs.length)]
  const matches = (await may<{ id: string; status: string }[]>(l, 'matches:list', {})) ?? []
  const match = pick(matches, o.a)
  switch (o.kind) {
    case 'player':
      await may(l, 'players:create', { name: NAMES[o.a % NAMES.length] })
      break
    case 'rename': {
      const p = pick(players, o.a)
      if (p) await may(l, 'players:rename', { id: p.id, name: `${NAMES[o.b % NAMES.length]}${o.b % 3}` })
      break
    }
    case 'color': {
      const p = pick(players, o.a)
      if (p) await may(l, 'players:set-color', { id: p.id, color: ['#d7263d', '#1b6ec2', null][o.b % 3] })
      break
    }
    case 'archive': {
      const p = pick(players, o.a)
      if (p) await may(l, 'players:set-archived', { id: p.id, archived: !p.archived })
      break
    }
    case 'merge': {
      const p = pick(players, o.a)
      const q = pick(players, o.b)
      if (p && q && p.id !== q.id) await may(l, 'players:merge', { from: p.id, into: q.id })
      break
    }
    case 'match': {
      const seated = players.filter((p) => !p.archived).slice(o.a % 2, (o.a % 2) + 2 + (o.b % 2))
      if (seated.length >= 2) await may(l, 'matches:create', { gameId: 'nine', playerIds: seated.map((p) => p.id) })
      break
    }
    case 'round':
      if (match) {
        const v = await may<MatchView>(l, 'matches:get', { id: match.id })
        const seats = v?.seats.length ?? 2
        const declarer = o.b % seats
        const totals = Array.from({ length: seats }, (_, s) => (s === declarer ? o.a % 10 : 5 + ((o.a + s * 7) % 20)))
        await may(l, 'matches:apply', { id: match.id, action: { type: 'round', declarer, totals } })
      }
      break
    case 'correct':
      if (match) {
        const v = await may<MatchView>(l, 'matches:get', { id: match.id })
        const e = v && pick(v.actions, o.b)
        if (v && e) {
          const declarer = o.b % v.seats.length
          const totals = v.seats.map((_, s) => (s === declarer ? o.b % 9 : 3 + ((o.b + s) % 15)))
          await may(l, 'matches:correct', {
            id: match.id,
            eventId: e.eventId,
            action: { type: 'round', declarer, totals },
          })
        }
      }
      break
    case 'undo':
      if (match) await may(l, 'matches:undo', { id: match.id })
      break
    case 'redo':
      if (match) await may(l, 'matches:redo', { id: match.id })
      break
    case 'close':
      if (match) await may(l, 'matches:close', { id: match.id, status: o.b % 2 ? 'finished' : 'abandoned' })
      break
    default:
      await other(l, o)
  }
}
