/** The tests' toy game (tests/fixtures/toy-game/): a fifth game played through the shared engine helpers. */
import { describe, expect, it } from 'vitest'
import { replay, undo } from '../../../src/shared/games/engine'
import { toyFacts } from '../../fixtures/toy-game/facts'
import { toyModule } from '../../fixtures/toy-game/module'

const config = { names: ['Ana', 'Bo'], [toyFacts.firstSeat]: 1 }

describe('the toy game', () => {
  it('is played, undone and described through the same helpers as the four games', () => {
    const log = [
      { type: 'point', seat: 1 },
      { type: 'pass', seat: 0 },
      { type: 'point', seat: 1 },
      { type: 'point', seat: 0 },
      { type: 'point', seat: 1 },
    ] as const
    const r = replay(toyModule.engine, config, [...log])
    if (!r.ok) throw new Error(r.error.message)
    const status = toyModule.engine.status(r.value)
    expect(status).toMatchObject({ over: true, winners: [1], message: 'Bo wins.' })
    expect(toyModule.engine.standings(r.value).map((s) => s.rank)).toEqual([2, 1])
    expect(toyModule.completedRounds(r.value)).toBe(5)
    expect(toyModule.roundRows(r.value, 5)).toHaveLength(2)
    expect(toyModule.describeEntry(log[0], 'Bo', { names: ['Ana', 'Bo'], toAct: 1, round: 1 })).toEqual({
      line: 'Bo scores',
      seats: [],
      undone: null,
    })
    const back = undo(toyModule.engine, config, [...log])
    expect(back.ok && toyModule.engine.status(back.value.state).over).toBe(false)
  })

  it('refuses a turn out of order and a move after the end, as values', () => {
    const start = toyModule.engine.setup(config)
    if (!start.ok) throw new Error(start.error.message)
    expect(toyModule.engine.apply(start.value, { type: 'point', seat: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not-your-turn' },
    })
    const r = replay(
      toyModule.engine,
      config,
      [1, 0, 1, 0, 1].map((seat) => ({ type: 'point' as const, seat })),
    )
    if (!r.ok) throw new Error(r.error.message)
    expect(toyModule.engine.apply(r.value, { type: 'pass', seat: 0 })).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    })
  })
})
