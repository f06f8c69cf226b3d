/**
 * Wild Nine tracking: cards the tracker has seen stay where they went (a drawn card the table told
 * is in that player's hand until they play it), and the deadlock rules count turns without a play.
 */
import { describe, expect, it } from 'vitest'
import {
  wildNineEngine,
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

/** Ana and Ben; top 2♣; Ana (2 cards) draws K♥, which cannot be played, and keeps it. */
function anaKeptKingOfHearts(config: WildNineConfig = {}): WildNineState {
  return run(start({ names: ['Ana', 'Ben'], ...config }), [
    { type: 'start-round', upcard: '2C', position: { handSizes: [2, 3], stock: 30, discard: 17, toAct: 0 } },
    { type: 'draw', card: 'KH' },
    { type: 'keep' },
  ])
}

describe('Wild Nine tracking: seen cards stay where they went', () => {
  it('K♥ kept by Ana must be entered in Ana’s hand at the result', () => {
    let s = anaKeptKingOfHearts()
    expect(s.live?.seen).toEqual([['KH'], []])
    // Ben 5♣, Ana 5♥, Ben 5♠, Ana 5♦ (Ana now holds only K♥), Ben goes out on 6♦.
    s = run(s, [
      { type: 'play', card: '5C' },
      { type: 'play', card: '5H' },
      { type: 'play', card: '5S' },
      { type: 'play', card: '5D' },
      { type: 'play', card: '6D' },
    ])
    expect(s.live).toMatchObject({ phase: 'ended', wentOut: 1, handSizes: [1, 0] })
    expect(refusal(s, { type: 'round', hands: [['QH'], []] })).toBe(
      "Ana drew K♥ in this round (the tracker saw it): enter it in Ana's hand.",
    )
    expect(run(s, [{ type: 'round', hands: [['KH'], []] }]).totals).toEqual([10, 0])
  })

  it('K♥ in Ana’s hand is refused for another player at the result, for Ben’s play and for a later draw', () => {
    let s = run(start({ names: ['Ana', 'Ben', 'Cy'] }), [
      { type: 'start-round', upcard: '2C', position: { handSizes: [2, 3, 3], stock: 30, discard: 14, toAct: 0 } },
      { type: 'draw', card: 'KH' },
      { type: 'keep' },
    ])
    expect(refusal(s, { type: 'play', card: 'KH' })).toBe(
      "K♥ went into Ana's hand in this round (the tracker saw it), so Ben cannot play it.",
    )
    expect(refusal(s, { type: 'draw', card: 'KH' })).toBe(
      "K♥ went into Ana's hand in this round (the tracker saw it); it cannot be drawn.",
    )
    expect(refusal(s, { type: 'draw', hand: ['KH', '3D', '4D'] })).toBe(
      "K♥ went into Ana's hand in this round (the tracker saw it).",
    )
    s = run(
      s,
      ['2H', '3H', '4H', '6H', '7H', '8H', '10H'].map((card) => ({ type: 'play', card }) as WildNineAction),
    )
    expect(s.live).toMatchObject({ phase: 'ended', wentOut: 1, handSizes: [1, 0, 1] })
    expect(refusal(s, { type: 'round', hands: [['QS'], [], ['KH']] })).toBe(
      "K♥ went into Ana's hand in this round (the tracker saw it), so it cannot be in Cy's hand.",
    )
    expect(run(s, [{ type: 'round', hands: [['KH'], [], ['QS']] }]).totals).toEqual([10, 0, 10])
  })

  it('after a reshuffle, a 7♠ cannot replace the A♠ Ana drew', () => {
    let s = run(start({ names: ['Ana', 'Ben'] }), [
      { type: 'start-round', upcard: '2C', position: { handSizes: [3, 2], stock: 0, discard: 47, toAct: 0 } },
      { type: 'reshuffle' },
      { type: 'draw', card: 'AS' },
      { type: 'keep' },
      { type: 'play', card: '3C' },
      { type: 'play', card: '3H' },
      { type: 'play', card: '4H' },
    ])
    expect(s.live).toMatchObject({ phase: 'ended', wentOut: 1, handSizes: [3, 0] })
    expect(refusal(s, { type: 'round', hands: [['7S', 'KS', 'QS'], []] })).toBe(
      "Ana drew A♠ in this round (the tracker saw it): enter it in Ana's hand.",
    )
    // By points the seen A♠ counts at 1; the two unknown cards are worth 2 to 30 more.
    expect(refusal(s, { type: 'round', points: [50, 0] })).toBe(
      'Ana holds 3 cards by the tracked play, including A♠ (seen), worth between 3 and 31 points.',
    )
    s = run(s, [{ type: 'round', hands: [['AS', 'KS', 'QS'], []] }])
    expect(s.totals).toEqual([21, 0])
  })

  it('a player cannot go out while still holding a card the tracker saw them draw', () => {
    const s = run(start({ names: ['Ana', 'Ben'] }), [
      { type: 'start-round', upcard: '2C', position: { handSizes: [1, 3], stock: 30, discard: 18, toAct: 0 } },
      { type: 'draw', card: 'KH' },
      { type: 'keep' },
      { type: 'play', card: '3C' },
      { type: 'play', card: '4C' },
      { type: 'play', card: '5C' },
    ])
    expect(s.live?.handSizes).toEqual([1, 1])
    expect(refusal(s, { type: 'play', card: '6C' })).toBe(
      'Ana still holds K♥ (drawn in this round, the tracker saw it), so 6♣ cannot be played instead.',
    )
    expect(refusal(s, { type: 'play', card: '9H' })).toContain('Ana still holds K♥')
  })
})

describe('Wild Nine tracking: deadlock rules', () => {
  it('turns without a play count keeps under both rules; only CIRCUIT_WITHOUT_PLAY ends on them', () => {
    for (const deadlock of ['CIRCUIT_WITHOUT_PLAY', 'NO_STOCK_ONLY'] as const) {
      const s = run(start({ names: ['Ana', 'Ben'], houseRules: { deadlock } }), [
        { type: 'start-round', upcard: '2C', position: { handSizes: [3, 3], stock: 30, discard: 16, toAct: 0 } },
        { type: 'draw' },
        { type: 'keep' },
      ])
      expect(s.live?.noPlayTurns).toBe(1)
      const after = run(s, [{ type: 'draw' }, { type: 'keep' }])
      if (deadlock === 'CIRCUIT_WITHOUT_PLAY')
        expect(after.live).toMatchObject({ phase: 'ended', deadlock: true, noPlayTurns: 2 })
      else expect(after.live).toMatchObject({ phase: 'turn', noPlayTurns: 2, noStockPasses: 0 })
    }
  })

  it('under NO_STOCK_ONLY an untracked round cannot be entered as a deadlock', () => {
    const s = start({ names: ['Ana', 'Ben'], houseRules: { deadlock: 'NO_STOCK_ONLY' } })
    expect(refusal(s, { type: 'round', wentOut: null, points: [10, 12] })).toBe(
      "Under this match's house rule a round ends only when someone goes out: choose who went out.",
    )
    expect(run(s, [{ type: 'round', wentOut: 0, points: [0, 12] }]).totals).toEqual([0, 12])
    // The default rule still takes a deadlock.
    expect(run(start({ names: ['Ana', 'Ben'] }), [{ type: 'round', wentOut: null, points: [10, 12] }]).totals).toEqual([
      10, 12,
    ])
  })
})
