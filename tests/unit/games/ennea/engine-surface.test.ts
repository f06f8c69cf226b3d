/**
 * Ennea's engine (src/shared/games/ennea/engine.ts) as the screens and the referee read it, exactly: the
 * legal actions in each phase, the status of each phase, the reveal's explanation (the caller, cards left
 * unknown, EN-A21), the deck helpers under the reshuffle house rule, the state a finished game leaves, and
 * the refusals of a seat with no cubes. For the survivors of `npm run mutation:core` over engine.ts
 * (docs/QUALITY.md § Domain core).
 */
import { describe, expect, it } from 'vitest'
import {
  enneaCallers,
  enneaEngine,
  enneaExpectedRemaining,
  enneaUndealt,
  type EnneaState,
} from '../../../../src/shared/games/ennea'
import { MSG } from '../../../../src/shared/games/ennea/format'
import { rejects, setup, step } from './helpers'

const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8]
// A round-1 grid the deck allows: 1 to 9 once each.
const GRID = [1, 2, 3, 4, 5, 6, 7, 8, 9]

/** The seat to act calls ENNEA at once; everyone else passes as a final action: the round is at its reveal. */
function toReveal(state: EnneaState): EnneaState {
  let s = step(state, { type: 'ennea' })
  while (s.phase === 'final-actions') s = step(s, { type: 'pass' })
  return s
}

describe('legal actions', () => {
  it('on a turn: peek and stake on the cards open to them, pass (at most 2), ENNEA with the whole pool', () => {
    const s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const seat = s.toAct as number
    const pool = s.pools[seat] as number
    expect(pool).toBeGreaterThan(2)
    expect(enneaEngine.legalActions(s)).toEqual([
      { type: 'peek', seat, cells: ALL },
      { type: 'stake', seat, cells: ALL },
      { type: 'pass', seat, cubes: 2 },
      { type: 'ennea', seat, cubes: pool },
    ])
  })

  it('no peek when every card holds a cube, no stake when every card is full or holds their cube', () => {
    // Two players: a card holds at most 2 cubes. Seat 0 has a cube on every card; seat 1 on none.
    const s0 = setup({ names: ['Ann', 'Bo'] })
    const s: EnneaState = { ...s0, cells: ALL.map(() => [0]), toAct: 0, pools: [3, 9] }
    expect(enneaEngine.legalActions(s)).toEqual([
      { type: 'pass', seat: 0, cubes: 2 },
      { type: 'ennea', seat: 0, cubes: 3 },
    ])
    // Seat 1 may still stake everywhere, but peek nowhere.
    expect(enneaEngine.legalActions({ ...s, toAct: 1 })).toEqual([
      { type: 'stake', seat: 1, cells: ALL },
      { type: 'pass', seat: 1, cubes: 2 },
      { type: 'ennea', seat: 1, cubes: 9 },
    ])
  })

  it('a final action: stake or pass, no peek and no second ENNEA (EN-R12, EN-R13)', () => {
    const s = step(setup({ names: ['Ann', 'Bo', 'Cy'] }), { type: 'ennea' })
    expect(s.phase).toBe('final-actions')
    const seat = s.toAct as number
    expect(enneaEngine.legalActions(s)).toEqual([
      { type: 'stake', seat, cells: ALL },
      { type: 'pass', seat, cubes: 2 },
    ])
  })

  it('a seat to act with no cubes has none, and each action says why in its own words', () => {
    const s0 = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const s: EnneaState = { ...s0, toAct: 0, pools: [0, 9, 9] }
    expect(enneaEngine.legalActions(s)).toEqual([])
    expect(rejects(s, { type: 'pass' })).toMatchObject({ code: 'no-cubes', message: MSG.noCubes })
    expect(rejects(s, { type: 'stake', cell: 4 })).toMatchObject({ code: 'no-cubes', message: MSG.noCubes })
    expect(rejects(s, { type: 'ennea' })).toMatchObject({ code: 'no-cubes', message: MSG.enneaTurn })
  })

  it('an ENNEA call with nobody else holding cubes goes straight to the reveal, with no one queued', () => {
    const s0 = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const s = step({ ...s0, toAct: 0, pools: [5, 0, 0] }, { type: 'ennea' })
    expect(s).toMatchObject({ phase: 'reveal', toAct: null, finalQueue: [], caller: 0 })
  })

  it('an action that names no seat (null) is the seat to act’s', () => {
    const s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const seat = s.toAct as number
    expect(step(s, { type: 'pass', seat: null }).setAside[seat]).toBe(2)
  })

  it('an action refused by its schema names its own field', () => {
    const s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    expect(rejects(s, { type: 'shuffle' }).field).toBe('type')
    expect(rejects(s, 'stake R1C1').field).toBe('action')
  })
})

describe('the status of each phase', () => {
  it('turns, final actions, reveal: not over, no winners, who acts and what to do', () => {
    const s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const first = enneaEngine.status(s)
    expect(first).toMatchObject({ phase: 'turns', over: false, round: 1, winners: [] })
    expect(first.message).toBe(`Round 1: ${s.names[s.toAct as number]} to act (9 cubes in pool).`)
    const called = step(s, { type: 'ennea' })
    const caller = s.names[s.toAct as number]
    expect(enneaEngine.status(called)).toEqual({
      phase: 'final-actions',
      over: false,
      round: 1,
      toAct: called.toAct,
      winners: [],
      message: `Round 1: ${caller} called ENNEA; ${called.names[called.toAct as number]} takes a final Stake or Pass.`,
    })
    const reveal = toReveal(s)
    expect(enneaEngine.status(reveal)).toEqual({
      phase: 'reveal',
      over: false,
      round: 1,
      toAct: null,
      winners: [],
      message: 'Round 1: reveal the grid and enter the 9 card values.',
    })
  })

  it('a state that is not an Ennea state: not over, no winners', () => {
    expect(enneaEngine.status({ game: 'nine' } as unknown as EnneaState)).toEqual({
      phase: 'invalid',
      over: false,
      round: 1,
      toAct: null,
      winners: [],
      message: 'This is not an Ennea match state.',
    })
  })
})

describe('the reveal’s explanation', () => {
  it('names the caller, and the cards left unknown (one: "it"; more: "them") with the round-4 warning', () => {
    const s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    const caller = s.names[s.toAct as number] as string
    const oneUnknown = step(toReveal(s), { type: 'reveal', grid: [null, ...GRID.slice(1)] })
    const e1 = oneUnknown.rounds[0]!.explanation
    expect(e1[0]).toBe('Round 1 grid: ? 2 3 / 4 5 6 / 7 8 9; failed-line removal STRICT.')
    expect(e1).toContain(`ENNEA called by ${caller}.`)
    expect(e1).toContain(
      'Left unknown (no cubes on it, EN-A21): R1C1. The round-4 grid can no longer be predicted exactly; each value is still checked against the four in the deck.',
    )
    const twoUnknown = step(toReveal(s), { type: 'reveal', grid: [null, null, ...GRID.slice(2)] })
    expect(twoUnknown.rounds[0]!.explanation).toContain(
      'Left unknown (no cubes on them, EN-A21): R1C1, R1C2. The round-4 grid can no longer be predicted exactly; each value is still checked against the four in the deck.',
    )
    // Every card known: no such line.
    const known = step(toReveal(s), { type: 'reveal', grid: GRID })
    expect(known.rounds[0]!.explanation.some((l) => l.startsWith('Left unknown'))).toBe(false)
  })

  it('a card left unknown in round 4 warns of nothing more: no round comes after it', () => {
    let s = setup({ names: ['Ann', 'Bo', 'Cy'] })
    for (let round = 1; round <= 3; round++) s = step(toReveal(s), { type: 'reveal', grid: GRID })
    expect(s.round).toBe(4)
    const over = step(toReveal(s), { type: 'reveal', grid: [null, ...GRID.slice(1)] })
    const last = over.rounds[3]!.explanation
    expect(last).toContain('Left unknown (no cubes on it, EN-A21): R1C1.')
    expect(last.some((l) => l.includes('round-4 grid'))).toBe(false)
  })

  it('with a reshuffle each round nothing is predicted, so no warning; without a call, no caller', () => {
    const s = setup({ names: ['Ann', 'Bo'], houseRules: { reshuffleEachRound: true } })
    // Both pass until every pool is empty: the round ends with nobody calling.
    let t = s
    while (t.phase === 'turns') t = step(t, { type: 'pass' })
    expect(t.phase).toBe('reveal')
    const r = step(t, { type: 'reveal', grid: [null, ...GRID.slice(1)] })
    const e = r.rounds[0]!.explanation
    expect(e).toContain('Left unknown (no cubes on it, EN-A21): R1C1.')
    expect(e.some((l) => l.startsWith('ENNEA called by'))).toBe(false)
  })
})

describe('the deck helpers and a finished game', () => {
  it('under a reshuffle each round the whole deck stays possible and 27 cards are undealt', () => {
    const s = setup({ names: ['Ann', 'Bo'], houseRules: { reshuffleEachRound: true } })
    const round2 = step(toReveal(s), { type: 'reveal', grid: GRID })
    expect(round2.round).toBe(2)
    expect(enneaUndealt(round2)).toBe(27)
    expect(enneaExpectedRemaining(round2)).toHaveLength(36)
    // Without it: the round-1 cards are gone, and 36 - 9 × 2 are undealt after round 2's deal.
    const plain = step(toReveal(setup({ names: ['Ann', 'Bo'] })), { type: 'reveal', grid: GRID })
    expect(enneaUndealt(plain)).toBe(18)
    expect(enneaExpectedRemaining(plain)).toHaveLength(27)
  })

  it('after round 4: over, nothing left to predict, one caller per round, and an empty table', () => {
    let s = setup({ names: ['Ann', 'Bo'], houseRules: { reshuffleEachRound: true } })
    for (let round = 1; round <= 4; round++) s = step(toReveal(s), { type: 'reveal', grid: GRID })
    expect(s.phase).toBe('over')
    expect(enneaExpectedRemaining(s)).toBeNull()
    expect(enneaCallers(s)).toHaveLength(4)
    expect(s).toMatchObject({ peeks: [], finalQueue: [], log: [], caller: null, toAct: null })
    expect(s.setAside).toEqual([0, 0])
    expect(enneaEngine.legalActions(s)).toEqual([])
  })
})

describe('a peek', () => {
  it('sets one more cube aside, on top of those a pass set aside, and adds its line to the log', () => {
    const s = setup({ names: ['Ann', 'Bo'] })
    const a = s.toAct as number
    const b = 1 - a
    const passed = step(s, { type: 'pass' }, { type: 'pass' })
    const peeked = step(passed, { type: 'peek', cell: 0 })
    expect(peeked.setAside[a]).toBe(3)
    expect(peeked.log).toEqual([
      ...passed.log,
      expect.stringMatching(/peeks at R1C1 \(pool 6, set aside 3, staked 0\)\.$/),
    ])
    expect(peeked.toAct).toBe(b)
  })
})
