import type { SeasonStandings } from '../../../shared/model/club'
import { leagueRows, LEAGUE_COLUMNS } from '../../../shared/stats/league-table'

/**
 * A league table as a PNG image to share (drawn on a canvas in the page, no library): the season's
 * name and dates, how points are earned, the table and the tie-breaks. Always light, like paper.
 */
const INK = '#1b1f24'
const MUTED = '#545d68'
const RULE = '#c9ced6'
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, "Noto Sans", sans-serif'

function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text
  let t = text
  while (t.length > 1 && ctx.measureText(`${t}…`).width > width) t = t.slice(0, -1)
  return `${t}…`
}

/** Wraps `text` into lines of at most `width` pixels. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (ctx.measureText(next).width > width && line) {
      out.push(line)
      line = word
    } else line = next
  }
  if (line) out.push(line)
  return out
}

export function drawLeague(s: SeasonStandings, subtitle: string): HTMLCanvasElement {
  const scale = 2
  const pad = 24
  const rowH = 28
  const widths = LEAGUE_COLUMNS.map((c) => c.width)
  const width = Math.max(640, pad * 2 + widths.reduce((a, b) => a + b, 0))
  const rows = leagueRows(s)
  const probe = document.createElement('canvas').getContext('2d')
  const notes = [
    `Points: ${s.schemeText}`,
    `Ties are broken by: ${s.tieBreaks.map((t, i) => `${i + 1}. ${t}`).join('; ')}.`,
  ]
  let noteLines: string[] = []
  if (probe) {
    probe.font = `13px ${FONT}`
    noteLines = notes.flatMap((n) => wrap(probe, n, width - pad * 2))
  }
  const height = pad * 2 + 70 + rowH * (rows.length + 1) + 18 * noteLines.length + 40
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
  ctx.fillText(fit(ctx, s.season.name, width - pad * 2), pad, pad + 12)
  ctx.font = `15px ${FONT}`
  ctx.fillStyle = MUTED
  ctx.fillText(fit(ctx, subtitle, width - pad * 2), pad, pad + 40)

  let y = pad + 64
  const line = (strong: boolean): void => {
    ctx.strokeStyle = strong ? INK : RULE
    ctx.lineWidth = strong ? 1.5 : 1
    ctx.beginPath()
    ctx.moveTo(pad, y)
    ctx.lineTo(width - pad, y)
    ctx.stroke()
  }
  const cells = (values: readonly string[], bold: boolean): void => {
    let x = pad
    ctx.font = `${bold ? '700 ' : ''}15px ${FONT}`
    values.forEach((v, i) => {
      const col = LEAGUE_COLUMNS[i]
      const w = widths[i] ?? 60
      ctx.fillStyle = INK
      const text = fit(ctx, v, w - 12)
      if (col?.numeric) ctx.fillText(text, x + w - 8 - ctx.measureText(text).width, y + rowH / 2)
      else ctx.fillText(text, x + 6, y + rowH / 2)
      x += w
    })
    y += rowH
  }
  cells(
    LEAGUE_COLUMNS.map((c) => c.label),
    true,
  )
  line(true)
  for (const r of rows) {
    cells(r, false)
    line(false)
  }
  y += 16
  ctx.font = `13px ${FONT}`
  ctx.fillStyle = MUTED
  for (const l of noteLines) {
    ctx.fillText(l, pad, y)
    y += 18
  }
  ctx.font = `12px ${FONT}`
  ctx.fillText('Ninekeeper', pad, height - pad / 2 - 4)
  return canvas
}

export function leaguePng(s: SeasonStandings, subtitle: string): Promise<Blob | null> {
  const canvas = drawLeague(s, subtitle)
  return new Promise((done) => canvas.toBlob((b) => done(b), 'image/png'))
}
