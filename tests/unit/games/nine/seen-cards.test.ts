/**
 * Nine tracking checks every step against all the cards the tracker has seen in the deal (NI-R1,
 * NI-R6, NI-V3): the discard pile, the card in front of the player, and the cards taken face up into
 * hands. Each illegal try below was accepted before (issue 25) and is now refused, naming the rule.
 */
import { describe, expect, it } from 'vitest'
import { replay } from '../../../../src/shared/games/engine'
import { nineEngine, type NineAction, type NineConfig, type NineState } from '../../../../src/shared/games/nine'

const three: NineConfig = { names: ['Ana', 'Bo', 'Cy'] }
const two: NineConfig = { names: ['Ana', 'Bo'] }

function play(config: NineConfig, log: NineAction[]): NineState {
  const r = replay(nineEngine, config, log)
  if (!r.ok) throw new Error(`${r.error.index}: ${r.error.message}`)
  return r.value
}
function refused(state: NineState, action: NineAction): { code: string; message: string } {
  const r = nineEngine.apply(state, action)
  expect(r.ok, JSON.stringify(action)).toBe(false)
  return r.ok ? { code: '', message: '' } : r.error
}
const turn = (source: 'draw' | 'discard', cards: number[]): NineAction[] => [
  { type: 'take', source },
  { type: 'discard', cards },
]

describe('NI-R6: the card taken from the discard pile is never part of the same discard', () => {
  it('refuses five 7s: the top 7 taken, then 7 7 7 7 discarded', () => {
    const s = play(three, [
      { type: 'deal', top: 7 },
      { type: 'take', source: 'discard' },
    ])
    const e = refused(s, { type: 'discard', cards: [7, 7, 7, 7] })
    expect(e.code).toBe('too-many-copies')
    expect(e.message).toBe(
      "Five 7s entered; the deck has four of each value 1–13. (counting the discard pile and the 7 Bo took from it, which cannot be part of the same turn's discard (NI-R6))",
    )
    // three 7s from the hand are fine: the taken 7 is the fourth
    expect(nineEngine.apply(s, { type: 'discard', cards: [7, 7, 7] }).ok).toBe(true)
  })

  it('refuses a third 0: a 0 taken, another 0 discarded, that 0 taken, a third 0 discarded', () => {
    const s = play(three, [
      { type: 'deal' },
      ...turn('draw', [0]),
      ...turn('discard', [0]), // Cy takes Bo's 0 and discards the other 0
      { type: 'take', source: 'discard' }, // Ana takes that 0
    ])
    expect(s.live?.known).toEqual([[], [], [0]])
    const e = refused(s, { type: 'discard', cards: [0] })
    expect(e.message).toBe(
      "Three 0s entered; the deck has only two. (counting the discard pile, the 0 Ana took from it, which cannot be part of the same turn's discard (NI-R6) and the 0 taken from it into Cy's hand)",
    )
  })

  it('refuses a discard that would leave too few cards for the ones known to be in the hand', () => {
    const s = play(two, [
      { type: 'deal', top: 5 },
      ...turn('discard', [1, 1, 1]), // Bo: the 5 goes into a hand of 3
      ...turn('draw', [2]),
      ...turn('discard', [3, 3]), // Bo: the 2 too, a hand of 2, both known
      ...turn('draw', [4]),
      { type: 'take', source: 'draw' },
    ])
    expect(s.live?.known).toEqual([[], [5, 2]])
    const e = refused(s, { type: 'discard', cards: [6] })
    expect(e.code).toBe('known-card-missing')
    expect(e.message).toBe(
      'Bo holds 2 cards, and 5 and 2 of them came from the discard pile this deal (NI-R6): discarding 6 would leave 1, too few to still hold them.',
    )
    // discarding one of them is fine, and the other stays known
    const ok = nineEngine.apply(s, { type: 'discard', cards: [2] })
    expect(ok.ok && ok.value.live?.known).toEqual([[], [5]])
  })
})

describe('the reveal checks everything the tracker saw', () => {
  // 7 7 7 7 2 3 4 on the pile; Ana may declare at turn 4
  const pile: NineAction[] = [
    { type: 'deal', top: 7 },
    ...turn('draw', [7, 7]),
    ...turn('draw', [7]),
    ...turn('draw', [2]),
    ...turn('draw', [3]),
    ...turn('draw', [4]),
  ]

  it('refuses a revealed 7 when all four 7s are on the tracked pile', () => {
    const s = play(three, [...pile, { type: 'declare', seat: 0 }])
    expect(s.live?.hands).toEqual([5, 4, 5])
    const e = refused(s, {
      type: 'round',
      declarer: 0,
      hands: [
        [1, 1, 1, 2, 2],
        [7, 8, 9, 9],
        [10, 10, 11, 11, 12],
      ],
    })
    expect(e.message).toBe('Five 7s entered; the deck has four of each value 1–13. (counting the discard pile)')
    // the same hands without the 7 are scored
    const good = nineEngine.apply(s, {
      type: 'round',
      declarer: 0,
      hands: [
        [1, 1, 1, 2, 2],
        [6, 8, 9, 9],
        [10, 10, 11, 11, 12],
      ],
    })
    expect(good.ok).toBe(true)
  })

  it('refuses a revealed hand without the card its player took from the pile, and a total below it', () => {
    const s = play(three, [
      { type: 'deal', top: 12 },
      ...turn('discard', [1]), // Bo takes the 12
      ...turn('draw', [2]),
      ...turn('draw', [3]),
      { type: 'declare' }, // Bo, turn 4
    ])
    expect(s.live?.known).toEqual([[], [12], []])
    const hands = [
      [4, 5, 6, 8, 8],
      [0, 1, 2, 3, 5],
      [9, 9, 10, 10, 11],
    ]
    const e = refused(s, { type: 'round', declarer: 1, hands })
    expect(e.code).toBe('known-card-missing')
    expect(e.message).toBe(
      "Bo took 12 from the discard pile this deal and has not discarded it since, so Bo's hand holds 12 (NI-R6).",
    )
    const t = refused(s, { type: 'round', declarer: 1, totals: [31, 11, 49] })
    expect(t.message).toBe(
      "Bo took 12 from the discard pile this deal and has not discarded it since, so Bo's hand holds 12 (NI-R6). Its total is between 12 and 64.",
    )
    expect(nineEngine.apply(s, { type: 'round', declarer: 1, totals: [31, 14, 49], confirmOverNine: true }).ok).toBe(
      true,
    )
    expect(
      nineEngine.apply(s, {
        type: 'round',
        declarer: 1,
        hands: [hands[0] as number[], [0, 1, 2, 3, 12], hands[2] as number[]],
        confirmOverNine: true,
      }).ok,
    ).toBe(true)
  })
})

describe('NI-R8: only snaps a real deck allows are offered', () => {
  it('after the fourth 9 is discarded no snap of a 9 is offered, and one is refused', () => {
    const s = play(three, [{ type: 'deal', top: 9 }, ...turn('draw', [9, 9]), ...turn('draw', [9])])
    expect(nineEngine.legalActions(s).some((l) => l.type === 'snap')).toBe(false)
    const e = refused(s, { type: 'snap' })
    expect(e.message).toBe('Five 9s entered; the deck has four of each value 1–13. (counting the discard pile)')
    // with a copy left, the snap is offered
    const open = play(three, [{ type: 'deal', top: 1 }, ...turn('draw', [9, 9]), ...turn('draw', [9])])
    expect(nineEngine.legalActions(open)).toContainEqual({ type: 'snap', seat: 2, values: [9] })
  })

  it('after a run, only the run values with a copy left are offered (snapAfterRun ANY_RUN_VALUE)', () => {
    const cfg: NineConfig = { ...three, houseRules: { snapAfterRun: 'ANY_RUN_VALUE' } }
    const s = play(cfg, [{ type: 'deal', top: 5 }, ...turn('draw', [5, 5]), ...turn('draw', [3, 4, 5, 6, 7])])
    expect(nineEngine.legalActions(s)).toContainEqual({ type: 'snap', seat: 2, values: [3, 4, 6, 7] })
  })
})

describe('NI-A12: under VOID_ROUND a deal is void when someone draws from the empty pile', () => {
  it('taking the last card does not end the deal; the top discard can still be taken; drawing then voids', () => {
    const cfg: NineConfig = { ...two, houseRules: { emptyDrawPile: 'VOID_ROUND' } }
    // 43 cards in the draw pile for two players: 43 single discards empty it
    const log: NineAction[] = [{ type: 'deal' }]
    // every value 1..13 discarded at most 4 times: 43 = 3 * 13 + 4
    for (let i = 0; i < 43; i++) log.push(...turn('draw', [(i % 13) + 1]))
    const s = play(cfg, log)
    expect(s.live?.draw).toBe(0)
    expect(s.phase).toBe('turns')
    const taken = nineEngine.apply(s, { type: 'take', source: 'discard' })
    expect(taken.ok && taken.value.phase).toBe('turns')
    const voided = nineEngine.apply(s, { type: 'take', source: 'draw' })
    expect(voided.ok && voided.value.rounds[0]?.void).toBe(true)
  })
})
