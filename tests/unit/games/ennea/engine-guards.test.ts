/**
 * Ennea's engine (src/shared/games/ennea/engine.ts) at its guards and in the words it writes: states that are
 * not Ennea states, a seat that is not at the table, the log lines that end a round's turns (every pool
 * empty, an ENNEA call with nobody else holding cubes, the final actions done), and the notes of the
 * standings. For the mutants of engine.ts that `npm run mutation:core` left (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import { enneaEngine, type EnneaState } from '../../../../src/shared/games/ennea'
import { rejects, setup, step } from './helpers'

const lastLog = (s: EnneaState): string => s.log[s.log.length - 1] ?? ''

describe('a state that is not an Ennea state is refused, never thrown on', () => {
  const good = setup(['Ann', 'Bo', 'Cy'])
  const broken: [string, unknown][] = [
    ['another game', { ...good, game: 'nine' }],
    ['one name', { ...good, names: ['Ann'] }],
    [
      'one seat, every list of its length',
      { ...good, names: ['Ann'], totals: [9], pools: [9], setAside: [0], starter: 0, firstStarter: 0, toAct: 0 },
    ],
    ['names that are no list', { ...good, names: null }],
    [
      'five seats',
      {
        ...good,
        names: ['A', 'B', 'C', 'D', 'E'],
        totals: [9, 9, 9, 9, 9],
        pools: [9, 9, 9, 9, 9],
        setAside: [0, 0, 0, 0, 0],
      },
    ],
    ['totals of another length', { ...good, totals: [9, 9] }],
    ['pools that are not whole numbers', { ...good, pools: [9, 9, 'x'] }],
    ['set-aside counts of another length', { ...good, setAside: [0, 0, 0, 0] }],
    ['eight cells', { ...good, cells: good.cells.slice(1) }],
    ['a cell that is not a list', { ...good, cells: [...good.cells.slice(1), 3] }],
    ['round 0', { ...good, round: 0 }],
    ['round 5', { ...good, round: 5 }],
    ['a first starter not at the table', { ...good, firstStarter: 3 }],
    ['a starter not at the table', { ...good, starter: -1 }],
    ['a starter past the last seat', { ...good, starter: 3 }],
    ['a phase that is not one', { ...good, phase: 'dealing' }],
    ['a seat to act not at the table', { ...good, toAct: 3 }],
    ['a caller not at the table', { ...good, caller: 3 }],
    ['no final queue', { ...good, finalQueue: null }],
    ['no peeks', { ...good, peeks: {} }],
    ['no log', { ...good, log: 'x' }],
    ['no rounds', { ...good, rounds: undefined }],
    ['house rules that are not an object', { ...good, houseRules: [] }],
  ]
  it.each(broken)('%s', (_kind, state) => {
    const s = state as EnneaState
    expect(enneaEngine.apply(s, { type: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-state', message: 'This is not an Ennea match state.' },
    })
    expect(enneaEngine.legalActions(s)).toEqual([])
    expect(enneaEngine.status(s)).toMatchObject({
      phase: 'invalid',
      over: false,
      message: 'This is not an Ennea match state.',
    })
    expect(enneaEngine.standings(s)).toEqual([])
  })

  it('the same state whole is accepted (the cases above differ from it in one field each)', () => {
    expect(step(good, { type: 'pass' }).pools).toEqual([7, 9, 9])
    expect(step({ ...good, caller: null, toAct: 0 }, { type: 'pass' }).toAct).toBe(1)
  })
})

describe('EN-V11: the seat an action names', () => {
  it('a seat that is not at the table is named with the seats there are', () => {
    expect(rejects(setup(['Ann', 'Bo', 'Cy']), { type: 'stake', cell: 0, seat: 3 })).toMatchObject({
      code: 'invalid-seat',
      message: 'There is no seat 3 at this table (seats 0 to 2).',
      field: 'seat',
    })
  })

  it('with nobody to act (a state from outside), a turn is refused', () => {
    const s = { ...setup(['Ann', 'Bo']), toAct: null }
    expect(rejects(s, { type: 'pass' })).toMatchObject({ code: 'not-your-turn', message: 'Nobody is to act now.' })
    expect(enneaEngine.legalActions(s)).toEqual([])
  })
})

describe('EN-R8 / EN-R12 / EN-R13: how the turns of a round end, as the log tells it', () => {
  it('every pool empty: the log says to reveal the grid', () => {
    let s = setup(['Ann', 'Bo'])
    for (let i = 0; i < 10; i++) s = step(s, { type: 'pass' })
    expect(s.pools).toEqual([0, 0])
    expect(s.phase).toBe('reveal')
    expect(lastLog(s)).toBe('Every pool is empty: reveal the grid.')
  })

  it('an ENNEA call with nobody else holding cubes: the grid is revealed at once', () => {
    let s = setup(['Ann', 'Bo'])
    for (let i = 0; i < 4; i++) s = step(s, { type: 'stake', cell: i }, { type: 'pass' })
    s = step(s, { type: 'pass' }, { type: 'pass' }, { type: 'ennea' })
    expect(s.log.slice(-2)).toEqual([
      'Ann calls ENNEA! and sets aside 3 cubes (pool 0, set aside 5, staked 4).',
      'Nobody else has cubes: reveal the grid.',
    ])
  })

  it('final actions are logged as such, and the last one sends the table to the reveal', () => {
    let s = step(setup(['Ann', 'Bo', 'Cy']), { type: 'ennea' })
    expect(s.finalQueue).toEqual([1, 2])
    s = step(s, { type: 'stake', cell: 4 })
    expect(lastLog(s)).toBe('Final action: Bo stakes R2C2 (pool 8, set aside 0, staked 1).')
    s = step(s, { type: 'pass' })
    expect(s.log.slice(-2)).toEqual([
      'Final action: Cy passes and sets aside 2 cubes (pool 7, set aside 2, staked 0).',
      'Final actions done: reveal the grid.',
    ])
    expect(s).toMatchObject({ phase: 'reveal', toAct: null, finalQueue: [] })
  })
})

describe('EN-R24: the standings’ notes', () => {
  const base = setup(['Ann', 'Bo', 'Cy'])
  const over = (totals: number[], callers: (number | null)[]): EnneaState => ({
    ...base,
    phase: 'over',
    round: 4,
    toAct: null,
    totals,
    rounds: callers.map((caller, r) => ({ ...({} as EnneaState['rounds'][number]), round: r + 1, caller })),
  })

  it('a lone winner, an ENNEA call, calls in two rounds, a seat out of cubes', () => {
    const st = enneaEngine.standings(over([7, 0, 3], [0, null, 2, 0]))
    expect(st.map((s) => s.note)).toEqual([
      'Winner; ENNEA calls in rounds 1, 4',
      'Out of cubes',
      'ENNEA call in round 3',
    ])
    expect(st.map((s) => s.eliminated)).toEqual([false, true, false])
    expect(st.map((s) => s.rank)).toEqual([1, 3, 2])
  })

  it('co-winners: a tie no ENNEA call breaks', () => {
    const st = enneaEngine.standings(over([6, 6, 2], [null, null, null, null]))
    expect(st.map((s) => s.note)).toEqual(['Co-winner', 'Co-winner', undefined])
  })

  it('before the end: no winner note, the call of the round in play counts', () => {
    const playing = { ...base, caller: 1 }
    expect(enneaEngine.standings(playing).map((s) => s.note)).toEqual([undefined, 'ENNEA call in round 1', undefined])
  })
})
