import type { SeasonStandings } from '../../../shared/model/club'
import { leagueRows, LEAGUE_COLUMNS } from '../../../shared/stats/league-table'
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
export const LEAGUE_IMAGE_WIDTH = Math.max(640, PAD * 2 + WIDTHS.reduce((a, b) => a + b, 0))

/** The lines under the table (points, then tie-breaks), wrapped to the image's width in 13 px text. */
export function leagueNotes(m: Measurer, s: Pick<SeasonStandings, 'schemeText' | 'tieBreaks'>): string[] {
  const notes = [
    `Points: ${s.schemeText}`,
    `Ties are broken by: ${s.tieBreaks.map((t, i) => `${i + 1}. ${t}`).join('; ')}.`,
  ]
  return notes.flatMap((n) => wrap(m, n, LEAGUE_IMAGE_WIDTH - PAD * 2))
}

/** The image's height: heading, header row and one row per player, the notes, the signature. */
export const leagueImageHeight = (rows: number, noteLines: number): number =>
  PAD * 2 + 70 + ROW_H * (rows + 1) + NOTE_H * noteLines + 40

export function drawLeague(s: SeasonStandings, subtitle: string): HTMLCanvasElement {
  const width = LEAGUE_IMAGE_WIDTH
  const rows = leagueRows(s)
  const probe = document.createElement('canvas').getContext('2d')
  let noteLines: string[] = []
  if (probe) {
    probe.font = `13px ${FONT}`
    noteLines = leagueNotes(probe, s)
  }
  const height = leagueImageHeight(rows.length, noteLines.length)
  const { canvas, ctx } = paper(width, height)
  if (!ctx) return canvas
  drawHeading(ctx, width, s.season.name, subtitle)

  const lefts = columnLefts(PAD, WIDTHS)
  let y = PAD + 64
  const cells = (values: readonly string[], bold: boolean): void => {
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    ctx.fillStyle = INK
    values.forEach((v, i) => drawCell(ctx, v, lefts[i] ?? PAD, WIDTHS[i] ?? 60, y, LEAGUE_COLUMNS[i]?.numeric ?? false))
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
