/**
 * The night board's grid and words (src/renderer/src/club/board-layout.ts): the columns that give the
 * standings the largest type, 40 px or more for eight tables of four on a 1080p projector, and
 * "last entry … ago" in whole minutes.
 */
import { describe, expect, it } from 'vitest'
import { boardGrid, lastEntryWords } from '../../../src/renderer/src/club/board-layout'

describe('boardGrid', () => {
  it('fills a 1080p screen with eight tables of four in type of at least 40 px', () => {
    // The grid's box at 1920 × 1080 once the header and the results column are taken off.
    const g = boardGrid(8, 4, 1560, 980)
    expect(g.font).toBeGreaterThanOrEqual(40)
    expect(g.cols * g.rows).toBeGreaterThanOrEqual(8)
  })

  it('picks the column count with the largest type, never fewer cells than tables', () => {
    for (const [count, seats, w, h] of [
      [1, 2, 1600, 900],
      [3, 6, 1600, 900],
      [5, 4, 1000, 700],
      [12, 8, 1560, 980],
    ] as const) {
      const best = boardGrid(count, seats, w, h)
      expect(best.cols * best.rows).toBeGreaterThanOrEqual(count)
      for (let cols = 1; cols <= count; cols++) {
        const rows = Math.ceil(count / cols)
        const other = Math.min(
          (h - 16 * (rows - 1)) / rows / (1.2 * seats + 3.4 * 1.2),
          (w - 16 * (cols - 1)) / cols / 8.5,
        )
        expect(best.font).toBeGreaterThanOrEqual(Math.floor(other))
      }
    }
    // One wide table: one column; a wide screen with three: side by side.
    expect(boardGrid(1, 4, 1600, 900).cols).toBe(1)
    expect(boardGrid(3, 4, 1600, 900)).toMatchObject({ cols: 3, rows: 1 })
  })
})

describe('lastEntryWords', () => {
  const at = '2026-03-05T20:00:00.000Z'
  const t = Date.parse(at)
  it('counts whole minutes, then hours and minutes', () => {
    expect(lastEntryWords(at, t + 59_000)).toBe('last entry just now')
    expect(lastEntryWords(at, t + 60_000)).toBe('last entry 1 min ago')
    expect(lastEntryWords(at, t + 3 * 60_000 + 59_000)).toBe('last entry 3 min ago')
    expect(lastEntryWords(at, t + 60 * 60_000)).toBe('last entry 1 h ago')
    expect(lastEntryWords(at, t + 125 * 60_000)).toBe('last entry 2 h 5 min ago')
    // A clock a little behind the laptop's: not "in the future".
    expect(lastEntryWords(at, t - 5_000)).toBe('last entry just now')
  })
})
