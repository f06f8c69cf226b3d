/**
 * What a correction changes in one later Ennea entry (EN-A22), from the engine's own states: the acting seat's
 * cubes (a Pass that now sets aside 1, EN-R11), who acts next (EN-R8), nothing for an entry that does what it did,
 * and where the table stands differently (for a refusal).
 */
import { describe, expect, it } from 'vitest'
import { enneaEngine, type EnneaAction, type EnneaState } from '../../../../src/shared/games/ennea'
import { enneaEntryChanges, enneaStandsDifferently } from '../../../../src/shared/games/ennea/correction'

function start(): EnneaState {
  const s = enneaEngine.setup({ names: ['Ana', 'Bo'] })
  if (!s.ok) throw new Error(s.error.message)
  return s.value
}
function step(state: EnneaState, action: EnneaAction): [EnneaState, EnneaState] {
  const r = enneaEngine.apply(state, action)
  if (!r.ok) throw new Error(r.error.message)
  return [state, r.value]
}

describe('enneaEntryChanges', () => {
  it('an entry that does what it did lists nothing', () => {
    const s = { ...start(), pools: [5, 4] }
    expect(enneaEntryChanges(step(s, { type: 'pass' }), step(s, { type: 'pass' }), { type: 'pass' })).toEqual([])
  })

  it('a Pass with one cube left sets aside 1, not 2 (EN-R11), and the pool after it is named', () => {
    const was = step({ ...start(), pools: [3, 4] }, { type: 'pass', seat: 0 })
    const now = step({ ...start(), pools: [1, 4] }, { type: 'pass', seat: 0 })
    expect(enneaEntryChanges(was, now, { type: 'pass', seat: 0 })).toEqual([
      'Ana: uses 1 cube, not 2; 0 left in the pool after it (was 1).',
    ])
  })

  it('says who acts next when that changed (an entry that names no seat)', () => {
    // Bo has no cubes left in the corrected match: after Ana's Pass it is Ana's turn again, not Bo's
    const was = step({ ...start(), pools: [5, 2] }, { type: 'pass' })
    const now = step({ ...start(), pools: [5, 0] }, { type: 'pass' })
    expect(enneaEntryChanges(was, now, { type: 'pass' })).toEqual(["Next: Ana's turn (was Bo's turn)."])
  })

  it('names each seat whose pool or cubes differ at one point of the log', () => {
    const s = start()
    expect(enneaStandsDifferently(s, { ...s, totals: [8, 9], pools: [0, 9] })).toEqual([
      'Ana has 8 cubes, 0 in the pool (was 9, 9 in the pool).',
    ])
    expect(enneaStandsDifferently(s, s)).toEqual([])
  })
})
