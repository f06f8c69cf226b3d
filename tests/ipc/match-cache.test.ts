/**
 * The one commit cache (src/core/services/match-cache.ts, docs/ARCHITECTURE.md § The commit path): a
 * cached match is used only while its match's key (Projector.matchKey) is the one it was put with, so
 * a change made anywhere else (another connection, the projector re-projecting the match, a player
 * written) is never hidden by it; and a commit makes a new match, never changing the cached one.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { MatchCache } from '../../src/core/services/match-cache'
import { MatchService } from '../../src/core/services/matches'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import type { DomainEvent } from '../../src/shared/events/types'
import type { MatchView } from '../../src/shared/model/match'
import type { Result } from '../../src/shared/result'
import { accepted, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

const call = <T>(channel: string, input: unknown): Promise<T> => accepted<T>(core, channel, input)
const round = (i: number) => ({
  type: 'round',
  wentOut: i % 3,
  points: [0, 1, 2].map((k) => (k === i % 3 ? 0 : 2 + k)),
})
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

async function threePlayers(): Promise<string[]> {
  const ids: string[] = []
  for (const name of ['Ann', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
  return ids
}

/** The services of a second connection to the same file, as the database worker has them. */
function elsewhere() {
  const db = new Database(join(core.dir, 'ninekeeper.sqlite'))
  const device = new Device(db, () => new Date('2026-12-01T10:00:00.000Z'))
  const events = new EventStore(db, device)
  const projector = new Projector(db, events, new StatsProjector(db))
  return { db, events, projector, close: () => db.close() }
}

describe('a cached match is used only while its key holds', () => {
  it('a round undone through another connection shows in the next read and the next commit', async () => {
    const ids = await threePlayers()
    const m = await call<MatchView>('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    await call('matches:apply', { id: m.id, action: round(0) })
    const v = await call<MatchView>('matches:apply', { id: m.id, action: round(1) })
    const other = elsewhere()
    try {
      other.db.transaction(() => {
        const last = other.events.forSubject(m.id).at(-1) as DomainEvent
        other.events.append('match.undone', m.id, { target: v.actions[1]?.eventId as string, after: last.id })
        other.projector.projectMatch(m.id)
      })()
    } finally {
      other.close()
    }
    const read = await call<MatchView>('matches:get', { id: m.id })
    expect(read.actions).toHaveLength(1)
    expect(read.head).not.toBe(v.head)
    const next = await call<MatchView>('matches:apply', { id: m.id, action: round(2), expected: read.head })
    expect(next.actions.map((a) => a.action)).toEqual([round(0), round(2)])
    expect(next).toEqual(await call<MatchView>('matches:get', { id: m.id }))
  })

  it('a player renamed through another connection shows in the next commit (its seats are not the cached ones)', async () => {
    const ids = await threePlayers()
    const m = await call<MatchView>('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    await call('matches:apply', { id: m.id, action: round(0) })
    const other = elsewhere()
    try {
      other.db.transaction(() => {
        const last = other.events.forSubject(ids[1] as string).at(-1) as DomainEvent
        other.events.append('player.renamed', ids[1] as string, { name: 'Bob', replaces: last.id })
        other.projector.projectPlayer(ids[1] as string)
      })()
    } finally {
      other.close()
    }
    const v = await call<MatchView>('matches:apply', { id: m.id, action: round(1) })
    expect(v.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy'])
  })

  it('an event from another laptop placed before the head, projected on this connection, shows (the head did not move)', async () => {
    const ids = await threePlayers()
    const events = new EventStore(core.db, new Device(core.db, () => new Date('2026-12-01T10:00:00.000Z')))
    const projector = new Projector(core.db, events, new StatsProjector(core.db))
    const matches = new MatchService(core.db, () => new Date('2026-12-01T10:00:00.000Z'), events, projector)
    const m = value(matches.create({ gameId: 'wild-nine', playerIds: ids, options: { houseRules: { cutoff: 10000 } } }))
    value(matches.apply(m.id, round(0)))
    const v = value(matches.apply(m.id, round(1)))
    const start = events.forSubject(m.id)[0] as DomainEvent
    // Seen only the start, stamped before either round: it sorts before them, so the head stays.
    const remote: DomainEvent = {
      id: '01900000-0000-7000-9000-0000000000f1',
      deviceId: '01900000-0000-7000-8000-00000000beef',
      deviceSeq: 1,
      hlc: `${start.hlc.slice(0, 15)}.000000.01900000-0000-7000-8000-00000000beef`,
      kind: 'match.action',
      v: 1,
      subject: m.id,
      payload: { action: round(5), after: start.id },
    }
    core.db.transaction(() => {
      events.insertRemote(remote)
      projector.projectMatch(m.id)
    })()
    const read = value(matches.get(m.id))
    expect(read.head).toBe(v.head)
    expect(read.actions.map((a) => a.eventId)).toContain(remote.id)
    expect(read.actions).toHaveLength(3)
  })

  it('the cache hands out an entry only for the key it was put with', () => {
    const cache = new MatchCache(2)
    const match = { id: 'm1' } as never
    cache.put('k1', { match })
    expect(cache.get('m1', 'k2')).toBeUndefined()
    // A stale entry is gone, even for its old key.
    expect(cache.get('m1', 'k1')).toBeUndefined()
    cache.put('k1', { match })
    expect(cache.get('m1', 'k1')?.match).toBe(match)
  })
})

describe('a commit never changes the cached match', () => {
  it('the match cached before a round is the same, field for field, after it; in tests it is frozen', async () => {
    const ids = await threePlayers()
    const events = new EventStore(core.db, new Device(core.db, () => new Date('2026-12-01T10:00:00.000Z')))
    const projector = new Projector(core.db, events, new StatsProjector(core.db))
    const cache = new MatchCache()
    const matches = new MatchService(core.db, () => new Date('2026-12-01T10:00:00.000Z'), events, projector, cache)
    const m = value(matches.create({ gameId: 'wild-nine', playerIds: ids, options: { houseRules: { cutoff: 10000 } } }))
    value(matches.apply(m.id, round(0)))
    const before = cache.get(m.id, projector.matchKey(m.id) as string)
    if (!before) throw new Error('the round just committed is not cached')
    const structure = (c: typeof before) =>
      JSON.stringify({
        ...c.match,
        engine: null,
        contexts: c.match.log.entries.map((e) => c.match.contexts.get(e.eventId)),
        listed: c.listed,
        seats: c.seats,
      })
    const seen = structure(before)
    expect(Object.isFrozen(before.match)).toBe(true)
    expect(Object.isFrozen(before.match.log.entries)).toBe(true)
    expect(Object.isFrozen(before.match.contexts)).toBe(true)

    value(matches.apply(m.id, round(1)))
    value(matches.apply(m.id, round(2)))
    const after = cache.get(m.id, projector.matchKey(m.id) as string)
    expect(after?.match.log.entries).toHaveLength(3)
    expect(structure(before)).toBe(seen)
    expect(before.match.log.entries).toHaveLength(1)
  })
})

describe('the contexts of a match extended commit by commit', () => {
  it('are shared, never changed, and read the same as a match computed from its log, past 64 commits', async () => {
    const ids = await threePlayers()
    const events = new EventStore(core.db, new Device(core.db, () => new Date('2026-12-01T10:00:00.000Z')))
    const projector = new Projector(core.db, events, new StatsProjector(core.db))
    const cache = new MatchCache()
    const matches = new MatchService(core.db, () => new Date('2026-12-01T10:00:00.000Z'), events, projector, cache)
    const m = value(matches.create({ gameId: 'wild-nine', playerIds: ids, options: { houseRules: { cutoff: 10000 } } }))
    const seen: { contexts: unknown[]; at: number }[] = []
    for (let i = 0; i < 70; i++) {
      value(matches.apply(m.id, round(i)))
      const c = cache.get(m.id, projector.matchKey(m.id) as string)?.match
      if (!c) throw new Error('not cached')
      if (i % 10 === 3) seen.push({ contexts: c.log.entries.map((e) => c.contexts.get(e.eventId)), at: i })
      if (i === 69) {
        const computed = projector.computeMatch(m.id, events.forSubject(m.id))
        const ids = c.log.entries.map((e) => e.eventId)
        expect(ids.map((id) => c.contexts.get(id))).toEqual(ids.map((id) => computed?.contexts.get(id)))
        for (const s of seen) expect(s.contexts).toHaveLength(s.at + 1)
      }
    }
  })
})
