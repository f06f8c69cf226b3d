import { seatLabel, type Sheet } from '../../../../shared/games/sheets'
import {
  ACCENT,
  canvasPng,
  columnLefts,
  drawCell,
  drawHeading,
  drawRule,
  drawSignature,
  fit,
  FONT,
  INK,
  MUTED,
  PAD,
  paper,
  ROW_H,
} from '../../share/table-image'

/**
 * The scoresheet as a PNG image to share: the title, how the match ended, one column per player
 * with their roster colour, every round's running total and the final totals with the winners
 * marked (the canvas parts shared with the league table image are in share/table-image).
 */
export interface ImageOptions {
  title: string
  /** A line under the title: the date and the players. */
  subtitle: string
  colors: (string | null)[]
}

const ROUND_W = 70
const RESULT_W = 230
const COL_W = 110
const HEAD_H = 96

/** The image's size in CSS pixels for `players` columns and `rows` rows between the header and the totals. */
export function sheetImageSize(players: number, rows: number): { width: number; height: number } {
  return { width: PAD * 2 + ROUND_W + RESULT_W + COL_W * players, height: HEAD_H + ROW_H * (rows + 2) + PAD * 2 + 24 }
}

export function drawSheet(sheet: Sheet, opts: ImageOptions): HTMLCanvasElement {
  const n = sheet.names.length
  const { width, height } = sheetImageSize(n, sheet.rows.length + (sheet.start ? 1 : 0))
  const { canvas, ctx } = paper(width, height)
  if (!ctx) return canvas
  drawHeading(ctx, width, opts.title, opts.subtitle)
  ctx.fillStyle = INK
  ctx.fillText(fit(ctx, sheet.message, width - PAD * 2), PAD, PAD + 62)

  const [roundX = PAD, resultX = PAD, ...seatX] = columnLefts(PAD, [ROUND_W, RESULT_W, ...sheet.names.map(() => COL_W)])
  const colX = (seat: number): number => seatX[seat] ?? PAD
  let y = HEAD_H + PAD - 8
  // Header row: the names with their colours.
  ctx.font = `700 15px ${FONT}`
  drawCell(ctx, sheet.game === 'Nine' ? 'Deal' : 'Round', roundX, ROUND_W, y, false)
  drawCell(ctx, 'Result', resultX, RESULT_W, y, false)
  sheet.names.forEach((_, seat) => {
    const c = opts.colors[seat]
    if (c) {
      ctx.fillStyle = c
      ctx.fillRect(colX(seat) + 2, y, COL_W - 4, 4)
    }
    ctx.fillStyle = INK
    ctx.fillText(fit(ctx, seatLabel(sheet.names, seat), COL_W - 12), colX(seat) + 6, y + ROW_H / 2 + 2)
  })
  y += ROW_H
  drawRule(ctx, width, y, true)
  const row = (label: string, result: string, cells: string[], bold = false): void => {
    ctx.fillStyle = INK
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    drawCell(ctx, label, roundX, ROUND_W, y, false)
    ctx.fillStyle = MUTED
    drawCell(ctx, result, resultX, RESULT_W, y, false)
    ctx.fillStyle = INK
    cells.forEach((text, seat) => drawCell(ctx, text, colX(seat), COL_W, y, true))
    y += ROW_H
    drawRule(ctx, width, y)
  }
  if (sheet.start) row('Start', 'Carried over', sheet.start.map(String))
  for (const r of sheet.rows)
    row(
      String(r.round),
      r.result,
      r.cells.map((c) => c.total),
    )
  drawRule(ctx, width, y, true)
  const marks = sheet.totals.map((_, seat) =>
    sheet.over && sheet.winners.includes(seat) ? '★ ' : sheet.losers.includes(seat) ? '✗ ' : '',
  )
  row(
    'Total',
    sheet.over ? 'Final' : 'So far',
    sheet.totals.map((t, seat) => `${marks[seat]}${t}`),
    true,
  )
  // The winners' totals framed, so the image says who won without colour alone.
  ctx.strokeStyle = ACCENT
  ctx.lineWidth = 3
  sheet.totals.forEach((_, seat) => {
    if (sheet.over && sheet.winners.includes(seat)) ctx.strokeRect(colX(seat) + 2, y - ROW_H + 2, COL_W - 4, ROW_H - 4)
  })
  drawSignature(ctx, height)
  return canvas
}

export const sheetPng = (sheet: Sheet, opts: ImageOptions): Promise<Blob | null> => canvasPng(drawSheet(sheet, opts))
