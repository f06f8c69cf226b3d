/**
 * A short text code for an Ennea board, so a referee can share a disputed position:
 *
 *   EN1-999-274536189-310000000-5
 *   |   |   |         |         checksum (one character, catches most typos)
 *   |   |   |         stakes: one hex digit per card R1C1..R3C3, bit s = seat s has a cube there
 *   |   |   card values row by row, "?" for a card not revealed (allowed only without cubes)
 *   |   each seat's cube total (2 to 4 digits = the player count)
 *   format version
 *
 * Pure; decoding never throws and returns the resolver's own validation message for an
 * impossible board (e.g. four cubes on one card), so a pasted code is checked like a typed board.
 * A card not yet revealed may carry cubes (the board is then incomplete, not impossible: the
 * resolver asks for its value, and a referee can ask which values would make its line succeed).
 */
import { err, ok, type Result } from '../../result'
import { checkBoard } from './resolve'

export interface EnneaBoardDraft {
  /** 9 values 1..9, or null for a card not revealed. */
  grid: (number | null)[]
  /** Per card, the seats with a cube on it. */
  stakes: number[][]
  /** Per seat, the cube total before the resolution (2 to 4 seats). */
  totals: number[]
}

const PREFIX = 'EN1'
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function checksum(body: string): string {
  let h = 7
  for (let i = 0; i < body.length; i++) h = (h * 31 + body.charCodeAt(i) * (i + 1)) % 1_000_003
  return ALPHABET[h % ALPHABET.length] ?? '0'
}

/** The code of a board. The board is not validated here: an impossible board still gets a code (decode refuses it). */
export function encodeEnneaBoard(board: EnneaBoardDraft): string {
  const totals = board.totals.map((t) => String(Math.max(0, Math.min(9, Math.trunc(t))))).join('')
  const grid = Array.from({ length: 9 }, (_, c) => {
    const v = board.grid[c]
    return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 9 ? String(v) : '?'
  }).join('')
  const stakes = Array.from({ length: 9 }, (_, c) => {
    let mask = 0
    for (const s of board.stakes[c] ?? []) if (Number.isInteger(s) && s >= 0 && s < 4) mask |= 1 << s
    return mask.toString(16).toUpperCase()
  }).join('')
  const body = `${PREFIX}-${totals}-${grid}-${stakes}`
  return `${body}-${checksum(body)}`
}

const SHAPE = 'A board code looks like EN1-999-274536189-310000000-5.'

/** Reads a code back into a board and checks it with the resolver's validation (SPEC EN-V3, EN-V4, EN-V12, EN-V13). */
export function decodeEnneaBoard(code: unknown): Result<EnneaBoardDraft> {
  if (typeof code !== 'string') return err('invalid-code', `Paste a board code. ${SHAPE}`, 'code')
  const text = code.trim().toUpperCase().replace(/\s+/g, '')
  if (text === '') return err('invalid-code', `Paste a board code. ${SHAPE}`, 'code')
  const parts = text.split('-')
  if (parts.length !== 5 || parts[0] !== PREFIX) {
    if (parts[0]?.startsWith('EN') && parts[0] !== PREFIX) {
      return err('invalid-code', `This code is from another version (${parts[0]}); this app reads ${PREFIX} codes.`, 'code')
    }
    return err('invalid-code', `This is not an Ennea board code. ${SHAPE}`, 'code')
  }
  const [, totalsText = '', gridText = '', stakesText = '', check = ''] = parts
  const body = `${PREFIX}-${totalsText}-${gridText}-${stakesText}`
  if (!/^[0-9]{2,4}$/.test(totalsText)) {
    return err('invalid-code', 'The second part must be each player’s cube total, one digit each, for 2 to 4 players.', 'code')
  }
  if (!/^[1-9?]{9}$/.test(gridText)) {
    return err('invalid-code', 'The third part must be the 9 card values 1–9 row by row (? for a card not revealed).', 'code')
  }
  if (!/^[0-9A-F]{9}$/.test(stakesText)) {
    return err('invalid-code', 'The fourth part must be 9 hexadecimal digits, one per card, for the cubes on it.', 'code')
  }
  if (check !== checksum(body)) {
    return err('invalid-code', 'The code’s check character does not match: a character was changed or lost. Copy the whole code again.', 'code')
  }
  const totals = [...totalsText].map(Number)
  const n = totals.length
  const grid = [...gridText].map((ch) => (ch === '?' ? null : Number(ch)))
  const stakes: number[][] = []
  for (const ch of stakesText) {
    const mask = parseInt(ch, 16)
    if (mask >> n !== 0) {
      return err('invalid-code', `The code puts a cube of a fifth or later seat on a card, but there are only ${n} players.`, 'code')
    }
    const seats: number[] = []
    for (let s = 0; s < n; s++) if (mask & (1 << s)) seats.push(s)
    stakes.push(seats)
  }
  const checked = checkBoard({ grid, stakes, totals })
  if (!checked.ok) {
    // a card still face down under cubes is a board waiting for its reveal (or a referee's question), not an impossible one
    if (checked.error.code !== 'missing-value') return checked
    const rest = checkBoard({ grid, stakes: stakes.map((c, i) => (grid[i] === null ? [] : c)), totals })
    if (!rest.ok) return rest
  }
  return ok({ grid, stakes, totals })
}
