import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Player } from '../../src/shared/model/player'
import { snapshot, tempCore } from '../helpers/tmp'
import { MIGRATIONS } from '../../src/core/db/migrations/index'

let core: ReturnType<typeof tempCore>
beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

async function create(name: string, color?: string | null): Promise<Player> {
  const r = await core.dispatch('players:create', color === undefined ? { name } : { name, color })
  if (!r.ok) throw new Error(r.error.message)
  return r.value as Player
}
async function names(opts: { includeArchived?: boolean; search?: string } = {}): Promise<string[]> {
  const r = await core.dispatch('players:list', opts)
  if (!r.ok) throw new Error(r.error.message)
  return (r.value as Player[]).map((p) => p.name)
}
async function refused(channel: string, payload: unknown, code: string): Promise<string> {
  const before = snapshot(core.db)
  const r = await core.dispatch(channel, payload)
  expect(r.ok).toBe(false)
  expect(snapshot(core.db)).toEqual(before)
  if (r.ok) return ''
  expect(r.error.code).toBe(code)
  return r.error.message
}

describe('players', () => {
  it('trims names, gives each a UUIDv7 and a creation time', async () => {
    const p = await create('   Ana   María  ')
    expect(p.name).toBe('Ana María')
    expect(p.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(p.createdAt).toBe('2026-11-30T12:00:02.000Z')
    expect(p).toMatchObject({ archived: false, color: null, matchCount: 0 })
    // The UUIDv7 prefix encodes the creation time.
    expect(parseInt(p.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse(p.createdAt))
  })

  it('accepts 1 to 40 characters and refuses anything else with a clear message', async () => {
    await create('Q')
    await create('x'.repeat(40))
    await create('🂡'.repeat(40))
    expect(await refused('players:create', { name: 'y'.repeat(41) }, 'invalid-name')).toBe(
      'A name can have at most 40 characters; this one has 41.',
    )
    expect(await refused('players:create', { name: '    ' }, 'invalid-name')).toBe('Enter a name.')
    expect(await refused('players:create', { name: 'Tab\u0007Bell' }, 'invalid-name')).toMatch(/control characters/)
  })

  it('keeps names unique ignoring case, on create and on rename', async () => {
    const ana = await create('Ana')
    const bo = await create('Bo')
    expect(await refused('players:create', { name: 'ANA' }, 'duplicate-name')).toBe(
      'There is already a player called “Ana”. Names must differ, ignoring case.',
    )
    expect(await refused('players:create', { name: '  ana ' }, 'duplicate-name')).toMatch(/“Ana”/)
    expect(await refused('players:rename', { id: bo.id, name: 'aNa' }, 'duplicate-name')).toMatch(/“Ana”/)
    // Changing only the case of one's own name is fine.
    const renamed = await core.dispatch('players:rename', { id: ana.id, name: 'ANA' })
    expect(renamed.ok && (renamed.value as Player).name).toBe('ANA')
  })

  it('says when the clashing name belongs to an archived player', async () => {
    const ana = await create('Ana')
    await core.dispatch('players:set-archived', { id: ana.id, archived: true })
    expect(await refused('players:create', { name: 'ana' }, 'duplicate-name')).toMatch(
      /archived; unarchive them instead/,
    )
  })

  it('lists by name, searches as you type, hides archived unless asked', async () => {
    await create('zoe')
    await create('Ana')
    const carl = await create('Carl')
    await create('Bob')
    expect(await names()).toEqual(['Ana', 'Bob', 'Carl', 'zoe'])
    expect(await names({ search: 'O' })).toEqual(['Bob', 'zoe'])
    expect(await names({ search: '%' })).toEqual([])
    await core.dispatch('players:set-archived', { id: carl.id, archived: true })
    expect(await names()).toEqual(['Ana', 'Bob', 'zoe'])
    expect(await names({ includeArchived: true })).toEqual(['Ana', 'Bob', 'Carl', 'zoe'])
    const back = await core.dispatch('players:set-archived', { id: carl.id, archived: false })
    expect(back.ok && (back.value as Player).archived).toBe(false)
    expect(await names()).toEqual(['Ana', 'Bob', 'Carl', 'zoe'])
  })

  it('sets and clears a colour, refusing malformed ones', async () => {
    const ana = await create('Ana', '#D7263D')
    expect(ana.color).toBe('#d7263d')
    expect(await refused('players:set-color', { id: ana.id, color: 'red' }, 'invalid-color')).toBe(
      'A colour must be written as #rrggbb, like #1b6ec2.',
    )
    const cleared = await core.dispatch('players:set-color', { id: ana.id, color: null })
    expect(cleared.ok && (cleared.value as Player).color).toBeNull()
  })

  it('deletes a player with no matches, but only archives one who has played', async () => {
    const ana = await create('Ana')
    const bo = await create('Bo')
    expect(
      (await core.dispatch('matches:create', { gameId: 'nine', playerIds: [ana.id, (await create('Cy')).id] })).ok,
    ).toBe(true)
    expect(await refused('players:delete', { id: ana.id }, 'player-has-matches')).toBe(
      'Ana has played 1 match, so they can be archived but never deleted.',
    )
    const gone = await core.dispatch('players:delete', { id: bo.id })
    expect(gone).toEqual({ ok: true, value: { id: bo.id } })
    expect(await names({ includeArchived: true })).toEqual(['Ana', 'Cy'])
    const archived = await core.dispatch('players:set-archived', { id: ana.id, archived: true })
    expect(archived.ok && (archived.value as Player)).toMatchObject({ archived: true, matchCount: 1 })
  })

  it('answers not-found for ids that do not exist, changing nothing', async () => {
    await create('Ana')
    const ghost = '01a22ac0-b7cc-7707-8c21-a7278f6924c8'
    await refused('players:rename', { id: ghost, name: 'X' }, 'not-found')
    await refused('players:set-archived', { id: ghost, archived: true }, 'not-found')
    await refused('players:delete', { id: ghost }, 'not-found')
  })

  it('reports where the data file is', async () => {
    const r = await core.dispatch('app:info', {})
    expect(r.ok).toBe(true)
    if (r.ok)
      expect(r.value).toMatchObject({
        name: 'Ninekeeper',
        dataFile: `${core.dir}/ninekeeper.sqlite`,
        schemaVersion: MIGRATIONS.length,
        mode: 'web',
      })
  })
})
