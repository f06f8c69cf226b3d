/**
 * Issue 27, item 6: a match finished by hand names its rank-1 players as winners in matches:list,
 * the stats and the screen; matches:get now says the same in `winners` (its `game.winners`, the
 * engine's own answer, stays empty: the rules did not end the match).
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { MatchSummary, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import { tempCore } from '../helpers/tmp'

const cores: ReturnType<typeof tempCore>[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.cleanup()
})
type Core = ReturnType<typeof tempCore>
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

describe('matches:get names the winners the list names', () => {
  it('for a match finished by hand, one ended by the rules, and none for an abandoned or reopened one', async () => {
    const core = tempCore()
    cores.push(core)
    const ids: string[] = []
    for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await call<Player>(core, 'players:create', { name })).id)
    const m = await call<MatchView>(core, 'matches:create', { gameId: 'nine', playerIds: ids })
    // One round of Nine (lower is better): Bo leads; nobody is out, so the rules have not ended it.
    await call(core, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 1, totals: [30, 5, 40] } })
    const closed = await call<MatchView>(core, 'matches:close', { id: m.id, status: 'finished' })
    const got = await call<MatchView>(core, 'matches:get', { id: m.id })
    const listed = (await call<MatchSummary[]>(core, 'matches:list', {})).find((s) => s.id === m.id)
    expect(listed?.winners).toEqual(['Bo'])
    expect(got.status).toBe('finished')
    expect(got.winners).toEqual([1])
    expect(closed.winners).toEqual([1])
    expect(got.winners?.map((s) => got.seats[s]?.name)).toEqual(listed?.winners)
    // What existed is unchanged: the engine's status still says the rules did not end it.
    expect(got.game).toMatchObject({ over: false, winners: [] })

    // Reopened (Undo), it has no winners again; abandoned, none either.
    const reopened = await call<MatchView>(core, 'matches:undo', { id: m.id, expected: got.head })
    expect([reopened.status, reopened.winners]).toEqual(['in-progress', []])
    const abandoned = await call<MatchView>(core, 'matches:close', { id: m.id, status: 'abandoned' })
    expect(abandoned.winners).toEqual([])

    // A match the rules end (Nine at 99 or more): the engine's winners, the same in the list.
    const n = await call<MatchView>(core, 'matches:create', { gameId: 'nine', playerIds: ids.slice(0, 2) })
    let over = n
    for (let i = 0; i < 5 && !over.game.over; i++)
      over = await call<MatchView>(core, 'matches:apply', {
        id: n.id,
        action: { type: 'round', declarer: 0, totals: [0, 60] },
      })
    expect(over.game.over).toBe(true)
    expect(over.winners).toEqual([0])
    expect(over.game.winners).toEqual([0])
    const row = (await call<MatchSummary[]>(core, 'matches:list', {})).find((s) => s.id === n.id)
    expect(over.winners?.map((s) => over.seats[s]?.name)).toEqual(row?.winners)
  })
})
