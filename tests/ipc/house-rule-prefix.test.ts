/** House-rule keys as the rules pages write them (`ennea.failedLineRemoval`, `sen.declareGap`) or bare: one rule. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
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
  for (const name of ['Ada', 'Bo']) ids.push((await call<Player>('players:create', { name })).id)
})
afterEach(() => core.cleanup())

it('takes ennea.failedLineRemoval and sen.declareGap as documented, stored without the prefix', async () => {
  const ennea = await call<MatchView>('matches:create', {
    gameId: 'ennea',
    playerIds: ids,
    options: { houseRules: { 'ennea.failedLineRemoval': 'SHARED', reshuffleEachRound: true } },
  })
  expect(ennea.config).toMatchObject({ houseRules: { failedLineRemoval: 'SHARED', reshuffleEachRound: true } })
  expect((ennea.state as { houseRules: unknown }).houseRules).toEqual({
    failedLineRemoval: 'SHARED',
    reshuffleEachRound: true,
  })
  const sen = await call<MatchView>('matches:create', {
    gameId: 'seven-eight-nine',
    playerIds: ids,
    options: { houseRules: { 'sen.declareGap': 2 } },
  })
  expect(sen.config).toMatchObject({ houseRules: { declareGap: 2 } })
  expect((sen.state as { rules: { declareGap: number } }).rules.declareGap).toBe(2)
})

it('refuses a rule given in both spellings, or another game’s prefix, and saves nothing', async () => {
  for (const [houseRules, message] of [
    [
      { 'ennea.failedLineRemoval': 'SHARED', failedLineRemoval: 'STRICT' },
      '“ennea.failedLineRemoval” and “failedLineRemoval” are the same house rule: give it once.',
    ],
    [{ 'sen.failedLineRemoval': 'SHARED' }, 'Ennea has no house rule called “sen.failedLineRemoval”.'],
  ] as const) {
    const before = snapshot(core.db)
    const r = await core.dispatch('matches:create', { gameId: 'ennea', playerIds: ids, options: { houseRules } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe(message)
    expect(snapshot(core.db)).toEqual(before)
  }
})

it('one player chosen for a game of two or more says "1 was chosen"', async () => {
  const r = await core.dispatch('matches:create', { gameId: 'ennea', playerIds: ids.slice(0, 1) })
  expect(!r.ok && r.error.message).toBe('Ennea is played by 2 to 4 players; 1 was chosen.')
})
