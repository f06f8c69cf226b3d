/**
 * The Rematch button (games/shared-sheet/rematch.svelte.ts) over a real core: one rematch per press, a
 * second press while the first is on its way starts nothing (no second match), a refusal is shown and the
 * button works again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { RematchState } from '../../src/renderer/src/games/shared-sheet/rematch.svelte'
import { bridgedCore } from './bridge'

let bridge: ReturnType<typeof bridgedCore>
let seats: Player[]
beforeEach(async () => {
  bridge = bridgedCore()
  seats = [await bridge.player('Ana'), await bridge.player('Bo'), await bridge.player('Cy')]
})
afterEach(() => bridge.cleanup())

/** A Wild Nine match played to its end: Cy passes the cutoff of 50 in the second round. */
async function finished(): Promise<MatchView> {
  const m = await bridge.direct<MatchView>('matches:create', {
    gameId: 'wild-nine',
    playerIds: seats.map((p) => p.id),
    options: { houseRules: { cutoff: 50 }, firstDealer: 2 },
  })
  const round = { type: 'round', wentOut: 0, points: [0, 20, 30] }
  await bridge.direct('matches:apply', { id: m.id, action: round })
  return bridge.direct<MatchView>('matches:apply', { id: m.id, action: round })
}
const matchCount = () => bridge.core.db.prepare('SELECT count(*) FROM matches').pluck().get() as number

describe('RematchState', () => {
  it('a double press makes one match, opened once, with the same seats and the next dealer', async () => {
    const view = await finished()
    expect(view.status).toBe('finished')
    const opened: string[] = []
    const rematch = new RematchState(
      () => view,
      (id) => opened.push(id),
    )
    const first = rematch.start()
    expect(rematch.starting).toBe(true)
    expect(await rematch.start()).toBe('busy')
    expect(await first).toBe('opened')
    expect(rematch.starting).toBe(false)
    expect(matchCount()).toBe(2)
    expect(opened).toHaveLength(1)
    const next = await bridge.direct<MatchView>('matches:get', { id: opened[0] })
    expect(next.seats.map((s) => s.playerId)).toEqual(seats.map((p) => p.id))
    expect(next.config).toMatchObject({ firstDealer: 0 })
    expect(next.state).toMatchObject({ rules: { cutoff: 50 } })
  })

  it('a refusal is shown, nothing is opened, and the button works again', async () => {
    const view = await finished()
    await bridge.direct('players:set-archived', { id: seats[1]!.id, archived: true })
    const opened: string[] = []
    const rematch = new RematchState(
      () => view,
      (id) => opened.push(id),
    )
    expect(await rematch.start()).toBe('refused')
    expect(rematch.error).toBe('Bo is archived. Unarchive them on the Players screen to seat them.')
    expect(rematch.starting).toBe(false)
    expect(await rematch.start()).toBe('refused')
    expect(opened).toEqual([])
    expect(matchCount()).toBe(1)
  })

  it('with no match shown there is nothing to start', async () => {
    const rematch = new RematchState(
      () => null,
      () => {
        throw new Error('nothing should open')
      },
    )
    expect(await rematch.start()).toBe('none')
    expect(rematch.starting).toBe(false)
  })
})
