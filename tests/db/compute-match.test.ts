/**
 * A match as its events say (src/core/services/compute-match.ts, docs/ARCHITECTURE.md § The commit path):
 * no start, a game this version does not know, a start its engine now refuses, entries that cannot be
 * applied (the match's problem, as the match list shows it), and the status a close or the game's end gives.
 */
import { describe, expect, it } from 'vitest'
import { computeMatch } from '../../src/core/services/compute-match'
import { formatHlc } from '../../src/shared/events/hlc'
import type { DomainEvent, EventKind, PayloadOf } from '../../src/shared/events/types'

const DEV = '0190f5c2-0000-7000-8000-00000000000a'
const M = '0190f5c2-bbbb-7000-8000-000000000001'
let n = 0
function ev<K extends EventKind>(kind: K, payload: PayloadOf[K]): DomainEvent<K> {
  n++
  return {
    id: `0190f5c2-${String(n).padStart(4, '0')}-7000-8000-000000000000`,
    deviceId: DEV,
    deviceSeq: n,
    hlc: formatHlc(1_000_000 + n * 1000, 0, DEV),
    kind,
    v: 1,
    subject: M,
    payload,
  } as DomainEvent<K>
}
const started = (gameId: string, config: unknown) =>
  ev('match.started', { gameId: gameId as never, config, houseRules: {}, seats: [], engineVersion: 1 })
const wild = () => started('wild-nine', { names: ['Ann', 'Bo', 'Cy'], houseRules: { cutoff: 10 } })
const round = (i: number) =>
  ev('match.action', {
    action: { type: 'round', wentOut: i % 3, points: [0, 1, 2].map((k) => (k === i % 3 ? 0 : 2 + k)) },
  })

describe('computeMatch', () => {
  it('is null for a log with no start', () => {
    expect(computeMatch(M, [])).toBeNull()
    expect(computeMatch(M, [round(0)])).toBeNull()
  })

  it('a game this version does not know: the problem names it, no state, no standings; a close gives the status', () => {
    const start = started('tarot', {})
    const m = computeMatch(M, [start, round(0)])
    expect(m).toMatchObject({
      gameId: 'tarot',
      engine: null,
      state: null,
      game: null,
      standings: [],
      status: 'in-progress',
      problem: 'This match is of a game this version of Ninekeeper does not know (tarot).',
      skipped: [],
      roundTimes: [],
    })
    const closed = computeMatch(M, [start, ev('match.closed', { status: 'abandoned' })])
    expect(closed?.status).toBe('abandoned')
    // the last close in force counts
    const twice = [start, ev('match.closed', { status: 'abandoned' }), ev('match.closed', { status: 'finished' })]
    expect(computeMatch(M, twice)?.status).toBe('finished')
  })

  it('a start the engine refuses now: the problem says so with the engine’s reason', () => {
    const m = computeMatch(M, [started('nine', { names: ['Solo'] })])
    expect(m?.state).toBeNull()
    expect(m?.problem).toMatch(/^This match no longer starts under this version of Nine: \S/)
    expect(m?.standings).toEqual([])
  })

  it('entries that cannot be applied are left out and counted, the first one named by its place in the log', () => {
    const start = wild()
    const bad = () => ev('match.action', { action: { type: 'no-such-action' } })
    const one = computeMatch(M, [start, round(0), bad()])
    expect(one?.skipped).toHaveLength(1)
    expect(one?.problem).toMatch(/^Entry 2 could not be applied and is left out: \S/)
    const two = computeMatch(M, [start, round(0), bad(), round(1), bad()])
    expect(two?.skipped).toHaveLength(2)
    expect(two?.problem).toMatch(/^2 entries could not be applied and are left out; the first, entry 2: \S/)
    expect(two?.roundTimes).toHaveLength(2)
  })

  it('status: in progress, the close’s status, or finished when the game is over whatever the close says', () => {
    const start = wild()
    const playing = computeMatch(M, [start, round(0)])
    expect(playing).toMatchObject({ status: 'in-progress', problem: null, skipped: [] })
    expect(playing?.game?.over).toBe(false)
    expect(playing?.standings.map((s) => s.name)).toEqual(['Ann', 'Bo', 'Cy'])
    expect(computeMatch(M, [start, round(0), ev('match.closed', { status: 'finished' })])?.status).toBe('finished')
    const rounds: DomainEvent[] = []
    let m = computeMatch(M, [start])
    for (let i = 0; !m?.game?.over && i < 200; i++) {
      rounds.push(round(i))
      m = computeMatch(M, [start, ...rounds])
    }
    expect(m?.game?.over).toBe(true)
    const abandoned = computeMatch(M, [start, ...rounds, ev('match.closed', { status: 'abandoned' })])
    expect(abandoned?.status).toBe('finished')
  })

  it('a result recorded elsewhere (an import) is read as one, with its seats and winner, not replayed', () => {
    const seats = [
      { playerId: '0190f5c2-aaaa-7000-8000-000000000001', name: 'Ann', score: 12, rank: 1, winner: true },
      { playerId: '0190f5c2-aaaa-7000-8000-000000000002', name: 'Bo', score: 30, rank: 2, winner: false },
    ]
    const recorded = ev('match.recorded', {
      gameId: 'nine',
      playedAt: '2026-11-28T20:15:00',
      utcOffset: 60,
      seats,
      source: { kind: 'csv', id: 'row-1' },
    })
    const m = computeMatch(M, [recorded])
    expect(m).toMatchObject({ gameId: 'nine', engine: null, state: null, config: { names: ['Ann', 'Bo'] } })
    expect(m?.log.started).toMatchObject({ at: '2026-11-28T19:15:00.000Z', utcOffset: 60 })
  })
})
