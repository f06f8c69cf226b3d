/** PlayersState (the Players screen's state): what each action does to the roster it shows. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PlayersState } from '../../src/renderer/src/state/players.svelte'
import { bridgedCore } from './bridge'

let bridge: ReturnType<typeof bridgedCore>
beforeEach(() => {
  bridge = bridgedCore()
})
afterEach(() => bridge.cleanup())

const names = (players: readonly { name: string }[]): string[] => players.map((p) => p.name)

describe('PlayersState', () => {
  it('loads the roster; the list shows active players, filtered by the search, and archived ones on request', async () => {
    await bridge.player('Bo')
    await bridge.player('Ana')
    const cy = await bridge.player('Cy')
    await bridge.direct('players:set-archived', { id: cy.id, archived: true })
    const s = new PlayersState()
    expect(s.loading).toBe(true)
    await s.load()
    expect(s.loading).toBe(false)
    expect(names(s.visible)).toEqual(['Ana', 'Bo'])
    expect(s.archivedCount).toBe(1)
    s.search = 'B'
    expect(names(s.visible)).toEqual(['Bo'])
    s.search = ''
    s.showArchived = true
    expect(names(s.visible)).toEqual(['Ana', 'Bo', 'Cy'])
  })

  it('keeps the roster in name order as players are added and renamed', async () => {
    const s = new PlayersState()
    await s.load()
    const zoe = await s.create('Zoe', null)
    await s.create('abe', null)
    await s.create('Mia', null)
    expect(names(s.all)).toEqual(['abe', 'Mia', 'Zoe'])
    expect(zoe.ok).toBe(true)
    if (!zoe.ok) return
    await s.rename(zoe.value.id, 'Aaron')
    expect(names(s.all)).toEqual(['Aaron', 'abe', 'Mia'])
    // What the screen shows is what is stored.
    const fresh = new PlayersState()
    await fresh.load()
    expect(names(fresh.all)).toEqual(['Aaron', 'abe', 'Mia'])
  })

  it('leaves the roster as it was when a write is refused', async () => {
    const s = new PlayersState()
    await s.create('Ana', null)
    const r = await s.create('   ', null)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('invalid-name')
    expect(names(s.all)).toEqual(['Ana'])
  })

  it('reloads the roster when the player was deleted behind its back (another window)', async () => {
    const s = new PlayersState()
    await s.create('Ana', null)
    const bo = await s.create('Bo', null)
    if (!bo.ok) throw new Error('Bo')
    await bridge.direct('players:delete', { id: bo.value.id })
    expect(names(s.all)).toEqual(['Ana', 'Bo'])
    const r = await s.rename(bo.value.id, 'Bob')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('not-found')
    expect(names(s.all)).toEqual(['Ana'])
  })

  it('takes a deleted player out, and a merged one after the merge', async () => {
    const s = new PlayersState()
    const ana = await s.create('Ana', null)
    const bo = await s.create('Bo', null)
    const cy = await s.create('Cy', null)
    if (!ana.ok || !bo.ok || !cy.ok) throw new Error('set-up')
    await s.remove(bo.value.id)
    expect(names(s.all)).toEqual(['Ana', 'Cy'])
    const merged = await s.merge(cy.value.id, ana.value.id)
    expect(merged.ok).toBe(true)
    expect(names(s.all)).toEqual(['Ana'])
  })

  it('tells two players with the same name apart by when each was added (two laptops, one export)', () => {
    // One database refuses a second "Zoe"; they meet after an import, so the roster is set as a load would.
    const s = new PlayersState()
    const player = (id: string, name: string, createdAt: string) => ({
      id,
      name,
      color: null,
      archived: false,
      createdAt,
      updatedAt: createdAt,
      matchCount: 0,
    })
    s.all = [
      player('a', 'Ana', '2026-01-01T10:00:00.000Z'),
      player('z1', 'Zoe', '2026-01-01T10:00:00.000Z'),
      player('z2', 'Zoe', '2026-03-05T10:00:00.000Z'),
    ]
    const [ana, zoe1, zoe2] = s.all.map((p) => s.label(p))
    expect(ana).toBe('Ana')
    expect(zoe1).toMatch(/^Zoe \(added .+\)$/)
    expect(zoe2).toMatch(/^Zoe \(added .+\)$/)
    expect(zoe1).not.toBe(zoe2)
    // The labels follow the roster: with one Zoe left she is just Zoe.
    s.all = s.all.filter((p) => p.id !== 'z2')
    expect(s.label(s.all[1]!)).toBe('Zoe')
  })
})
