/**
 * Each game's entries in words, as its module puts them (`describeEntry`, through `entryWords`): the
 * history's line, a whole-round entry's values per seat and what undoing it says, for every action type
 * its engine takes. The whole-round entries are the worked examples of docs/rules, applied by the real
 * engine first, so the words are those of an entry the engine accepts.
 */
import { describe, expect, it } from 'vitest'
import { entryWords, seatLines, undoneWords, type EntryWords } from '../../../src/shared/games/describe'
import { GAME_FACTS, GAME_IDS, type GameId } from '../../../src/shared/games/ids'
import { GAME_MODULES } from '../../../src/shared/games/registry'
import { nineEngine, type NineAction, type NineState } from '../../../src/shared/games/nine'
import { wildNineEngine, type WildNineAction, type WildNineState } from '../../../src/shared/games/wild-nine'

const names = ['Ana', 'Bo', 'Cy']
/** Bo was to act; the entry belongs to round 4. */
const ctx = { names, toAct: 1, round: 4 }
const move = (line: string): EntryWords => ({ line, seats: [], undone: null })

/** Every action type of each engine, one entry each, and its words. */
const WORDS: { [G in GameId]: [action: Record<string, unknown>, words: EntryWords][] } = {
  ennea: [
    [{ type: 'peek', seat: 0, cell: 0 }, move("Ana's peek at R1C1")],
    [{ type: 'stake', cell: 4 }, move("Bo's stake on R2C2")],
    [{ type: 'pass', seat: 2 }, move("Cy's pass")],
    [{ type: 'ennea', seat: 1 }, move("Bo's ENNEA call")],
    [{ type: 'reveal', grid: [] }, move('Round 4 reveal')],
  ],
  'wild-nine': [
    [{ type: 'start-round', upcard: '7♣' }, move('Round 4 dealt (up card 7♣)')],
    // WN-G08: P2 goes out with 9♠; P1 holds 9♥ 9♦, P3 10♣.
    [
      { type: 'round', wentOut: 1, hands: [['9♥', '9♦'], [], ['10♣']] },
      { line: 'Round 4', seats: ['Bo went out', 'Ana: 9♥ 9♦', 'Cy: 10♣'], undone: 'Round 4 undone' },
    ],
    [{ type: 'stop-tracking' }, move('Stop-tracking')],
    [{ type: 'play', seat: 0, card: '9s' }, move('Ana plays 9S')],
    [{ type: 'draw', hand: ['K♥'] }, move('Bo draws')],
    [{ type: 'keep', seat: 2 }, move('Cy: keep')],
    [{ type: 'pass' }, move('Pass')],
    [{ type: 'reshuffle' }, move('Reshuffle')],
  ],
  nine: [
    // NI-G07: P1 declares 1 2; P2 13 13, P3 4 8.
    [
      {
        type: 'round',
        declarer: 0,
        hands: [
          [1, 2],
          [13, 13],
          [4, 8],
        ],
      },
      { line: 'Deal 4', seats: ['Ana declared NINE', 'Ana: 1 2', 'Bo: 13 13', 'Cy: 4 8'], undone: 'Deal 4 undone' },
    ],
    [{ type: 'deal', top: 5 }, move('Deal 4 dealt')],
    [{ type: 'declare' }, move('Bo declares NINE')],
    [{ type: 'take', seat: 2, source: 'discard' }, move('Cy takes from the discard pile')],
    [{ type: 'discard', cards: [7] }, move('Bo discards')],
    [{ type: 'snap', seat: 0, value: 7 }, move('Ana snaps')],
    [{ type: 'stop-tracking' }, move('Deal 4: tracking stopped')],
  ],
  'seven-eight-nine': [
    [{ type: 'flip', card: '7h', seat: 0 }, move('Ana flips 7H')],
    [{ type: 'discard', seat: 1 }, move('Bo discards')],
    [{ type: 'swap', give: '2c', seat: 0 }, move('Ana swaps')],
    [{ type: 'react', give: '9d', seat: 1 }, move('Bo reacts')],
    [{ type: 'declare', hand: ['7h', '8h'], seat: 0 }, move('Ana declares 7-8-9')],
    [{ type: 'block', hand: ['7c', '9c'], seat: 1 }, move('Bo blocks')],
    [{ type: 'no-block', seat: 1 }, move('Bo does not block')],
    [{ type: 'reshuffle', seat: 0 }, move('Ana reshuffles')],
    [{ type: 'tiebreak', hands: [] }, move('Game 4: tiebreaker')],
    [{ type: 'dealt-win', hands: [] }, move('Game 4: dealt win')],
    // SE-R15: a game's result entered in one step.
    [{ type: 'result', winner: 1, ending: 'declare' }, move('Result entered: Bo wins by a Declare')],
    [{ type: 'next-game' }, move('Game 5 dealt')],
    [{ type: 'correct-piles', draw: 12 }, move('Draw pile corrected to 12')],
  ],
}

/** The action types the game's input schema takes (its variant's options). */
function actionTypes(id: GameId): string[] {
  type Option = { entries?: { type?: { literal?: string } }; pipe?: Option[] }
  const schema = GAME_MODULES[id].actionSchema as unknown as { pipe: { type: string; options?: Option[] }[] }
  const variant = schema.pipe.find((p) => p.type === 'variant')
  return (variant?.options ?? []).map((o) => String((o.entries ?? o.pipe?.[0]?.entries)?.type?.literal))
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe("each game's entries in words", () => {
  it.each(GAME_IDS)('%s: every action type of its engine, once, in its words', (id) => {
    expect(WORDS[id].map(([a]) => a.type)).toEqual(actionTypes(id))
    for (const [action, words] of WORDS[id]) expect(entryWords(id, action, ctx), String(action.type)).toEqual(words)
  })

  it.each(GAME_IDS)('%s: only its whole-round entry has values per seat and an undo of its own', (id) => {
    const { roundEntry, roundWord } = GAME_FACTS[id]
    for (const [action, words] of WORDS[id]) {
      const whole = action.type === roundEntry
      expect(words.undone, String(action.type)).toBe(whole ? `${roundWord} 4 undone` : null)
      expect(words.seats.length > 0, String(action.type)).toBe(whole)
    }
  })

  it('an entry no game has words for, and what is no entry at all', () => {
    expect(entryWords('nine', { type: 'wave', seat: 0 }, ctx)).toEqual(move('Ana: wave'))
    expect(entryWords('ennea', 'junk', ctx)).toEqual(move('Entry'))
    expect(entryWords('wild-nine', { type: 'play', seat: 7, card: '9s' }, ctx).line).toBe('A player plays 9S')
  })
})

describe('Wild Nine rounds (WN-A14), entered and undone', () => {
  const words = (s: WildNineState, a: WildNineAction) =>
    entryWords('wild-nine', a, { names: s.names, toAct: null, round: s.rounds.length })

  it('WN-G03: P2 went out, the others by their cards; undoing it names round 1', () => {
    const start = must(wildNineEngine.setup({ players: 4, firstDealer: 3, startTotals: [40, 55, 71, 30] }))
    const round: WildNineAction = { type: 'round', wentOut: 1, hands: [['7♣', '9♥'], [], ['Q♠'], ['A♦', 'A♣', '3♠']] }
    const after = must(wildNineEngine.apply(start, round))
    expect(words(after, round)).toEqual({
      line: 'Round 1',
      seats: ['P2 went out', 'P1: 7♣ 9♥', 'P3: Q♠', 'P4: A♦ A♣ 3♠'],
      undone: 'Round 1 undone',
    })
    expect(undoneWords('wild-nine', after, round, after.names)).toBe('Round 1 undone')
  })

  it('WN-G05: a deadlock, and a hand with no cards', () => {
    const start = must(wildNineEngine.setup({ names: ['A', 'B'], startTotals: [30, 44] }))
    const round: WildNineAction = {
      type: 'round',
      wentOut: null,
      hands: [
        ['K♥', '2♦', 'Q♠'],
        ['5♥', '5♦', '8♠', 'J♥'],
      ],
    }
    const after = must(wildNineEngine.apply(start, round))
    expect(after.rounds[0]?.deadlock).toBe(true)
    expect(words(after, round).seats).toEqual(['Deadlock (nobody went out)', 'A: K♥ 2♦ Q♠', 'B: 5♥ 5♦ 8♠ J♥'])
    expect(seatLines('wild-nine', ['A', 'B'], { type: 'round', hands: [[], ['5♥']] })).toEqual([
      'Deadlock (nobody went out)',
      'A: no cards',
      'B: 5♥',
    ])
  })

  it('WN-G15: penalties entered as numbers; the third undo names round 3', () => {
    let s = must(wildNineEngine.setup({ players: 3, firstDealer: 0 }))
    const rounds: WildNineAction[] = [
      { type: 'round', wentOut: 2, points: [34, 12, 0] },
      { type: 'round', wentOut: 0, points: [0, 41, 27] },
      { type: 'round', wentOut: 1, points: [70, 0, 9] },
    ]
    const seats = rounds.map((r) => {
      s = must(wildNineEngine.apply(s, r))
      return words(s, r).seats
    })
    expect(seats).toEqual([
      ['P3 went out', 'P1: 34 points', 'P2: 12 points'],
      ['P1 went out', 'P2: 41 points', 'P3: 27 points'],
      ['P2 went out', 'P1: 70 points', 'P3: 9 points'],
    ])
    expect(undoneWords('wild-nine', s, rounds[2], s.names)).toBe('Round 3 undone')
    expect(undoneWords('wild-nine', s, { type: 'draw' }, s.names)).toBeNull()
  })
})

describe('Nine deals (NI-R12), entered and undone', () => {
  const words = (s: NineState, a: NineAction) =>
    entryWords('nine', a, { names: s.names, toAct: null, round: s.rounds.length })
  const setup = () => must(nineEngine.setup({ names: ['', '', ''], startTotals: [20, 33, 41] }))

  it('NI-G01: P2 declares 2 3 4; each hand by its card values; undoing it names deal 1', () => {
    const deal: NineAction = {
      type: 'round',
      declarer: 1,
      hands: [
        [5, 6],
        [2, 3, 4],
        [0, 13, 1],
      ],
    }
    const after = must(nineEngine.apply(setup(), deal))
    expect(words(after, deal)).toEqual({
      line: 'Deal 1',
      seats: ['P2 declared NINE', 'P1: 5 6', 'P2: 2 3 4', 'P3: 0 13 1'],
      undone: 'Deal 1 undone',
    })
    expect(undoneWords('nine', after, deal, after.names)).toBe('Deal 1 undone')
  })

  it('NI-G06: an empty hand has no cards; a deal entered as hand totals', () => {
    const empty: NineAction = { type: 'round', declarer: 0, hands: [[2, 3], [9, 9], []] }
    const s = must(nineEngine.apply(setup(), empty))
    expect(words(s, empty).seats).toEqual(['P1 declared NINE', 'P1: 2 3', 'P2: 9 9', 'P3: no cards'])
    const totals: NineAction = { type: 'round', declarer: 2, totals: [20, 30, 8] }
    const next = must(nineEngine.apply(s, totals))
    expect(words(next, totals).seats).toEqual(['P3 declared NINE', 'P1: total 20', 'P2: total 30', 'P3: total 8'])
    expect(undoneWords('nine', next, totals, next.names)).toBe('Deal 2 undone')
  })
})
