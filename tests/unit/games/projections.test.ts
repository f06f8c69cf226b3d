import { describe, expect, it } from 'vitest'
import { replay, type GameId } from '../../../src/shared/games/engine'
import { completedRounds, roundRows } from '../../../src/shared/games/projections'
import { ENGINES, GAME_MODULES } from '../../../src/shared/games/registry'

function play(game: GameId, names: string[], actions: unknown[]): unknown {
  const r = replay(ENGINES[game], { names }, actions)
  if (!r.ok) throw new Error(`${game}: entry ${r.error.index + 1}: ${r.error.message}`)
  return r.value
}

/** The rows of every round, each of whose details has a column in the game's rounds CSV (GameModule.csvColumns). */
function rowsOf(game: GameId, state: unknown): ReturnType<typeof roundRows> {
  const rows = roundRows(game, state)
  const columns = new Set(GAME_MODULES[game].csvColumns.map(([key]) => key))
  expect(rows.flatMap((r) => Object.keys(r.details)).filter((key) => !columns.has(key))).toEqual([])
  return rows
}

describe('round_results projection of each game', () => {
  it('Wild Nine: penalties, running totals, who went out and 9s left in hand', () => {
    const state = play(
      'wild-nine',
      ['Ana', 'Bo', 'Cy'],
      [
        { type: 'round', wentOut: 0, hands: [[], ['9S', 'QH'], ['AC']] },
        { type: 'round', wentOut: null, points: [5, 3, 10] },
      ],
    )
    expect(completedRounds('wild-nine', state)).toBe(2)
    const rows = rowsOf('wild-nine', state)
    expect(rows.map((r) => [r.round, r.seat, r.score, r.total, r.wonRound])).toEqual([
      [1, 0, 0, 0, true],
      [1, 1, 25, 25, false],
      [1, 2, 1, 1, false],
      [2, 0, 5, 5, false],
      [2, 1, 3, 28, false],
      [2, 2, 10, 11, false],
    ])
    expect(rows[1]?.details).toMatchObject({ ninesLeft: 1, cardsLeft: 2, entry: 'cards', wentOut: false })
    expect(rows[3]?.details).toMatchObject({ deadlock: true, entry: 'points' })
    expect(rows[3]?.details).not.toHaveProperty('ninesLeft')
  })

  it('Nine: a won and a failed declaration, and the 90 -> 45 reset', () => {
    const state = play(
      'nine',
      ['Ana', 'Bo'],
      [
        { type: 'round', declarer: 1, totals: [12, 4] },
        { type: 'round', declarer: 0, totals: [8, 3] },
      ],
    )
    const rows = rowsOf('nine', state)
    expect(rows.map((r) => [r.round, r.seat, r.score, r.total, r.wonRound])).toEqual([
      [1, 0, 12, 12, false],
      [1, 1, 0, 0, true],
      [2, 0, 25, 37, false],
      [2, 1, 0, 0, true],
    ])
    expect(rows[1]?.details).toMatchObject({ declared: true, declaredWon: true, declaredFailed: false })
    expect(rows[2]?.details).toMatchObject({ declared: true, declaredWon: false, declaredFailed: true, reset90: false })
  })

  it('Ennea: cubes kept, lines made and the minimum loss', () => {
    // Everyone passes until the pools are empty; nothing is staked, so each seat loses the minimum 1.
    const passes = Array.from({ length: 10 }, () => ({ type: 'pass' }))
    const state = play('ennea', ['Ana', 'Bo'], [...passes, { type: 'reveal', grid: [2, 7, 4, 5, 3, 6, 1, 8, 9] }])
    expect(completedRounds('ennea', state)).toBe(1)
    const rows = rowsOf('ennea', state)
    expect(rows.map((r) => [r.round, r.seat, r.score, r.total, r.wonRound])).toEqual([
      [1, 0, 8, 8, false],
      [1, 1, 8, 8, false],
    ])
    expect(rows[0]?.details).toMatchObject({ linesMade: 0, loss: 1, minimumLoss: true, calledEnnea: false })
  })

  it('Seven Eight Nine: one row per seat per game, wins counted up', () => {
    const state = play(
      'seven-eight-nine',
      ['Ana', 'Bo'],
      [{ type: 'dealt-win', seats: [1] }, { type: 'next-game' }, { type: 'dealt-win', seats: [1] }],
    )
    const rows = rowsOf('seven-eight-nine', state)
    expect(rows.map((r) => [r.round, r.seat, r.score, r.total, r.wonRound])).toEqual([
      [1, 0, 0, 0, false],
      [1, 1, 1, 1, true],
      [2, 0, 0, 0, false],
      [2, 1, 1, 2, true],
    ])
    expect(rows[1]?.details).toMatchObject({ result: 'win', ending: 'dealt-win' })
    expect(rows[0]?.details).toMatchObject({ result: 'loss' })
  })
})
