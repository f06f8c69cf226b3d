/**
 * Issue 27, item 7: a season member without a match has no average placement (null, not 0) in
 * seasons:standings, and a points scheme where a loss earns more than a win is accepted with a
 * warning in words on the season (create, update, list, standings) instead of silently.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Season, SeasonStandings } from '../../src/shared/model/club'
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

describe('season standings and schemes', () => {
  it('no average placement without a match; a scheme that rewards losing is saved with a warning', async () => {
    const core = tempCore()
    cores.push(core)
    const ids: string[] = []
    for (const name of ['Ana', 'Bo', 'Cy']) ids.push((await call<Player>(core, 'players:create', { name })).id)
    const m = await call<{ id: string }>(core, 'matches:create', { gameId: 'nine', playerIds: ids.slice(0, 2) })
    await call(core, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [2, 30] } })
    await call(core, 'matches:close', { id: m.id, status: 'finished' })
    const season = await call<Season>(core, 'seasons:create', {
      name: 'Upside down',
      startDate: '2000-01-01',
      endDate: '2099-12-31',
      gameIds: null,
      playerIds: ids,
      scheme: { kind: 'result', win: 0, draw: 0, loss: 3 },
    })
    expect(season.warnings).toEqual([
      'A loss earns more than a win (3 against 0): players gain by losing.',
      'A loss earns more than a shared win (3 against 0).',
    ])
    const s = await call<SeasonStandings>(core, 'seasons:standings', { id: season.id })
    expect(s.season.warnings).toEqual(season.warnings)
    expect(s.rows.map((r) => [r.name, r.points, r.matches, r.averagePlacement])).toEqual([
      ['Bo', 3, 1, 1],
      ['Ana', 0, 1, 0],
      ['Cy', 0, 0, null],
    ])
    const fixed = await call<Season>(core, 'seasons:update', {
      id: season.id,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    expect(fixed.warnings).toEqual([])
    expect((await call<Season[]>(core, 'seasons:list', {}))[0]?.warnings).toEqual([])
  })
})
