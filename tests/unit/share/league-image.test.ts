/**
 * The league table image's columns hold what they show (issue 27, item 10: the PNG cut “42 (4…” and
 * “Avg. pla…”): each column is as wide as its heading in the bold header font and every cell in the
 * table font, at least its usual width; only a very long player name is cut.
 */
import { describe, expect, it } from 'vitest'
import {
  LEAGUE_IMAGE_WIDTH,
  LEAGUE_NAME_MAX_WIDTH,
  leagueColumnWidths,
  leagueImageWidth,
  leagueNotes,
} from '../../../src/renderer/src/league/league-image'
import { PAD, type Measurer } from '../../../src/renderer/src/share/table-image'
import { LEAGUE_COLUMNS } from '../../../src/shared/stats/league-table'

/** Fixed-width fonts: the table font 9 px a character, the bold header font 10 px. */
const regular: Measurer = { measureText: (t) => ({ width: [...t].length * 9 }) }
const bold: Measurer = { measureText: (t) => ({ width: [...t].length * 10 }) }

const ROWS = [
  ['1', 'Gwendolyn', '142.5', '245', '42 (14 shared)', '+3', '0.31'],
  ['=2', 'Bo', '98', '1200', '7', '–', '0.50'],
  ['=2', 'A player with a name far longer than any column should ever hold', '98', '12', '7', '-1', '0.75'],
]

describe('the league table image: column widths', () => {
  it('makes every heading and every number fit its column (6 px either side)', () => {
    const widths = leagueColumnWidths(bold, regular, ROWS)
    LEAGUE_COLUMNS.forEach((c, i) => {
      const w = widths[i] as number
      expect(w, c.label).toBeGreaterThanOrEqual(c.width)
      expect(bold.measureText(c.label).width + 12, c.label).toBeLessThanOrEqual(w)
      if (c.key === 'name') return
      for (const r of ROWS) expect(regular.measureText(r[i] as string).width + 12, r[i]).toBeLessThanOrEqual(w)
    })
  })

  it('widens the name column for a long name only up to its maximum', () => {
    const name = LEAGUE_COLUMNS.findIndex((c) => c.key === 'name')
    expect(leagueColumnWidths(bold, regular, ROWS)[name]).toBe(LEAGUE_NAME_MAX_WIDTH)
    expect(leagueColumnWidths(bold, regular, [ROWS[1] as string[]])[name]).toBe(LEAGUE_COLUMNS[name]?.width)
  })

  it('keeps the usual widths for short cells, and the image and its notes follow the columns', () => {
    const small: Measurer = { measureText: (t) => ({ width: [...t].length * 7 }) }
    expect(leagueColumnWidths(small, small, [['1', 'Ana', '3', '1', '1', '–', '0.00']])).toEqual(
      LEAGUE_COLUMNS.map((c) => c.width),
    )
    const widths = leagueColumnWidths(bold, regular, ROWS)
    const width = leagueImageWidth(widths)
    expect(width).toBe(Math.max(640, PAD * 2 + widths.reduce((a, b) => a + b, 0)))
    expect(width).toBeGreaterThan(LEAGUE_IMAGE_WIDTH)
    const notes = leagueNotes(regular, { schemeText: 'x '.repeat(80), tieBreaks: ['more points'] }, width)
    for (const l of notes) expect(regular.measureText(l).width).toBeLessThanOrEqual(width - PAD * 2)
  })
})
