/**
 * A bounced key never spends another player's turn (EN-V11): a press names the seat it was meant for and the
 * head of the match it was pressed on; arriving after that turn has passed, it is refused and says why.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { EnneaState } from '../../src/shared/games/ennea'
import { snapshot, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let ids: string[]

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await core.dispatch(channel, payload)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}

beforeEach(async () => {
  core = tempCore()
  ids = []
  for (const name of ['Ada', 'Bo', 'Cy']) ids.push((await call<Player>('players:create', { name })).id)
})
afterEach(() => core.cleanup())

it('refuses two presses for Ada that arrive after her pass was stored, and saves nothing', async () => {
  const m = await call<MatchView>('matches:create', { gameId: 'ennea', playerIds: ids })
  expect(m.game.toAct).toBe(0)
  // the first A: Ada passes
  const first = await call<MatchView>('matches:apply', {
    id: m.id,
    action: { type: 'pass', seat: 0 },
    expected: m.head,
  })
  expect(first.game.toAct).toBe(1)
  // the bounce and a third press, both pressed for Ada on the sheet before her pass
  const before = snapshot(core.db)
  for (const action of [
    { type: 'pass', seat: 0 },
    { type: 'stake', cell: 4, seat: 0 },
  ]) {
    const r = await core.dispatch('matches:apply', { id: m.id, action, expected: m.head })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('stale')
    expect(r.error.message).toMatch(/^That was Ada's (pass|stake); it is Bo's turn now\. Nothing was saved\.$/)
  }
  expect(snapshot(core.db)).toEqual(before)
  const now = await call<MatchView>('matches:get', { id: m.id })
  const state = now.state as EnneaState
  expect(now.actions).toHaveLength(1)
  expect(state.log).toEqual([expect.stringMatching(/^Ada passes/)])
  expect(now.game.toAct).toBe(1)
})

it('refuses a press made on an earlier sheet even when the same seat is to act again', async () => {
  // two seats; Bo spends every cube on an ENNEA call, so Ada acts turn after turn
  const m = await call<MatchView>('matches:create', { gameId: 'ennea', playerIds: ids.slice(0, 2) })
  const call1 = await call<MatchView>('matches:apply', { id: m.id, action: { type: 'pass', seat: 0 } })
  const called = await call<MatchView>('matches:apply', {
    id: m.id,
    action: { type: 'ennea', seat: 1 },
    expected: call1.head,
  })
  expect(called.game.toAct).toBe(0)
  const r = await core.dispatch('matches:apply', { id: m.id, action: { type: 'pass', seat: 0 }, expected: call1.head })
  expect(r.ok).toBe(false)
  if (!r.ok) expect(r.error.message).toMatch(/^That key was pressed before the last entry was saved/)
  // a script that names neither keeps working
  expect((await call<MatchView>('matches:apply', { id: m.id, action: { type: 'pass' } })).actions).toHaveLength(3)
})
