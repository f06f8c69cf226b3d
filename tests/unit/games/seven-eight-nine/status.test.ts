/** The structured status: what the screen lays out, and the one sentence built from it. */
import { describe, expect, it } from 'vitest'
import { senEngine, senStatus, senStatusText, type SenState } from '../../../../src/shared/games/seven-eight-nine'
import { deckWithout, flipDiscard, run, start, P, toTiebreak } from './helpers'

function check(s: SenState): ReturnType<typeof senStatus> {
  const st = senStatus(s)
  // the engine's sentence is the structured status in words, nothing else
  expect(senEngine.status(s).message).toBe(senStatusText(st, s.names))
  expect(senEngine.status(s).phase).toBe(st.phase)
  expect(senEngine.status(s).toAct).toBe(st.toAct)
  return st
}

describe('senStatus', () => {
  it('follows a turn: flip, flipped, a React window', () => {
    let s = start(P)
    expect(check(s)).toMatchObject({ phase: 'flip', reason: 'flip', toAct: 0, react: null, drawCount: 46 })
    s = run(s, [{ type: 'flip', card: 5 }])
    expect(check(s)).toMatchObject({ phase: 'action', reason: 'flipped', toAct: 0, flipped: 5 })
    s = run(s, [{ type: 'discard' }])
    expect(check(s)).toMatchObject({ phase: 'flip', reason: 'flip', toAct: 1, react: { seat: 1, top: 5 } })
    // a known hand that cannot React: no React in the status, so none in the sentence
    const known = structuredClone(s)
    known.game.known[1] = [1, 2, 13]
    expect(check(known).react).toBeNull()
    expect(senEngine.status(known).message).toBe('Game 1: P2 to flip (draw pile 45).')
  })

  it('a Declare waits for the answer of the other seat', () => {
    const s = run(start(P), [
      { type: 'flip', card: 9 },
      { type: 'declare', hand: [7, 8, 12] },
    ])
    expect(check(s)).toMatchObject({ phase: 'block', reason: 'declared', declarer: 0, toAct: 1 })
  })

  it('an empty draw pile: the reshuffle, then the tiebreaker because it was used', () => {
    const fill = deckWithout([1, 2, 3, 4, 5, 6])
    let s = run(start(P), flipDiscard(fill))
    expect(check(s)).toMatchObject({ phase: 'reshuffle', reason: 'draw-empty', toAct: 0 })
    s = run(s, [{ type: 'reshuffle' }, ...flipDiscard(fill)])
    expect(check(s)).toMatchObject({ phase: 'tiebreak', reason: 'reshuffle-used', toAct: null })
  })

  it('after a Block the empty draw pile goes straight to the tiebreaker, reason blocked', () => {
    const fill = deckWithout([3, 8, 9, 7, 9, 13])
    const seven = fill.indexOf(7, 19)
    const cards = [...fill]
    cards.splice(seven, 1)
    cards.splice(19, 0, 7)
    let s = run(start(P), flipDiscard(cards.slice(0, 19)))
    s = run(s, [
      { type: 'flip', card: 7 },
      { type: 'declare', hand: [8, 9, 3] },
      { type: 'block', hand: [7, 9, 13] },
    ])
    s = run(s, flipDiscard(cards.slice(20)))
    expect(check(s)).toMatchObject({ phase: 'tiebreak', reason: 'blocked' })
  })

  it('a decided game, then a won match', () => {
    let s = start({ names: ['Ann', 'Bo'], target: 1 })
    s = run(s, toTiebreak([7, 8, 10, 1, 2, 3]))
    s = run(s, [
      {
        type: 'tiebreak',
        hands: [
          [7, 8, 10],
          [1, 2, 3],
        ],
      },
    ])
    const st = check(s)
    expect(st).toMatchObject({ phase: 'match-over', reason: 'match-won', matchWinner: 0, wins: [1, 0], toAct: null })
    expect(st.result?.ending).toBe('tiebreaker')
    const open = run(start(P), [{ type: 'dealt-win', seats: [1] }])
    expect(check(open)).toMatchObject({ phase: 'game-over', reason: 'game-decided', matchWinner: null })
  })
})
