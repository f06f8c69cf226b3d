/**
 * A short text code for an Ennea board, so a referee can share a disputed position:
 *
 *   EN2-999-274536189-310000000-JL
 *   |   |   |         |         two check characters (catch every single changed character and every swap of two
 *   |   |   |         |         neighbouring characters, see `codeCheck`)
 *   |   |   |         stakes: one hex digit per card R1C1..R3C3, bit s = seat s has a cube there
 *   |   |   card values row by row, "?" for a card not revealed
 *   |   each seat's cube total (2 to 4 digits = the player count)
 *   format version
 *
 * Only a valid board gets a code (`enneaBoardCode` says why not), so a code always decodes to the board it
 * was made from. Decoding never throws and returns the resolver's own validation message for an
 * impossible board (e.g. four cubes on one card), so a pasted code is checked like a typed board.
 * A card not yet revealed may carry cubes (the board is then incomplete, not impossible: the
 * resolver asks for its value, and a referee can ask which values would make its line succeed).
 *
 * Version 1 codes (EN1-…-5, one check character that let some typos through) are still read, with a
 * note asking the reader to check the board.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { readData } from '../input'
import { cellName, defaultSeatName } from './format'
import { checkBoard } from './resolve'

export interface EnneaBoardDraft {
  /** 9 values 1..9, or null for a card not revealed. */
  grid: (number | null)[]
  /** Per card, the seats with a cube on it. */
  stakes: number[][]
  /** Per seat, the cube total before the resolution (2 to 4 seats). */
  totals: number[]
}

/** A decoded code: the board, the code's format version, and a note to show with it (old codes), else null. */
export interface EnneaBoardCodeReading {
  board: EnneaBoardDraft
  version: 1 | 2
  note: string | null
}

const PREFIX = 'EN2'
const OLD_PREFIX = 'EN1'
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** Every character a code body can hold gets its own value below the modulus. */
const BODY_CHARS = `${ALPHABET}-?`
/** The largest prime below 36 × 36: the check value always fits in two base-36 characters. */
const MODULUS = 1291

export const OLD_CODE_NOTE =
  'Old code (EN1) — check it: its single check character lets some typos through, so compare the board with the table before relying on it.'

/**
 * The two check characters of a code body. check = Σ (i + 1) · value(char i) mod 1291, written in base 36.
 * Every weight is non-zero and neighbouring weights differ, both below the prime modulus, and every
 * character value differs and is below it too. So a single changed character changes the sum by
 * (i + 1) · (new − old) ≢ 0, and a swap of two different neighbours by (old_i − old_i+1) ≢ 0: both always
 * change the check. The check characters themselves are covered because a code whose check differs is refused.
 */
export function codeCheck(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const v = BODY_CHARS.indexOf(body[i] ?? '')
    sum = (sum + (i + 1) * (v < 0 ? BODY_CHARS.length : v)) % MODULUS
  }
  return `${ALPHABET[Math.floor(sum / 36)] ?? '0'}${ALPHABET[sum % 36] ?? '0'}`
}

/** Version 1's check character, kept only to read old codes. */
function oldChecksum(body: string): string {
  let h = 7
  for (let i = 0; i < body.length; i++) h = (h * 31 + body.charCodeAt(i) * (i + 1)) % 1_000_003
  return ALPHABET[h % ALPHABET.length] ?? '0'
}

/** The resolver's validation, except that a card not revealed may hold cubes (an incomplete board, EN-V13 waits). */
function checkDraft(board: unknown): Result<EnneaBoardDraft> {
  const checked = checkBoard(board)
  if (checked.ok) return ok({ grid: checked.value.grid, stakes: checked.value.stakes, totals: checked.value.totals })
  if (checked.error.code !== 'missing-value') return checked
  // a card still face down under cubes: the other checks (e.g. four of a value) still apply to the revealed cards
  const b = board as EnneaBoardDraft
  const counted = checkBoard({
    ...b,
    stakes: b.stakes.map((c, i) => (b.grid[i] === null || b.grid[i] === undefined ? [] : c)),
  })
  if (!counted.ok) return counted
  return ok({ grid: counted.value.grid, stakes: b.stakes.map((c) => [...c]), totals: counted.value.totals })
}

/**
 * The code of a board, or why it has none: only a valid board (EN-V3, EN-V4, EN-V12; totals 0–9) gets a
 * code, so nothing is clamped, rounded or turned into "not revealed" on the way.
 */
export function enneaBoardCode(board: EnneaBoardDraft): Result<string> {
  const data = readData(board)
  if (!data.ok) return err('invalid-board', `No code for this board: it could not be read: ${data.message}.`, 'board')
  const checked = checkDraft(data.value)
  if (!checked.ok)
    return { ok: false, error: { ...checked.error, message: `No code for this board: ${checked.error.message}` } }
  const b = checked.value
  if (b.totals.length < 2)
    return err('player-count', 'No code for this board: a board code needs 2 to 4 players.', 'totals')
  const totals = b.totals.join('')
  const grid = b.grid.map((v) => (v === null ? '?' : String(v))).join('')
  const stakes = b.stakes
    .map((on) =>
      on
        .reduce((mask, s) => mask | (1 << s), 0)
        .toString(16)
        .toUpperCase(),
    )
    .join('')
  const body = `${PREFIX}-${totals}-${grid}-${stakes}`
  return ok(`${body}-${codeCheck(body)}`)
}

/** The code of a board, or '' for a board that is not valid (see `enneaBoardCode` for the reason). */
export function encodeEnneaBoard(board: EnneaBoardDraft): string {
  const r = enneaBoardCode(board)
  return r.ok ? r.value : ''
}

/** The example in the messages is a real code (its check computed, not typed), so pasting it loads a board. */
const EXAMPLE_BODY = `${PREFIX}-999-274536189-310000000`
const SHAPE = `A board code looks like ${EXAMPLE_BODY}-${codeCheck(EXAMPLE_BODY)}.`

/** Reads a code (current or version 1) back into a board and checks it with the resolver's validation. */
export function readEnneaBoardCode(code: unknown): Result<EnneaBoardCodeReading> {
  if (typeof code !== 'string') return err('invalid-code', `Paste a board code. ${SHAPE}`, 'code')
  const text = code.trim().toUpperCase().replace(/\s+/g, '')
  if (text === '') return err('invalid-code', `Paste a board code. ${SHAPE}`, 'code')
  const parts = text.split('-')
  const version = parts[0] === PREFIX ? 2 : parts[0] === OLD_PREFIX ? 1 : null
  if (parts.length !== 5 || version === null) {
    if (parts[0]?.startsWith('EN') && version === null) {
      return err(
        'invalid-code',
        `This code is from another version (${parts[0]}); this app reads ${PREFIX} and ${OLD_PREFIX} codes.`,
        'code',
      )
    }
    return err('invalid-code', `This is not an Ennea board code. ${SHAPE}`, 'code')
  }
  const [prefix = '', totalsText = '', gridText = '', stakesText = '', check = ''] = parts
  const body = `${prefix}-${totalsText}-${gridText}-${stakesText}`
  if (!/^[0-9]{2,4}$/.test(totalsText)) {
    return err(
      'invalid-code',
      'The second part must be each player’s cube total, one digit each, for 2 to 4 players.',
      'code',
    )
  }
  if (!/^[1-9?]{9}$/.test(gridText)) {
    return err(
      'invalid-code',
      'The third part must be the 9 card values 1–9 row by row (? for a card not revealed).',
      'code',
    )
  }
  if (!/^[0-9A-F]{9}$/.test(stakesText)) {
    return err(
      'invalid-code',
      'The fourth part must be 9 hexadecimal digits, one per card, for the cubes on it.',
      'code',
    )
  }
  if (version === 2 ? check !== codeCheck(body) : check !== oldChecksum(body)) {
    return err(
      'invalid-code',
      `The code’s check character${version === 2 ? 's do' : ' does'} not match: a character was changed, swapped or lost. Copy the whole code again.`,
      'code',
    )
  }
  const totals = [...totalsText].map(Number)
  const n = totals.length
  const grid = [...gridText].map((ch) => (ch === '?' ? null : Number(ch)))
  const stakes: number[][] = []
  for (let c = 0; c < stakesText.length; c++) {
    const mask = parseInt(stakesText[c] ?? '0', 16)
    if (mask >> n !== 0) {
      const extra: string[] = []
      for (let s = n; s < 4; s++) if (mask & (1 << s)) extra.push(defaultSeatName(s))
      return err(
        'invalid-code',
        `The code puts a cube of ${extra.join(' and ')} on ${cellName(c)}, but its totals list only ${n} players (P1 to P${n}).`,
        'code',
      )
    }
    const seats: number[] = []
    for (let s = 0; s < n; s++) if (mask & (1 << s)) seats.push(s)
    stakes.push(seats)
  }
  const checked = checkDraft({ grid, stakes, totals })
  if (!checked.ok) return checked
  return ok({ board: { grid, stakes, totals }, version, note: version === 1 ? OLD_CODE_NOTE : null })
}

/** Reads a code back into a board and checks it with the resolver's validation (EN-V3, EN-V4, EN-V12, EN-V13). */
export function decodeEnneaBoard(code: unknown): Result<EnneaBoardDraft> {
  const r = readEnneaBoardCode(code)
  return r.ok ? ok(r.value.board) : r
}
