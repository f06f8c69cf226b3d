/** Small word helpers the games' `describeEntry` share. */
import type { EntryWords } from './module'

/** A card as the log names it: "9S", "7", or "a card" when the entry has none. */
export const cardText = (c: unknown): string =>
  typeof c === 'string' ? c.toUpperCase() : typeof c === 'number' ? String(c) : 'a card'

/** A single move in words: one line, no values per seat, nothing to put back into a form. */
export const moveWords = (line: string): EntryWords => ({ line, seats: [], undone: null })

/** A whole round entered at once: its line ("Deal 3"), its values per seat, and its undo ("Deal 3 undone"). */
export const roundWords = (line: string, seats: readonly string[]): EntryWords => ({
  line,
  seats,
  undone: `${line} undone`,
})
