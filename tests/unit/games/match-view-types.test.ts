/**
 * MatchView is a union by game id: `view.gameId` narrows config, state and legal to that game's own
 * types. The `@ts-expect-error` lines are the test: `npm run typecheck` fails if a wrong-game field
 * access ever compiles (for example if state went back to `unknown`).
 */
import { describe, expect, it } from 'vitest'
import { matchOf, type MatchView } from '../../../src/shared/model/match'
import { GAME_ENGINES } from '../../../src/shared/games/registry'

function stakedCells(view: MatchView): number {
  // @ts-expect-error: before narrowing, the state may be any game's, and only Ennea's has a grid
  void view.state?.cells
  if (view.gameId === 'ennea') return view.state?.cells.filter((c) => c.length > 0).length ?? 0
  // @ts-expect-error: a Nine match's state has no Ennea grid
  if (view.gameId === 'nine') return view.state?.cells.length ?? 0
  return 0
}

function nineLimit(view: MatchView): string | null {
  const nine = matchOf(view, 'nine')
  // @ts-expect-error: a Nine config has no Ennea colours
  void nine?.config.colours
  return nine?.state?.rules.snapSource ?? null
}

describe('MatchView by game id', () => {
  it('narrows to the game of the view, at run time too', () => {
    const setup = GAME_ENGINES.ennea.setup({ names: ['Ana', 'Bo'] })
    if (!setup.ok) throw new Error(setup.error.message)
    const state = setup.value
    const view = {
      id: 'm1',
      gameId: 'ennea',
      status: 'in-progress',
      createdAt: '',
      updatedAt: '',
      finishedAt: null,
      seats: [],
      config: { names: ['Ana', 'Bo'] },
      state,
      game: GAME_ENGINES.ennea.status(state),
      standings: [],
      legal: GAME_ENGINES.ennea.legalActions(state),
      actions: [],
      undo: null,
      redo: null,
      head: '',
      engineVersion: 1,
      problem: null,
      skipped: [],
    } satisfies MatchView
    expect(stakedCells(view)).toBe(0)
    expect(matchOf(view, 'ennea')?.legal[0]?.type).toBe('peek')
    expect(matchOf(view, 'nine')).toBeNull()
    expect(nineLimit(view)).toBeNull()
  })
})
