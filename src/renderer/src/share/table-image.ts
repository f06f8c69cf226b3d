/**
 * The parts every shared table image has in common (the scoresheet's and the league table's PNG): a
 * white canvas at twice the resolution, the title and subtitle, rules between rows, cells fitted to
 * their column and aligned, and the app's name at the foot. Drawn in the page, no library; always
 * light, like paper. The measuring and layout helpers are pure so they can be tested without a canvas.
 */
export const INK = '#1b1f24'
export const MUTED = '#545d68'
export const RULE = '#c9ced6'
export const ACCENT = '#0b5cad'
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, "Noto Sans", sans-serif'
/** Device pixels per CSS pixel of the image: sharp on high-density screens and in print. */
export const SCALE = 2
/** The margin round the image, and the height of a table row (CSS pixels). */
export const PAD = 24
export const ROW_H = 28

/** Whatever measures text in the current font: a canvas context, or a stand-in in tests. */
export interface Measurer {
  measureText(text: string): { width: number }
}

/** `text` as drawn in `width` pixels: whole when it fits, else cut short with an ellipsis. */
export function fit(m: Measurer, text: string, width: number): string {
  if (m.measureText(text).width <= width) return text
  let t = text
  while (t.length > 1 && m.measureText(`${t}…`).width > width) t = t.slice(0, -1)
  return `${t}…`
}

/** `text` broken between words into lines of at most `width` pixels (a single long word keeps its own line). */
export function wrap(m: Measurer, text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (m.measureText(next).width > width && line) {
      out.push(line)
      line = word
    } else line = next
  }
  if (line) out.push(line)
  return out
}

/** The left edge of each column, the first at `x0`. */
export function columnLefts(x0: number, widths: readonly number[]): number[] {
  const out: number[] = []
  let x = x0
  for (const w of widths) {
    out.push(x)
    x += w
  }
  return out
}

/** Where a cell's text starts: 6 px in from the column's left edge, or (numbers) ending 8 px before its right edge. */
export function cellTextX(left: number, width: number, textWidth: number, numeric: boolean): number {
  return numeric ? left + width - 8 - textWidth : left + 6
}

/** A white canvas of `width` × `height` CSS pixels, its context scaled so drawing is in those pixels. */
export function paper(
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D | null } {
  const canvas = document.createElement('canvas')
  canvas.width = width * SCALE
  canvas.height = height * SCALE
  const ctx = canvas.getContext('2d')
  if (!ctx) return { canvas, ctx }
  ctx.scale(SCALE, SCALE)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.textBaseline = 'middle'
  return { canvas, ctx }
}

/** The title (bold) and the subtitle (muted) at the top, each fitted to the width inside the margins. */
export function drawHeading(ctx: CanvasRenderingContext2D, width: number, title: string, subtitle: string): void {
  ctx.fillStyle = INK
  ctx.font = `700 24px ${FONT}`
  ctx.fillText(fit(ctx, title, width - PAD * 2), PAD, PAD + 12)
  ctx.font = `15px ${FONT}`
  ctx.fillStyle = MUTED
  ctx.fillText(fit(ctx, subtitle, width - PAD * 2), PAD, PAD + 40)
}

/** A rule across the table at `y`: strong under the header and above the totals, light between rows. */
export function drawRule(ctx: CanvasRenderingContext2D, width: number, y: number, strong = false): void {
  ctx.strokeStyle = strong ? INK : RULE
  ctx.lineWidth = strong ? 1.5 : 1
  ctx.beginPath()
  ctx.moveTo(PAD, y)
  ctx.lineTo(width - PAD, y)
  ctx.stroke()
}

/** One cell of the row whose top is `y`, in the current font and colour, fitted to its column and aligned. */
export function drawCell(
  ctx: CanvasRenderingContext2D,
  text: string,
  left: number,
  width: number,
  y: number,
  numeric: boolean,
): void {
  const t = fit(ctx, text, width - 12)
  ctx.fillText(t, cellTextX(left, width, ctx.measureText(t).width, numeric), y + ROW_H / 2)
}

/** The app's name at the foot of the image. */
export function drawSignature(ctx: CanvasRenderingContext2D, height: number): void {
  ctx.fillStyle = MUTED
  ctx.font = `12px ${FONT}`
  ctx.fillText('Ninekeeper', PAD, height - PAD / 2 - 4)
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((done) => canvas.toBlob((b) => done(b), 'image/png'))
}
