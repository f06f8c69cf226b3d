import { seatLabel, type Sheet } from '../../../../shared/games/sheets'

/**
 * The scoresheet as a PNG image to share (drawn on a canvas in the page, no library): the title,
 * how the match ended, one column per player with their roster colour, every round's running
 * total and the final totals with the winners marked. Always light, like paper.
 */
export interface ImageOptions {
  title: string
  /** A line under the title: the date and the players. */
  subtitle: string
  colors: (string | null)[]
}

const INK = '#1b1f24'
const MUTED = '#545d68'
const RULE = '#c9ced6'
const ACCENT = '#0b5cad'
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, "Noto Sans", sans-serif'

function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text
  let t = text
  while (t.length > 1 && ctx.measureText(`${t}…`).width > width) t = t.slice(0, -1)
  return `${t}…`
}

export function drawSheet(sheet: Sheet, opts: ImageOptions): HTMLCanvasElement {
  const n = sheet.names.length
  const unit = sheet.game === 'Nine' ? 'Deal' : 'Round'
  const scale = 2
  const pad = 24
  const roundW = 70
  const resultW = 230
  const colW = 110
  const rowH = 28
  const headH = 96
  const width = pad * 2 + roundW + resultW + colW * n
  const rows = sheet.rows.length + (sheet.start ? 1 : 0)
  const height = headH + rowH * (rows + 2) + pad * 2 + 24
  const canvas = document.createElement('canvas')
  canvas.width = width * scale
  canvas.height = height * scale
  const ctx = canvas.getContext('2d')
  if (!ctx) return canvas
  ctx.scale(scale, scale)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.textBaseline = 'middle'

  ctx.fillStyle = INK
  ctx.font = `700 24px ${FONT}`
  ctx.fillText(fit(ctx, opts.title, width - pad * 2), pad, pad + 12)
  ctx.font = `15px ${FONT}`
  ctx.fillStyle = MUTED
  ctx.fillText(fit(ctx, opts.subtitle, width - pad * 2), pad, pad + 40)
  ctx.fillStyle = INK
  ctx.fillText(fit(ctx, sheet.message, width - pad * 2), pad, pad + 62)

  const x0 = pad
  const colX = (seat: number) => pad + roundW + resultW + colW * seat
  let y = headH + pad - 8
  // Header row: the names with their colours.
  ctx.font = `700 15px ${FONT}`
  ctx.fillText(unit, x0 + 6, y + rowH / 2)
  ctx.fillText('Result', x0 + roundW + 6, y + rowH / 2)
  sheet.names.forEach((_, seat) => {
    const c = opts.colors[seat]
    if (c) {
      ctx.fillStyle = c
      ctx.fillRect(colX(seat) + 2, y, colW - 4, 4)
    }
    ctx.fillStyle = INK
    ctx.fillText(fit(ctx, seatLabel(sheet.names, seat), colW - 12), colX(seat) + 6, y + rowH / 2 + 2)
  })
  y += rowH
  const line = (yy: number, strong = false) => {
    ctx.strokeStyle = strong ? INK : RULE
    ctx.lineWidth = strong ? 1.5 : 1
    ctx.beginPath()
    ctx.moveTo(pad, yy)
    ctx.lineTo(width - pad, yy)
    ctx.stroke()
  }
  line(y, true)
  ctx.font = `15px ${FONT}`
  const row = (label: string, result: string, cells: string[], bold = false) => {
    ctx.fillStyle = INK
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    ctx.fillText(label, x0 + 6, y + rowH / 2)
    ctx.fillStyle = MUTED
    ctx.fillText(fit(ctx, result, resultW - 12), x0 + roundW + 6, y + rowH / 2)
    cells.forEach((text, seat) => {
      ctx.fillStyle = INK
      const w = ctx.measureText(text).width
      ctx.fillText(text, colX(seat) + colW - 8 - w, y + rowH / 2)
    })
    y += rowH
    line(y)
  }
  if (sheet.start) row('Start', 'Carried over', sheet.start.map(String))
  for (const r of sheet.rows)
    row(
      String(r.round),
      r.result,
      r.cells.map((c) => c.total),
    )
  line(y, true)
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
    if (sheet.over && sheet.winners.includes(seat)) ctx.strokeRect(colX(seat) + 2, y - rowH + 2, colW - 4, rowH - 4)
  })
  ctx.fillStyle = MUTED
  ctx.font = `12px ${FONT}`
  ctx.fillText('Ninekeeper', pad, height - pad / 2 - 4)
  return canvas
}

export function sheetPng(sheet: Sheet, opts: ImageOptions): Promise<Blob | null> {
  const canvas = drawSheet(sheet, opts)
  return new Promise((done) => canvas.toBlob((b) => done(b), 'image/png'))
}
