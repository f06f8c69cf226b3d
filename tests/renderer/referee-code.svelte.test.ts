/**
 * Referee mode's board codes (RefereeState): a current (EN2) code is used at once; an old (EN1) code, whose
 * single check character lets some typos through as another valid board, waits beside the board on show until
 * the referee confirms it is the table, and a second confirm does nothing.
 */
import { describe, expect, it } from 'vitest'
import { RefereeState } from '../../src/renderer/src/referee/referee.svelte'

const OLD = 'EN1-999-274536189-310000000-5'
/** OLD with one typo (the last card's cubes 0 → 4) that the old check character lets through: P3 on R3C3. */
const OLD_TYPO = 'EN1-999-274536189-310000004-5'

function snapshotOf(ref: RefereeState): unknown {
  return {
    players: ref.players,
    values: [...ref.values],
    totals: [...ref.totals],
    stakes: ref.stakes.map((c) => [...c]),
  }
}

describe('RefereeState board codes', () => {
  it('uses a current code at once', () => {
    const ref = new RefereeState()
    const r = ref.loadCode('EN2-999-274536189-310000000-JL')
    expect(r.ok).toBe(true)
    expect(ref.pending).toBeNull()
    expect(ref.values.join('')).toBe('274536189')
    expect(ref.code).toBe('EN2-999-274536189-310000000-JL')
  })

  it('keeps an old code waiting, the board on show unchanged, until it is confirmed; then uses it once', () => {
    const ref = new RefereeState()
    ref.values[0] = '5'
    const before = snapshotOf(ref)
    const r = ref.loadCode(` ${OLD_TYPO.toLowerCase()} `)
    expect(r.ok && r.value.version).toBe(1)
    expect(snapshotOf(ref)).toEqual(before)
    expect(ref.pending?.code).toBe(OLD_TYPO)
    expect(ref.pending?.reading.board.stakes[8]).toEqual([2])

    let after = 0
    ref.dropPending()
    expect(ref.pending).toBeNull()
    expect(ref.confirmPending()).toBe(false)
    expect(snapshotOf(ref)).toEqual(before)

    ref.loadCode(OLD, () => after++)
    expect(snapshotOf(ref)).toEqual(before)
    expect(after).toBe(0)
    expect(ref.confirmPending()).toBe(true)
    expect(ref.values.join('')).toBe('274536189')
    expect(ref.stakes.slice(0, 2)).toEqual([[0, 1], [0]])
    expect(after).toBe(1)
    // a second confirm (a key pressed twice) changes nothing: the referee's next edit stays
    ref.values[0] = '3'
    expect(ref.confirmPending()).toBe(false)
    expect(ref.values[0]).toBe('3')
    expect(after).toBe(1)
  })

  it('refuses a code whose check fails, and a refused code leaves any waiting one as it was', () => {
    const ref = new RefereeState()
    ref.loadCode(OLD)
    const r = ref.loadCode('EN2-999-274536189-310000000-JM')
    expect(r.ok).toBe(false)
    expect(ref.pending?.code).toBe(OLD)
  })
})
