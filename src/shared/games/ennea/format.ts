/** Wording helpers shared by the Ennea resolution, deck checks and engine. */

/** 0 -> "R1C1", 4 -> "R2C2", 8 -> "R3C3". */
export function cellName(cell: number): string {
  return `R${Math.floor(cell / 3) + 1}C${(cell % 3) + 1}`
}

/** "R1C2" (any case, spaces allowed) -> 1; null when it is not a cell name. */
export function parseCellName(name: string): number | null {
  const m = /^\s*R([1-3])\s*C([1-3])\s*$/i.exec(name)
  if (!m) return null
  return (Number(m[1]) - 1) * 3 + (Number(m[2]) - 1)
}

export function lineName(kind: 'row' | 'column', index: number): string {
  return `${kind === 'row' ? 'Row' : 'Column'} ${index + 1}`
}

/** ["a"] -> "a"; ["a","b"] -> "a and b"; ["a","b","c"] -> "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

export function cellList(cells: readonly number[]): string {
  return listWords(cells.map(cellName))
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'] as const

export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n)
}

/** count 1 -> "one 5", count 4 -> "four 5s". */
export function valueCount(count: number, value: number): string {
  return `${numberWord(count)} ${value}${count === 1 ? '' : 's'}`
}

export function cubes(n: number): string {
  return `${n} cube${n === 1 ? '' : 's'}`
}

export function defaultSeatName(seat: number): string {
  return `P${seat + 1}`
}

export const GRID_SIZE = 9
export const MAX_VALUE = 9
export const COPIES_PER_VALUE = 4
export const ROUNDS = 4
export const START_CUBES = 9

export const MSG = {
  players: 'Ennea needs 2 to 4 players (36 cubes = 4 colours × 9).',
  colours: 'Each player needs a different cube colour.',
  cardValue: 'Ennea uses only Ace–9. Enter 1–9 (Ace = 1); 10, J, Q, K and 0 are not in the deck.',
  peekCovered: 'You may only Peek at a card with no cubes on it.',
  peekAfterCall: 'After an ENNEA call only Stake or Pass is allowed.',
  noCubes: 'You have no cubes available; you are out for the rest of this round.',
  enneaTurn: 'ENNEA can only be called on your own turn with at least 1 cube in your pool.',
  enneaCalled: 'ENNEA was already called this round; you get one final Stake or Pass.',
  gameOver: 'The game ended after round 4.',
} as const

/** A short, never-throwing description of an untrusted value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 20 ? `${value.slice(0, 20)}…` : value}"`
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  return `a ${typeof value}`
}
