/** The table display's lines under each total (issue 25 item 11): the gap to the limit, Nine's 90 warning. */
import { describe, expect, it } from 'vitest'
import { tableNotes } from '../../../src/renderer/src/games/shared-sheet/table-notes'

describe('table display notes', () => {
  it('gives each Wild Nine player the gap to the cutoff', () => {
    expect(tableNotes('wild-nine', [0, 70, 100, 130], 100, false)).toEqual([
      [{ text: '100 to go (cutoff 100)', warn: false }],
      [{ text: '30 to go (cutoff 100)', warn: false }],
      [{ text: 'past the limit (cutoff 100)', warn: false }],
      [{ text: 'past the limit (cutoff 100)', warn: false }],
    ])
  })

  it('gives each Nine player the gap to 99, and warns when one deal can land them exactly on 90 (NI-R14)', () => {
    const [low, fail, hand, near, past] = tableNotes('nine', [10, 65, 45, 89, 95], 99, false)
    expect(low).toEqual([{ text: '89 to go (99 loses)', warn: false }]) // 80 more is beyond any hand (64 at most)
    expect(fail).toEqual([
      { text: '34 to go (99 loses)', warn: false },
      { text: 'a failed NINE lands on 90 → 45', warn: true },
    ])
    expect(hand?.[1]).toEqual({ text: '+45 lands on 90 → 45', warn: true })
    expect(near?.[1]).toEqual({ text: '+1 lands on 90 → 45', warn: true })
    expect(past).toEqual([{ text: '4 to go (99 loses)', warn: false }])
    // 26 is the lowest total a 64-point hand takes to 90
    expect(tableNotes('nine', [25, 26], 99, false).map((n) => n.length)).toEqual([1, 2])
  })

  it('says nothing once the match is over', () => {
    expect(tableNotes('nine', [30, 101], 99, true)).toEqual([[], []])
  })
})
