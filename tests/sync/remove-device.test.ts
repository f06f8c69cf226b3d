/**
 * Removing a laptop (docs/SYNC.md § Removing a laptop): once the club takes a laptop out, what it
 * made after the last event the remover held counts on no laptop, whichever order the events arrive
 * in (a laptop that had already counted one stops counting it), every laptop still holds the same
 * log, and the removed laptop says so and sends nothing more.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { DB_FILE_NAME } from '../../src/core/db/open'
import { digest, type Laptop } from '../helpers/club'
import { clubTestbed } from '../helpers/club-testbed'

const bed = clubTestbed()
const lap = (name: string, dir?: string): Laptop => bed.lap(name, dir ? { dir } : {})

const deviceOf = (l: Laptop): string =>
  (l.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value
const names = async (l: Laptop): Promise<string[]> =>
  (await l.call<Player[]>('players:list', {})).map((p) => p.name).sort()
const sync = (l: Laptop): Promise<SyncStatus> => l.call<SyncStatus>('sync:now')

async function threeLaptops(): Promise<{ a: Laptop; b: Laptop; c: Laptop; code: string }> {
  const a = lap('ana')
  const made = await a.call<SyncStatus>('club:create', { hubUrl: bed.hub.url })
  const b = lap('bo')
  await b.call('club:join', { hubUrl: bed.hub.url, code: made.club!.code })
  const c = lap('cy')
  await c.call('club:join', { hubUrl: bed.hub.url, code: made.club!.code })
  return { a, b, c, code: made.club!.code }
}

describe('removing a laptop', () => {
  it('its later events count on no laptop, even one that had counted them; the log stays the same everywhere', async () => {
    const { a, b, c, code } = await threeLaptops()
    await c.call('players:create', { name: 'Early' })
    await sync(c)
    await sync(a)
    await sync(b)
    // Cy adds a player Bo takes at once; Ana has not seen it when she removes Cy's laptop.
    const late = await c.call<Player>('players:create', { name: 'Late' })
    await sync(c)
    await sync(b)
    expect(await names(b)).toContain('Late')
    const removed = await a.call<SyncStatus>('club:remove-device', { deviceId: deviceOf(c) })
    expect(removed.removed).toEqual([expect.objectContaining({ deviceId: deviceOf(c), label: 'cy', uncounted: 0 })])
    expect(removed.devices.find((d) => d.deviceId === deviceOf(c))?.removed).toBe(true)

    await sync(a)
    expect(await names(a)).toEqual(['Early'])
    const atA = await sync(a)
    expect(atA.removed?.[0]?.uncounted).toBe(1)
    // Bo had counted Late: the removal takes it back out.
    await sync(b)
    expect(await names(b)).toEqual(['Early'])
    expect(await b.refuse('players:rename', { id: late.id, name: 'Later' })).toMatchObject({ code: 'not-found' })

    // Cy learns it was taken out: it says so, keeps what it played, and sends nothing more.
    const atC = await sync(c)
    expect(atC.state).toBe('error')
    expect(atC.error).toMatch(/taken out of the club by ana/)
    expect(await names(c)).toEqual(['Early', 'Late'])
    await c.call('players:create', { name: 'After' })
    expect((await sync(c)).waiting).toBeGreaterThan(0)

    // A laptop that joins later counts the same; every member holds the same log and projections.
    const d = lap('dee')
    await d.call('club:join', { hubUrl: bed.hub.url, code })
    await sync(d)
    await sync(a)
    await sync(b)
    expect(await names(d)).toEqual(['Early'])
    const da = digest(a)
    expect(digest(b)).toEqual(da)
    expect(digest(d)).toEqual(da)
    // Late's event is still in every log, only not counted.
    const lateEvent = a.db.prepare("SELECT id FROM events WHERE subject = ? AND kind = 'player.created'").pluck()
    expect(da.events).toContain(lateEvent.get(late.id))

    // Rebuilt from the events alone, Ana's projections are the same.
    const dir = a.dir
    await a.shutdown()
    bed.forget(a)
    const file = new Database(join(dir, DB_FILE_NAME))
    file.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('projections_rebuild_needed', '1')").run()
    file.close()
    const again = lap('ana', dir)
    expect(digest(again)).toEqual(da)
  })

  it('refuses this laptop, a laptop the club never saw, and a laptop already removed, changing nothing', async () => {
    const { a, c } = await threeLaptops()
    await sync(a)
    const before = digest(a)
    expect(await a.refuse('club:remove-device', { deviceId: deviceOf(a) })).toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/leave the club/),
    })
    expect(await a.refuse('club:remove-device', { deviceId: '01900000-0000-7000-8000-000000000000' })).toMatchObject({
      code: 'not-found',
    })
    expect(digest(a)).toEqual(before)
    await a.call('club:remove-device', { deviceId: deviceOf(c) })
    expect(await a.refuse('club:remove-device', { deviceId: deviceOf(c) })).toMatchObject({ code: 'already-removed' })
    const solo = lap('solo')
    expect(await solo.refuse('club:remove-device', { deviceId: deviceOf(c) })).toMatchObject({ code: 'not-in-club' })
  })
})
