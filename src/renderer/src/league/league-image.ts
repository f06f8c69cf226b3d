import type { SeasonStandings } from '../../../shared/model/club'
import { leagueRowNotes, leagueRows, leagueRuleLines, LEAGUE_COLUMNS } from '../../../shared/stats/league-table'
import {
  canvasPng,
  columnLefts,
  drawCell,
  drawHeading,
  drawRule,
  drawSignature,
  FONT,
  INK,
  MUTED,
  PAD,
  paper,
  ROW_H,
  wrap,
  type Measurer,
} from '../share/table-image'

/**
 * A league table as a PNG image to share: the season's name and dates, the table, how points are
 * earned and the tie-breaks (the canvas parts shared with the scoresheet image are in share/table-image).
 */
const WIDTHS = LEAGUE_COLUMNS.map((c) => c.width)
const NOTE_H = 18

/** The image's width: the columns inside the margins, and never narrower than 640 px. */
export const leagueImageWidth = (widths: readonly number[]): number =>
  Math.max(640, PAD * 2 + widths.reduce((a, b) => a + b, 0))

/** The image's width with every column at its least width. */
export const LEAGUE_IMAGE_WIDTH = leagueImageWidth(WIDTHS)

/** A cell's text keeps 6 px on either side (share/table-image drawCell). */
const CELL_PADDING = 12
/** A player's name may widen its column up to this; a longer one is cut with “…”. */
export const LEAGUE_NAME_MAX_WIDTH = 320

/**
 * Each column's width: its least width (LEAGUE_COLUMNS), widened to hold its heading (measured in
 * the bold header font) and every cell (in the table font), so numbers and headings are never cut
 * (“42 (14 shared)”, “Avg. place”); only a player's name stops at LEAGUE_NAME_MAX_WIDTH.
 */
export function leagueColumnWidths(header: Measurer, cell: Measurer, rows: readonly (readonly string[])[]): number[] {
  return LEAGUE_COLUMNS.map((c, i) => {
    let w = Math.max(c.width, Math.ceil(header.measureText(c.label).width) + CELL_PADDING)
    for (const r of rows) w = Math.max(w, Math.ceil(cell.measureText(r[i] ?? '').width) + CELL_PADDING)
    return c.key === 'name' ? Math.min(w, Math.max(c.width, LEAGUE_NAME_MAX_WIDTH)) : w
  })
}

/** The lines under the table (points, then tie-breaks), wrapped to the image's width in 13 px text. */
export function leagueNotes(
  m: Measurer,
  s: Pick<SeasonStandings, 'schemeText' | 'tieBreaks' | 'rulesText' | 'finalNote'> & Partial<SeasonStandings>,
  width = LEAGUE_IMAGE_WIDTH,
): string[] {
  // What the season's rules did to each player (qualification, dropped results, the final's places).
  const rowNotes = s.rows && s.season ? leagueRowNotes(s as SeasonStandings) : []
  const notes = [
    `Points: ${s.schemeText}`,
    ...leagueRuleLines(s),
    ...(s.rows ?? []).flatMap((r, i) => (rowNotes[i] ? [`${r.name}: ${rowNotes[i]}.`] : [])),
    `Ties are broken by: ${s.tieBreaks.map((t, i) => `${i + 1}. ${t}`).join('; ')}.`,
  ]
  return notes.flatMap((n) => wrap(m, n, width - PAD * 2))
}

/** The image's height: heading, header row and one row per player, the notes, the signature. */
export const leagueImageHeight = (rows: number, noteLines: number): number =>
  PAD * 2 + 70 + ROW_H * (rows + 1) + NOTE_H * noteLines + 40

export function drawLeague(s: SeasonStandings, subtitle: string): HTMLCanvasElement {
  const rows = leagueRows(s)
  const probe = document.createElement('canvas').getContext('2d')
  let widths: number[] = [...WIDTHS]
  let noteLines: string[] = []
  if (probe) {
    // The columns measured in the fonts they are drawn in: the header bold, the cells regular.
    const measure = (font: string): Measurer => ({
      measureText: (t) => {
        probe.font = font
        return probe.measureText(t)
      },
    })
    widths = leagueColumnWidths(measure(`700 15px ${FONT}`), measure(`15px ${FONT}`), rows)
    probe.font = `13px ${FONT}`
    noteLines = leagueNotes(probe, s, leagueImageWidth(widths))
  }
  const width = leagueImageWidth(widths)
  const height = leagueImageHeight(rows.length, noteLines.length)
  const { canvas, ctx } = paper(width, height)
  if (!ctx) return canvas
  drawHeading(ctx, width, s.season.name, subtitle)

  const lefts = columnLefts(PAD, widths)
  let y = PAD + 64
  const cells = (values: readonly string[], bold: boolean): void => {
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    ctx.fillStyle = INK
    values.forEach((v, i) => drawCell(ctx, v, lefts[i] ?? PAD, widths[i] ?? 60, y, LEAGUE_COLUMNS[i]?.numeric ?? false))
    y += ROW_H
  }
  cells(
    LEAGUE_COLUMNS.map((c) => c.label),
    true,
  )
  drawRule(ctx, width, y, true)
  for (const r of rows) {
    cells(r, false)
    drawRule(ctx, width, y)
  }
  y += 16
  ctx.font = `13px ${FONT}`
  ctx.fillStyle = MUTED
  for (const l of noteLines) {
    ctx.fillText(l, PAD, y)
    y += NOTE_H
  }
  drawSignature(ctx, height)
  return canvas
}

export const leaguePng = (s: SeasonStandings, subtitle: string): Promise<Blob | null> =>
  canvasPng(drawLeague(s, subtitle))
