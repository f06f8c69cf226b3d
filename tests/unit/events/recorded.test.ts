import { describe, expect, it } from 'vitest'
import { formatHlc } from '../../../src/shared/events/hlc'
import { recordedInstant, recordedResult, type RecordedPayload } from '../../../src/shared/events/recorded'
import { validateEvent } from '../../../src/shared/events/validate'

const DEV = '0190f5c2-0000-7000-8000-00000000000d'
const P1 = '0190f5c2-0000-7000-8000-000000000001'
const P2 = '0190f5c2-0000-7000-8000-000000000002'
const P3 = '0190f5c2-0000-7000-8000-000000000003'

function payload(over: Partial<RecordedPayload> = {}): RecordedPayload {
  return {
    gameId: 'wild-nine',
    playedAt: '2024-03-07T19:30:00',
    utcOffset: 60,
    seats: [
      { playerId: P1, name: 'Ana', score: 12, rank: 1, winner: true },
      { playerId: P2, name: 'Bo', score: 57, rank: 2, winner: false },
    ],
    source: { kind: 'bg-stats', id: 'uuid:e8c4f6d5' },
    ...over,
  }
}
const event = (p: unknown) => ({
  id: '0190f5c2-0001-7000-8000-000000000000',
  deviceId: DEV,
  deviceSeq: 1,
  hlc: formatHlc(1000, 0, DEV),
  kind: 'match.recorded',
  v: 1,
  subject: '0190f5c2-0002-7000-8000-000000000000',
  payload: p,
})

describe('match.recorded', () => {
  it('accepts a result and describes it', () => {
    expect(validateEvent(event(payload())).ok).toBe(true)
    expect(recordedResult(payload())).toEqual({
      at: '2024-03-07T18:30:00.000Z',
      winners: [0],
      standings: [
        { seat: 0, name: 'Ana', score: 12, rank: 1, eliminated: false },
        { seat: 1, name: 'Bo', score: 57, rank: 2, eliminated: false },
      ],
      summary: 'Recorded (imported from BG Stats): Ana wins with 12.',
    })
    const located = payload({ location: { name: 'The Crown', sourceId: '1' } })
    expect(validateEvent(event(located)).ok).toBe(true)
    expect(recordedResult(located).summary).toBe(
      'Recorded (imported from BG Stats): Ana wins with 12. Played at The Crown.',
    )
    const shared = payload({
      seats: [payload().seats[0]!, { playerId: P2, name: 'Bo', score: null, rank: 1, winner: true }],
      source: { kind: 'csv', id: 'key:n1' },
    })
    expect(recordedResult(shared).summary).toBe('Recorded (imported from a CSV file): Ana and Bo share the win.')
  })

  it.each([
    [
      'winners that are not the rank-1 seats',
      payload({
        seats: [
          { playerId: P1, name: 'Ana', score: 12, rank: 1, winner: false },
          { playerId: P2, name: 'Bo', score: 57, rank: 2, winner: true },
        ],
      }),
      /winners must be exactly the seats of rank 1/,
    ],
    [
      'no winner',
      payload({
        seats: [
          { playerId: P1, name: 'Ana', score: 12, rank: 2, winner: false },
          { playerId: P2, name: 'Bo', score: 57, rank: 2, winner: false },
        ],
      }),
      /needs at least one winner/,
    ],
    [
      'a rank beyond the seats',
      payload({
        seats: [
          { playerId: P1, name: 'Ana', score: 12, rank: 1, winner: true },
          { playerId: P2, name: 'Bo', score: 57, rank: 3, winner: false },
        ],
      }),
      /rank 3 in a match of 2/,
    ],
    [
      'one player in two seats',
      payload({
        seats: [
          { playerId: P1, name: 'Ana', score: 12, rank: 1, winner: true },
          { playerId: P1, name: 'Ana', score: 57, rank: 2, winner: false },
        ],
      }),
      /only one seat/,
    ],
    [
      'more seats than the game allows',
      payload({
        gameId: 'seven-eight-nine',
        seats: [P1, P2, P3].map((id, i) => ({
          playerId: id,
          name: `P${i}`,
          score: null,
          rank: i + 1,
          winner: i === 0,
        })),
      }),
      /exactly 2 players/,
    ],
    ['a date that does not exist', payload({ playedAt: '2024-02-30T19:30:00' }), /not a real date-time/],
    ['a date with a zone', payload({ playedAt: '2024-03-07T19:30:00Z' }), /local date-time/],
    ['an offset beyond 14 hours', payload({ utcOffset: 900 }), /at most 840/],
    [
      'a score that is not whole',
      payload({ seats: [{ playerId: P1, name: 'Ana', score: 1.5, rank: 1, winner: true }, payload().seats[1]!] }),
      /whole number/,
    ],
    ['an unknown source', payload({ source: { kind: 'bgg' as 'csv', id: 'x' } }), /bg-stats or csv/],
    ['an extra field', { ...payload(), rounds: [] }, /rounds/],
    [
      'an invalid name',
      payload({ seats: [{ playerId: P1, name: ' Ana ', score: 12, rank: 1, winner: true }, payload().seats[1]!] }),
      /valid player name/,
    ],
  ])('refuses %s', (_, p, message) => {
    const r = validateEvent(event(p))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(message)
  })

  it('puts the local date-time at its offset', () => {
    expect(new Date(recordedInstant('2024-03-31T01:30:00', -420)).toISOString()).toBe('2024-03-31T08:30:00.000Z')
    expect(recordedInstant('2024-13-01T00:00:00', 0)).toBeNaN()
  })
})
