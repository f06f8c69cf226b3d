/** SE-R15, SE-A15, SE-V12: a game's result entered in one step, its moves not tracked. */
import { describe, expect, it } from 'vitest'
import { undo } from '../../../../src/shared/games/engine'
import { describeAction } from '../../../../src/shared/games/describe'
import { senEngine, senStatus, type SenAction } from '../../../../src/shared/games/seven-eight-nine'
import { refuse, run, start } from './helpers'

const C = { names: ['Ana', 'Bo'] }

function apply(state: ReturnType<typeof start>, action: unknown) {
  const r = senEngine.apply(state, action as SenAction)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('Seven Eight Nine: a result entered in one step (SE-R15)', () => {
  it('before the first flip it decides the game, counted like a played one and marked as entered', () => {
    const s = apply(start(C), { type: 'result', winner: 1, ending: 'declare' })
    expect(s.wins).toEqual([0, 1])
    expect(s.game.phase).toBe('over')
    expect(s.games).toHaveLength(1)
    expect(s.games[0]).toMatchObject({
      game: 1,
      winner: 1,
      results: ['loss', 'win'],
      ending: 'declare',
      label: 'Win by Declare',
      flips: 0,
      hands: [[], []],
      entered: true,
    })
    expect(s.game.result).toEqual(s.games[0])
    expect(s.games[0]?.explanation).toBe(
      'Bo wins game 1 by a Declare (the result as entered; the moves were not tracked).',
    )
    expect(senStatus(s).phase).toBe('game-over')
    expect(senEngine.legalActions(s)).toEqual([{ type: 'next-game' }])
  })

  it('every way of winning of SE-R14 is accepted for either player', () => {
    for (const ending of ['swap', 'react', 'declare', 'dealt-win', 'tiebreaker'] as const)
      for (const winner of [0, 1] as const) {
        const s = apply(start(C), { type: 'result', winner, ending })
        expect(s.games[0]).toMatchObject({ winner, ending })
      }
  })

  it('after a game is over it is the next game’s result: that game starts, its starter alternating (SE-A10, SE-A15)', () => {
    const played = run(start(C), [{ type: 'dealt-win', seats: [0] }])
    const s = apply(played, { type: 'result', winner: 1, ending: 'swap' })
    expect(s.games.map((g) => [g.game, g.starter, g.winner, g.entered === true])).toEqual([
      [1, 0, 0, false],
      [2, 1, 1, true],
    ])
    expect(s.game.number).toBe(2)
    expect(s.wins).toEqual([1, 1])
    // and the next game after it is tracked as usual
    const next = apply(s, { type: 'next-game' })
    expect(next.game).toMatchObject({ number: 3, starter: 0, phase: 'flip', flips: 0 })
  })

  it('the match’s target applies: the second win of a first-to-2 match ends it, and nothing follows (SE-R14)', () => {
    let s = start({ ...C, target: 2 })
    s = apply(s, { type: 'result', winner: 0, ending: 'tiebreaker' })
    s = apply(s, { type: 'result', winner: null, ending: 'tiebreaker' })
    expect(s.over).toBe(false)
    s = apply(s, { type: 'result', winner: 0, ending: 'react' })
    expect(s.over).toBe(true)
    expect(senStatus(s).matchWinner).toBe(0)
    expect(s.draws).toBe(1)
    expect(refuse(s, { type: 'result', winner: 1, ending: 'swap' })).toBe('The match is over.')
  })

  it('a game with a move entered is refused and unchanged: it is finished move by move (SE-V12)', () => {
    const flipped = run(start(C), [{ type: 'flip', card: 4 }])
    expect(refuse(flipped, { type: 'result', winner: 0, ending: 'swap' })).toBe(
      'Game 1 is being tracked move by move (1 card flipped): finish it that way, or undo back to its start to enter its result in one step.',
    )
    const turned = run(flipped, [{ type: 'discard' }, { type: 'flip', card: 5 }, { type: 'discard' }])
    const r = senEngine.apply(turned, { type: 'result', winner: 0, ending: 'swap' })
    expect(r.ok ? null : r.error.code).toBe('game-tracked')
    expect(turned.games).toEqual([])
  })

  it('a draw only at the tiebreaker or with two dealt 7-8-9s (SE-R13, SE-A11, SE-V12)', () => {
    expect(apply(start(C), { type: 'result', winner: null, ending: 'tiebreaker' }).games[0]?.label).toBe('Draw')
    const dealt = apply(start(C), { type: 'result', winner: null, ending: 'dealt-win' })
    expect(dealt.games[0]).toMatchObject({ winner: null, results: ['draw', 'draw'], label: 'Draw' })
    expect(dealt.games[0]?.explanation).toBe(
      'Game 1 is a draw with a dealt 7-8-9 (the result as entered; the moves were not tracked).',
    )
    for (const ending of ['swap', 'react', 'declare'])
      expect(refuse(start(C), { type: 'result', winner: null, ending })).toBe(
        'A game is drawn only at the tiebreaker or when both players were dealt 7-8-9; a swap, a React or a Declare always has a winner.',
      )
  })

  it('no dealt win where the house rules redeal a dealt 7-8-9 (SE-A11)', () => {
    const redeal = start({ ...C, houseRules: { dealtWin: 'REDEAL' } })
    expect(refuse(redeal, { type: 'result', winner: 0, ending: 'dealt-win' })).toBe(
      'This match redeals a dealt 7-8-9 (house rule Dealt 7-8-9: Redeal), so no game is won or drawn by one.',
    )
    expect(apply(redeal, { type: 'result', winner: 0, ending: 'tiebreaker' }).wins).toEqual([1, 0])
  })

  it('a Block is no ending (SE-R10); the winner and the ending are required and checked', () => {
    expect(refuse(start(C), { type: 'result', winner: 1, ending: 'block' })).toBe(
      'A Block never wins a game: it cancels the Declare and play goes on, to a later win or the tiebreaker.',
    )
    expect(refuse(start(C), { type: 'result', winner: 0, ending: 'deck' })).toBe(
      'Say how the game ended: swap, react, declare, dealt-win or tiebreaker.',
    )
    expect(refuse(start(C), { type: 'result', ending: 'swap' })).toBe(
      'Say who won the game (seat 0 or 1), or null for a draw.',
    )
    expect(refuse(start(C), { type: 'result', winner: 2, ending: 'swap' })).toBe(
      'Say who won the game (seat 0 or 1), or null for a draw.',
    )
  })

  it('is undone like any entry, and the history says what was entered', () => {
    const actions: SenAction[] = [
      { type: 'result', winner: 0, ending: 'swap' },
      { type: 'result', winner: 1, ending: 'tiebreaker' },
    ]
    const undone = undo(senEngine, C, actions)
    expect(undone.ok && undone.value.state.games.map((g) => g.winner)).toEqual([0])
    expect(undone.ok && undone.value.state.game.phase).toBe('over')
    const ctx = { names: ['Ana', 'Bo'], toAct: null, round: 1 }
    expect(describeAction('seven-eight-nine', actions[1], ctx)).toBe('Result entered: Bo wins at the tiebreaker')
    expect(describeAction('seven-eight-nine', { type: 'result', winner: null, ending: 'dealt-win' }, ctx)).toBe(
      'Result entered: a draw with a dealt 7-8-9',
    )
  })
})
