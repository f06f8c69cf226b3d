/** Wild Nine engine and pure API: validation messages, phases, notation, explanations. */
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import {
  scoreWildNineRound,
  wildNineDeal,
  wildNineEngine,
  wildNineLegalCards,
  wildNineOutcome,
  wildNinePenalty,
  type WildNineAction,
  type WildNineConfig,
  type WildNineState,
} from '../../../../src/shared/games/wild-nine'

function start(config: WildNineConfig): WildNineState {
  const r = wildNineEngine.setup(config)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

function run(state: WildNineState, actions: WildNineAction[]): WildNineState {
  let s = state
  actions.forEach((a, i) => {
    const r = wildNineEngine.apply(s, a)
    if (!r.ok) throw new Error(`action ${i} (${a.type}) refused: ${r.error.message}`)
    s = r.value
  })
  return s
}

function refusal(state: WildNineState, action: unknown): string {
  const r = wildNineEngine.apply(state, action as WildNineAction)
  if (r.ok) throw new Error('expected a refusal')
  return r.error.message
}

describe('pure API', () => {
  it('WN-V3: card notation errors name the card; jokers are refused', () => {
    expect(wildNinePenalty(['11♠'])).toMatchObject({
      ok: false,
      error: { message: "'11♠' is not a card. Use A, 2–10, J, Q or K plus a suit." },
    })
    expect(wildNinePenalty(['QX'])).toMatchObject({
      ok: false,
      error: { message: "'QX' is not a card. Use A, 2–10, J, Q or K plus a suit." },
    })
    expect(wildNinePenalty(['Joker'])).toMatchObject({ ok: false, error: { message: 'No jokers in Wild Nine.' } })
    expect(wildNinePenalty(['qh', 'QH'])).toMatchObject({
      ok: false,
      error: { message: 'Q♥ is entered twice; each card exists only once.' },
    })
    expect(wildNinePenalty([])).toEqual({ ok: true, value: 0 })
    expect(wildNinePenalty([' 10♦ ', 't♣', '9h'])).toEqual({ ok: true, value: 35 })
  })

  it('never throws on wrong types', () => {
    expect(wildNinePenalty(null as unknown as string[]).ok).toBe(false)
    expect(wildNinePenalty([7 as unknown as string]).ok).toBe(false)
    expect(scoreWildNineRound('x' as unknown as string[][], 0).ok).toBe(false)
    expect(scoreWildNineRound([[], null as unknown as string[]], 0).ok).toBe(false)
    expect(wildNineOutcome(null as unknown as number[])).toEqual({ over: false, winners: [] })
    expect(wildNineLegalCards(undefined as unknown as string[], '7H', 'H')).toEqual([])
    expect(wildNineDeal('4' as unknown as number)).toMatchObject({
      ok: false,
      error: { message: 'Wild Nine is for 2 to 6 players.' },
    })
  })

  it('WN-V1: 2 to 6 players', () => {
    expect(wildNineDeal(1)).toMatchObject({ ok: false, error: { message: 'Wild Nine is for 2 to 6 players.' } })
    expect(wildNineDeal(7)).toMatchObject({ ok: false, error: { message: 'Wild Nine is for 2 to 6 players.' } })
    expect(scoreWildNineRound([[]], 0)).toMatchObject({
      ok: false,
      error: { message: 'Wild Nine is for 2 to 6 players.' },
    })
  })

  it('WN-V5: one winner with an empty hand, or a deadlock with none', () => {
    expect(scoreWildNineRound([[], [], ['AS']], 0)).toMatchObject({
      ok: false,
      error: { message: 'Only one player can go out in a round.' },
    })
    expect(scoreWildNineRound([['AS'], ['2S']], 0)).toMatchObject({
      ok: false,
      error: { message: "Mark the round as a deadlock, or enter the winner's empty hand.", field: 'hands.0' },
    })
    expect(scoreWildNineRound([['AS'], []], null).ok).toBe(false)
    expect(scoreWildNineRound([['AS'], ['2S']], 2).ok).toBe(false)
    expect(scoreWildNineRound([['AS'], ['2S']], null)).toEqual({ ok: true, value: [1, 2] })
  })

  it('WN-V6: at most 50 cards held when someone went out, 51 in a deadlock', () => {
    const deck = ['S', 'H', 'D', 'C'].flatMap((s) =>
      ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((r) => r + s),
    )
    expect(scoreWildNineRound([[], deck.slice(0, 51)], 0)).toMatchObject({
      ok: false,
      error: { message: 'Players cannot hold 51 cards when someone went out.' },
    })
    expect(scoreWildNineRound([[], deck.slice(0, 50)], 0).ok).toBe(true)
    expect(scoreWildNineRound([deck.slice(0, 1), deck.slice(1, 52)], null).ok).toBe(false)
    expect(scoreWildNineRound([deck.slice(0, 1), deck.slice(1, 51)], null)).toEqual({ ok: true, value: [1, 353] }) // 364 - A♠ (1) - K♣ (10)
  })

  it('wildNineOutcome: cutoff at >= 100 (or the given cutoff), ties share', () => {
    expect(wildNineOutcome([99, 50])).toEqual({ over: false, winners: [] })
    expect(wildNineOutcome([100, 50])).toEqual({ over: true, winners: [1] })
    expect(wildNineOutcome([101, 120, 101])).toEqual({ over: true, winners: [0, 2] })
    expect(wildNineOutcome([60, 50], 60)).toEqual({ over: true, winners: [1] })
  })

  it('legal cards keep the caller notation and ignore unreadable cards', () => {
    expect(wildNineLegalCards(['a♣', '7s', 'zz', '9d'], '9♠', 'C')).toEqual(['a♣', '9d'])
    expect(wildNineLegalCards(['7H', '7C', 'QC'], '7S', 'S')).toEqual(['7H', '7C'])
  })
})

describe('setup', () => {
  it('validates seats, dealer and house rules', () => {
    expect(wildNineEngine.setup({ names: ['A'] })).toMatchObject({
      ok: false,
      error: { message: 'Wild Nine is for 2 to 6 players.' },
    })
    expect(wildNineEngine.setup({ players: 7 })).toMatchObject({
      ok: false,
      error: { message: 'Wild Nine is for 2 to 6 players.' },
    })
    expect(wildNineEngine.setup({ players: 3, firstDealer: 3 }).ok).toBe(false)
    expect(wildNineEngine.setup({ players: 3, houseRules: { cutoff: 0 } }).ok).toBe(false)
    expect(wildNineEngine.setup({ players: 3, houseRules: { deadlock: 'SOMETIMES' as 'NO_STOCK_ONLY' } }).ok).toBe(
      false,
    )
    expect(wildNineEngine.setup({ players: 3, houseRules: { drawnCardPlay: 'MAYBE' as 'MANDATORY' } }).ok).toBe(false)
    expect(wildNineEngine.setup({ names: ['A', 'B'], players: 3 }).ok).toBe(false)
    expect(wildNineEngine.setup({ players: 2, startTotals: [100, 0] }).ok).toBe(false)
    expect(wildNineEngine.setup(null as unknown as WildNineConfig).ok).toBe(false)
  })

  it('fills defaults and blank names', () => {
    const s = start({ names: ['Ann', ' ', 'Cy'], houseRules: { 'wildNine.deadlock': 'NO_STOCK_ONLY' } as never })
    expect(s.names).toEqual(['Ann', 'P2', 'Cy'])
    expect(s.rules).toEqual({ cutoff: 100, drawnCardPlay: 'OPTIONAL', deadlock: 'NO_STOCK_ONLY' })
    expect(s.totals).toEqual([0, 0, 0])
    expect(wildNineEngine.status(s)).toEqual({
      phase: 'round-entry',
      over: false,
      round: 1,
      toAct: null,
      winners: [],
      message: 'Round 1: Ann deals, P2 starts. Track the play or enter the round result.',
    })
    expect(wildNineEngine.legalActions(s)).toEqual([
      { type: 'start-round', dealer: 0, starter: 1, handSize: 7, stock: 30 },
      { type: 'round', wentOut: 'any', handSizes: null },
    ])
  })
})

describe('tracked play', () => {
  const fresh = (): WildNineState => run(start({ players: 3 }), [{ type: 'start-round', upcard: '7♥' }])

  it('deals by the player count and starts left of the dealer', () => {
    const s = fresh()
    expect(s.live).toMatchObject({
      phase: 'turn',
      toAct: 1,
      top: '7H',
      activeSuit: 'H',
      stock: 30,
      discard: 1,
      handSizes: [7, 7, 7],
      noPlayTurns: 0,
    })
    expect(wildNineEngine.status(s).message).toBe('Round 1: P2 to play on 7♥.')
  })

  it('refuses out-of-turn seats, keep without draw, pass with stock, and reshuffle with stock', () => {
    const s = fresh()
    expect(refusal(s, { type: 'play', card: '8H', seat: 2 })).toBe("It is P2's turn.")
    expect(refusal(s, { type: 'keep' })).toBe('Only a player who has just drawn can keep the card and end the turn.')
    expect(refusal(s, { type: 'pass' })).toBe('There is stock left: a player who cannot play draws one card.')
    expect(refusal(s, { type: 'reshuffle' })).toBe('The stock is not empty yet.')
    expect(refusal(s, { type: 'play', card: '7H' })).toBe(
      '7♥ is already on the discard pile; each card exists only once.',
    )
    expect(refusal(s, { type: 'start-round', upcard: 'AS' })).toBe('A round is already being tracked.')
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 1, 1] })).toBe(
      'A round is being tracked: play it to the end, or stop tracking to enter the result directly.',
    )
    expect(refusal(s, { type: 'fly' })).toBe('Unknown action: fly.')
    expect(refusal(s, null)).toBe('An action must be an object with a type.')
  })

  it('a rank match is legal; the printed suit of the new card becomes active', () => {
    const s = run(fresh(), [{ type: 'play', card: '7c' }])
    expect(s.live).toMatchObject({
      toAct: 2,
      top: '7C',
      activeSuit: 'C',
      namedWith: null,
      handSizes: [7, 6, 7],
      discard: 2,
    })
    expect(s.last).toBe('P2 played 7♣.')
  })

  it('the named suit stays active across draws (WN-A2) and a play resets the deadlock counter', () => {
    let s = run(fresh(), [{ type: 'play', card: '9D', suit: 'S' }, { type: 'draw' }, { type: 'keep' }])
    expect(s.live).toMatchObject({ activeSuit: 'S', namedWith: '9D', noPlayTurns: 1, toAct: 0 })
    expect(wildNineEngine.status(s).message).toBe('Round 1: P1 to play on 9♦ (spades named).')
    s = run(s, [{ type: 'play', card: '2S' }])
    expect(s.live).toMatchObject({ activeSuit: 'S', namedWith: null, noPlayTurns: 0 })
  })

  it('a circuit of passes with no stock ends in a deadlock under both deadlock rules', () => {
    for (const deadlock of ['CIRCUIT_WITHOUT_PLAY', 'NO_STOCK_ONLY'] as const) {
      let s = run(start({ players: 2, houseRules: { deadlock } }), [
        { type: 'start-round', upcard: '4C', position: { handSizes: [25, 26], stock: 0, discard: 1 } },
      ])
      expect(refusal(s, { type: 'draw' })).toBe('No stock can be formed: a player who cannot play passes.')
      expect(refusal(s, { type: 'reshuffle' })).toBe(
        'No stock can be formed: the discard pile holds only the top card.',
      )
      expect(refusal(s, { type: 'pass', hand: ['9S'] })).toBe('You hold a legal card (9♠), so passing is not allowed.')
      expect(wildNineEngine.legalActions(s).map((l) => l.type)).toEqual(['play', 'pass', 'stop-tracking'])
      s = run(s, [{ type: 'pass' }])
      expect(s.live?.phase).toBe('turn')
      s = run(s, [{ type: 'pass' }])
      expect(s.live).toMatchObject({ phase: 'ended', deadlock: true, wentOut: null })
      expect(wildNineEngine.status(s).phase).toBe('score-entry')
    }
  })

  it('stop-tracking drops the tracked round; the result is then entered directly', () => {
    let s = run(fresh(), [{ type: 'play', card: '8H' }, { type: 'stop-tracking' }])
    expect(s.live).toBeNull()
    s = run(s, [{ type: 'round', wentOut: 2, points: [10, 20, 0] }])
    expect(s.totals).toEqual([10, 20, 0])
    expect(s.rounds[0]?.tracked).toBe(false)
  })

  it('a tracked round checks entered points against the tracked hand sizes', () => {
    const s = run(start({ players: 2 }), [
      { type: 'start-round', upcard: '4D', position: { handSizes: [1, 3], stock: 38, discard: 10, toAct: 0 } },
      { type: 'play', card: '4S' },
    ])
    expect(wildNineEngine.status(s).message).toBe("Round 1: P1 went out. Enter the others' remaining cards.")
    expect(refusal(s, { type: 'round', points: [0, 2] })).toBe(
      'P2 holds 3 cards by the tracked play, worth between 3 and 45 points.',
    )
    expect(refusal(s, { type: 'round', points: [0, 46] })).toBe(
      'P2 holds 3 cards by the tracked play, worth between 3 and 45 points.',
    )
    expect(refusal(s, { type: 'round', hands: [[], ['4S', '5S', '6S']] })).toBe(
      '4♠ is entered for P2 but it is on the discard pile; each card exists only once.',
    )
    expect(refusal(s, { type: 'play', card: '5D' })).toBe("P1 went out: enter the others' remaining cards.")
    const done = run(s, [{ type: 'round', points: [0, 45] }])
    expect(done.totals).toEqual([0, 45])
    expect(done.rounds[0]).toMatchObject({ tracked: true, wentOut: 0, entry: 'points', hands: null })
  })

  it('WN-V7: numeric entries', () => {
    const s = start({ players: 3 })
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 0, 5] })).toBe(
      'A losing hand is worth at least 1 point.',
    )
    expect(refusal(s, { type: 'round', wentOut: 0, points: [3, 1, 5] })).toBe('P1 went out and scores exactly 0.')
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 1.5, 5] })).toBe(
      'P2: enter the penalty as a whole number.',
    )
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 363, 5] })).toBe(
      'P2: a hand is worth at most 362 points.',
    )
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 300, 63] })).toBe(
      'The penalties add up to 363, more than the 362 the deck allows when someone went out.',
    )
    expect(refusal(s, { type: 'round', wentOut: null, points: [300, 60, 4] })).toBe(
      'The penalties add up to 364, more than the 363 the deck allows in a deadlock round.',
    )
    expect(refusal(s, { type: 'round', wentOut: 0, points: [0, 1], hands: [] })).toBe(
      'Enter either the cards or the points, not both.',
    )
    expect(refusal(s, { type: 'round', wentOut: 0 })).toBe("Enter each player's remaining cards or their points.")
    expect(refusal(s, { type: 'round', points: [0, 1, 1] })).toBe(
      'Choose who went out, or mark the round as a deadlock.',
    )
  })
})

describe('rounds and the match', () => {
  it('records an explanation per round and rotates the dealer', () => {
    const s = run(start({ names: ['Ann', 'Bo'], firstDealer: 1 }), [
      { type: 'round', wentOut: 0, hands: [[], ['9d', 'qh']] },
    ])
    expect(s.rounds[0]).toMatchObject({
      round: 1,
      dealer: 1,
      wentOut: 0,
      deadlock: false,
      entry: 'cards',
      hands: [[], ['9D', 'QH']],
      points: [0, 25],
      totals: [0, 25],
      explanations: ['Ann went out: 0', 'Bo: 9♦ (15) + Q♥ (10) = 25'],
      explanation:
        'Round 1: Ann went out. Ann went out: 0; Bo: 9♦ (15) + Q♥ (10) = 25. Totals Ann 0, Bo 25. The highest total is 25 < 100, so the match continues: Ann deals, Bo starts.',
    })
    expect(s.dealer).toBe(0)
    expect(wildNineEngine.standings(s)).toEqual([
      { seat: 0, name: 'Ann', score: 0, rank: 1, eliminated: false, note: 'dealer' },
      { seat: 1, name: 'Bo', score: 25, rank: 2, eliminated: false },
    ])
  })

  it('a custom cutoff ends the match earlier', () => {
    const s = run(start({ players: 2, houseRules: { cutoff: 30 } }), [{ type: 'round', wentOut: 0, points: [0, 30] }])
    expect(wildNineEngine.status(s)).toMatchObject({ phase: 'over', over: true, winners: [0], round: 1 })
  })

  it('an edited round replays to new totals', () => {
    const cfg = { players: 3 }
    const log: WildNineAction[] = [
      { type: 'round', wentOut: 2, points: [34, 12, 0] },
      { type: 'round', wentOut: 0, points: [0, 41, 27] },
      { type: 'round', wentOut: 1, points: [70, 0, 9] },
    ]
    const edited = log.map((a, i) =>
      i === 0 ? ({ type: 'round', wentOut: 2, points: [4, 12, 0] } as WildNineAction) : a,
    )
    const a = replay(wildNineEngine, cfg, log)
    const b = replay(wildNineEngine, cfg, edited)
    expect(a.ok && a.value.over).toBe(true)
    expect(b.ok && b.value.totals).toEqual([74, 53, 36])
    expect(b.ok && b.value.over).toBe(false)
  })
})
