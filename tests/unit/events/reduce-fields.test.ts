/**
 * The reducer's fields one by one (docs/ARCHITECTURE.md § Merge rules): a player's times, sources,
 * archive, deletion and merge; a match's start, closes, head and latest, the times of its entries
 * that never go down, and what Ctrl+Z and redo point at.
 */
import { describe, expect, it } from 'vitest'
import { canonicalIds, reduceMatch, reducePlayer, replayMatch, type LogEntry } from '../../../src/shared/events/reduce'
import { nineEngine } from '../../../src/shared/games/nine/engine'
import { formatHlc } from '../../../src/shared/events/hlc'
import type { DomainEvent, EventKind, PayloadOf } from '../../../src/shared/events/types'

const DEV_A = '0190f5c2-0000-7000-8000-00000000000a'
const DEV_B = '0190f5c2-0000-7000-8000-00000000000b'
const P = '0190f5c2-aaaa-7000-8000-000000000001'
const M = '0190f5c2-bbbb-7000-8000-000000000001'
let n = 0
function ev<K extends EventKind>(kind: K, subject: string, payload: PayloadOf[K], wall: number, device = DEV_A) {
  n++
  return {
    id: `0190f5c2-${String(n).padStart(4, '0')}-7000-8000-000000000000`,
    deviceId: device,
    deviceSeq: n,
    hlc: formatHlc(wall, 0, device),
    kind,
    v: 1,
    subject,
    payload,
  } as DomainEvent<K>
}
const iso = (ms: number): string => new Date(ms).toISOString()

describe('a player', () => {
  it('just created: every field from the creation, its times, not archived, deleted or merged', () => {
    const c = ev('player.created', P, { name: 'Ana', color: '#123456' }, 1000)
    expect(reducePlayer([c])).toEqual({
      id: P,
      name: 'Ana',
      color: '#123456',
      archived: false,
      archivedAt: null,
      deleted: false,
      mergedInto: null,
      createdAt: iso(1000),
      updatedAt: iso(1000),
      createdHlc: c.hlc,
      sources: { name: c.id, color: c.id, archived: c.id, merged: c.id },
    })
  })

  it('two creations: the earliest in the order counts; the last change in any position is the update time', () => {
    const early = ev('player.created', P, { name: 'Early', color: null }, 1000)
    const late = ev('player.created', P, { name: 'Late', color: null }, 2000, DEV_B)
    const rename = ev('player.renamed', P, { name: 'Ana' }, 5000)
    const colour = ev('player.color-set', P, { color: '#abcdef' }, 3000)
    for (const events of [
      [late, early, rename, colour],
      [colour, rename, early, late],
    ]) {
      const p = reducePlayer(events)
      expect(p?.createdHlc).toBe(early.hlc)
      expect(p?.createdAt).toBe(iso(1000))
      expect(p?.updatedAt).toBe(iso(5000))
      expect(p?.sources).toEqual({ name: rename.id, color: colour.id, archived: early.id, merged: early.id })
    }
  })

  it('archived has its time; restored after it is not archived; deleted stays deleted', () => {
    const c = ev('player.created', P, { name: 'Ana', color: null }, 1000)
    const a = ev('player.archived', P, {}, 2000)
    expect(reducePlayer([c, a])).toMatchObject({ archived: true, archivedAt: iso(2000), deleted: false })
    const r = ev('player.restored', P, { replaces: a.id }, 1500, DEV_B)
    expect(reducePlayer([c, a, r])).toMatchObject({ archived: false, archivedAt: null })
    expect(reducePlayer([c, a, r])?.sources.archived).toBe(r.id)
    const d = ev('player.deleted', P, {}, 3000)
    expect(reducePlayer([c, d, r, a])).toMatchObject({ deleted: true, updatedAt: iso(3000) })
  })

  it('merged into another player points at it; merged into itself is not merged', () => {
    const c = ev('player.created', P, { name: 'Ana', color: null }, 1000)
    const other = '0190f5c2-aaaa-7000-8000-000000000002'
    const m = ev('player.merged', P, { into: other }, 2000)
    expect(reducePlayer([c, m])).toMatchObject({ mergedInto: other })
    expect(reducePlayer([c, m])?.sources.merged).toBe(m.id)
    const self = ev('player.merged', P, { into: P, replaces: m.id }, 2500)
    expect(reducePlayer([c, m, self])).toMatchObject({ mergedInto: null })
  })
})

describe('merge chains', () => {
  it("settles a cycle met part-way on the cycle's smallest id, not the first one met", () => {
    const ids = canonicalIds(
      new Map([
        ['q', 'r'],
        ['r', 'p'],
        ['p', 'r'],
      ]),
    )
    expect([ids.get('q'), ids.get('r'), ids.get('p')]).toEqual(['p', 'p', 'p'])
  })
})

describe('a match log', () => {
  const start = ev(
    'match.started',
    M,
    { gameId: 'nine', config: { names: ['A', 'B'] }, houseRules: {}, seats: [], engineVersion: 1 },
    100,
  )

  it('the start with its time and writer, a second start ignored; head is the last event, latest the greatest stamp', () => {
    const again = ev('match.started', M, { ...start.payload, engineVersion: 2 }, 150, DEV_B)
    const a1 = ev('match.action', M, { action: 1 }, 900, DEV_B)
    // Written by a laptop whose clock is behind, after seeing a1: it comes after it, at a1's time.
    const a2 = ev('match.action', M, { action: 2, after: a1.id }, 500)
    const log = reduceMatch([a2, again, a1, start])
    expect(log.started).toMatchObject({
      engineVersion: 1,
      at: iso(100),
      hlc: start.hlc,
      deviceId: DEV_A,
      eventId: start.id,
    })
    expect(log.entries.map((e) => [e.original, e.at, e.hlc, e.deviceId])).toEqual([
      [1, iso(900), a1.hlc, DEV_B],
      [2, iso(900), a2.hlc, DEV_A],
    ])
    expect(log.head).toBe(a2.hlc)
    expect(log.latest).toBe(a1.hlc)
    expect(log.events.map((e) => [e.event.id, e.active])).toEqual([
      [start.id, true],
      [again.id, true],
      [a1.id, true],
      [a2.id, true],
    ])
  })

  it('a close is listed with its status and time, is what Ctrl+Z takes back, and a reopen takes it back', () => {
    const a1 = ev('match.action', M, { action: 1 }, 200)
    const close = ev('match.closed', M, { status: 'abandoned' }, 300)
    let log = reduceMatch([start, a1, close])
    expect(log.closes).toEqual([{ id: close.id, status: 'abandoned', at: iso(300) }])
    expect(log.undoTarget).toEqual({ id: close.id, kind: 'match.closed' })
    const reopen = ev('match.reopened', M, { target: close.id }, 400)
    log = reduceMatch([start, a1, close, reopen])
    expect(log.closes).toEqual([])
    expect(log.undoTarget).toEqual({ id: a1.id, kind: 'match.action' })
    expect(log.events.find((e) => e.event.id === close.id)?.active).toBe(false)
    // A reopen cannot take back an action, nor a redo an action.
    const bad = ev('match.reopened', M, { target: a1.id }, 500)
    expect(reduceMatch([start, a1, bad]).entries).toHaveLength(1)
  })

  it('a correction is what Ctrl+Z takes back; one naming a close, or an event after it, corrects nothing', () => {
    const a1 = ev('match.action', M, { action: 1 }, 200)
    const fix = ev('match.corrected', M, { target: a1.id, action: 10 }, 300)
    let log = reduceMatch([start, a1, fix])
    expect(log.undoTarget).toEqual({ id: fix.id, kind: 'match.corrected' })
    expect(log.entries[0]?.corrections).toEqual([
      { id: fix.id, action: 10, at: iso(300), hlc: fix.hlc, deviceId: DEV_A },
    ])
    const close = ev('match.closed', M, { status: 'finished' }, 400)
    const onClose = ev('match.corrected', M, { target: close.id, action: 99 }, 500)
    log = reduceMatch([start, a1, close, onClose])
    expect(log.entries[0]?.corrections).toEqual([])
    expect(log.undoTarget).toEqual({ id: close.id, kind: 'match.closed' })
    const a2 = ev('match.action', M, { action: 2 }, 700)
    const early = ev('match.corrected', M, { target: a2.id, action: 20 }, 600)
    log = reduceMatch([start, a2, early])
    expect(log.entries[0]?.corrections).toEqual([])
    expect(log.undoTarget).toEqual({ id: a2.id, kind: 'match.action' })
  })

  it('an undo of a redo takes the entry back again; redo then points at nothing new', () => {
    const a1 = ev('match.action', M, { action: 1 }, 200)
    const u = ev('match.undone', M, { target: a1.id }, 300)
    const r = ev('match.redone', M, { target: u.id }, 400)
    const u2 = ev('match.undone', M, { target: r.id }, 500)
    const log = reduceMatch([start, a1, u, r, u2])
    expect(log.entries).toEqual([])
    expect(log.undoTarget).toBeNull()
    expect(log.redoTarget).toBeNull()
  })

  it('redo is the last undo in force, but none after a later close', () => {
    const a1 = ev('match.action', M, { action: 1 }, 200)
    const a2 = ev('match.action', M, { action: 2 }, 250)
    const u = ev('match.undone', M, { target: a2.id }, 300)
    expect(reduceMatch([start, a1, a2, u]).redoTarget).toEqual({ id: u.id, target: a2.id })
    const close = ev('match.closed', M, { status: 'finished' }, 400)
    expect(reduceMatch([start, a1, a2, u, close]).redoTarget).toBeNull()
  })
})

describe('replaying a match', () => {
  const entry = (eventId: string, action: unknown, at: string, corrections: unknown[] = []): LogEntry => ({
    eventId,
    original: action,
    at,
    hlc: '',
    deviceId: DEV_A,
    corrections: corrections.map((c, i) => ({ id: `${eventId}-c${i}`, action: c, at, hlc: '', deviceId: DEV_A })),
  })
  const round = (declarer: number) => ({ type: 'round', declarer, hands: [[1], [2], [3]] })

  it('applies the actions in force, passes over a refused one (kept, listed), and times each completed round', () => {
    const r = replayMatch('nine', nineEngine as never, { names: ['A', 'B', 'C'] }, [
      entry('e1', round(7), 't1', [round(0)]),
      entry('e2', round(7), 't2'),
      entry('e3', round(1), 't3'),
    ])
    expect(r.setupError).toBeNull()
    if (!('state' in r)) throw new Error('replay refused')
    expect(r.roundTimes).toEqual(['t1', 't3'])
    expect(r.skipped).toEqual([{ eventId: 'e2', code: 'no-declarer', message: 'Choose the player who declared NINE.' }])
    expect([...r.contexts]).toEqual([
      ['e1', { toAct: null, round: 1 }],
      ['e2', { toAct: null, round: 2 }],
      ['e3', { toAct: null, round: 2 }],
    ])
    expect((r.state as { rounds: unknown[] }).rounds).toHaveLength(2)
  })

  it('reports a refused config as a setup error', () => {
    expect(replayMatch('nine', nineEngine as never, { names: ['A'] }, [])).toEqual({
      setupError: {
        code: 'invalid-player-count',
        message: 'Nine is set up for 2 to 8 players (5 cards each from a 54-card deck).',
      },
    })
  })
})
