import { beforeAll, describe, expect, it } from 'vitest'
import { replay, undo } from '../../../../src/shared/games/engine'
import {
  enneaCallers,
  enneaEngine,
  enneaExpectedRemaining,
  enneaRevealedCounts,
  enneaUndealt,
  type EnneaAction,
  type EnneaConfig,
  type EnneaState,
} from '../../../../src/shared/games/ennea'
import { cellIndex, G24, G25, G30, G31, parseGrid, type FlowStep } from '../../../fixtures/ennea/golden'

function setup(config: EnneaConfig): EnneaState {
  const r = enneaEngine.setup(config)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

function step(state: EnneaState, action: unknown): EnneaState {
  const r = enneaEngine.apply(state, action as EnneaAction)
  if (!r.ok) throw new Error(`${JSON.stringify(action)} rejected: ${r.error.message}`)
  return r.value
}

function rejects(state: EnneaState, action: unknown): { code: string; message: string; field?: string } {
  const r = enneaEngine.apply(state, action as EnneaAction)
  if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return r.error
}

/** Fixture actions name cells R1C1..; the engine's primary form is the index 0..8. */
function toAction(a: Record<string, unknown>): EnneaAction {
  return (typeof a.cell === 'string' ? { ...a, cell: cellIndex(a.cell) } : a) as EnneaAction
}

function staked(state: EnneaState, seat: number): number {
  return state.cells.filter((c) => c.includes(seat)).length
}

function runSteps(state: EnneaState, steps: FlowStep[]): EnneaState {
  let s = state
  for (const st of steps) {
    const action = toAction(st.action)
    if (st.rejected) {
      const before = structuredClone(s)
      expect(rejects(s, action).message).toBe(st.rejected)
      expect(s).toEqual(before)
      continue
    }
    s = step(s, action)
    for (const [seat, [pool, aside]] of Object.entries(st.after ?? {})) {
      expect([s.pools[Number(seat)], s.setAside[Number(seat)]], `${JSON.stringify(st.action)} seat ${seat}`).toEqual([
        pool,
        aside,
      ])
    }
  }
  return s
}

/** Ends a round quickly: the seat to act calls ENNEA, everyone else passes, then the grid is revealed. */
function callAndReveal(state: EnneaState, grid: number[]): EnneaState {
  let s = state
  if (s.phase === 'turns') s = step(s, { type: 'ennea' })
  while (s.phase === 'final-actions') s = step(s, { type: 'pass' })
  return step(s, { type: 'reveal', grid })
}

describe('EN-G24 round ended by an ENNEA call, with final actions', () => {
  const start = (): EnneaState => setup({ names: G24.names, colours: ['red', 'blue', 'green'] })

  it('tracks every pool and set-aside, rejects the Peek on a staked card, and reaches the reveal', () => {
    const beforeReveal = runSteps(start(), G24.steps)
    expect(beforeReveal.phase).toBe('reveal')
    expect(beforeReveal.toAct).toBeNull()
    expect(beforeReveal.caller).toBe(G24.caller)
    G24.atReveal.forEach(([pool, aside, onGrid], seat) => {
      expect([beforeReveal.pools[seat], beforeReveal.setAside[seat], staked(beforeReveal, seat)]).toEqual([
        pool,
        aside,
        onGrid,
      ])
      expect((pool ?? 0) + (aside ?? 0) + (onGrid ?? 0)).toBe(9)
    })
    expect(beforeReveal.peeks).toEqual([
      { seat: 1, cell: 4 },
      { seat: 2, cell: 2 },
    ])
  })

  it('resolves on G1: A 8, B 9, C 8 (minimum loss), call log round 1 → C, round 2 starts with B', () => {
    const beforeReveal = runSteps(start(), G24.steps)
    const after = step(beforeReveal, { type: 'reveal', grid: parseGrid(G24.grid) })
    const record = after.rounds[0]
    expect(record?.totalsAfter).toEqual(G24.totalsAfter)
    expect(record?.seats.map((s) => s.minimumLoss)).toEqual(G24.minimumLoss)
    for (const [seat, sentence] of Object.entries(G24.explains)) {
      expect(record?.seats[Number(seat)]?.explanation.some((s) => s.startsWith(sentence))).toBe(true)
    }
    expect(record?.explanation).toContain('C: Lone cube R2C2: not a staked line, not lost for being alone (EN-R20).')
    expect(enneaCallers(after)).toEqual([G24.caller])
    expect(after.round).toBe(2)
    expect(after.starter).toBe(G24.nextStarter)
    expect(after.toAct).toBe(G24.nextStarter)
    expect(after.pools).toEqual(G24.nextPools)
    expect(after.totals).toEqual(G24.totalsAfter)
    expect(after.setAside).toEqual([0, 0, 0])
    expect(after.cells.every((c) => c.length === 0)).toBe(true)
  })

  it('offers only Stake or Pass as final actions, to the seats left of the caller in order', () => {
    const upToCall = runSteps(start(), G24.steps.slice(0, 10))
    expect(upToCall.phase).toBe('final-actions')
    expect(upToCall.finalQueue).toEqual([0, 1])
    expect(enneaEngine.legalActions(upToCall).map((l) => l.type)).toEqual(['stake', 'pass'])
    expect(rejects(upToCall, { type: 'peek', cell: 8 }).message).toBe(
      'After an ENNEA call only Stake or Pass is allowed.',
    )
    expect(rejects(upToCall, { type: 'ennea' }).message).toBe(
      'ENNEA was already called this round; you get one final Stake or Pass.',
    )
    expect(rejects(upToCall, { type: 'stake', cell: 8, seat: 1 }).message).toBe(
      "That was B's stake; it is A's turn now.",
    )
    expect(enneaEngine.status(upToCall).message).toBe('Round 1: C called ENNEA; A takes a final Stake or Pass.')
  })
})

describe('EN-G25 round ended by exhaustion, with a 1-cube Pass', () => {
  it('goes to reveal when every pool is empty; A keeps 2, B loses the minimum 1 → 0', () => {
    // a mid-game position (totals 2 and 1) built from a fresh state: the engine plays any valid state
    const fresh = setup({ names: ['A', 'B'] })
    const state: EnneaState = { ...fresh, totals: G25.totals, pools: G25.totals.slice() }
    const s = runSteps(state, G25.steps)
    expect(s.phase).toBe('reveal')
    expect(s.finalQueue).toEqual([])
    const after = step(s, { type: 'reveal', grid: parseGrid(G25.grid) })
    expect(after.rounds[0]?.totalsAfter).toEqual(G25.totalsAfter)
    expect(after.rounds[0]?.seats.map((r) => r.minimumLoss)).toEqual(G25.minimumLoss)
    // round 2: B has no cubes and takes no turn (EN-R25); A starts even though B is the nominal starter
    expect(after.starter).toBe(1)
    expect(after.toAct).toBe(0)
    expect(after.log[0]).toBe('B has no cubes; A starts instead (EN-A19).')
  })
})

describe('EN-G12 four players: a card holds at most 3 cubes', () => {
  it('rejects the fourth cube on R2C2 with the SPEC message and resolves P1 9, P2 6, P3 4, P4 7 from 9, 7, 5, 8', () => {
    let s = setup({ names: ['P1', 'P2', 'P3', 'P4'], colours: ['red', 'blue', 'green', 'yellow'] })
    for (const cell of ['R2C2', 'R2C2', 'R2C2']) s = step(s, { type: 'stake', cell: cellIndex(cell) })
    expect(rejects(s, { type: 'stake', cell: cellIndex('R2C2') })).toEqual({
      code: 'card-full',
      message: 'R2C2 already holds 3 cubes (the maximum).',
      field: 'R2C2',
    })
    const stake = enneaEngine.legalActions(s).find((l) => l.type === 'stake')
    expect(stake && 'cells' in stake ? stake.cells : []).not.toContain(4)
    // P4 R1C1; P1 R2C1; P2 R3C2; P3 R2C3; P4 R1C2; then P1 passes; P2 passes; P3 passes; P4 R3C1
    for (const cell of ['R1C1', 'R2C1', 'R3C2', 'R2C3', 'R1C2']) s = step(s, { type: 'stake', cell: cellIndex(cell) })
    s = step(s, { type: 'pass' })
    s = step(s, { type: 'pass' })
    s = step(s, { type: 'pass' })
    s = step(s, { type: 'stake', cell: cellIndex('R3C1') })
    expect(s.toAct).toBe(0)
    s = step(s, { type: 'ennea' })
    while (s.phase === 'final-actions') s = step(s, { type: 'pass' })
    // from round-1 totals of 9 the losses are the SPEC's: 0, 1, 1, 1
    const after = step(s, { type: 'reveal', grid: parseGrid('3 6 2 / 4 5 1 / 8 7 9') })
    expect(after.rounds[0]?.seats.map((r) => r.loss)).toEqual([0, 1, 1, 1])
    expect(after.totals).toEqual([9, 8, 8, 8])
  })
})

describe('EN-G30 cumulative deck check (no reshuffle)', () => {
  const grids = G30.grids.map(parseGrid)
  let round4: EnneaState
  beforeAll(() => {
    let s = setup({ names: ['A', 'B'] })
    for (const g of grids) s = callAndReveal(s, g)
    round4 = s
  })

  it('counts the revealed values and expects exactly 1, 2, 3, 4, 6, 7, 8, 9, 9 in round 4', () => {
    expect(round4.round).toBe(4)
    expect(enneaRevealedCounts(round4.rounds.map((r) => r.grid))).toEqual(G30.counts)
    expect(enneaExpectedRemaining(round4)).toEqual(G30.expectedRound4)
    expect(enneaUndealt(round4)).toBe(0)
    const ready = step(step(round4, { type: 'ennea' }), { type: 'pass' })
    expect(enneaEngine.legalActions(ready)).toEqual([{ type: 'reveal', expected: G30.expectedRound4 }])
    expect(enneaEngine.status(ready).message).toBe(
      'Round 4: reveal the grid and enter the 9 card values. It must be the last 9 cards: 1, 2, 3, 4, 6, 7, 8, 9, 9.',
    )
  })

  it('rejects a round-4 grid with a 5 (EN-V5) and one with an extra 1 (EN-V6), then accepts the right one', () => {
    const ready = step(step(round4, { type: 'ennea' }), { type: 'pass' })
    const five = rejects(ready, { type: 'reveal', grid: parseGrid(G30.withFive) })
    expect(five.code).toBe('too-many-in-game')
    expect(five.message).toBe(G30.withFiveMessage)
    const one = rejects(ready, { type: 'reveal', grid: parseGrid(G30.extraOne) })
    expect(one.code).toBe('round4-mismatch')
    expect(one.message).toBe(G30.extraOneMessage)
    const over = step(ready, { type: 'reveal', grid: parseGrid(G30.valid) })
    expect(over.phase).toBe('over')
    expect(enneaEngine.status(over).over).toBe(true)
    expect(rejects(over, { type: 'pass' }).message).toBe('The game ended after round 4.')
    expect(rejects(over, { type: 'reveal', grid: parseGrid(G30.valid) }).message).toBe('The game ended after round 4.')
    expect(enneaEngine.legalActions(over)).toEqual([])
  })

  it('with reshuffleEachRound only the per-grid limit applies', () => {
    let r = setup({ names: ['A', 'B'], houseRules: { reshuffleEachRound: true } })
    for (const g of grids) r = callAndReveal(r, g)
    expect(enneaExpectedRemaining(r)).toHaveLength(36)
    const ready = step(step(r, { type: 'ennea' }), { type: 'pass' })
    expect(enneaEngine.legalActions(ready)).toEqual([{ type: 'reveal', expected: null }])
    expect(enneaEngine.apply(ready, { type: 'reveal', grid: parseGrid(G30.withFive) }).ok).toBe(true)
    expect(rejects(ready, { type: 'reveal', grid: [6, 6, 6, 6, 6, 1, 2, 3, 4] }).message).toBe(
      'This grid has five 6s; the deck has only four of each value.',
    )
  })

  it('rejects too many of a value before round 4 too, naming where they were revealed', () => {
    let r = setup({ names: ['A', 'B'] })
    r = callAndReveal(r, parseGrid('5 5 5 / 1 2 3 / 4 6 7'))
    r = step(step(r, { type: 'ennea' }), { type: 'pass' })
    const e = rejects(r, { type: 'reveal', grid: parseGrid('5 5 1 / 2 3 4 / 6 7 8') })
    expect(e.message).toBe(
      'Too many 5s: three 5s were already revealed this game (round 1 R1C1, R1C2 and R1C3) and this grid has 2 more. ' +
        'A 36-card Ennea deck has exactly four of each value. Check this grid or an earlier round.',
    )
  })

  it('checks each value is 1–9 and the grid has 9 values (EN-V3, EN-V4)', () => {
    const ready = step(step(setup({ names: ['A', 'B'] }), { type: 'ennea' }), { type: 'pass' })
    expect(rejects(ready, { type: 'reveal', grid: [1, 2, 3, 4, 5, 10, 7, 8, 9] })).toEqual({
      code: 'invalid-card',
      message: 'R2C3: Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
      field: 'R2C3',
    })
    expect(rejects(ready, { type: 'reveal', grid: [1, 2, 3] }).code).toBe('grid-size')
    expect(rejects(ready, { type: 'reveal', grid: ['1', 2, 3, 4, 5, 6, 7, 8, 9] }).field).toBe('R1C1')
    expect(rejects(ready, { type: 'reveal' }).code).toBe('grid-size')
  })
})

describe('EN-G31 starting-player rotation', () => {
  it('round-1 starter P3 gives P4, P1, P2 in rounds 2–4', () => {
    let s = setup({ names: ['P1', 'P2', 'P3', 'P4'], starter: G31.starter })
    const starters: number[] = [s.starter]
    expect(s.toAct).toBe(G31.starter)
    for (const g of G30.grids.map(parseGrid)) {
      s = callAndReveal(s, g)
      starters.push(s.starter)
    }
    expect(starters).toEqual(G31.starters)
    expect(s.rounds.map((r) => r.starter)).toEqual(G31.starters.slice(0, 3))
  })
})

describe('turn legality (EN-V7..EN-V11)', () => {
  const s0 = setup({ names: ['Ann', 'Bob', 'Cy'] })

  it('only the seat to act may act', () => {
    expect(rejects(s0, { type: 'stake', cell: 0, seat: 2 })).toEqual({
      code: 'not-your-turn',
      message: "That was Cy's stake; it is Ann's turn now.",
      field: 'seat',
    })
    expect(rejects(s0, { type: 'ennea', seat: 1 }).message).toBe(
      "ENNEA can only be called on your own turn with at least 1 cube in your pool. That was Bob's ENNEA call; it is Ann's turn now.",
    )
    expect(enneaEngine.apply(s0, { type: 'stake', cell: 0, seat: 0 }).ok).toBe(true)
  })

  it('stake: one cube of your colour per card', () => {
    let s = step(s0, { type: 'stake', cell: 4 })
    s = step(s, { type: 'pass' })
    s = step(s, { type: 'pass' })
    expect(rejects(s, { type: 'stake', cell: 4 })).toEqual({
      code: 'own-cube',
      message: 'You already have a cube on R2C2 (max 1 of your colour per card).',
      field: 'R2C2',
    })
    expect(rejects(s, { type: 'peek', cell: 4 }).message).toBe('You may only Peek at a card with no cubes on it.')
    const legal = enneaEngine.legalActions(s)
    const peek = legal.find((l) => l.type === 'peek')
    expect(peek && 'cells' in peek ? peek.cells : null).toEqual([0, 1, 2, 3, 5, 6, 7, 8])
    const stake = legal.find((l) => l.type === 'stake')
    expect(stake && 'cells' in stake ? stake.cells : null).toEqual([0, 1, 2, 3, 5, 6, 7, 8])
  })

  it('a card may be peeked several times and staked after a peek (EN-A18)', () => {
    let s = step(s0, { type: 'peek', cell: 0 })
    s = step(s, { type: 'peek', cell: 0 })
    s = step(s, { type: 'stake', cell: 0 })
    expect(s.cells[0]).toEqual([2])
    expect(s.peeks).toEqual([
      { seat: 0, cell: 0 },
      { seat: 1, cell: 0 },
    ])
  })

  it('pass sets aside 2, or the last cube; a seat with an empty pool is skipped', () => {
    let s = setup({ names: ['A', 'B'] })
    // A passes 4 times (9 → 1), B stakes each time
    for (let i = 0; i < 4; i++) {
      s = step(s, { type: 'pass' })
      s = step(s, { type: 'stake', cell: i })
    }
    expect(s.pools).toEqual([1, 5])
    expect(enneaEngine.legalActions(s).find((l) => l.type === 'pass')).toEqual({ type: 'pass', seat: 0, cubes: 1 })
    s = step(s, { type: 'pass' })
    expect(s.pools[0]).toBe(0)
    expect(s.setAside[0]).toBe(9)
    expect(s.toAct).toBe(1)
    s = step(s, { type: 'stake', cell: 5 })
    expect(s.toAct).toBe(1) // A is out; B keeps acting
    expect(rejects(s, { type: 'pass', seat: 0 }).message).toBe(
      "You have no cubes available; you are out for the rest of this round. That was A's pass; it is B's turn now.",
    )
  })

  it('ENNEA sets the whole pool aside; with nobody else holding cubes the grid is revealed at once', () => {
    let s = setup({ names: ['A', 'B'] })
    for (let i = 0; i < 4; i++) {
      s = step(s, { type: 'stake', cell: i })
      s = step(s, { type: 'pass' })
    }
    expect(s.pools).toEqual([5, 1])
    s = step(s, { type: 'pass' }) // A
    expect(s.toAct).toBe(1)
    s = step(s, { type: 'pass' })
    expect(s.pools).toEqual([3, 0])
    s = step(s, { type: 'ennea' })
    expect(s.phase).toBe('reveal')
    expect(s.setAside[0]).toBe(5)
    expect(s.caller).toBe(0)
  })

  it('the turn log and status speak the table’s language', () => {
    const s = step(s0, { type: 'stake', cell: 0 })
    expect(s.log).toEqual(['Ann stakes R1C1 (pool 8, set aside 0, staked 1).'])
    expect(enneaEngine.status(s)).toEqual({
      phase: 'turns',
      over: false,
      round: 1,
      toAct: 1,
      winners: [],
      message: 'Round 1: Bob to act (9 cubes in pool).',
    })
  })

  it('rejects reveal during turns and turns during reveal', () => {
    expect(rejects(s0, { type: 'reveal', grid: parseGrid(G30.grids[0] ?? '') }).code).toBe('not-reveal-time')
    let s = step(s0, { type: 'ennea' })
    s = step(s, { type: 'pass' })
    s = step(s, { type: 'pass' })
    expect(s.phase).toBe('reveal')
    expect(rejects(s, { type: 'pass' }).code).toBe('reveal-needed')
  })

  it.each([
    ['null', null],
    ['a string', 'pass'],
    ['an array', [{ type: 'pass' }]],
    ['no type', { cell: 1 }],
    ['an unknown type', { type: 'draw' }],
    ['a cell out of range', { type: 'stake', cell: 9 }],
    ['a negative cell', { type: 'peek', cell: -1 }],
    ['a fractional cell', { type: 'stake', cell: 1.5 }],
    ['a missing cell', { type: 'stake' }],
    ['a bad seat', { type: 'pass', seat: 'me' }],
    ['a seat out of range', { type: 'pass', seat: 7 }],
    ['a bigint cell', { type: 'stake', cell: 1n }],
  ])('refuses a malformed action (%s) without throwing', (_label, action) => {
    const before = structuredClone(s0)
    const e = rejects(s0, action)
    expect(e.message.length).toBeGreaterThan(0)
    expect(s0).toEqual(before)
  })

  it('accepts a cell written as R1C2', () => {
    expect(step(s0, { type: 'stake', cell: 'r1c2' }).cells[1]).toEqual([0])
  })
})

describe('setup (EN-V1, EN-V2)', () => {
  it.each([
    ['one player', { names: ['A'] }, 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).'],
    ['five players', { names: ['A', 'B', 'C', 'D', 'E'] }, 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).'],
    [
      'same colour twice',
      { names: ['A', 'B'], colours: ['Red', 'red '] },
      'Each player needs a different cube colour.',
    ],
    ['a missing colour', { names: ['A', 'B'], colours: ['red'] }, 'Give each of the 2 players a cube colour.'],
    [
      'a bad starter',
      { names: ['A', 'B'], starter: 2 },
      'The round-1 starting player must be one of the 2 seats (0 to 1).',
    ],
    [
      'a bad removal rule',
      { names: ['A', 'B'], houseRules: { failedLineRemoval: 'NICE' } },
      'Unknown failed-line removal rule "NICE"; use STRICT, OWNER_SEQUENTIAL or SHARED.',
    ],
    [
      'a bad reshuffle flag',
      { names: ['A', 'B'], houseRules: { reshuffleEachRound: 'yes' } },
      'reshuffleEachRound must be true or false.',
    ],
    ['a name that is not text', { names: ['A', 7] }, "P2's name must be text."],
    ['not an object', 'ennea', 'Ennea setup needs the players: { names: [...], colours: [...] }.'],
    ['null', null, 'Ennea setup needs the players: { names: [...], colours: [...] }.'],
  ])('rejects %s', (_label, config, message) => {
    const r = enneaEngine.setup(config as EnneaConfig)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe(message)
  })

  it('fills defaults: names P1.., colours, starter 0, STRICT, no reshuffle, 9 cubes each', () => {
    const s = setup({ names: ['', 'Bea'] })
    expect(s.names).toEqual(['P1', 'Bea'])
    expect(s.colours).toEqual(['red', 'blue'])
    expect(s.houseRules).toEqual({ failedLineRemoval: 'STRICT', reshuffleEachRound: false })
    expect(s.totals).toEqual([9, 9])
    expect(s.pools).toEqual([9, 9])
    expect(s.toAct).toBe(0)
    expect(enneaUndealt(s)).toBe(27)
  })
})

describe('a whole game: house rule, replay, undo, winners and standings', () => {
  const config: EnneaConfig = { names: ['A', 'B'], houseRules: { failedLineRemoval: 'SHARED' } }
  const all9 = Array.from({ length: 9 }, (_, i) => i)
  // round 1: A stakes every card (B passes meanwhile), then the grid of EN-G15 costs A 3 under SHARED
  const actions: EnneaAction[] = []
  for (const cell of all9) {
    actions.push({ type: 'stake', cell })
    if (cell <= 4) actions.push({ type: 'pass' }) // B sets aside 2, 2, 2, 2 and then the last 1
  }
  actions.push({ type: 'reveal', grid: parseGrid('9 8 7 / 6 5 4 / 3 2 1') })
  // rounds 2–4: the seat to act calls, the other passes
  const later = ['2 7 4 / 5 3 6 / 1 8 9', '4 5 1 / 5 2 3 / 8 6 7', '1 2 3 / 4 6 7 / 8 9 9']
  for (const g of later) actions.push({ type: 'ennea' }, { type: 'pass' }, { type: 'reveal', grid: parseGrid(g) })

  it('replays to the end with the house rule applied and the SPEC winner', () => {
    const r = replay(enneaEngine, config, actions)
    if (!r.ok) throw new Error(`${r.error.index}: ${r.error.message}`)
    const s = r.value
    expect(s.phase).toBe('over')
    expect(s.rounds.map((x) => x.totalsAfter)).toEqual([
      [6, 8],
      [5, 7],
      [4, 6],
      [3, 5],
    ])
    expect(s.rounds[0]?.explanation[0]).toBe('Round 1 grid: 9 8 7 / 6 5 4 / 3 2 1; failed-line removal SHARED.')
    expect(enneaEngine.status(s)).toEqual({
      phase: 'over',
      over: true,
      round: 4,
      toAct: null,
      winners: [1],
      message: 'B wins with 5 cubes.',
    })
    expect(enneaEngine.standings(s)).toEqual([
      { seat: 0, name: 'A', score: 3, rank: 2, eliminated: false, note: 'ENNEA call in round 3' },
      { seat: 1, name: 'B', score: 5, rank: 1, eliminated: false, note: 'Winner; ENNEA calls in rounds 2, 4' },
    ])
  })

  it('undo leaves out the last action', () => {
    const u = undo(enneaEngine, config, actions)
    if (!u.ok) throw new Error(u.error.message)
    expect(u.value.state.phase).toBe('reveal')
    expect(u.value.state.round).toBe(4)
  })

  it('ranks a tie broken by the latest ENNEA call', () => {
    const r = replay(enneaEngine, config, actions)
    if (!r.ok) throw new Error(r.error.message)
    const tied: EnneaState = { ...r.value, totals: [5, 5] }
    // the starter calls each round from round 2: B, A, B
    expect(enneaCallers(tied)).toEqual([null, 1, 0, 1])
    const st = enneaEngine.status(tied)
    expect(st.winners).toEqual([1])
    expect(st.message).toBe('B wins with 5 cubes, tie broken by the latest ENNEA call (round 4).')
    expect(enneaEngine.standings(tied).map((x) => x.rank)).toEqual([2, 1])
  })
})
