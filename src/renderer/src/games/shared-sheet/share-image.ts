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
  wrap,
  type Measurer,
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

/** Each further line of a wrapped text (the message under the title, a long result) adds this height. */
export const LINE_H = 18

/** The image's size in CSS pixels for `players` columns and `rows` one-line rows between the header and the totals. */
export function sheetImageSize(players: number, rows: number): { width: number; height: number } {
  return { width: PAD * 2 + ROUND_W + RESULT_W + COL_W * players, height: HEAD_H + ROW_H * (rows + 2) + PAD * 2 + 24 }
}

/** `text` wrapped to `width`, each line also fitted (a single word wider than the width is cut short). */
function wrapped(m: Measurer, text: string, width: number): string[] {
  const lines = wrap(m, text, width).map((l) => fit(m, l, width))
  return lines.length > 0 ? lines : ['']
}

export interface SheetImageLayout {
  width: number
  height: number
  /** The match's message under the title, wrapped to the image's width. */
  message: string[]
  /** Each row's result (the start row first when there is one), wrapped to the result column. */
  results: string[][]
}

/**
 * Where everything goes, measured in the image's 15 px font: long lines (the message, a result such
 * as "Ana declared NINE over 9: failed") wrap onto further lines instead of being cut, and the rows
 * and the heading grow to hold them.
 */
export function sheetImageLayout(m: Measurer, sheet: Sheet): SheetImageLayout {
  const base = sheetImageSize(sheet.names.length, 0)
  const message = wrapped(m, sheet.message, base.width - PAD * 2)
  const results = [...(sheet.start ? ['Carried over'] : []), ...sheet.rows.map((r) => r.result)].map((r) =>
    wrapped(m, r, RESULT_W - 12),
  )
  const extra = (lines: number): number => (lines - 1) * LINE_H
  const rows = results.reduce((a, lines) => a + ROW_H + extra(lines.length), 0)
  return { width: base.width, height: base.height + extra(message.length) + rows, message, results }
}

export function drawSheet(sheet: Sheet, opts: ImageOptions): HTMLCanvasElement {
  const measure = document.createElement('canvas').getContext('2d')
  if (measure) measure.font = `15px ${FONT}`
  const layout = measure
    ? sheetImageLayout(measure, sheet)
    : { ...sheetImageSize(sheet.names.length, 0), message: [sheet.message], results: [] }
  const { width, height } = layout
  const { canvas, ctx } = paper(width, height)
  if (!ctx) return canvas
  drawHeading(ctx, width, opts.title, opts.subtitle)
  ctx.fillStyle = INK
  layout.message.forEach((line, i) => ctx.fillText(line, PAD, PAD + 62 + i * LINE_H))

  const [roundX = PAD, resultX = PAD, ...seatX] = columnLefts(PAD, [ROUND_W, RESULT_W, ...sheet.names.map(() => COL_W)])
  const colX = (seat: number): number => seatX[seat] ?? PAD
  let y = HEAD_H + PAD - 8 + (layout.message.length - 1) * LINE_H
  // Header row: the names with their colours.
  ctx.font = `700 15px ${FONT}`
  drawCell(ctx, sheet.roundWord, roundX, ROUND_W, y, false)
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
  // A row's result may take several lines (wrapped by the layout); the other cells stay on its first.
  const row = (label: string, result: string[], cells: string[], bold = false): void => {
    ctx.fillStyle = INK
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    drawCell(ctx, label, roundX, ROUND_W, y, false)
    ctx.fillStyle = MUTED
    result.forEach((line, i) => drawCell(ctx, line, resultX, RESULT_W, y + i * LINE_H, false))
    ctx.fillStyle = INK
    cells.forEach((text, seat) => drawCell(ctx, text, colX(seat), COL_W, y, true))
    y += ROW_H + (Math.max(1, result.length) - 1) * LINE_H
    drawRule(ctx, width, y)
  }
  const results = [...layout.results]
  if (sheet.start) row('Start', results.shift() ?? ['Carried over'], sheet.start.map(String))
  sheet.rows.forEach((r, i) =>
    row(
      String(r.round),
      results[i] ?? [r.result],
      r.cells.map((c) => c.total),
    ),
  )
  drawRule(ctx, width, y, true)
  const marks = sheet.totals.map((_, seat) =>
    sheet.over && sheet.winners.includes(seat) ? '★ ' : sheet.losers.includes(seat) ? '✗ ' : '',
  )
  row(
    'Total',
    [sheet.over ? 'Final' : 'So far'],
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
