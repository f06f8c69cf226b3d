import { describe, expect, it } from 'vitest'
import { LINE_H, sheetImageLayout, sheetImageSize } from '../../../src/renderer/src/games/shared-sheet/share-image'
import { replay } from '../../../src/shared/games/engine'
import { nineEngine, type NineAction } from '../../../src/shared/games/nine'
import { nineSheet } from '../../../src/shared/games/sheets'
import { LEAGUE_IMAGE_WIDTH, leagueImageHeight, leagueNotes } from '../../../src/renderer/src/league/league-image'
import { cellTextX, columnLefts, fit, PAD, wrap, type Measurer } from '../../../src/renderer/src/share/table-image'
import { LEAGUE_COLUMNS } from '../../../src/shared/stats/league-table'

/** A fixed-width font: every character (the ellipsis too) is 10 px wide. */
const mono: Measurer = { measureText: (t) => ({ width: [...t].length * 10 }) }
const width = (t: string): number => mono.measureText(t).width

describe('table images: fitting text to a column', () => {
  it('keeps text that fits, exactly at the width too', () => {
    expect(fit(mono, 'Ana', 30)).toBe('Ana')
    expect(fit(mono, 'Ana', 100)).toBe('Ana')
  })

  it('cuts longer text short with an ellipsis, as much as fits and no more', () => {
    expect(fit(mono, 'Winter league', 60)).toBe('Winte…')
    for (const w of [20, 35, 60, 120]) {
      const t = fit(mono, 'The longest player name at the table', w)
      expect(t.endsWith('…')).toBe(true)
      expect(width(t)).toBeLessThanOrEqual(w)
      expect(width(t)).toBeGreaterThan(w - 10)
    }
  })

  it('keeps one character and the ellipsis when even that is too wide', () => {
    expect(fit(mono, 'Bo', 5)).toBe('B…')
  })
})

describe('table images: wrapping notes', () => {
  it('breaks between words into lines no wider than asked, losing no word', () => {
    const text = 'Ties are broken by: 1. more points; 2. more wins; 3. head to head.'
    const lines = wrap(mono, text, 200)
    expect(lines.length).toBeGreaterThan(1)
    for (const l of lines) expect(width(l)).toBeLessThanOrEqual(200)
    expect(lines.join(' ')).toBe(text)
    // Each line is as full as it can be: the next line's first word would not fit on it.
    for (let i = 0; i + 1 < lines.length; i++)
      expect(width(`${lines[i]} ${lines[i + 1]?.split(' ')[0]}`)).toBeGreaterThan(200)
  })

  it('puts a word longer than the width on a line of its own', () => {
    expect(wrap(mono, 'a incomprehensibilities b', 60)).toEqual(['a', 'incomprehensibilities', 'b'])
    expect(wrap(mono, 'incomprehensibilities b', 60)).toEqual(['incomprehensibilities', 'b'])
  })

  it('gives no line for empty text and one line for text that fits', () => {
    expect(wrap(mono, '', 100)).toEqual([])
    expect(wrap(mono, 'Points: win 3', 200)).toEqual(['Points: win 3'])
  })
})

describe('table images: columns and cells', () => {
  it('places columns side by side from the left margin', () => {
    expect(columnLefts(24, [70, 230, 110, 110])).toEqual([24, 94, 324, 434])
    expect(columnLefts(24, [])).toEqual([])
  })

  it('starts text 6 px into its column, and ends numbers 8 px before the column’s right edge', () => {
    expect(cellTextX(100, 80, 30, false)).toBe(106)
    expect(cellTextX(100, 80, 30, true)).toBe(142)
    expect(cellTextX(100, 80, 30, true) + 30).toBe(100 + 80 - 8)
  })
})

describe('the scoresheet image and the league table image: their sizes', () => {
  it('makes the scoresheet one 110 px column per player beside the round and result columns', () => {
    expect(sheetImageSize(3, 1)).toEqual({ width: 24 * 2 + 70 + 230 + 110 * 3, height: 96 + 28 * 3 + 24 * 2 + 24 })
    expect(sheetImageSize(4, 5).width - sheetImageSize(3, 5).width).toBe(110)
    expect(sheetImageSize(4, 6).height - sheetImageSize(4, 5).height).toBe(28)
  })

  it('makes the league table as wide as its columns inside the margins, at least 640 px', () => {
    const columns = LEAGUE_COLUMNS.reduce((a, c) => a + c.width, 0)
    expect(LEAGUE_IMAGE_WIDTH).toBe(Math.max(640, PAD * 2 + columns))
    expect(LEAGUE_IMAGE_WIDTH).toBeGreaterThanOrEqual(640)
  })

  it('gives the league table one row per player plus the header, and 18 px per note line', () => {
    expect(leagueImageHeight(4, 2)).toBe(24 * 2 + 70 + 28 * 5 + 18 * 2 + 40)
    expect(leagueImageHeight(5, 2) - leagueImageHeight(4, 2)).toBe(28)
    expect(leagueImageHeight(4, 3) - leagueImageHeight(4, 2)).toBe(18)
  })

  it('writes the league notes as the points, then the numbered tie-breaks, wrapped inside the margins', () => {
    const notes = leagueNotes(mono, {
      schemeText: 'Finishing p-th of n earns 10 × (n − p) / (n − 1).',
      tieBreaks: ['more points', 'more wins', 'better head to head', 'better average place'],
    })
    for (const l of notes) expect(width(l)).toBeLessThanOrEqual(LEAGUE_IMAGE_WIDTH - PAD * 2)
    expect(notes[0]).toBe('Points: Finishing p-th of n earns 10 × (n − p) / (n − 1).')
    expect(notes.slice(1).join(' ')).toBe(
      'Ties are broken by: 1. more points; 2. more wins; 3. better head to head; 4. better average place.',
    )
  })
})

describe('the scoresheet image: long lines wrap instead of being cut', () => {
  // Ana declares NINE over 9 in deal 1 (a failed declaration), Bo wins deal 2
  const log: NineAction[] = [
    { type: 'round', declarer: 0, totals: [11, 20], confirmOverNine: true },
    { type: 'round', declarer: 1, totals: [30, 4] },
  ]
  const config = { names: ['Ana', 'Bo'] }
  const state = replay(nineEngine, config, log)
  if (!state.ok) throw new Error(state.error.message)
  const long = 'Deal 3, dealt by Ana: enter who declared NINE and the hands, or track the deal turn by turn.'
  const sheet = nineSheet(state.value, long)
  const resultW = 230 - 12

  it('wraps a result wider than its column onto more lines, every word kept, each line within the column', () => {
    expect(width(sheet.rows[0]?.result ?? '')).toBeGreaterThan(resultW)
    const layout = sheetImageLayout(mono, sheet)
    const first = layout.results[0] ?? []
    expect(first.length).toBeGreaterThan(1)
    expect(first.join(' ')).toBe(sheet.rows[0]?.result)
    for (const l of first) expect(width(l)).toBeLessThanOrEqual(resultW)
    expect(layout.results[1]).toEqual(wrap(mono, sheet.rows[1]?.result ?? '', resultW))
  })

  it('wraps the message under the title to the image width, and grows the image by a line for each', () => {
    const layout = sheetImageLayout(mono, sheet)
    expect(layout.message.length).toBeGreaterThan(1)
    expect(layout.message.join(' ')).toBe(long)
    for (const l of layout.message) expect(width(l)).toBeLessThanOrEqual(layout.width - 2 * PAD)
    const extra = layout.message.length - 1 + layout.results.reduce((a, r) => a + r.length - 1, 0)
    expect(layout.height).toBe(sheetImageSize(2, 2).height + extra * LINE_H)
    // with a wide enough font nothing wraps and the size is the one-line size
    const tiny: Measurer = { measureText: (t) => ({ width: [...t].length }) }
    expect(sheetImageLayout(tiny, sheet).height).toBe(sheetImageSize(2, 2).height)
  })
})
