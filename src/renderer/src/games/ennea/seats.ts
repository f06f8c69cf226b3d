/**
 * How each seat's cubes look: a colour, and (so the board reads without colour too) a letter and a
 * shape per seat. Presentation only; no rule lives here.
 */
export interface SeatLook {
  seat: number
  name: string
  /** '#rrggbb' */
  colour: string
  /** Text colour on the cube with the better contrast. */
  ink: string
  /** One or two letters drawn on the cube. */
  mark: string
  shape: 'circle' | 'square' | 'diamond' | 'octagon'
}

const NAMED: Record<string, string> = {
  red: '#d7263d',
  blue: '#1b6ec2',
  green: '#2e8540',
  yellow: '#c98a00',
  amber: '#c98a00',
  purple: '#7b3fb0',
  teal: '#0f8b8d',
  orange: '#e0611b',
  slate: '#5b6770',
}
const FALLBACK = ['#d7263d', '#1b6ec2', '#2e8540', '#c98a00']
const SHAPES: SeatLook['shape'][] = ['circle', 'square', 'diamond', 'octagon']

function hexOf(colour: string | null | undefined, seat: number): string {
  const c = (colour ?? '').trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(c)) return c
  return NAMED[c] ?? FALLBACK[seat % FALLBACK.length] ?? '#5b6770'
}

function luminance(hex: string): number {
  const ch = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  const lin = ch.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
  return 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0)
}

function inkOn(hex: string): string {
  const l = luminance(hex)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000'
}

function marks(names: readonly string[]): string[] {
  const first = names.map((n) => (n.trim()[0] ?? '?').toUpperCase())
  return names.map((n, s) => {
    const m = first[s] ?? '?'
    if (first.filter((x) => x === m).length === 1) return m
    const two = `${m}${(n.trim()[1] ?? '').toLowerCase()}`
    const twos = names.map((o) => `${(o.trim()[0] ?? '?').toUpperCase()}${(o.trim()[1] ?? '').toLowerCase()}`)
    return twos.filter((x) => x === two).length === 1 ? two : String(s + 1)
  })
}

export function seatLooks(names: readonly string[], colours: readonly (string | null | undefined)[]): SeatLook[] {
  const m = marks(names)
  return names.map((name, seat) => {
    const colour = hexOf(colours[seat], seat)
    return {
      seat,
      name,
      colour,
      ink: inkOn(colour),
      mark: m[seat] ?? String(seat + 1),
      shape: SHAPES[seat % SHAPES.length] ?? 'circle',
    }
  })
}

export const cellLabel = (cell: number): string => `R${Math.floor(cell / 3) + 1}C${(cell % 3) + 1}`

/** "Ana", "Ana and Bo", "Ana, Bo and Cy" */
export function namesText(seats: readonly number[], looks: readonly SeatLook[]): string {
  const n = seats.map((s) => looks[s]?.name ?? `P${s + 1}`)
  if (n.length <= 1) return n[0] ?? ''
  return `${n.slice(0, -1).join(', ')} and ${n[n.length - 1] ?? ''}`
}
