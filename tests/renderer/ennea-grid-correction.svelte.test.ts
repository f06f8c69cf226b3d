/**
 * GridCorrection (the Ennea screen's "Correct the round N grid", EN-A22) through a real core (bridge.ts): the
 * preview writes nothing, only the confirm writes, once, and a later entry that would become impossible is
 * named and nothing can be applied.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EnneaState } from '../../src/shared/games/ennea'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import { GridCorrection, gridValues } from '../../src/renderer/src/games/ennea/grid-correction.svelte'
import { bridgedCore } from './bridge'
import { twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

let bridge: ReturnType<typeof bridgedCore>
let match: MatchState
let fix: GridCorrection

const es = (): EnneaState => match.view?.state as EnneaState
const eventCount = (): number => bridge.core.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number
const corrections = async (): Promise<MatchHistoryEntry[]> =>
  (await bridge.direct<MatchHistoryEntry[]>('matches:history', { id: match.id })).filter((h) => h.kind === 'correction')

beforeEach(async () => {
  bridge = bridgedCore()
  match = await twoPlayerMatch(bridge, 'ennea')
  const act = (action: unknown) => bridge.direct<MatchView>('matches:apply', { id: match.id, action })
  // round 1: Ana stakes R1C1 and R1C2, Bo stakes R3C3 and calls, Ana's final Pass; grid G1 (Ana's Row 1 = 9)
  await act({ type: 'stake', cell: 0, seat: 0 })
  await act({ type: 'stake', cell: 8, seat: 1 })
  await act({ type: 'stake', cell: 1, seat: 0 })
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'reveal', grid: [2, 7, 4, 5, 3, 6, 1, 8, 9] })
  // round 2: Bo calls, Ana's final Pass, nobody staked
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  await act({ type: 'reveal', grid: [9, 8, 7, 6, 5, 4, 3, 2, 1] })
  await match.load()
  fix = new GridCorrection(() => match)
})
afterEach(() => bridge.cleanup())

describe('GridCorrection', () => {
  it('reads values as the reveal does: digits, A for an Ace, ? for an unknown card, separators ignored', () => {
    expect(gridValues('2 7 4 / 5,3,6 / a ? 9')).toEqual([2, 7, 4, 5, 3, 6, 1, null, 9])
    expect(gridValues('27x')).toEqual([2, 7, Number.NaN])
  })

  it('opens with the round as entered, previews without writing, and a double confirm applies one correction', async () => {
    fix.open(1)
    expect(fix.text).toBe('274536189')
    fix.edit('264537189') // R1C2 and R2C3 swapped: Ana's Row 1 is 8
    const before = eventCount()
    await fix.show()
    expect(eventCount()).toBe(before)
    expect(fix.error).toBe('')
    expect(fix.preview?.message).toBe('Correcting Round 1 reveal changes 2 later entries: 8 and 9.')
    expect(fix.preview?.later.map((l) => [l.index, l.entry, l.changes])).toEqual([
      [8, "Ana's pass", ['Ana: 6 left in the pool after it (was 7).']],
      [9, 'Round 2 reveal', ['Ana: 8 → 7 cubes, loses 1 cube (was 9 → 8, lost 1 cube).']],
    ])
    expect(es().totals).toEqual([8, 7])

    // the confirm pressed twice before the first is stored: one correction
    const [first, second] = await Promise.all([fix.confirm(), fix.confirm()])
    expect([first, second]).toEqual([true, false])
    // the second press sent nothing: no refusal as stale shows anywhere
    expect(fix.error).toBe('')
    expect(match.error).toBeNull()
    expect(await fix.confirm()).toBe(false) // and again once it is stored: the panel is closed
    expect(eventCount()).toBe(before + 1)
    expect(await corrections()).toHaveLength(1)
    expect(es().totals).toEqual([7, 7])
    expect(fix.round).toBeNull()
    expect(match.announcement).toBe('Round 1 reveal corrected; 2 later entries changed.')
  })

  it('typing again drops the preview, so only a previewed grid can be applied', async () => {
    fix.open(1)
    fix.edit('264537189')
    await fix.show()
    expect(fix.preview).not.toBeNull()
    fix.edit('264537198')
    expect(fix.preview).toBeNull()
    expect(await fix.confirm()).toBe(false)
    expect(await corrections()).toHaveLength(0)
    fix.edit('2645')
    await fix.show()
    expect(fix.error).toBe('Type the 9 card values of round 1, row by row (4 typed).')
  })

  it('lists the later entry that would become impossible; applied, it is left out, and Undo brings it back (EN-A22)', async () => {
    fix.open(1)
    fix.edit('111136289') // four 1s, and round 2 showed the fifth (EN-V5)
    const before = eventCount()
    await fix.show()
    expect(fix.error).toBe('')
    expect(fix.preview?.leftOut[0]).toMatchObject({ index: 9, entry: 'Round 2 reveal' })
    expect(fix.preview?.leftOut[0]?.reason).toMatch(/^Too many 1s/)
    const reveal2 = fix.preview?.leftOut[0]?.eventId
    expect(eventCount()).toBe(before)
    expect(await fix.confirm()).toBe(true)
    expect(eventCount()).toBe(before + 1)
    expect(match.view?.skipped.map((x) => x.eventId)).toEqual([reveal2])
    expect(match.announcement).toMatch(/^Round 1 reveal corrected; .*; 1 entry left out\.$/)
    expect((await match.undo()).ok).toBe(true)
    expect(match.view?.skipped).toEqual([])
    expect(es().totals).toEqual([8, 7])
  })
})
