/**
 * A commit's view reuses what the match service already knows (the match row it just wrote, the
 * seats it last showed) instead of reading them back. It must never show stale facts: a rename or a
 * new colour between two rounds shows in the next round's view, and a failed write leaves the next
 * view as the database says.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
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

describe('the view after a commit', () => {
  it('shows a rename and a new colour made between two rounds', async () => {
    const ids: string[] = []
    for (const name of ['Ann', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
    const m = await call<MatchView>('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    let v = await call<MatchView>('matches:apply', { id: m.id, action: round(0) })
    expect(v.seats.map((s) => s.name)).toEqual(['Ann', 'Bo', 'Cy'])
    await call('players:rename', { id: ids[1], name: 'Bob' })
    await call('players:set-color', { id: ids[2], color: '#1b6ec2' })
    v = await call<MatchView>('matches:apply', { id: m.id, action: round(1) })
    expect(v.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy'])
    expect(v.seats[2]?.color).toBe('#1b6ec2')
    // What the commit showed is what a fresh read shows.
    const fresh = await call<MatchView>('matches:get', { id: m.id })
    expect({ ...v, actions: v.actions.length }).toEqual({ ...fresh, actions: fresh.actions.length })
    expect(v.actions).toEqual(fresh.actions)
    expect(v.updatedAt).toBe(fresh.updatedAt)
  })
})
