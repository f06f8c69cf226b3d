/**
 * Issue 27, item 4: a merged or deleted player is not an ordinary player. Club → Ratings does not
 * rank a merged player (the seat he kept at a table shared with the player he was merged into),
 * the players CSV says each row's status, and stats:overview leaves a deleted player out.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { RatingsExplained } from '../../src/shared/model/club'
import type { Player } from '../../src/shared/model/player'
import type { StatsOverview } from '../../src/shared/model/stats'
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

describe('merged and deleted players', () => {
  it('are not ranked, are marked in the players CSV, and a deleted one is not in the overview', async () => {
    const core = tempCore()
    cores.push(core)
    const [ana, jonny, bo, cy] = await Promise.all(
      ['Ana', 'Jonny', 'Bo', 'Cy'].map((name) => call<Player>(core, 'players:create', { name })),
    )
    if (!ana || !jonny || !bo || !cy) throw new Error('players')
    // Jonny and Ana at one table, then Jonny merged into Ana: the seat keeps Jonny's id.
    for (const totals of [
      [3, 20, 40],
      [30, 2, 40],
    ]) {
      const m = await call<{ id: string }>(core, 'matches:create', {
        gameId: 'nine',
        playerIds: [ana.id, jonny.id, bo.id],
      })
      await call(core, 'matches:apply', {
        id: m.id,
        action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
      })
      await call(core, 'matches:close', { id: m.id, status: 'finished' })
    }
    await call(core, 'players:merge', { from: jonny.id, into: ana.id })
    await call(core, 'players:delete', { id: cy.id })

    const ratings = await call<RatingsExplained>(core, 'ratings:explain', { gameId: 'nine' })
    expect(ratings.rows.map((r) => r.name).sort()).toEqual(['Ana', 'Bo'])
    expect(ratings.rows.map((r) => r.rank).sort()).toEqual([1, 2])

    const csv = (await call<{ content: string }>(core, 'transfer:export-csv', { table: 'players' })).content
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    const header = (lines[0] as string).split(',')
    expect(header.slice(-2)).toEqual(['status', 'merged_into'])
    const byName = new Map(
      lines.slice(1).map((l) => {
        const cells = l.split(',')
        return [cells[1], cells.slice(-2)]
      }),
    )
    expect(Object.fromEntries(byName)).toEqual({
      Ana: ['active', ''],
      Bo: ['active', ''],
      Cy: ['deleted', ''],
      Jonny: ['merged', 'Ana'],
    })

    const overview = await call<StatsOverview>(core, 'stats:overview', {})
    expect(overview.players.map((p) => p.name).sort()).toEqual(['Ana', 'Bo'])
  })
})
